import { and, eq } from "drizzle-orm";
import { companyEvent, rooms } from "@balcao/common";
import type { Listener } from "../../events/types";
import type { Realtime } from "../../realtime/realtime";
import { quickMessages } from "../../db/schema";
import { presentQuickMessageRecord, type QuickMessageRecord } from "../../modules/quickMessages/present";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["quickMessage.created", "quickMessage.updated", "quickMessage.deleted"]);

/**
 * A shared (geral) quick message goes to the whole company; a private one only to its owner, and
 * the rest of the company is told to drop it (it may have been shared until this change).
 */
function announceSaved(realtime: Realtime, record: QuickMessageRecord, action: "create" | "update") {
  const { companyId } = record;
  if (record.geral) return realtime.toCompany(companyId, "quickemessage", { action, record });
  if (record.userId !== null) realtime.toUser(companyId, record.userId, "quickemessage", { action, record });
  if (action === "create") return;
  const others = realtime.server?.to(rooms.company(companyId));
  const notOwner = record.userId !== null ? others?.except(rooms.user(companyId, record.userId)) : others;
  notOwner?.emit(companyEvent(companyId, "quickemessage"), { action: "delete", id: record.id });
}

/** Quick messages to `company-{id}-quickemessage` (spelled as the original client listens). */
export const quickMessagesRealtime: Listener = {
  name: "realtime.quickMessages",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "quickMessageId");
    if (!subject) return;
    const { companyId, id: id } = subject;
    const deleted = { action: "delete", id };
    if (event.type === "quickMessage.deleted") return ctx.realtime.toCompany(companyId, "quickemessage", deleted);
    const record = await viewOf(event, "record", async () => {
      const [row] = await ctx.db
        .select()
        .from(quickMessages)
        .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)));
      return row ? presentQuickMessageRecord(row) : null;
    });
    if (!record) return ctx.realtime.toCompany(companyId, "quickemessage", deleted);
    announceSaved(ctx.realtime, record, event.type === "quickMessage.created" ? "create" : "update");
  },
};
