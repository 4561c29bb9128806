import { useState, type ReactNode, type UIEvent } from "react";
import { CircularProgress, InputAdornment, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, type SxProps, type Theme } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslation } from "react-i18next";
import { LOAD_MORE_PX } from "../hooks/usePagedList";
import type { Messages } from "../i18n/locales/pt";
import { DeleteConfirmDialog } from "./ConfirmDialog";
import { ListPageActions } from "./ListPageActions";
import { PageContainer } from "./PageContainer";
import { TableQueryRows } from "./TableQueryRows";

/** The areas of the messages that hold a list page's texts: title, searchPlaceholder, add, empty. */
export type SearchListTexts = { [K in keyof Messages]: Messages[K] extends { title: string; searchPlaceholder: string; add: string; empty: string } ? K : never }[keyof Messages];

/** What the page reads of its infinite query. */
interface PagesQuery {
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/** What the page's dialog is told: the record's id outlives `open`, so a closing dialog keeps its title while it fades out. */
export interface RecordDialogProps {
  open: boolean;
  /** null: a new record. */
  id: number | null;
  onClose(): void;
}

interface SearchListPageProps<R extends { id: number }> {
  texts: SearchListTexts;
  /** Starts the test ids: `{testIdPrefix}-search`, `-add`, `-page` (the table) and `-empty`. */
  testIdPrefix: string;
  search: string;
  onSearchChange(value: string): void;
  query: PagesQuery;
  records: readonly R[];
  columns: number;
  /** The header row's cells. */
  head: ReactNode;
  tableSx?: SxProps<Theme>;
  renderRow(record: R, actions: { edit(): void; remove(): void }): ReactNode;
  renderDialog(props: RecordDialogProps): ReactNode;
  onDelete(id: number): void;
}

/**
 * A list page of records: a search box and the add button, a table read page by page as it
 * scrolls (with loading, error and empty states), the record's dialog and the delete confirmation.
 */
export function SearchListPage<R extends { id: number }>(props: SearchListPageProps<R>) {
  const { texts, testIdPrefix, query, columns } = props;
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    if (el.scrollHeight - (el.scrollTop + el.clientHeight) < LOAD_MORE_PX) void query.fetchNextPage();
  };

  return (
    <PageContainer
      title={t(`${texts}.title`)}
      actions={
        <ListPageActions
          search={
            <TextField
              size="small"
              type="search"
              value={props.search}
              onChange={(event) => props.onSearchChange(event.target.value)}
              placeholder={t(`${texts}.searchPlaceholder`)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
                htmlInput: { "data-testid": `${testIdPrefix}-search`, "aria-label": t(`${texts}.searchPlaceholder`) },
              }}
            />
          }
          addLabel={t(`${texts}.add`)}
          addTestId={`${testIdPrefix}-add`}
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid={`${testIdPrefix}-page`}>
        <Table size="small" stickyHeader sx={props.tableSx}>
          <TableHead>
            <TableRow>{props.head}</TableRow>
          </TableHead>
          <TableBody>
            <TableQueryRows columns={columns} query={query} rowCount={props.records.length} emptyText={t(`${texts}.empty`)} emptyTestId={`${testIdPrefix}-empty`}>
              {props.records.map((record) => props.renderRow(record, { edit: () => setDialog({ open: true, id: record.id }), remove: () => setDeleting(record.id) }))}
            </TableQueryRows>
            {query.isFetchingNextPage && (
              <TableRow>
                <TableCell colSpan={columns} align="center">
                  <CircularProgress size={20} aria-label={t("common.loading")} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {props.renderDialog({ open: dialog.open, id: dialog.id, onClose: () => setDialog((d) => ({ ...d, open: false })) })}
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && props.onDelete(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
