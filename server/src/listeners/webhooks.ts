import { WEBHOOK_EVENT_TYPES } from "@balcao/common";
import type { Listener } from "../events/types";
import { queueDeliveries } from "../modules/webhooks/queue";

const TYPES = new Set<string>(WEBHOOK_EVENT_TYPES);

/** Outgoing webhooks: records a delivery per interested endpoint; the deliver-webhooks job sends it. */
export const webhooks: Listener = {
  name: "webhooks",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    await queueDeliveries(ctx, event);
  },
};
