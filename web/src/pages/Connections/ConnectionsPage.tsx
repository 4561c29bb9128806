import { useState } from "react";
import { Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import { phoneCardRows } from "../../components/phoneTable";
import { useTranslation } from "react-i18next";
import { can } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { TableQueryRows } from "../../components/TableQueryRows";
import { ConnectionDialog } from "./ConnectionDialog";
import { ConnectionRow } from "./ConnectionRow";
import { QrCodeDialog } from "./QrCodeDialog";
import { DeadLettersSection } from "./DeadLettersSection";
import { useConnections } from "./useConnections";

/** /connections: the company's WhatsApp connections, their sessions and settings (administration §2). */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const { query, upsert, session, remove } = useConnections(me.companyId);
  const canAdd = can(me.profile, "connections-page:addConnection");
  const showActions = can(me.profile, "connections-page:actionButtons");
  const showEditDelete = can(me.profile, "connections-page:editOrDeleteConnection");
  const showDeadLetters = can(me.profile, "connections-page:deadLetters");

  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  const [qrId, setQrId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const connections = query.data ?? [];
  const qrConnection = connections.find((c) => c.id === qrId) ?? null;
  const columns = 5 + (showActions ? 1 : 0) + (showEditDelete ? 1 : 0);

  return (
    <PageContainer title={t("connections.title")} actions={canAdd && <ListPageActions addLabel={t("connections.add")} addTestId="connections-add" onAdd={() => setDialog({ id: null })} />}>
      <Stack data-testid="connections-page">
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" sx={phoneCardRows}>
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
            <TableBody>
              <TableQueryRows columns={columns} query={query} rowCount={connections.length} emptyText={t("connections.empty")} emptyTestId="connections-empty">
                {connections.map((connection) => (
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
                ))}
              </TableQueryRows>
            </TableBody>
          </Table>
        </TableContainer>
        {showDeadLetters && <DeadLettersSection />}
      </Stack>
      <ConnectionDialog open={dialog !== null} connectionId={dialog?.id ?? null} onClose={() => setDialog(null)} onSaved={upsert} />
      <QrCodeDialog connection={qrConnection} onClose={() => setQrId(null)} />
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && remove.mutate(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
