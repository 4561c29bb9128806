import type { AppContext } from "../context";
import type { Listener } from "../events/types";
import { promptFor, promptOnEntry, recordDue, type TicketAsStored } from "../automation/ai/owner";
import { answerDue } from "../automation/ai/assistant";
import { oneAtATime } from "../automation/ai/perTicket";

/** Records the message as due (it survives a stop) and answers it aside, one answer at a time per ticket. */
async function answerAside(ctx: AppContext, companyId: number, messageId: number, owner: { promptId: number; ticketId: number }) {
  await recordDue(ctx, companyId, messageId, owner);
  const settled = oneAtATime(`${companyId}:${owner.ticketId}`, () => answerDue(ctx, companyId, messageId)).catch((err) =>
    ctx.log?.warn({ err: { message: (err as Error).message }, messageId }, "AI answer failed; left due"),
  );
  return { settled };
}

/**
 * A customer's message in a ticket an AI prompt answers, or a ticket the queue menu silently put
 * in a queue with a prompt: recorded as due at once, answered aside. Settled aside: the reply is
 * an event of the same ticket's stream, which must not wait for this one.
 */
export const aiPrompts: Listener = {
  name: "ai.prompts",
  accepts: (type) => type === "message.created" || type === "ticket.updated",
  async handle(ctx, event) {
    if (!event.companyId) return;
    const companyId = event.companyId;
    if (event.type === "ticket.updated") {
      // only a move (a queue chosen or changed) can bring a ticket to a queue's prompt
      const moved = event.data as { ticketId?: number; before?: unknown };
      if (!moved.before || !moved.ticketId) return;
      const entry = await promptOnEntry(ctx, companyId, moved.ticketId);
      return entry ? answerAside(ctx, companyId, entry.messageId, entry) : undefined;
    }
    const data = event.data as { messageId?: number; fromMe?: boolean; opened?: boolean };
    if (data.fromMe || !data.messageId) return;
    const messageId = data.messageId;
    const stored = (event.transient as { ticket?: TicketAsStored } | undefined)?.ticket ?? null;
    const owner = await promptFor(ctx, companyId, messageId, stored, !!data.opened);
    if (!owner) return;
    return answerAside(ctx, companyId, messageId, owner);
  },
};
