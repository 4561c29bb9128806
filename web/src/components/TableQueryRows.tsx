import type { ReactNode } from "react";
import { Alert, Button, CircularProgress, TableCell, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

interface TableQueryRowsProps {
  /** The table's column count: a state row spans them all. */
  columns: number;
  query: { isPending: boolean; isError: boolean; refetch(): unknown };
  /** How many records the loaded list holds. */
  rowCount: number;
  emptyText: string;
  emptyTestId: string;
  /** The records' rows. */
  children: ReactNode;
}

/** The body rows of a loaded list, or in their place one row: loading, the load error with a retry, or the empty text. */
export function TableQueryRows({ columns, query, rowCount, emptyText, emptyTestId, children }: TableQueryRowsProps) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <TableRow>
        <TableCell colSpan={columns} align="center">
          <CircularProgress size={28} aria-label={t("common.loading")} />
        </TableCell>
      </TableRow>
    );
  }
  if (query.isError) {
    return (
      <TableRow>
        <TableCell colSpan={columns}>
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
        </TableCell>
      </TableRow>
    );
  }
  if (rowCount === 0) {
    return (
      <TableRow>
        <TableCell colSpan={columns} align="center" data-testid={emptyTestId}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </TableCell>
      </TableRow>
    );
  }
  return <>{children}</>;
}
