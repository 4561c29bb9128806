import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { ticketTrackings, tickets, whatsapps } from "../db/schema";
import { rowsOf } from "../channels/sqlRows";
import type { InboundMessage } from "../channels/contract";
import { receiveInbound } from "./inbound";
import { Reply } from "./botContext";
import { releaseStaged } from "./outbox";
import { awaitingRating } from "./ratingWindow";

/** Whether a message can answer the rating question: the customer's own text. */
export const mayAnswerRating = (inbound: InboundMessage) => !inbound.fromMe && !inbound.isGroup && !inbound.mediaType && !!inbound.number;

/**
 * The customer's answer to the rating question of a resolved ticket: 1, 2 or 3 is stored on
 * that ticket and recorded against its attendant, then the closing message goes out. Anything
 * else drops the question and the message takes the usual way (returns null).
 */
export async function receiveRating(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage) {
  if (!mayAnswerRating(inbound)) return null;
  // on every customer message: hand-written, and served by ticket_trackings_awaiting_rating_idx
  const [pending] = await rowsOf<{ trackingId: number; ticketId: number }>(
    ctx.db,
    sql`select tr.id as "trackingId", t.id as "ticketId" ${awaitingRating(whatsapp.companyId, whatsapp.id, inbound.number.replace(/\D/g, ""))}
        order by tr.id desc limit 1`,
    "balcao_rating_awaiting",
  );
  if (!pending) return null;
  const rate = /^\s*([123])\s*$/.exec(inbound.body ?? "")?.[1];
  if (!rate) {
    await ctx.db
      .update(ticketTrackings)
      .set({ rated: true, updatedAt: new Date() })
      .where(and(eq(ticketTrackings.companyId, whatsapp.companyId), eq(ticketTrackings.id, pending.trackingId)));
    return null;
  }
  const stored = await receiveInbound(ctx, whatsapp, inbound, { intoTicketId: pending.ticketId });
  if (stored.duplicate) return stored;
  const staged = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(ticketTrackings)
      .set({ rated: true, rate: Number(rate), updatedAt: new Date() })
      .where(and(eq(ticketTrackings.id, pending.trackingId), eq(ticketTrackings.rated, false)))
      .returning();
    if (!claimed) return [];
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, whatsapp.companyId), eq(tickets.id, pending.ticketId)));
    const [connection] = await tx
      .select({ complationMessage: whatsapps.complationMessage })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, whatsapp.companyId), eq(whatsapps.id, whatsapp.id)));
    const reply = new Reply(tx, ticket, stored.ticket.contact.name);
    await reply.say(connection?.complationMessage);
    return reply.staged;
  });
  await releaseStaged(ctx, staged);
  return stored;
}
