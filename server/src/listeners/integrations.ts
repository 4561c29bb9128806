import type { Listener } from "../events/types";
import { onCustomerMessage, onTicketMoved } from "../automation/integrations/activation";

/**
 * Queue integrations (Typebot, n8n, webhooks, Dialogflow) answer customers' messages of the tickets
 * they hold. Settled aside: what they answer is an event of the same ticket's stream.
 */
export const queueIntegrationBots: Listener = {
  name: "integrations.queue",
  accepts: (type) => type === "message.created" || type === "ticket.updated",
  async handle(ctx, event) {
    const data = event.data as { messageId?: number; ticketId?: number; fromMe?: boolean; before?: unknown };
    if (!event.companyId || !data.ticketId) return;
    const companyId = event.companyId;
    const ticketId = data.ticketId;
    if (event.type === "message.created") {
      if (data.fromMe || !data.messageId) return;
      const messageId = data.messageId;
      return { settled: onCustomerMessage(ctx, companyId, ticketId, messageId).catch((err) => ctx.log?.warn({ err, ticketId }, "integration not handed the message")) };
    }
    // only a move (a queue chosen or changed) can give a ticket to an integration
    if (!data.before) return;
    return { settled: onTicketMoved(ctx, companyId, ticketId).catch((err) => ctx.log?.warn({ err, ticketId }, "integration not started")) };
  },
};
