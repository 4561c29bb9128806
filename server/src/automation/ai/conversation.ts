import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { messages, tickets } from "../../db/schema";
import { messageUpdated } from "../../modules/tickets/events";
import { presentMessages } from "../../modules/messages/present";
import { presentTicket } from "../../modules/tickets/present";
import { publish } from "../../events/command";
import { mimeOf } from "../../media/store";
import { transcribe, type ChatMessage, type Endpoint } from "./openAiClient";

type MessageRow = typeof messages.$inferSelect;

/** How a message reads to the model: its text, what its audio says, or what kind of file it is. */
function contentOf(m: MessageRow) {
  const text = m.transcript?.trim() || m.body.trim();
  if (text) return text;
  return m.mediaType ? `[${m.mediaType}]` : "";
}

/** The prompt as system text, then the ticket's last `maxMessages` messages, oldest first. */
export async function contextOf(ctx: AppContext, companyId: number, ticketId: number, system: string, maxMessages: number): Promise<ChatMessage[]> {
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.id))
    .limit(maxMessages);
  const said: ChatMessage[] = rows
    .reverse()
    .map((m) => ({ role: m.fromMe ? ("assistant" as const) : ("user" as const), content: contentOf(m) }))
    .filter((m) => m.content);
  return [{ role: "system", content: system }, ...said];
}

/**
 * What the customer's audio says, kept on the message (the ticket shows it under the audio) and
 * announced as the message's update. A message already transcribed is not sent again.
 */
export async function transcriptOf(ctx: AppContext, endpoint: Endpoint, companyId: number, messageId: number): Promise<string | null> {
  const [m] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
  if (!m || m.mediaType !== "audio" || !m.mediaPath) return null;
  if (m.transcript) return m.transcript;
  const data = await ctx.media.read(companyId, m.mediaPath);
  const filename = m.mediaName || "audio.ogg";
  const text = await transcribe(endpoint, ctx.config.aiTranscriptionModel, { data, filename, mimetype: mimeOf(filename) === "application/octet-stream" ? "audio/ogg" : mimeOf(filename) });
  const [row] = await ctx.db
    .update(messages)
    .set({ transcript: text })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
    .returning();
  const [ticketRow] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, row.ticketId)));
  if (ticketRow) {
    const ticket = await presentTicket(ctx.db, ticketRow);
    const [view] = await presentMessages(ctx.db, companyId, [row]);
    await publish(ctx, messageUpdated(ticket, view));
  }
  return text;
}
