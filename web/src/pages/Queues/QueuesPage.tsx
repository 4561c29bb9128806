import { useState } from "react";
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { phoneCardRows } from "../../components/phoneTable";
import { TableQueryRows } from "../../components/TableQueryRows";
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

  return (
    <PageContainer title={t("queues.title")} actions={<ListPageActions addLabel={t("queues.add")} addTestId="queues-add" onAdd={() => setDialog({ open: true, id: null })} />}>
      <TableContainer component={Paper} variant="outlined" data-testid="queues-page">
        <Table size="small" sx={phoneCardRows}>
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
          <TableBody>
            <TableQueryRows columns={COLUMNS} query={query} rowCount={queues.length} emptyText={t("queues.empty")} emptyTestId="queues-empty">
              {queues.map((queue) => (
                <QueueRow key={queue.id} queue={queue} onEdit={() => setDialog({ open: true, id: queue.id })} onDelete={() => setDeleting(queue.id)} />
              ))}
            </TableQueryRows>
          </TableBody>
        </Table>
      </TableContainer>
      <QueueDialog open={dialog.open} queueId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={upsert} />
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && remove.mutate(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
