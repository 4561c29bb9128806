import { and, eq } from "drizzle-orm";
import type { Listener } from "../../events/types";
import { sandboxMessages } from "../../db/schema";
import { presentSandboxMessage } from "../../channels/sandbox/adapter";
import { idOf, subjectOf, viewOf } from "./viewOf";

/** What the company sends through a sandbox connection, to its admins' simulated phone (`company-{id}-sandbox`). */
export const sandboxRealtime: Listener = {
  name: "realtime.sandbox",
  accepts: (type) => type === "sandboxMessage.created",
  async handle(ctx, event) {
    const subject = subjectOf(event, "whatsappId");
    if (!subject) return;
    const { companyId, id: whatsappId } = subject;
    const messageId = idOf(event, "sandboxMessageId");
    const message = await viewOf(event, "message", async () => {
      if (messageId === null) return null;
      const [row] = await ctx.db
        .select()
        .from(sandboxMessages)
        .where(and(eq(sandboxMessages.companyId, companyId), eq(sandboxMessages.id, messageId)));
      return row ? presentSandboxMessage(row) : null;
    });
    // a copy gone since went with its connection: the phone has nothing to show
    if (message) ctx.realtime.toAdmins(companyId, "sandbox", { action: "outbound", whatsappId, message });
  },
};
