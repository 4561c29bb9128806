import { useState } from "react";
import { TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { can } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { TagDialog } from "./TagDialog";
import { TagRow } from "./TagRow";
import { useTagsList } from "./useTagsList";

const COLUMNS = 3;

/** /tags: the company's tags with their tickets counts; admins and supervisors edit and delete them (administration §2 Tags). */
export function TagsPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const canManage = can(me.profile, "tags:manage");
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const list = useTagsList(search);
  const { items, save, removeTag } = list;
  // the id outlives `open` so the closing dialog keeps its title while it fades out
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <PageContainer
      title={t("tags.title")}
      actions={
        <ListPageActions
          search={<ListSearchField value={searchText} onChange={setSearchText} label={t("tags.search")} testId="tags-search" />}
          addLabel={t("tags.add")}
          addTestId="tags-add"
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <PagedTable
        testId="tags-list"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableCell align="center">{t("tags.columns.name")}</TableCell>
            <TableCell align="center">{t("tags.columns.tickets")}</TableCell>
            <TableCell align="center">{t("tags.columns.actions")}</TableCell>
          </TableRow>
        }
        list={list}
        emptyText={t("tags.empty")}
        loadingMoreText={t("tags.loadingMore")}
      >
        {items.map((tag) => (
          <TagRow key={tag.id} tag={tag} canManage={canManage} onEdit={() => setDialog({ open: true, id: tag.id })} onDelete={() => setDeleting(tag.id)} />
        ))}
      </PagedTable>
      <TagDialog open={dialog.open} tagId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={save} />
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && removeTag.mutate(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
