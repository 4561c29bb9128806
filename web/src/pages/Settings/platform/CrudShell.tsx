import { useEffect, useRef, type ReactNode } from "react";
import { Alert, Button, Paper, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DeleteRowButton, EditRowButton } from "../../../components/RowActionButtons";

interface CrudShellProps {
  testId: string;
  form: ReactNode;
  /** The row in the form: a change brings the form into view (the row may sit far down the table). */
  editing: number | null;
  headers: ReactNode[];
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  onRetry(): void;
  children: ReactNode;
}

/** A super-user tab: its form above, its table below (scrolling sideways on a phone), with loading, error and empty states. */
export function CrudShell({ testId, form, editing, headers, loading, failed, empty, emptyText, onRetry, children }: CrudShellProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing !== null) formRef.current?.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }, [editing]);
  return (
    <Stack spacing={2} data-testid={testId}>
      <Paper ref={formRef} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        {form}
      </Paper>
      {loading && <Skeleton variant="rounded" height={160} data-testid={`${testId}-loading`} />}
      {failed && (
        <Alert severity="error" action={<Button onClick={onRetry}>{t("common.retry")}</Button>}>
          {t("platform.loadFailed")}
        </Alert>
      )}
      {!loading && !failed && empty && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }} data-testid={`${testId}-empty`}>
          {emptyText}
        </Typography>
      )}
      {!loading && !failed && !empty && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                {headers.map((h, i) => (
                  <TableCell key={i} sx={{ whiteSpace: "nowrap" }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{children}</TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** Save and clear under a form; stacked on a phone. */
export function FormButtons({ saving, onClear, extra }: { saving: boolean; onClear(): void; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: "column", sm: "row" }} gap={1} justifyContent="flex-end" sx={{ mt: 2 }}>
      {extra}
      <Button onClick={onClear} data-testid="form-clear">
        {t("platform.clear")}
      </Button>
      <Button type="submit" variant="contained" disabled={saving} data-testid="form-save">
        {t("platform.save")}
      </Button>
    </Stack>
  );
}

/** A row's last cell: edit puts it into the form, delete asks first (`{testIdPrefix}-edit-{id}`, `-delete-{id}`). */
export function RowActionsCell({ testIdPrefix, id, onEdit, onDelete }: { testIdPrefix: string; id: number; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <TableCell sx={{ whiteSpace: "nowrap" }}>
      <EditRowButton label={t("platform.edit")} testId={`${testIdPrefix}-edit-${id}`} onClick={onEdit} />
      <DeleteRowButton label={t("platform.delete")} testId={`${testIdPrefix}-delete-${id}`} onClick={onDelete} />
    </TableCell>
  );
}

/** The tabs' question before a row is deleted. */
export function ConfirmRowDelete({ open, onConfirm, onClose }: { open: boolean; onConfirm(): void; onClose(): void }) {
  const { t } = useTranslation();
  return <ConfirmDialog open={open} title={t("platform.confirmTitle")} message={t("platform.confirmDelete")} confirmLabel={t("platform.yes")} onConfirm={onConfirm} onClose={onClose} />;
}
