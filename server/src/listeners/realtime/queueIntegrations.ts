import type { QueueIntegrationRecord } from "@balcao/common";
import type { Listener } from "../../events/types";
import { queueIntegrations } from "../../db/schema";
import { presentQueueIntegration } from "../../modules/queueIntegrations/present";
import { and, eq } from "drizzle-orm";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["queueIntegration.created", "queueIntegration.updated", "queueIntegration.deleted"]);

/** Queue integrations to `company-{id}-queueIntegration`: create/update with the record (no secrets), delete with the id. */
export const queueIntegrationsRealtime: Listener = {
  name: "realtime.queueIntegrations",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "queueIntegrationId");
    if (!subject) return;
    const { companyId, id } = subject;
    const deleted = { action: "delete", id };
    if (event.type === "queueIntegration.deleted") return ctx.realtime.toCompany(companyId, "queueIntegration", deleted);
    const record = await viewOf<QueueIntegrationRecord>(event, "record", async () => {
      const [row] = await ctx.db
        .select()
        .from(queueIntegrations)
        .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
      return row ? presentQueueIntegration(row) : null;
    });
    if (!record) return ctx.realtime.toCompany(companyId, "queueIntegration", deleted);
    ctx.realtime.toCompany(companyId, "queueIntegration", { action: event.type === "queueIntegration.created" ? "create" : "update", record });
  },
};
