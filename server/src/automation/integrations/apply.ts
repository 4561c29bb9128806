import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { integrationCalls, integrationSessions, tags, ticketTags, tickets } from "../../db/schema";
import { command } from "../../events/command";
import { presentTicket } from "../../modules/tickets/present";
import { ticketUpdated } from "../../modules/tickets/events";
import { sendStaged, stagedEvents, type Tx } from "../outbox";
import { storeOutbound } from "../../modules/messages/send";
import { mediaTypeOf } from "../../media/store";
import { stageTicketChange } from "../transitions";
import type { IntegrationAnswer, MediaKind, OutgoingMessage } from "./answer";
import { fetchFile } from "./httpJson";

type TicketRow = typeof tickets.$inferSelect;
type CallRow = typeof integrationCalls.$inferSelect;

/** The integration still holds the ticket: waiting, nobody took it, not handed over since. */
export const heldBy = (ticket: TicketRow | undefined, integrationId: number): ticket is TicketRow =>
  !!ticket && ticket.status === "pending" && ticket.userId === null && !ticket.isGroup && ticket.useIntegration && ticket.integrationId === integrationId;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ticket's change an action asks for; the integration lets go of the ticket unless it only tags. */
async function changeFor(tx: Tx, ticket: TicketRow, answer: IntegrationAnswer): Promise<Partial<TicketRow> | null> {
  const action = answer.action;
  if (action?.type === "tag") {
    const [tag] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, ticket.companyId), eq(tags.id, action.tagId)));
    if (tag) await tx.insert(ticketTags).values({ companyId: ticket.companyId, ticketId: ticket.id, tagId: tag.id }).onConflictDoNothing();
  }
  if (action?.type === "close") return { status: "closed", useIntegration: false, integrationId: null, unreadMessages: 0, chatbot: false };
  if (action?.type === "transfer") {
    const change: Partial<TicketRow> = { useIntegration: false, chatbot: false };
    if (action.queueId) change.queueId = action.queueId;
    if (action.userId) Object.assign(change, { userId: action.userId, status: "open" });
    return change;
  }
  if (answer.handOver) return { useIntegration: false, chatbot: false };
  return null;
}

interface Ready {
  body: string;
  media?: { key: string; filename: string; mimetype: string };
}

/** The most a bot's file of each kind may weigh (WhatsApp's own limits); any other file as a document. */
export const MEDIA_LIMITS: Record<MediaKind | "file", number> = { image: 5 * 1024 * 1024, video: 16 * 1024 * 1024, audio: 16 * 1024 * 1024, file: 16 * 1024 * 1024 };

/**
 * Files the bot sent by address, fetched and stored before the answer's transaction, each within
 * its kind's size and of its kind's content type (a Typebot video must answer video/*); one that
 * cannot be fetched, too large or of another type, goes as its address, in a text.
 */
async function fetchMedia(ctx: AppContext, companyId: number, messages: OutgoingMessage[]): Promise<Ready[]> {
  const ready: Ready[] = [];
  for (const m of messages) {
    if (!m.mediaUrl) {
      ready.push({ body: m.body });
      continue;
    }
    try {
      const kind = m.kind;
      const accepts = kind ? (mimetype: string) => mediaTypeOf(mimetype) === kind : undefined;
      const file = await fetchFile(m.mediaUrl, ctx.config.webhooksAllowPrivateHosts, MEDIA_LIMITS[kind ?? "file"], accepts);
      const stored = await ctx.media.save(companyId, file.data, file.filename);
      ready.push({ body: m.body, media: { ...stored, mimetype: file.mimetype } });
    } catch (err) {
      ctx.log?.info({ reason: (err as Error).message }, "a bot's file could not be fetched; its address is sent instead");
      ready.push({ body: [m.body, m.mediaUrl].filter((t) => t.trim()).join("\n") });
    }
  }
  return ready;
}

/**
 * Stores what an integration answered to `call`, once: the call is marked done only while this
 * process still holds its claim and the integration still holds the ticket. Its messages and the
 * ticket's change commit together; the messages are sent afterwards, `delayMs` apart.
 */
export async function applyAnswer(ctx: AppContext, call: CallRow, claim: Date, answer: IntegrationAnswer) {
  const ready = await fetchMedia(ctx, call.companyId, answer.messages);
  const stored = await command(ctx, async (tx, events) => {
    const [done] = await tx
      .update(integrationCalls)
      .set({ status: "done", claimedUntil: null, attempts: call.attempts + 1, lastError: null })
      .where(and(eq(integrationCalls.id, call.id), eq(integrationCalls.status, "pending"), eq(integrationCalls.claimedUntil, claim)))
      .returning();
    if (!done) return null;
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, call.companyId), eq(tickets.id, call.ticketId)))
      .for("update");
    if (!heldBy(ticket, call.integrationId)) return null;
    const session = answer.session;
    await tx
      .insert(integrationSessions)
      .values({ companyId: ticket.companyId, ticketId: ticket.id, integrationId: call.integrationId, sessionId: session?.sessionId ?? null, choices: session?.choices ?? [], lastActivityAt: new Date() })
      .onConflictDoUpdate({
        target: [integrationSessions.companyId, integrationSessions.ticketId],
        set: { integrationId: call.integrationId, lastActivityAt: new Date(), ...(session ? { sessionId: session.sessionId, choices: session.choices } : {}) },
      });
    const staged = [];
    for (const m of ready) {
      const media = m.media ? { mediaType: mediaTypeOf(m.media.mimetype), mediaPath: m.media.key, mediaName: m.media.filename } : {};
      staged.push((await storeOutbound(tx, ticket, { body: m.body, ...media })).row);
    }
    const change = await changeFor(tx, ticket, answer);
    let after = ticket;
    if (change) {
      [after] = await tx.update(tickets).set(change).where(eq(tickets.id, ticket.id)).returning();
      staged.push(...(await stageTicketChange(tx, ticket, after)));
    }
    const [now] = await tx.select().from(tickets).where(eq(tickets.id, ticket.id));
    const view = await presentTicket(tx as unknown as Db, now);
    events.add(...stagedEvents(view, staged));
    if (change || answer.action?.type === "tag") events.add(ticketUpdated(view, { before: ticket }));
    return { staged, view };
  });
  if (!stored) {
    for (const m of ready) if (m.media) await ctx.media.remove(call.companyId, m.media.key).catch(() => undefined);
    return;
  }
  for (const [i, row] of stored.staged.entries()) {
    if (i > 0 && answer.delayMs) await sleep(answer.delayMs);
    await sendStaged(ctx, [row], stored.view);
  }
}

/** The integration gave up on the ticket (its endpoint kept failing): a person takes it, in its queue. */
export async function handOverAfterFailure(ctx: AppContext, call: CallRow, claim: Date, error: string) {
  await command(ctx, async (tx, events) => {
    const [failed] = await tx
      .update(integrationCalls)
      .set({ status: "failed", claimedUntil: null, attempts: call.attempts + 1, lastError: error })
      .where(and(eq(integrationCalls.id, call.id), eq(integrationCalls.status, "pending"), eq(integrationCalls.claimedUntil, claim)))
      .returning();
    if (!failed) return;
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, call.companyId), eq(tickets.id, call.ticketId)))
      .for("update");
    if (!heldBy(ticket, call.integrationId)) return;
    const [after] = await tx.update(tickets).set({ useIntegration: false, chatbot: false }).where(eq(tickets.id, ticket.id)).returning();
    events.add(ticketUpdated(await presentTicket(tx as unknown as Db, after), { before: ticket }));
  });
}
