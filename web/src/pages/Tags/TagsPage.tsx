import { useState } from "react";
import { Button, Stack, TableCell, TableRow } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { useTranslation } from "react-i18next";
import { can } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../Tickets/useDebouncedValue";
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
  const { query, items, scrollRef, onScroll, save, removeTag } = useTagsList(search);
  // the id outlives `open` so the closing dialog keeps its title while it fades out
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <PageContainer
      title={t("tags.title")}
      actions={
        <Stack direction="row" spacing={1} alignItems="center">
          <ListSearchField value={searchText} onChange={setSearchText} label={t("tags.search")} testId="tags-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, id: null })} data-testid="tags-add">
            {t("tags.add")}
          </Button>
        </Stack>
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
        rowCount={items.length}
        isPending={query.isPending}
        isError={query.isError}
        isFetchingNextPage={query.isFetchingNextPage}
        onRetry={() => void query.refetch()}
        emptyText={t("tags.empty")}
        loadingMoreText={t("tags.loadingMore")}
        scrollRef={scrollRef}
        onScroll={onScroll}
      >
        {items.map((tag) => (
          <TagRow key={tag.id} tag={tag} canManage={canManage} onEdit={() => setDialog({ open: true, id: tag.id })} onDelete={() => setDeleting(tag.id)} />
        ))}
      </PagedTable>
      <TagDialog open={dialog.open} tagId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={save} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("common.deleteConfirmTitle")}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting !== null && removeTag.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
