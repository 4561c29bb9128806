import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { promptHandovers, promptReplies, tickets } from "../../db/schema";
import { command } from "../../events/command";
import { storeOutbound } from "../../modules/messages/send";
import { presentTicket } from "../../modules/tickets/present";
import { ticketUpdated } from "../../modules/tickets/events";
import { sendStaged, stagedEvents } from "../outbox";
import { HANDOVER_MESSAGE } from "./handover";

type MessageRow = Awaited<ReturnType<typeof storeOutbound>>["row"];

export interface Reply {
  companyId: number;
  /** The customer's message answered: its claim makes this reply the only one. */
  messageId: number;
  ticketId: number;
  prompt: { id: number; queueId: number | null };
  text: string;
  audio?: { key: string; filename: string } | null;
  /** Why a person takes over ('asked', 'instructed', 'failed'), or null while the assistant goes on. */
  handover: string | null;
}

/**
 * Stages the assistant's reply through the outbox in one transaction with its claim: the customer's
 * message is marked answered, the text (and its audio) stored as pending messages, and on a
 * hand-over the ticket goes pending to the prompt's queue without its prompt, with a notice. A
 * claim already taken, or a ticket an attendant took meanwhile, stages nothing. Then sends.
 */
export async function stageReply(ctx: AppContext, reply: Reply) {
  const staged = await command(ctx, async (tx, events) => {
    const claimed = await tx
      .update(promptReplies)
      .set({ answeredAt: new Date() })
      .where(and(eq(promptReplies.companyId, reply.companyId), eq(promptReplies.messageId, reply.messageId), isNull(promptReplies.answeredAt)))
      .returning();
    if (claimed.length === 0) return null;
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, reply.companyId), eq(tickets.id, reply.ticketId)))
      .for("update");
    if (!ticket || ticket.status !== "pending" || ticket.userId !== null) return null;
    const rows: MessageRow[] = [];
    if (reply.text) rows.push((await storeOutbound(tx, ticket, { body: reply.text })).row);
    if (reply.audio) rows.push((await storeOutbound(tx, ticket, { body: "", mediaType: "audio", mediaPath: reply.audio.key, mediaName: reply.audio.filename })).row);
    let after = ticket;
    if (reply.handover) {
      rows.push((await storeOutbound(tx, ticket, { body: HANDOVER_MESSAGE })).row);
      [after] = await tx
        .update(tickets)
        .set({ queueId: reply.prompt.queueId ?? ticket.queueId, queueOptionId: null, promptId: null, chatbot: false, status: "pending", updatedAt: new Date() })
        .where(eq(tickets.id, ticket.id))
        .returning();
      await tx.insert(promptHandovers).values({ companyId: reply.companyId, ticketId: ticket.id, promptId: reply.prompt.id, reason: reply.handover }).onConflictDoNothing();
    } else if (ticket.promptId !== reply.prompt.id) {
      [after] = await tx.update(tickets).set({ promptId: reply.prompt.id }).where(eq(tickets.id, ticket.id)).returning();
    } else {
      [after] = await tx.select().from(tickets).where(eq(tickets.id, ticket.id));
    }
    const view = await presentTicket(tx, after);
    events.add(...stagedEvents(view, rows));
    // the ticket leaves the assistant for the queue's attendants: rooms by queue follow it
    if (reply.handover) events.add(ticketUpdated(view, { before: ticket }));
    return { rows, view };
  });
  if (staged) await sendStaged(ctx, staged.rows, staged.view);
  return staged !== null;
}
