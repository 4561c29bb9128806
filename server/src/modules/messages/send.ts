import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { Tx } from "../../automation/outbox";
import { contacts, messages, tickets, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { MediaFile } from "../../channels/contract";
import { previewOf } from "../../channels/inbound";
import { mediaTypeOf } from "../../media/store";
import { presentTicket, type TicketView } from "../tickets/present";
import { emitAppMessage, emitTicketUpdate } from "../tickets/realtime";
import { presentMessages } from "./present";

type MessageRow = typeof messages.$inferSelect;

export interface Outgoing { body: string; media?: MediaFile; quotedMsgId?: number | null; userId: number | null }

/**
 * Stores the attendant's message first (so it is never lost), then hands it to the ticket's
 * channel; the outcome (sent, or failed and retryable) reaches the browser as a message update.
 */
export async function sendOutbound(ctx: AppContext, ticket: TicketView, out: Outgoing) {
  if (out.quotedMsgId) {
    // a reply quotes a message of this conversation only
    const [quoted] = await ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, ticket.companyId), eq(messages.id, out.quotedMsgId), eq(messages.contactId, ticket.contactId)));
    if (!quoted) throw new AppError("ERR_VALIDATION", 400, { field: "quotedMsg", message: "quotedMsg: Invalid value" });
  }
  const stored = out.media ? await ctx.media.save(ticket.companyId, out.media.data, out.media.filename) : null;
  const { row, ticketRow } = await storeOutbound(ctx.db, ticket, {
    body: out.body,
    mediaType: out.media ? mediaTypeOf(out.media.mimetype) : null,
    mediaPath: stored?.key ?? null,
    mediaName: stored?.filename ?? null,
    quotedMsgId: out.quotedMsgId ?? null,
    userId: out.userId,
  });
  const fresh = await presentTicket(ctx.db, ticketRow);
  const [view] = await presentMessages(ctx.db, ticket.companyId, [row]);
  emitAppMessage(ctx.realtime, fresh, "create", view);
  emitTicketUpdate(ctx.realtime, fresh);
  return deliver(ctx, fresh, row, out.media);
}

type OutboundFields = Pick<typeof messages.$inferInsert, "body" | "mediaType" | "mediaPath" | "mediaName" | "quotedMsgId" | "userId">;

/** Stores an outbound message as pending and makes it the ticket's last message; sending comes after. */
export async function storeOutbound(db: Db | Tx, ticket: Pick<MessageRow, "companyId" | "whatsappId" | "contactId"> & { id: number }, fields: OutboundFields) {
  const [row] = await db
    .insert(messages)
    .values({
      ...fields,
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      contactId: ticket.contactId,
      externalId: `local-${crypto.randomUUID()}`,
      fromMe: true,
      read: true,
      sendStatus: "pending",
      ack: 0,
    })
    .returning();
  const [ticketRow] = await db.update(tickets).set({ lastMessage: previewOf(row), updatedAt: new Date() }).where(eq(tickets.id, ticket.id)).returning();
  return { row, ticketRow };
}

/** Hands a stored outbound message to the channel and records the outcome. */
export async function deliver(ctx: AppContext, ticket: TicketView, row: MessageRow, media?: MediaFile) {
  // one sender per message: a retry, a re-send after a restart and the first send never overlap
  const [claimed] = await ctx.db
    .update(messages)
    .set({ sendStatus: "sending" })
    .where(and(eq(messages.id, row.id), inArray(messages.sendStatus, ["pending", "failed"])))
    .returning({ id: messages.id });
  if (!claimed) {
    const [current] = await ctx.db.select().from(messages).where(eq(messages.id, row.id));
    return (await presentMessages(ctx.db, ticket.companyId, [current ?? row]))[0];
  }
  let outcome: Partial<MessageRow>;
  try {
    if (!ticket.whatsappId) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    const [whatsapp] = await ctx.db.select().from(whatsapps).where(and(eq(whatsapps.companyId, ticket.companyId), eq(whatsapps.id, ticket.whatsappId)));
    if (!whatsapp) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    const [contact] = await ctx.db.select({ number: contacts.number }).from(contacts).where(eq(contacts.id, ticket.contactId));
    const quoted = row.quotedMsgId
      ? (await ctx.db.select({ externalId: messages.externalId }).from(messages).where(and(eq(messages.companyId, ticket.companyId), eq(messages.id, row.quotedMsgId))))[0]
      : undefined;
    const adapter = ctx.channels.adapterFor(whatsapp);
    const options = { quotedExternalId: quoted?.externalId };
    let file = media;
    if (!file && row.mediaPath) file = { data: await ctx.media.read(ticket.companyId, row.mediaPath), filename: row.mediaName ?? "file", mimetype: "" };
    if (file && !file.mimetype) file.mimetype = row.mediaType === "application" ? "application/octet-stream" : `${row.mediaType}/*`;
    const sent = file ? await adapter.sendMedia(contact.number, file, row.body, options) : await adapter.sendText(contact.number, row.body, options);
    outcome = { externalId: sent.externalId, sendStatus: "sent", ack: 1 };
  } catch {
    outcome = { sendStatus: "failed" };
  }
  const [updated] = await ctx.db.update(messages).set({ ...outcome, updatedAt: new Date() }).where(eq(messages.id, row.id)).returning();
  const [view] = await presentMessages(ctx.db, ticket.companyId, [updated]);
  emitAppMessage(ctx.realtime, ticket, "update", view);
  return view;
}
