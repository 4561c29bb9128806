import { useState } from "react";
import { Alert, Button, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { useTranslation } from "react-i18next";
import { can } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageContainer } from "../../components/PageContainer";
import { ConnectionDialog } from "./ConnectionDialog";
import { ConnectionRow } from "./ConnectionRow";
import { QrCodeDialog } from "./QrCodeDialog";
import { useConnections } from "./useConnections";

/** /connections: the company's WhatsApp connections, their sessions and settings (administration §2). */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const { query, upsert, session, remove } = useConnections(me.companyId);
  const canAdd = can(me.profile, "connections-page:addConnection");
  const showActions = can(me.profile, "connections-page:actionButtons");
  const showEditDelete = can(me.profile, "connections-page:editOrDeleteConnection");

  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  const [qrId, setQrId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const connections = query.data ?? [];
  const qrConnection = connections.find((c) => c.id === qrId) ?? null;
  const columns = 5 + (showActions ? 1 : 0) + (showEditDelete ? 1 : 0);

  let body;
  if (query.isPending) {
    body = (
      <TableRow>
        <TableCell colSpan={columns} align="center">
          <CircularProgress size={28} aria-label={t("common.loading")} />
        </TableCell>
      </TableRow>
    );
  } else if (query.isError) {
    body = (
      <TableRow>
        <TableCell colSpan={columns}>
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t("common.retry")}</Button>}>
            {t("common.loadFailed")}
          </Alert>
        </TableCell>
      </TableRow>
    );
  } else if (connections.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columns} align="center" data-testid="connections-empty">
          <Typography color="text.secondary">{t("connections.empty")}</Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = connections.map((connection) => (
      <ConnectionRow
        key={connection.id}
        connection={connection}
        showActions={showActions}
        showEditDelete={showEditDelete}
        busy={session.isPending && session.variables?.id === connection.id}
        onQr={() => setQrId(connection.id)}
        onSession={(method) => session.mutate({ id: connection.id, method })}
        onEdit={() => setDialog({ id: connection.id })}
        onDelete={() => setDeleting(connection.id)}
      />
    ));
  }

  return (
    <PageContainer
      title={t("connections.title")}
      actions={
        canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ id: null })} data-testid="connections-add">
            {t("connections.add")}
          </Button>
        )
      }
    >
      <Stack data-testid="connections-page">
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("connections.columns.name")}</TableCell>
                <TableCell>{t("connections.columns.channel")}</TableCell>
                <TableCell align="center">{t("connections.columns.status")}</TableCell>
                {showActions && <TableCell align="center">{t("connections.columns.session")}</TableCell>}
                <TableCell align="center">{t("connections.columns.updatedAt")}</TableCell>
                <TableCell align="center">{t("connections.columns.default")}</TableCell>
                {showEditDelete && <TableCell align="center">{t("connections.columns.actions")}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>{body}</TableBody>
          </Table>
        </TableContainer>
      </Stack>
      <ConnectionDialog open={dialog !== null} connectionId={dialog?.id ?? null} onClose={() => setDialog(null)} onSaved={upsert} />
      <QrCodeDialog connection={qrConnection} onClose={() => setQrId(null)} />
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
