import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { messages, promptHandovers, promptReplies, prompts, queues, tickets, whatsapps } from "../../db/schema";
import { planAllows } from "../../policies/plan";
import { sql } from "drizzle-orm";

type TicketRow = typeof tickets.$inferSelect;
/** The ticket as the customer's message was stored with it (the event's own view), when known. */
export type TicketAsStored = Pick<TicketRow, "status" | "userId" | "queueId" | "chatbot" | "isGroup">;

/** Only tickets nobody holds, waiting, and never groups, are the assistant's. */
const unheld = (t: TicketAsStored) => t.status === "pending" && t.userId === null && !t.isGroup;

/**
 * The prompt that answers a customer's message, or null. A prompt of the ticket or its connection
 * owns the whole conversation (the queue menu keeps quiet, see inboundBot.ts). A prompt of the
 * ticket's queue answers once the menu is done with the ticket: it was in the queue, outside the
 * options tree, when the message came, and the message did not open it (the menu greets those).
 * Without the ticket as stored (a redelivered event) the message is left alone if anything was
 * said after it: the menu may have answered it.
 */
export async function promptFor(ctx: AppContext, companyId: number, messageId: number, stored: TicketAsStored | null, opened: boolean): Promise<{ promptId: number; ticketId: number } | null> {
  const [message] = await ctx.db
    .select({ ticketId: messages.ticketId, fromMe: messages.fromMe })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
  if (!message || message.fromMe) return null;
  const [ticket] = await ctx.db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, message.ticketId)));
  if (!ticket || !unheld(ticket) || (stored && !unheld(stored))) return null;
  const [handedOver] = await ctx.db.select({ ticketId: promptHandovers.ticketId }).from(promptHandovers).where(and(eq(promptHandovers.companyId, companyId), eq(promptHandovers.ticketId, ticket.id)));
  if (handedOver) return null;
  let promptId = ticket.promptId;
  if (!promptId && ticket.whatsappId) {
    const [connection] = await ctx.db.select({ promptId: whatsapps.promptId }).from(whatsapps).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, ticket.whatsappId)));
    promptId = connection?.promptId ?? null;
  }
  if (!promptId) {
    const asStored = stored ?? ticket;
    if (asStored.queueId === null || asStored.chatbot || opened) return null;
    const [queue] = await ctx.db.select({ promptId: queues.promptId }).from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, asStored.queueId)));
    promptId = queue?.promptId ?? null;
    if (promptId && !stored && (await saidAfter(ctx, companyId, ticket.id, messageId))) return null;
  }
  if (!promptId) return null;
  const [prompt] = await ctx.db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.companyId, companyId), eq(prompts.id, promptId)));
  if (!prompt || !(await planAllows(ctx.db, companyId, "useOpenAi"))) return null;
  return { promptId: prompt.id, ticketId: ticket.id };
}

async function saidAfter(ctx: AppContext, companyId: number, ticketId: number, messageId: number) {
  const [row] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, true), sql`${messages.id} > ${messageId}`))
    .limit(1);
  return !!row;
}

/** Records that the message is the assistant's to answer; false when it already was (a redelivery). */
export async function recordDue(ctx: AppContext, companyId: number, messageId: number, owner: { promptId: number; ticketId: number }) {
  const rows = await ctx.db.insert(promptReplies).values({ companyId, messageId, ticketId: owner.ticketId, promptId: owner.promptId }).onConflictDoNothing().returning({ messageId: promptReplies.messageId });
  return rows.length > 0;
}
