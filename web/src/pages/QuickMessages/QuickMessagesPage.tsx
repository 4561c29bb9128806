import { useState, type UIEvent } from "react";
import { CircularProgress, InputAdornment, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../../app/authContext";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { TableQueryRows } from "../../components/TableQueryRows";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { canEditQuickMessage } from "./quickMessageList";
import { QuickMessageDialog } from "./QuickMessageDialog";
import { QuickMessageRow } from "./QuickMessageRow";
import { useQuickMessagePages } from "./useQuickMessagePages";

const COLUMNS = 3;
/** The next page loads within 100 px of the bottom (core-workspace §9). */
const LOAD_MORE_WITHIN_PX = 100;

/** /quick-messages: the caller's own and the company's shared quick replies (administration §2). */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const { query, applySaved, remove } = useQuickMessagePages(searchParam);
  // the id outlives `open` so the closing dialog keeps its title while it fades out
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);
  const records = query.data?.pages.flatMap((page) => page.records) ?? [];

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    if (el.scrollHeight - (el.scrollTop + el.clientHeight) < LOAD_MORE_WITHIN_PX) void query.fetchNextPage();
  };

  return (
    <PageContainer
      title={t("quickMessages.title")}
      actions={
        <ListPageActions
          search={
            <TextField
              size="small"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t("quickMessages.searchPlaceholder")}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
                htmlInput: { "data-testid": "quick-messages-search", "aria-label": t("quickMessages.searchPlaceholder") },
              }}
            />
          }
          addLabel={t("quickMessages.add")}
          addTestId="quick-messages-add"
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="quick-messages-page">
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t("quickMessages.columns.shortcode")}</TableCell>
              <TableCell align="center">{t("quickMessages.columns.mediaName")}</TableCell>
              <TableCell align="center" sx={{ width: 120 }}>{t("quickMessages.columns.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableQueryRows columns={COLUMNS} query={query} rowCount={records.length} emptyText={t("quickMessages.empty")} emptyTestId="quick-messages-empty">
              {records.map((record) => (
                <QuickMessageRow
                  key={record.id}
                  record={record}
                  canEdit={canEditQuickMessage(record, user)}
                  onEdit={() => setDialog({ open: true, id: record.id })}
                  onDelete={() => setDeleting(record.id)}
                />
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
      <QuickMessageDialog open={dialog.open} quickMessageId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={applySaved} />
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && remove.mutate(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
