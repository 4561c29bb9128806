import { Alert, Box, Button, Chip, CircularProgress, Link, Paper, Stack, TextField, Typography, type ChipProps } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import PhonelinkRingIcon from "@mui/icons-material/PhonelinkRing";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import { CONNECTION_STATUSES, type ConnectionStatus } from "@balcao/common";
import type { Connection } from "../../api/sandbox";
import type { SandboxConnections } from "./useSandboxConnections";

const STATUS_COLOR: Record<ConnectionStatus, ChipProps["color"]> = {
  CONNECTED: "success",
  qrcode: "warning",
  PAIRING: "info",
  OPENING: "info",
  DISCONNECTED: "error",
  TIMEOUT: "error",
};

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (CONNECTION_STATUSES as readonly string[]).includes(status) ? (status as ConnectionStatus) : null;
  return (
    <Chip
      size="small"
      data-testid="simulator-status"
      data-status={status}
      color={known ? STATUS_COLOR[known] : "default"}
      label={known ? t(`simulator.status.${known}`) : status}
      icon={known === "OPENING" || known === "PAIRING" ? <CircularProgress size={12} color="inherit" /> : undefined}
    />
  );
}

/** What the chosen connection needs next: scan or pair, start a session, or nothing. */
function SessionActions({ connection, actions }: { connection: Connection; actions: SandboxConnections }) {
  const { t } = useTranslation();
  const { status, qrcode, id } = connection;
  if (status === "qrcode" && qrcode) {
    const link = window.location.origin + qrcode;
    return (
      <Stack spacing={1.5} alignItems="center">
        <Typography variant="body2" color="text.secondary" textAlign="center">
          {t("simulator.qrHint")}
        </Typography>
        <Box data-testid="simulator-qrcode" data-value={link} sx={{ p: 1.5, bgcolor: "#fff", borderRadius: 1, lineHeight: 0 }}>
          <QRCodeSVG value={link} size={176} marginSize={0} title={t("simulator.qrTitle")} />
        </Box>
        <Link href={link} target="_blank" rel="noopener" variant="caption" data-testid="simulator-pair-link">
          {t("simulator.openPairLink")}
        </Link>
        <Button variant="contained" startIcon={<PhonelinkRingIcon />} onClick={() => actions.pair.mutate(id)} disabled={actions.pair.isPending} data-testid="simulator-pair">
          {t("simulator.pairNow")}
        </Button>
      </Stack>
    );
  }
  if (status === "DISCONNECTED" || status === "TIMEOUT") {
    return (
      <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => actions.start.mutate(id)} disabled={actions.start.isPending} data-testid="simulator-start-session">
        {t("simulator.startSession")}
      </Button>
    );
  }
  if (status === "CONNECTED") {
    return (
      <Button size="small" color="inherit" startIcon={<LinkOffIcon />} onClick={() => actions.disconnect.mutate(id)} disabled={actions.disconnect.isPending} data-testid="simulator-disconnect">
        {t("simulator.disconnect")}
      </Button>
    );
  }
  return null;
}

interface ConnectionPanelProps {
  actions: SandboxConnections;
  selected: Connection | null;
  onSelect(id: number): void;
}

/** Choosing (or creating) the sandbox connection the phone talks to, and its session. */
export function ConnectionPanel({ actions, selected, onSelect }: ConnectionPanelProps) {
  const { t } = useTranslation();
  const { query, connections, create } = actions;

  let body;
  if (query.isPending) {
    body = (
      <Stack alignItems="center" sx={{ py: 3 }} data-testid="simulator-connections-loading">
        <CircularProgress size={28} aria-label={t("common.loading")} />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("simulator.loadFailed")}
      </Alert>
    );
  } else if (connections.length === 0) {
    body = (
      <Stack spacing={1.5} alignItems="flex-start" data-testid="simulator-no-connection">
        <Typography variant="subtitle2">{t("simulator.noConnectionsTitle")}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t("simulator.noConnectionsText")}
        </Typography>
        <Button
          variant="contained"
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
          onClick={() => create.mutate()}
          disabled={create.isPending}
          data-testid="simulator-create-connection"
        >
          {create.isPending ? t("simulator.creating") : t("simulator.createConnection")}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField
            select
            size="small"
            label={t("simulator.connection")}
            value={selected?.id ?? ""}
            onChange={(e) => onSelect(Number(e.target.value))}
            slotProps={{ select: { native: true }, htmlInput: { "data-testid": "simulator-connection-select" }, inputLabel: { shrink: true } }}
            sx={{ flex: 1, minWidth: 0 }}
          >
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </TextField>
          {selected && <StatusChip status={selected.status} />}
        </Stack>
        {selected && (
          <Box sx={{ display: "flex", justifyContent: "center" }}>
            <SessionActions connection={selected} actions={actions} />
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="simulator-connection-panel">
      <Typography variant="subtitle1" fontWeight={700} sx={{ mb: 1.5 }}>
        {t("simulator.connectionTitle")}
      </Typography>
      {body}
    </Paper>
  );
}
