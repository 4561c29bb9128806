import crypto from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { companies, contacts, plans, tickets, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { MediaFile } from "../../channels/contract";
import { presentTicket } from "../tickets/present";
import { sendOutbound } from "../messages/send";
import { companyRefused } from "../companies/sendingAllowed";
import { isCompanyExpired } from "../companies/dueDate";

type WhatsappRow = typeof whatsapps.$inferSelect;

class TicketRace extends Error {}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * The connection a bearer token belongs to; its company is the caller's whole scope.
 * A company past its due date refuses (402), and a plan without the external API, like the page does.
 */
export async function connectionOfToken(ctx: AppContext, token: string | undefined): Promise<WhatsappRow> {
  if (!token || token.length > 200) throw new AppError("ERR_INVALID_TOKEN", 401);
  const [row] = await ctx.db
    .select({ whatsapp: whatsapps, useExternalApi: plans.useExternalApi, dueDate: companies.dueDate, companyActive: companies.status })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(whatsapps.token, token));
  if (!row || !safeEqual(token, row.whatsapp.token)) throw new AppError("ERR_INVALID_TOKEN", 401);
  if (isCompanyExpired({ dueDate: row.dueDate, status: row.companyActive })) throw companyRefused({ dueDate: row.dueDate, status: row.companyActive });
  if (row.useExternalApi === false) throw new AppError("ERR_NO_PERMISSION", 403);
  return row.whatsapp;
}

/**
 * The contact (by number, in the connection's company) and its open or pending ticket on this
 * connection — or a new pending, unassigned ticket, so attendants see the conversation.
 * The partial unique index tickets_one_active_per_contact decides races.
 */
export async function activeTicketFor(ctx: AppContext, whatsapp: WhatsappRow, number: string) {
  const companyId = whatsapp.companyId;
  const run = () =>
    ctx.db.transaction(async (tx) => {
      const [contact] = await tx
        .insert(contacts)
        .values({ companyId, name: number, number, whatsappId: whatsapp.id })
        .onConflictDoUpdate({ target: [contacts.companyId, contacts.number], targetWhere: sql`number <> ''`, set: { updatedAt: new Date() } })
        .returning();
      await tx
        .insert(tickets)
        .values({ companyId, contactId: contact.id, whatsappId: whatsapp.id, status: "pending" })
        .onConflictDoNothing({ target: [tickets.companyId, tickets.contactId, tickets.whatsappId], where: sql`status in ('open', 'pending')` });
      const [ticket] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id), eq(tickets.whatsappId, whatsapp.id), inArray(tickets.status, ["open", "pending"])))
        .orderBy(desc(tickets.id))
        .limit(1);
      // closed between the insert and the read: start over once
      if (!ticket) throw new TicketRace();
      return ticket;
    });
  const row = await run().catch((err) => (err instanceof TicketRace ? run() : Promise.reject(err)));
  return presentTicket(ctx.db, row);
}

/**
 * Sends from the company through the token's connection: text, or each file (the caption goes
 * with the first). Nothing is stored when the connection is not connected.
 */
export async function sendExternal(ctx: AppContext, whatsapp: WhatsappRow, input: { number: string; body: string; files: MediaFile[] }) {
  if (whatsapp.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  const ticket = await activeTicketFor(ctx, whatsapp, input.number);
  const sent = [];
  if (input.files.length === 0) sent.push(await sendOutbound(ctx, ticket, { body: input.body, userId: null }));
  for (const [i, file] of input.files.entries()) sent.push(await sendOutbound(ctx, ticket, { body: i === 0 ? input.body : "", media: file, userId: null }));
  const failed = sent.find((m) => m.sendStatus === "failed");
  // stored and retryable from the ticket, but the caller must know it did not go out
  if (failed) throw new AppError("ERR_SENDING_WAPP_MSG", 400, { messageId: failed.id, ticketId: ticket.id });
  const [fresh] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
  return { message: sent[0], messages: sent, ticket: await presentTicket(ctx.db, fresh) };
}
