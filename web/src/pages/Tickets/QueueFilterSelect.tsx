import { Box, Checkbox, ListItemText, MenuItem, Select, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { QueueRef } from "@balcao/common";

interface QueueFilterSelectProps {
  queues: QueueRef[];
  value: number[];
  onChange(ids: number[]): void;
}

/** The queues whose tickets the lists show; starts with all of the user's queues (admins and supervisors may choose any of the company's). */
export function QueueFilterSelect({ queues, value, onChange }: QueueFilterSelectProps) {
  const { t } = useTranslation();
  const label = (selected: number[]) => {
    if (queues.length === 0) return t("ticketManager.queuesNone");
    // none chosen: the lists hold every queue the user may see
    if (selected.length === 0 || selected.length === queues.length) return t("ticketManager.queuesAll");
    return `${t("ticketManager.queues")} (${selected.length})`;
  };
  return (
    <Select
      multiple
      size="small"
      displayEmpty
      value={value}
      disabled={queues.length === 0}
      onChange={(event) => {
        const next = event.target.value;
        onChange(typeof next === "string" ? next.split(",").map(Number) : next);
      }}
      renderValue={(selected) => (
        <Typography variant="body2" noWrap>
          {label(selected)}
        </Typography>
      )}
      inputProps={{ "aria-label": t("ticketManager.queues") }}
      SelectDisplayProps={{ "data-testid": "tickets-queue-select" } as React.HTMLAttributes<HTMLDivElement>}
      sx={{ minWidth: 120, maxWidth: 180 }}
      MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id} dense data-testid={`tickets-queue-option-${queue.id}`}>
          <Checkbox size="small" checked={value.includes(queue.id)} />
          <Box sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: queue.color, mr: 1, flexShrink: 0 }} />
          <ListItemText primary={queue.name} />
        </MenuItem>
      ))}
    </Select>
  );
}
