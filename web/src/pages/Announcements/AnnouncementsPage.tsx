import { useState, type UIEvent } from "react";
import { CircularProgress, InputAdornment, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslation } from "react-i18next";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { TableQueryRows } from "../../components/TableQueryRows";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { AnnouncementRow } from "./AnnouncementRow";
import { useAnnouncementPages } from "./useAnnouncementPages";

const COLUMNS = 5;
/** The next page loads within 100 px of the bottom (administration §9). */
const LOAD_MORE_WITHIN_PX = 100;

/** /announcements: the super user's list of announcements with search, paging and a dialog (administration §2). */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const { query, applySaved, remove } = useAnnouncementPages(searchParam);
  // the id outlives `open` so the closing dialog keeps its title while it fades out
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);
  const seen = new Set<number>();
  const records = (query.data?.pages.flatMap((page) => page.records) ?? []).filter((r) => !seen.has(r.id) && seen.add(r.id));

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    if (el.scrollHeight - (el.scrollTop + el.clientHeight) < LOAD_MORE_WITHIN_PX) void query.fetchNextPage();
  };

  return (
    <PageContainer
      title={t("announcements.title")}
      actions={
        <ListPageActions
          search={
            <TextField
              size="small"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t("announcements.searchPlaceholder")}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
                htmlInput: { "data-testid": "announcements-search", "aria-label": t("announcements.searchPlaceholder") },
              }}
            />
          }
          addLabel={t("announcements.add")}
          addTestId="announcements-add"
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="announcements-page">
        <Table size="small" stickyHeader sx={{ "& th, & td": { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t("announcements.columns.title")}</TableCell>
              <TableCell align="center">{t("announcements.columns.priority")}</TableCell>
              <TableCell align="center" sx={{ display: { xs: "none", sm: "table-cell" } }}>{t("announcements.columns.mediaName")}</TableCell>
              <TableCell align="center" sx={{ display: { xs: "none", sm: "table-cell" } }}>{t("announcements.columns.status")}</TableCell>
              <TableCell align="center" sx={{ width: { xs: 84, sm: 110 } }}>{t("announcements.columns.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableQueryRows columns={COLUMNS} query={query} rowCount={records.length} emptyText={t("announcements.empty")} emptyTestId="announcements-empty">
              {records.map((record) => (
                <AnnouncementRow key={record.id} record={record} onEdit={() => setDialog({ open: true, id: record.id })} onDelete={() => setDeleting(record.id)} />
              ))}
            </TableQueryRows>
            {query.isFetchingNextPage && (
              <TableRow>
                <TableCell colSpan={COLUMNS} align="center">
                  <CircularProgress size={20} aria-label={t("common.loading")} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <AnnouncementDialog open={dialog.open} announcementId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={applySaved} />
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && remove.mutate(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
