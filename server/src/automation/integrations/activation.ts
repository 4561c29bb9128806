import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { messages, promptHandovers, queueIntegrations, queues, tickets, whatsapps } from "../../db/schema";
import { command } from "../../events/command";
import { presentTicket } from "../../modules/tickets/present";
import { ticketUpdated } from "../../modules/tickets/events";
import { planAllowsSql } from "../../policies/plan";
import { handToIntegration } from "./calls";

type TicketRow = typeof tickets.$inferSelect;

/** A ticket's customer message entering a queue this long ago or less is handed to the queue's integration. */
const RECENT_MS = 5 * 60_000;

const waiting = (t: TicketRow | undefined): t is TicketRow => !!t && t.status === "pending" && t.userId === null && !t.isGroup;

/** The integration the ticket's queue has or, before it has a queue, its connection's. */
async function integrationFor(ctx: AppContext, ticket: TicketRow): Promise<number | null> {
  let id: number | null = null;
  if (ticket.queueId !== null) {
    const [q] = await ctx.db
      .select({ id: queues.integrationId })
      .from(queues)
      .where(and(eq(queues.companyId, ticket.companyId), eq(queues.id, ticket.queueId)));
    id = q?.id ?? null;
  } else if (ticket.whatsappId !== null) {
    const [w] = await ctx.db
      .select({ id: whatsapps.integrationId })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, ticket.companyId), eq(whatsapps.id, ticket.whatsappId)));
    id = w?.id ?? null;
  }
  if (id === null) return null;
  const [exists] = await ctx.db
    .select({ id: queueIntegrations.id })
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, ticket.companyId), eq(queueIntegrations.id, id)));
  return exists ? id : null;
}

/**
 * Gives the ticket to its queue's (or connection's) integration: useIntegration and integrationId
 * set, once. A ticket handed over before keeps its integrationId with useIntegration off and is not
 * taken again until it closes.
 */
async function activate(ctx: AppContext, ticket: TicketRow): Promise<number | null> {
  if (ticket.useIntegration && ticket.integrationId) return ticket.integrationId;
  if (ticket.integrationId !== null) return null;
  // an AI prompt handed this ticket to a person: no bot takes it again
  const [handed] = await ctx.db
    .select({ id: promptHandovers.ticketId })
    .from(promptHandovers)
    .where(and(eq(promptHandovers.companyId, ticket.companyId), eq(promptHandovers.ticketId, ticket.id)))
    .limit(1);
  if (handed) return null;
  const integrationId = await integrationFor(ctx, ticket);
  if (integrationId === null) return null;
  return command(ctx, async (tx, events) => {
    const [after] = await tx
      .update(tickets)
      .set({ useIntegration: true, integrationId })
      .where(and(eq(tickets.id, ticket.id), eq(tickets.status, "pending"), isNull(tickets.userId), eq(tickets.useIntegration, false), isNull(tickets.integrationId)))
      .returning();
    if (!after) return null;
    events.add(ticketUpdated(await presentTicket(tx as unknown as Db, after)));
    return integrationId;
  });
}

/**
 * The ticket, when it waits and the company's plan lets integrations answer (read together): without
 * integrations in the plan, no integration takes a ticket or answers one it holds, and the queue menu
 * and prompts answer as if there were none (inboundBot.ts, ai/owner.ts).
 */
async function readTicket(ctx: AppContext, companyId: number, ticketId: number) {
  const [row] = await ctx.db
    .select({ ticket: tickets, allowed: planAllowsSql(sql`${tickets.companyId}`, "useIntegrations") })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  return row && row.allowed !== false && waiting(row.ticket) ? row.ticket : undefined;
}

/** A customer's message on a ticket its integration holds, or that enters one now. */
export async function onCustomerMessage(ctx: AppContext, companyId: number, ticketId: number, messageId: number) {
  const ticket = await readTicket(ctx, companyId, ticketId);
  if (!ticket) return;
  // before a queue is chosen the menu answers, unless the connection itself has an integration
  const integrationId = await activate(ctx, ticket);
  if (integrationId !== null) await handToIntegration(ctx, { companyId, ticketId, messageId, integrationId });
}

/** A ticket moved (into a queue with an integration): its last customer message is handed over. */
export async function onTicketMoved(ctx: AppContext, companyId: number, ticketId: number) {
  const ticket = await readTicket(ctx, companyId, ticketId);
  if (!ticket || ticket.useIntegration || ticket.integrationId !== null || ticket.queueId === null) return;
  const integrationId = await activate(ctx, ticket);
  if (integrationId === null) return;
  const [last] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false), gte(messages.createdAt, new Date(Date.now() - RECENT_MS))))
    .orderBy(desc(messages.id))
    .limit(1);
  if (last) await handToIntegration(ctx, { companyId, ticketId, messageId: last.id, integrationId });
}
