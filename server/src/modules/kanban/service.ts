import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { KANBAN_TICKET_LIMIT, type KanbanTicketsQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { tags, ticketTags, tickets } from "../../db/schema";
import { AppError } from "../../http/errors";
import { seesEveryQueue } from "../../policies";
import { presentTag } from "../tags/present";
import { presentTicket, presentTickets } from "../tickets/present";
import { ticketUpdated } from "../tickets/events";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { loadAccessibleTicket } from "../tickets/service";
import { queueIdsOf } from "../users/queueIds";

/** The company's kanban lanes (tags with kanban = 1), in creation order. */
export async function listKanbanTags(db: Db, caller: Caller) {
  const rows = await db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, caller.companyId), eq(tags.kanban, 1)))
    .orderBy(asc(tags.id));
  return rows.map(presentTag);
}

/**
 * Which tickets the board may show, by the ticket rules (spec section 6): admins and supervisors see every queue
 * (or the chosen ones); others their queues (or the chosen subset), tickets without a queue and their own.
 */
async function visibleTo(db: Db, caller: Caller, chosen: number[] | undefined): Promise<SQL | undefined> {
  if (seesEveryQueue(caller)) {
    return chosen?.length ? or(inArray(tickets.queueId, chosen), isNull(tickets.queueId)) : undefined;
  }
  const own = await queueIdsOf(db, caller.companyId, caller.id);
  const allowed = chosen?.length ? chosen.filter((id) => own.includes(id)) : own;
  return or(allowed.length ? inArray(tickets.queueId, allowed) : undefined, isNull(tickets.queueId), eq(tickets.userId, caller.id));
}

/** GET /ticket/kanban: open and pending tickets, newest activity first, each tag with its kanban flag. */
export async function listKanbanTickets(db: Db, caller: Caller, q: KanbanTicketsQuery) {
  const where = and(eq(tickets.companyId, caller.companyId), inArray(tickets.status, ["open", "pending"]), await visibleTo(db, caller, q.queueIds));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(tickets).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(KANBAN_TICKET_LIMIT),
    db.select({ total: count() }).from(tickets).where(where),
  ]);
  const views = await presentTickets(db, caller.companyId, rows);
  const tagIds = [...new Set(views.flatMap((v) => v.tags.map((t) => t.id)))];
  const lanes = tagIds.length
    ? new Map(
        (
          await db
            .select({ id: tags.id, kanban: tags.kanban })
            .from(tags)
            .where(and(eq(tags.companyId, caller.companyId), inArray(tags.id, tagIds)))
        ).map((t) => [t.id, t.kanban]),
      )
    : new Map<number, number>();
  const list = views.map((v) => ({ ...v, tags: v.tags.map((t) => ({ ...t, kanban: lanes.get(t.id) ?? 0 })) }));
  return { tickets: list, count: total, hasMore: total > rows.length };
}

/** DELETE /ticket-tags/:ticketId: takes the ticket off its kanban lane; its other tags stay. */
export async function removeKanbanTags(ctx: AppContext, caller: Caller, ticketId: number) {
  const ticket = await loadAccessibleTicket(ctx, caller, ticketId);
  const laneIds = ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, caller.companyId), eq(tags.kanban, 1)));
  await command(ctx, async (tx, events) => {
    await tx.delete(ticketTags).where(and(eq(ticketTags.companyId, caller.companyId), eq(ticketTags.ticketId, ticket.id), inArray(ticketTags.tagId, laneIds)));
    events.add(ticketUpdated(await presentTicket(tx, ticket), { actor: actorOf(caller) }));
  });
  return { message: "Ticket tags removed successfully." };
}

/** PUT /ticket-tags/:ticketId/:tagId: adds one of the company's tags to the ticket (again is harmless). */
export async function addTicketTag(ctx: AppContext, caller: Caller, ticketId: number, tagId: number) {
  const ticket = await loadAccessibleTicket(ctx, caller, ticketId);
  const [tag] = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, caller.companyId), eq(tags.id, tagId)));
  if (!tag) throw new AppError("ERR_NOT_FOUND", 404, { field: "tagId" });
  await command(ctx, async (tx, events) => {
    await tx.insert(ticketTags).values({ companyId: caller.companyId, ticketId: ticket.id, tagId: tag.id }).onConflictDoNothing();
    events.add(ticketUpdated(await presentTicket(tx, ticket), { actor: actorOf(caller) }));
  });
  return { ticketId: ticket.id, tagId: tag.id };
}
