import { Box, Chip, IconButton, TableCell, TableRow, Tooltip } from "@mui/material";
import AssessmentOutlined from "@mui/icons-material/AssessmentOutlined";
import PauseCircleOutline from "@mui/icons-material/PauseCircleOutline";
import PlayCircleOutline from "@mui/icons-material/PlayCircleOutline";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CampaignRecord } from "@balcao/common";
import { PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import { formatDateTime } from "../../i18n/format";
import { statusColor } from "./campaignStatus";

interface CampaignRowProps {
  record: CampaignRecord;
  onStop(): void;
  onRestart(): void;
  onReport(): void;
  onEdit(): void;
  onDelete(): void;
}

function RowButton({ label, testId, onClick, icon }: { label: string; testId: string; onClick(): void; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" onClick={onClick} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** On phones the cells become a card without the header: each secondary cell says what it is. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="span" sx={{ display: { xs: "inline", sm: "none" }, color: "text.secondary" }}>
        {label}:{" "}
      </Box>
      {children}
    </>
  );
}

/** One campaign: its name, status, list, connection, dates, confirmation and actions (stop only while running, restart only when cancelled). */
export function CampaignRow({ record, onStop, onRestart, onReport, onEdit, onDelete }: CampaignRowProps) {
  const { t } = useTranslation();
  const id = record.id;
  return (
    <TableRow hover data-testid={`campaign-row-${id}`}>
      <TableCell align="center" className={PHONE_TITLE} data-testid={`campaign-name-${id}`}>
        {record.name}
      </TableCell>
      <TableCell align="center">
        <Chip size="small" color={statusColor(record.status)} label={t(`campaigns.status.${record.status}`)} data-testid={`campaign-status-${id}`} data-status={record.status} />
      </TableCell>
      <TableCell align="center" data-testid={`campaign-list-${id}`}>
        <Labelled label={t("campaigns.columns.contactList")}>{record.contactList?.name ?? t("campaigns.notSet")}</Labelled>
      </TableCell>
      <TableCell align="center" data-testid={`campaign-connection-${id}`}>
        <Labelled label={t("campaigns.columns.connection")}>{record.whatsapp?.name ?? t("campaigns.notSet")}</Labelled>
      </TableCell>
      <TableCell align="center" data-testid={`campaign-scheduled-${id}`}>
        <Labelled label={t("campaigns.columns.scheduledAt")}>{record.scheduledAt ? formatDateTime(record.scheduledAt) : t("campaigns.notScheduled")}</Labelled>
      </TableCell>
      <TableCell align="center" data-testid={`campaign-completed-${id}`}>
        <Labelled label={t("campaigns.columns.completedAt")}>{record.completedAt ? formatDateTime(record.completedAt) : t("campaigns.notCompleted")}</Labelled>
      </TableCell>
      <TableCell align="center" data-testid={`campaign-confirmation-${id}`}>
        <Labelled label={t("campaigns.columns.confirmation")}>{record.confirmation ? t("campaigns.yes") : t("campaigns.no")}</Labelled>
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        {record.status === "EM_ANDAMENTO" && <RowButton label={t("campaigns.stopAction", { name: record.name })} testId={`campaign-stop-${id}`} onClick={onStop} icon={<PauseCircleOutline fontSize="small" />} />}
        {record.status === "CANCELADA" && <RowButton label={t("campaigns.restartAction", { name: record.name })} testId={`campaign-restart-${id}`} onClick={onRestart} icon={<PlayCircleOutline fontSize="small" />} />}
        <RowButton label={t("campaigns.reportAction", { name: record.name })} testId={`campaign-report-${id}`} onClick={onReport} icon={<AssessmentOutlined fontSize="small" />} />
        <EditRowButton label={t("campaigns.editAction", { name: record.name })} onClick={onEdit} testId={`campaign-edit-${id}`} />
        <DeleteRowButton label={t("campaigns.deleteAction", { name: record.name })} onClick={onDelete} testId={`campaign-delete-${id}`} />
      </TableCell>
    </TableRow>
  );
}
