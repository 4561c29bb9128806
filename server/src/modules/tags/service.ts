import { and, asc, eq, inArray } from "drizzle-orm";
import type { CreateTagBody, SyncTagsBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { tags, ticketTags, tickets } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { authorize } from "../../policies";
import { canAccessTicket } from "../../policies/tickets";
import { findTicket, presentTicket } from "../tickets/present";
import { ticketUpdated } from "../tickets/events";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { queueIdsOf } from "../users/queueIds";
import { presentTag, presentTagRecord, presentTagWithCount } from "./present";
import { tagCreated } from "./events";

export async function listTags(db: Db, caller: Caller) {
  const rows = await db.select().from(tags).where(eq(tags.companyId, caller.companyId)).orderBy(asc(tags.name), asc(tags.id));
  return rows.map(presentTag);
}

/** Any user may create a tag; only admins and supervisors may make it a kanban lane. */
export async function createTag(ctx: AppContext, caller: Caller, body: CreateTagBody) {
  if (body.kanban === 1) authorize(caller, "tags:kanban");
  return command(ctx, async (tx, events) => {
    const [row] = await tx.insert(tags).values({ companyId: caller.companyId, name: body.name, color: body.color, kanban: body.kanban, userId: caller.id }).returning();
    events.add(tagCreated(presentTagWithCount(row, 0), actorOf(caller)));
    return presentTagRecord(row);
  });
}

/** The ticket's tags become exactly `body.tags`; the ticket's lists and chat box are told. */
export async function syncTicketTags(ctx: AppContext, caller: Caller, body: SyncTagsBody) {
  const ticket = await findTicket(ctx.db, caller.companyId, body.ticketId);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  if (!canAccessTicket(caller, await queueIdsOf(ctx.db, caller.companyId, caller.id), ticket)) throw forbidden();
  const tagIds = [...new Set(body.tags.map((t) => t.id))];
  await command(ctx, async (tx, events) => {
    // One sync of a ticket at a time: the row lock orders concurrent replacements.
    const [locked] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.id, ticket.id)))
      .for("update");
    if (!locked) throw new AppError("ERR_NO_TICKET_FOUND", 404);
    if (tagIds.length) {
      const found = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, caller.companyId), inArray(tags.id, tagIds)));
      if (found.length !== tagIds.length) throw new AppError("ERR_NOT_FOUND", 404, { field: "tags" });
    }
    await tx.delete(ticketTags).where(and(eq(ticketTags.companyId, caller.companyId), eq(ticketTags.ticketId, ticket.id)));
    if (tagIds.length) {
      await tx
        .insert(ticketTags)
        .values(tagIds.map((tagId) => ({ companyId: caller.companyId, ticketId: ticket.id, tagId })))
        .onConflictDoNothing();
    }
    events.add(ticketUpdated(await presentTicket(tx, ticket), { actor: actorOf(caller) }));
  });
  return { ok: true };
}
