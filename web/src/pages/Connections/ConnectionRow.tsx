import { Button, Chip, CircularProgress, Stack, TableCell, TableRow, type ChipProps } from "@mui/material";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import { useTranslation } from "react-i18next";
import { CONNECTION_STATUSES, type ConnectionStatus } from "@balcao/common";
import { PHONE_HIDDEN, PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import { formatDateAs } from "../../i18n/format";
import type { ConnectionRecord } from "./connectionsApi";

const STATUS_COLOR: Record<ConnectionStatus, ChipProps["color"]> = {
  CONNECTED: "success",
  qrcode: "warning",
  PAIRING: "info",
  OPENING: "info",
  DISCONNECTED: "error",
  TIMEOUT: "error",
};

const isStatus = (s: string): s is ConnectionStatus => (CONNECTION_STATUSES as readonly string[]).includes(s);

const formatUpdatedAt = (value: string) => formatDateAs(new Date(value), "shortDateTime");

export type SessionMethod = "post" | "put" | "delete";

interface SessionButtonsProps {
  connection: ConnectionRecord;
  busy: boolean;
  onQr(): void;
  onSession(method: SessionMethod): void;
}

/** The session actions the spec gives each status. */
function SessionButtons({ connection, busy, onQr, onSession }: SessionButtonsProps) {
  const { t } = useTranslation();
  const { id, status } = connection;
  const small = { size: "small", variant: "contained", disabled: busy } as const;
  switch (status) {
    case "qrcode":
      return (
        <Button {...small} onClick={onQr} data-testid={`connection-qr-${id}`}>
          {t("connections.actions.qrcode")}
        </Button>
      );
    case "DISCONNECTED":
      return (
        <Stack direction="row" spacing={1} justifyContent="center">
          <Button {...small} onClick={() => onSession("post")} data-testid={`connection-retry-${id}`}>
            {t("connections.actions.retry")}
          </Button>
          <Button {...small} variant="outlined" onClick={() => onSession("put")} data-testid={`connection-newqr-${id}`}>
            {t("connections.actions.newQr")}
          </Button>
        </Stack>
      );
    case "CONNECTED":
    case "PAIRING":
    case "TIMEOUT":
      return (
        <Button {...small} color="error" variant="outlined" onClick={() => onSession("delete")} data-testid={`connection-disconnect-${id}`}>
          {t("connections.actions.disconnect")}
        </Button>
      );
    case "OPENING":
      return (
        <Button size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} color="inherit" />} data-testid={`connection-opening-${id}`}>
          {t("connections.actions.connecting")}
        </Button>
      );
    default:
      return null;
  }
}

interface ConnectionRowProps extends SessionButtonsProps {
  showActions: boolean;
  showEditDelete: boolean;
  onEdit(): void;
  onDelete(): void;
}

export function ConnectionRow({ connection, showActions, showEditDelete, onEdit, onDelete, ...session }: ConnectionRowProps) {
  const { t } = useTranslation();
  const { id, status } = connection;
  return (
    <TableRow hover data-testid={`connection-row-${id}`}>
      <TableCell className={PHONE_TITLE}>{connection.name}</TableCell>
      <TableCell>{connection.channel ? t(`connections.channels.${connection.channel}`, { defaultValue: connection.channel }) : ""}</TableCell>
      <TableCell align="center">
        <Chip size="small" data-testid={`connection-status-${id}`} data-status={status} color={isStatus(status) ? STATUS_COLOR[status] : "default"} label={isStatus(status) ? t(`connections.status.${status}`) : status} />
      </TableCell>
      {showActions && (
        <TableCell align="center">
          <SessionButtons connection={connection} {...session} />
        </TableCell>
      )}
      <TableCell align="center" className={PHONE_HIDDEN}>
        {formatUpdatedAt(connection.updatedAt)}
      </TableCell>
      <TableCell align="center">{connection.isDefault && <CheckCircleIcon color="success" fontSize="small" titleAccess={t("connections.default")} data-testid={`connection-default-${id}`} />}</TableCell>
      {showEditDelete && (
        <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
          <EditRowButton label={t("common.edit")} onClick={onEdit} testId={`connection-edit-${id}`} />
          <DeleteRowButton label={t("common.delete")} onClick={onDelete} testId={`connection-delete-${id}`} />
        </TableCell>
      )}
    </TableRow>
  );
}
