import { Chip } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { WebhookDeliveryStatus } from "@balcao/common";

const COLORS = { pending: "warning", succeeded: "success", failed: "error" } as const;

/** A delivery's status as a coloured chip. */
export function WebhookStatusChip({ status, testId }: { status: WebhookDeliveryStatus; testId?: string }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} variant="outlined" label={t(`webhooks.status.${status}`)} data-testid={testId} data-status={status} />;
}

/** The translated name of an event type, or the type itself when it has none. */
export function eventLabel(t: TFunction, type: string): string {
  return t(`webhooks.events.${type.replace(".", "_") as "ticket_updated"}`, { defaultValue: type });
}
