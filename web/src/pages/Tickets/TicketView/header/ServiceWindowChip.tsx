import { Chip, Tooltip } from "@mui/material";
import ScheduleIcon from "@mui/icons-material/Schedule";
import { useTranslation } from "react-i18next";
import type { TicketView } from "../types";
import { hoursAndMinutes } from "../serviceWindow";
import { useServiceWindow } from "../useServiceWindow";

/** Cloud API tickets: the time left to answer with free text, or that only templates go out now. */
export function ServiceWindowChip({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const { left, closed } = useServiceWindow(ticket);
  if (left === null) return null;
  const label = closed ? t("ticketView.serviceWindow.closed") : t("ticketView.serviceWindow.left", hoursAndMinutes(left));
  return (
    <Tooltip title={t("ticketView.serviceWindow.help")}>
      <Chip
        size="small"
        icon={<ScheduleIcon />}
        color={closed ? "error" : left < 60 * 60_000 ? "warning" : "default"}
        variant={closed ? "filled" : "outlined"}
        label={label}
        data-testid="service-window"
        data-closed={closed ? "true" : "false"}
      />
    </Tooltip>
  );
}
