import { useState } from "react";
import { Alert, Button, CircularProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageContainer } from "../../components/PageContainer";
import { QueueDialog } from "./QueueDialog";
import { QueueRow } from "./QueueRow";
import { useQueues } from "./useQueues";

const COLUMNS = 6;

/** /queues (admins): the company's queues, each with its hours and chatbot menu (administration §2). */
export function QueuesPage() {
  const { t } = useTranslation();
  const { query, upsert, remove } = useQueues();
  // the id outlives `open` so the closing dialog keeps its title while it fades out
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);
  const queues = query.data ?? [];

  let body;
  if (query.isPending) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS} align="center">
          <CircularProgress size={28} aria-label={t("common.loading")} />
        </TableCell>
      </TableRow>
    );
  } else if (query.isError) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS}>
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t("common.retry")}</Button>}>
            {t("common.loadFailed")}
          </Alert>
        </TableCell>
      </TableRow>
    );
  } else if (queues.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS} align="center" data-testid="queues-empty">
          <Typography color="text.secondary">{t("queues.empty")}</Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = queues.map((queue) => <QueueRow key={queue.id} queue={queue} onEdit={() => setDialog({ open: true, id: queue.id })} onDelete={() => setDeleting(queue.id)} />);
  }

  return (
    <PageContainer
      title={t("queues.title")}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, id: null })} data-testid="queues-add">
          {t("queues.add")}
        </Button>
      }
    >
      <TableContainer component={Paper} variant="outlined" data-testid="queues-page">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell align="center">{t("queues.columns.id")}</TableCell>
              <TableCell>{t("queues.columns.name")}</TableCell>
              <TableCell align="center">{t("queues.columns.color")}</TableCell>
              <TableCell align="center">{t("queues.columns.orderQueue")}</TableCell>
              <TableCell>{t("queues.columns.greetingMessage")}</TableCell>
              <TableCell align="center">{t("queues.columns.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <QueueDialog open={dialog.open} queueId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={upsert} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("common.deleteConfirmTitle")}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
