import type { Listener } from "../events/types";
import { onCustomerMessage, onTicketMoved } from "../automation/integrations/activation";

interface Given {
  status: string;
  userId: number | null;
  isGroup: boolean;
  useIntegration: boolean;
  integrationId: number | null;
}

const mayHold = (t: Given) => t.status === "pending" && !t.userId && !t.isGroup && (t.useIntegration || t.integrationId === null);

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
      // the ticket as the message left it: one an attendant holds, or handed over, costs no read
      const given = (event.transient as { ticket?: Given } | undefined)?.ticket;
      if (given && !mayHold(given)) return;
      const messageId = data.messageId;
      return { settled: onCustomerMessage(ctx, companyId, ticketId, messageId).catch((err) => ctx.log?.warn({ err, ticketId }, "integration not handed the message")) };
    }
    // only a move (a queue chosen or changed) can give a ticket to an integration
    if (!data.before) return;
    return { settled: onTicketMoved(ctx, companyId, ticketId).catch((err) => ctx.log?.warn({ err, ticketId }, "integration not started")) };
  },
};
