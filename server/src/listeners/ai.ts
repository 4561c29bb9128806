import type { Listener } from "../events/types";
import { promptFor, recordDue, type TicketAsStored } from "../automation/ai/owner";
import { answerDue } from "../automation/ai/assistant";
import { oneAtATime } from "../automation/ai/perTicket";

/**
 * A customer's message in a ticket an AI prompt answers: recorded as due at once (it survives a
 * stop), answered aside. Settled aside: the reply is an event of the same ticket's stream, which
 * must not wait for this one.
 */
export const aiPrompts: Listener = {
  name: "ai.prompts",
  accepts: (type) => type === "message.created",
  async handle(ctx, event) {
    const data = event.data as { messageId?: number; fromMe?: boolean; opened?: boolean };
    if (data.fromMe || !event.companyId || !data.messageId) return;
    const companyId = event.companyId;
    const messageId = data.messageId;
    const stored = (event.transient as { ticket?: TicketAsStored } | undefined)?.ticket ?? null;
    const owner = await promptFor(ctx, companyId, messageId, stored, !!data.opened);
    if (!owner) return;
    await recordDue(ctx, companyId, messageId, owner);
    const settled = oneAtATime(`${companyId}:${owner.ticketId}`, () => answerDue(ctx, companyId, messageId)).catch((err) =>
      ctx.log?.warn({ err: { message: (err as Error).message }, messageId }, "AI answer failed; left due"),
    );
    return { settled };
  },
};
