import { CAMPAIGN_EDIT_MARGIN_MS, type CampaignStatus } from "@balcao/common";

export function statusColor(status: CampaignStatus): "default" | "info" | "primary" | "warning" | "success" {
  if (status === "PROGRAMADA") return "info";
  if (status === "EM_ANDAMENTO") return "primary";
  if (status === "CANCELADA") return "warning";
  if (status === "FINALIZADA") return "success";
  return "default";
}

/**
 * §4: a campaign may be saved while INATIVA, CANCELADA, or PROGRAMADA with its start more than
 * an hour away; otherwise its dialog only shows it. A new campaign (no record) is editable.
 */
export function isCampaignEditable(record: { status: CampaignStatus; scheduledAt: string | null } | null, now: number = Date.now()): boolean {
  if (!record) return true;
  if (record.status === "INATIVA" || record.status === "CANCELADA") return true;
  if (record.status !== "PROGRAMADA" || !record.scheduledAt) return false;
  return new Date(record.scheduledAt).getTime() - now > CAMPAIGN_EDIT_MARGIN_MS;
}
