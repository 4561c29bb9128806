import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { contacts, integrationSessions, messages, queueIntegrations, tickets } from "../../db/schema";
import { unseal } from "../../channels/sealing";
import { parseServiceAccount } from "../../modules/queueIntegrations/secrets";
import type { HandedMessage, IntegrationAnswer } from "./answer";
import { detectIntent } from "./dialogflow";
import { askTypebot } from "./typebot";
import { askWebhook } from "./webhook";

type TicketRow = typeof tickets.$inferSelect;

/** What the integration is told: the ticket, its contact and the customer's message. */
async function handedOf(ctx: AppContext, ticket: TicketRow, messageId: number): Promise<HandedMessage | null> {
  const [row] = await ctx.db
    .select({ message: messages, contact: contacts })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.companyId, ticket.companyId), eq(messages.id, messageId)));
  if (!row) return null;
  return {
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId, whatsappId: ticket.whatsappId, contact: { id: row.contact.id, name: row.contact.name, number: row.contact.number } },
    message: { id: row.message.id, body: row.message.body ?? "", mediaType: row.message.mediaType ?? null, createdAt: row.message.createdAt.toISOString() },
  };
}

/** Hands one customer message to the ticket's integration and answers what it made of it; null when there is nothing to ask. */
export async function askIntegration(ctx: AppContext, ticket: TicketRow, integrationId: number, messageId: number): Promise<IntegrationAnswer | null> {
  const [integration] = await ctx.db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, ticket.companyId), eq(queueIntegrations.id, integrationId)));
  if (!integration) return { messages: [], handOver: true };
  const handed = await handedOf(ctx, ticket, messageId);
  if (!handed) return null;
  const allowPrivate = ctx.config.webhooksAllowPrivateHosts;
  const sealed = (value: string) => (value ? unseal(ctx.config.dataDir, value) : "");
  switch (integration.type) {
    case "typebot": {
      const [session] = await ctx.db
        .select()
        .from(integrationSessions)
        .where(and(eq(integrationSessions.companyId, ticket.companyId), eq(integrationSessions.ticketId, ticket.id)));
      const live = session && session.integrationId === integration.id ? session : null;
      return askTypebot(integration, live, handed, allowPrivate);
    }
    case "n8n":
    case "webhook":
      return askWebhook(integration, sealed(integration.secret), handed, allowPrivate);
    case "dialogflow": {
      const answer = await detectIntent({
        apiUrl: ctx.config.dialogflowApiUrl,
        projectName: integration.projectName,
        account: parseServiceAccount(sealed(integration.jsonContent)),
        language: integration.language,
        sessionId: `balcao-${ticket.uuid}`,
        text: handed.message.body,
        allowPrivate,
      });
      return { messages: answer.texts.map((body) => ({ body })), handOver: answer.ended };
    }
    default:
      return { messages: [], handOver: true };
  }
}
