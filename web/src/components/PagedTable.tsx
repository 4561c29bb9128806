import type { ReactNode, Ref, UIEvent } from "react";
import { Alert, Box, Button, CircularProgress, InputAdornment, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslation } from "react-i18next";
import { phoneCardRows } from "./phoneTable";

/** What the table reads of a paged list (usePagedList's result). */
interface PagedListView {
  query: { isPending: boolean; isError: boolean; isFetchingNextPage: boolean; refetch(): unknown };
  items: readonly unknown[];
  scrollRef: Ref<HTMLDivElement>;
  onScroll(event: UIEvent<HTMLDivElement>): void;
}

interface PagedTableProps {
  testId: string;
  head: ReactNode;
  columns: number;
  list: PagedListView;
  /** Rows of the loaded pages. */
  children: ReactNode;
  emptyText: string;
  loadingMoreText: string;
}

/** A table of an infinite list (cards on phones): scrolls into the next page, with loading, error and empty states. */
export function PagedTable(props: PagedTableProps) {
  const { t } = useTranslation();
  const { columns, list } = props;
  const { query } = list;
  const rowCount = list.items.length;
  let state: ReactNode = null;
  if (query.isPending) {
    state = <CircularProgress size={28} aria-label={t("common.loading")} />;
  } else if (query.isError && rowCount === 0) {
    state = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("common.loadFailed")}
      </Alert>
    );
  } else if (rowCount === 0) {
    state = (
      <Typography color="text.secondary" data-testid={`${props.testId}-empty`}>
        {props.emptyText}
      </Typography>
    );
  }
  return (
    <Paper variant="outlined">
      <Box ref={list.scrollRef} onScroll={list.onScroll} sx={{ maxHeight: "calc(100vh - 220px)", minHeight: 240, overflowY: "auto" }} data-testid={props.testId}>
        <Table size="small" stickyHeader sx={phoneCardRows}>
          <TableHead>{props.head}</TableHead>
          <TableBody>
            {props.children}
            {state && (
              <TableRow>
                <TableCell colSpan={columns} align="center" sx={{ py: 4 }}>
                  {state}
                </TableCell>
              </TableRow>
            )}
            {query.isFetchingNextPage && (
              <TableRow>
                <TableCell colSpan={columns} align="center">
                  <Stack direction="row" spacing={1} justifyContent="center" alignItems="center">
                    <CircularProgress size={18} />
                    <Typography variant="caption" color="text.secondary">
                      {props.loadingMoreText}
                    </Typography>
                  </Stack>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/** The search box of a list page; the page debounces and lowercases what is typed. */
export function ListSearchField({ value, onChange, label, testId }: { value: string; onChange(value: string): void; label: string; testId: string }) {
  return (
    <TextField
      size="small"
      type="search"
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value.toLowerCase())}
      slotProps={{
        htmlInput: { "aria-label": label, "data-testid": testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
