import { and, eq } from "drizzle-orm";
import type { Listener } from "../../events/types";
import { queues } from "../../db/schema";
import { presentQueueRecord } from "../../modules/queues/present";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["queue.created", "queue.updated", "queue.deleted"]);

/** Queues to the company's sockets (`company-{id}-queue`); a new queue is announced as an update, as the spec's client expects. */
export const queuesRealtime: Listener = {
  name: "realtime.queues",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "queueId");
    if (!subject) return;
    const { companyId, id: queueId } = subject;
    const deleted = { action: "delete", queueId };
    if (event.type === "queue.deleted") return ctx.realtime.toCompany(companyId, "queue", deleted);
    const queue = await viewOf(event, "queue", async () => {
      const [row] = await ctx.db
        .select()
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
      return row ? presentQueueRecord(row) : null;
    });
    ctx.realtime.toCompany(companyId, "queue", queue ? { action: "update", queue } : deleted);
  },
};
