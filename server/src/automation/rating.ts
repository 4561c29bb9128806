import { and, desc, eq, gt, isNotNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { contacts, ticketTrackings, tickets, whatsapps } from "../db/schema";
import type { InboundMessage } from "../channels/contract";
import { receiveInbound } from "../channels/inbound";
import { Reply } from "./botContext";
import { releaseStaged } from "./outbox";

/** How long a rating question waits for its answer. */
const RATING_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The customer's answer to the rating question of a resolved ticket: 1, 2 or 3 is stored on
 * that ticket and recorded against its attendant, then the closing message goes out. Anything
 * else drops the question and the message takes the usual way (returns null).
 */
export async function receiveRating(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage) {
  if (inbound.fromMe || inbound.isGroup || inbound.mediaType) return null;
  const [pending] = await ctx.db
    .select({ trackingId: ticketTrackings.id, ticketId: tickets.id })
    .from(ticketTrackings)
    .innerJoin(tickets, eq(tickets.id, ticketTrackings.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(
      and(
        eq(ticketTrackings.companyId, whatsapp.companyId),
        eq(tickets.whatsappId, whatsapp.id),
        eq(contacts.number, inbound.number.replace(/\D/g, "")),
        eq(tickets.status, "closed"),
        eq(ticketTrackings.rated, false),
        isNotNull(ticketTrackings.ratingAt),
        gt(ticketTrackings.ratingAt, new Date(Date.now() - RATING_WINDOW_MS)),
      ),
    )
    .orderBy(desc(ticketTrackings.id))
    .limit(1);
  if (!pending) return null;
  const rate = /^\s*([123])\s*$/.exec(inbound.body ?? "")?.[1];
  if (!rate) {
    await ctx.db.update(ticketTrackings).set({ rated: true, updatedAt: new Date() }).where(eq(ticketTrackings.id, pending.trackingId));
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
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, pending.ticketId));
    const [connection] = await tx.select({ complationMessage: whatsapps.complationMessage }).from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
    const reply = new Reply(tx, ticket, stored.ticket.contact.name);
    await reply.say(connection?.complationMessage);
    return reply.staged;
  });
  await releaseStaged(ctx, staged);
  return stored;
}
