import { Box, IconButton, Tooltip, Typography } from "@mui/material";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { useTranslation } from "react-i18next";
import type { ScheduleView } from "@balcao/common";
import { scheduleFailureKey } from "../../components/scheduleDialog/scheduleForm";

interface ScheduleEventProps {
  schedule: ScheduleView;
  /** Shown as a dot where the event has no background of its status (the agenda). */
  statusColor?: string;
  canChange: boolean;
  /** Only the name, where a phone's month cell has no room for the icons (the event itself opens the schedule). */
  compact?: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** One schedule on the calendar: the contact's name with edit and delete icons. */
export function ScheduleEvent({ schedule, statusColor, canChange, compact = false, onEdit, onDelete }: ScheduleEventProps) {
  const { t } = useTranslation();
  const name = schedule.contact?.name ?? `#${schedule.contactId}`;
  // the calendar selects an event on click: the icons keep theirs to themselves
  const act = (action: () => void) => (event: React.MouseEvent) => {
    event.stopPropagation();
    action();
  };
  return (
    <Box
      sx={{ display: "flex", alignItems: "center", gap: 0.25, minWidth: 0 }}
      data-testid={`schedule-event-${schedule.id}`}
      data-status={schedule.status}
      title={[name, t(`scheduledMessages.status.${schedule.status}`), schedule.status === "ERRO" && schedule.failure ? t(scheduleFailureKey(schedule.failure)!, { code: schedule.failure }) : ""]
        .filter(Boolean)
        .join(" — ")}
    >
      {statusColor && <Box component="span" sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: statusColor, flexShrink: 0, mr: 0.5 }} />}
      <Typography variant="caption" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600, color: "inherit" }}>
        {name}
      </Typography>
      {!compact && (
        <Tooltip title={t("scheduledMessages.edit")}>
          <IconButton size="small" sx={{ color: "inherit", p: 0.25 }} onClick={act(onEdit)} aria-label={t("scheduledMessages.edit")} data-testid={`schedule-edit-${schedule.id}`}>
            <EditOutlinedIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      )}
      {canChange && !compact && (
        <Tooltip title={t("scheduledMessages.delete")}>
          <IconButton size="small" sx={{ color: "inherit", p: 0.25 }} onClick={act(onDelete)} aria-label={t("scheduledMessages.delete")} data-testid={`schedule-delete-${schedule.id}`}>
            <DeleteOutlineIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
