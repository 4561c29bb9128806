import { and, eq } from "drizzle-orm";
import type { Listener } from "../../events/types";
import { sandboxMessages } from "../../db/schema";
import { presentSandboxMessage } from "../../channels/sandbox/adapter";
import { idOf, viewOf } from "./viewOf";

/** What the company sends through a sandbox connection, to its admins' simulated phone (`company-{id}-sandbox`). */
export const sandboxRealtime: Listener = {
  name: "realtime.sandbox",
  accepts: (type) => type === "sandboxMessage.created",
  async handle(ctx, event) {
    const companyId = event.companyId!;
    const whatsappId = idOf(event, "whatsappId");
    const message = await viewOf(event, "message", async () => {
      const [row] = await ctx.db.select().from(sandboxMessages).where(and(eq(sandboxMessages.companyId, companyId), eq(sandboxMessages.id, idOf(event, "sandboxMessageId"))));
      return row ? presentSandboxMessage(row) : null;
    });
    // a copy gone since went with its connection: the phone has nothing to show
    if (message) ctx.realtime.toAdmins(companyId, "sandbox", { action: "outbound", whatsappId, message });
  },
};
