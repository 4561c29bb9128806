import { useState } from "react";
import { TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { PromptDialog } from "./PromptDialog";
import { PromptRow } from "./PromptRow";
import { usePrompts } from "./usePrompts";

/** /prompts: the AI assistants that answer the tickets of their connections and queues. */
export function PromptsPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const list = usePrompts(search);
  const { items, save, removePrompt } = list;
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <PageContainer
      title={t("prompts.title")}
      actions={
        <ListPageActions
          search={<ListSearchField value={searchText} onChange={setSearchText} label={t("prompts.search")} testId="prompts-search" />}
          addLabel={t("prompts.add")}
          addTestId="prompts-add"
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <PagedTable
        testId="prompts-list"
        columns={4}
        head={
          <TableRow>
            <TableCell align="left">{t("prompts.columns.name")}</TableCell>
            <TableCell align="center">{t("prompts.columns.queue")}</TableCell>
            <TableCell align="center">{t("prompts.columns.maxTokens")}</TableCell>
            <TableCell align="center">{t("prompts.columns.actions")}</TableCell>
          </TableRow>
        }
        list={list}
        emptyText={t("prompts.empty")}
        loadingMoreText={t("prompts.loadingMore")}
      >
        {items.map((prompt) => (
          <PromptRow key={prompt.id} prompt={prompt} onEdit={() => setDialog({ open: true, id: prompt.id })} onDelete={() => setDeleting(prompt.id)} />
        ))}
      </PagedTable>
      <PromptDialog open={dialog.open} promptId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={save} />
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && removePrompt.mutate(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
