import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DomainEvent, Listener } from "../events/types";
import { messages, tickets } from "../db/schema";
import { automateInbound, type InboundOutcome } from "../automation/inboundBot";
import type { TicketView } from "../modules/tickets/present";

interface Data {
  messageId: number;
  ticketId: number;
  fromMe: boolean;
  opened?: boolean;
}

/** The customer's message as the bot needs it: from the command's memory, or read again after a stop. */
async function outcomeOf(ctx: AppContext, event: DomainEvent, data: Data): Promise<InboundOutcome | null> {
  const given = event.transient as { ticket?: TicketView; message?: { body: string } } | undefined;
  const [message] = given?.message
    ? [given.message]
    : await ctx.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.companyId, event.companyId!), eq(messages.id, data.messageId)));
  if (!message) return null;
  const [ticket] = given?.ticket
    ? [given.ticket]
    : await ctx.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, event.companyId!), eq(tickets.id, data.ticketId)));
  if (!ticket) return null;
  return { companyId: event.companyId!, ticketId: data.ticketId, created: !!data.opened, body: message.body, fromMe: data.fromMe, ticket };
}

/** Greeting, queue menu, chatbot and out-of-hours notices answer a customer's stored message. */
export const inboundAutomation: Listener = {
  name: "automation.inbound",
  accepts: (type) => type === "message.created",
  async handle(ctx, event) {
    const data = event.data as unknown as Data;
    if (data.fromMe) return;
    const outcome = await outcomeOf(ctx, event, data);
    // handed to the bot in order, answered with the ticket's other messages that come meanwhile
    if (outcome) return { settled: automateInbound(ctx, outcome) };
  },
};
