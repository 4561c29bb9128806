import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AppContext, Caller } from "../context";
import { contacts, messages, users, whatsapps } from "../db/schema";
import { AppError } from "../http/errors";
import { command } from "../events/command";
import { actorOf } from "../events/actor";
import { presentTicket } from "../modules/tickets/present";
import { messageUpdated } from "../modules/tickets/events";
import { presentMessages } from "../modules/messages/present";
import { loadAccessibleTicket } from "../modules/tickets/service";
import { assertMaySend } from "../modules/companies/sendingAllowed";
import { changeMessage } from "./inbound";

/**
 * The message's reactions with `who`'s replaced: taken back when `emoji` is "", else theirs
 * at the end. `who` is an SQL condition on one reaction `r` (a jsonb element).
 */
function reactionsWith(who: SQL, emoji: string, reaction: SQL) {
  const kept = sql`coalesce((select jsonb_agg(r order by n) from jsonb_array_elements(${messages.reactions}) with ordinality as e(r, n) where not (${who})), '[]'::jsonb)`;
  return emoji === "" ? kept : sql`${kept} || jsonb_build_array(${reaction})`;
}

/**
 * A customer's reaction to a message of the connection: stored on the message (one per
 * customer, a new one replacing the earlier), "" taking it back; the ticket screen hears it as
 * the message's `message.updated`. A reaction to a message the product does not have is dropped.
 */
export function applyCustomerReaction(ctx: AppContext, whatsapp: { id: number; companyId: number }, event: { externalId: string; emoji: string; from: string; name?: string }) {
  const ticket = sql`(select t from tickets t where t.company_id = ${whatsapp.companyId}::int and t.id = ${messages.ticketId})`;
  // in a group each member reacts apart (known by the name they give); elsewhere the one customer
  const group = sql`coalesce((${ticket}).is_group, false)`;
  // the name the customer gave, or the contact's
  const name = sql`coalesce(${event.name?.trim() || null}::text, (select c.name from contacts c where c.id = (${ticket}).contact_id and not (${ticket}).is_group), ${event.from}::text)`;
  const who = sql`r->>'by' = 'contact' and (not ${group} or coalesce(r->>'name', '') = ${name})`;
  const reaction = sql`jsonb_build_object('by', 'contact', 'userId', null, 'name', ${name}, 'emoji', ${event.emoji}::text, 'at', ${new Date().toISOString()}::text)`;
  return changeMessage(ctx, whatsapp, event.externalId, { reactions: reactionsWith(who, event.emoji, reaction), updatedAt: new Date() });
}

/**
 * An attendant reacts to a message of a ticket they may open, on the channel first (the
 * customer sees it), then on the message; `emoji` "" takes their reaction back. Answers the
 * message's view.
 */
export async function reactToMessage(ctx: AppContext, caller: Caller, messageId: number, emoji: string) {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, caller.companyId), eq(messages.id, messageId)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  const ticket = await loadAccessibleTicket(ctx, caller, row.ticketId);
  if (row.isDeleted || (row.sendStatus !== null && row.sendStatus !== "sent") || row.mediaType === "call_log")
    throw new AppError("ERR_VALIDATION", 400, { field: "messageId", message: "messageId: the message cannot take a reaction" });
  await assertMaySend(ctx.db, caller.companyId);
  const whatsappId = row.whatsappId ?? ticket.whatsappId;
  const [whatsapp] = whatsappId
    ? await ctx.db
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, caller.companyId), eq(whatsapps.id, whatsappId)))
    : [];
  const [contact] = await ctx.db
    .select({ number: contacts.number })
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, ticket.contactId)));
  if (!whatsapp || !contact) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  const adapter = ctx.channels.adapterFor(whatsapp);
  if (!adapter.sendReaction) throw new AppError("ERR_SENDING_WAPP_MSG", 400);
  try {
    await adapter.sendReaction(contact.number, { externalId: row.externalId, fromMe: row.fromMe, participant: row.participant ?? undefined }, emoji);
  } catch (err) {
    // a channel that asks to slow down: the attendant reacts again in a moment
    if (err instanceof AppError) throw err;
    throw new AppError("ERR_SENDING_WAPP_MSG", 400);
  }

  const [user] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.id)));
  const reaction = sql`${JSON.stringify({ by: "user", userId: caller.id, name: user?.name ?? null, emoji, at: new Date().toISOString() })}::jsonb`;
  const who = sql`r->>'by' = 'user' and r->>'userId' = ${String(caller.id)}`;
  return command(ctx, async (tx, events) => {
    const [updated] = await tx
      .update(messages)
      .set({ reactions: reactionsWith(who, emoji, reaction), updatedAt: new Date() })
      .where(and(eq(messages.companyId, caller.companyId), eq(messages.id, row.id)))
      .returning();
    const [view] = await presentMessages(tx, caller.companyId, [updated]);
    events.add(messageUpdated(await presentTicket(tx, ticket), view, actorOf(caller)));
    return view;
  });
}
