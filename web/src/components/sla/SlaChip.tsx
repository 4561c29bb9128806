import { Chip, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TicketSla } from "@balcao/common";
import { useMinuteClock } from "../../hooks/useMinuteClock";
import { formatTimeLeft, slaState, type SlaLevel } from "./slaClock";

const COLORS: Record<SlaLevel, "default" | "warning" | "error"> = { ok: "default", near: "warning", breached: "error" };

/** The SLA level of a ticket now, moving each minute (the list item's highlight). */
export function useSlaLevel(sla: TicketSla | null | undefined): SlaLevel | null {
  const now = useMinuteClock();
  return slaState(sla, now)?.level ?? null;
}

/** Time left on the target a ticket is racing ("12 min", "-5 min" once missed); nothing without a target. */
export function SlaChip({ sla, testId }: { sla: TicketSla | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const state = slaState(sla, now);
  if (!state) return null;
  const what = t(`sla.${state.kind}`);
  const time = new Date(state.dueAt).toLocaleString([], { dateStyle: "short", timeStyle: "short" });
  return (
    <Tooltip title={t(state.level === "breached" ? "sla.breached" : "sla.dueAt", { what, time })}>
      <Chip
        size="small"
        color={COLORS[state.level]}
        variant={state.level === "ok" ? "outlined" : "filled"}
        label={formatTimeLeft(state.minutesLeft)}
        data-testid={testId}
        data-level={state.level}
        sx={{ height: 20, fontSize: 11, fontVariantNumeric: "tabular-nums" }}
      />
    </Tooltip>
  );
}
