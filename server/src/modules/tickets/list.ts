import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { containsPattern } from "../../db/like";
import { PAGE_SIZE, type TicketListQuery } from "@balcao/common";
import type { Caller } from "../../context";
import type { Db } from "../../db/client";
import { contacts, messages, ticketTags, tickets } from "../../db/schema";
import { isAdmin } from "../../policies";
import { queueIdsOf } from "../users/queueIds";
import { presentTickets } from "./present";

const dayRange = (column: typeof tickets.createdAt | typeof tickets.updatedAt, day: string) => and(gte(column, new Date(`${day}T00:00:00`)), lt(column, new Date(new Date(`${day}T00:00:00`).getTime() + 86_400_000)));

/**
 * GET /tickets with the spec's section 6 rules: admins may see everything (show all);
 * others see their queues (or the chosen subset of them) and tickets without a queue;
 * without show all, lists hold the caller's own tickets and unassigned ones.
 */
export async function listTickets(db: Db, caller: Caller, q: TicketListQuery) {
  const admin = isAdmin(caller);
  const ownQueues = admin ? [] : await queueIdsOf(db, caller.companyId, caller.id);
  const filters: SQL[] = [eq(tickets.companyId, caller.companyId)];

  const chosen = q.queueIds?.length ? q.queueIds : undefined;
  const allowedQueues = admin ? chosen : (chosen ?? ownQueues).filter((id) => ownQueues.includes(id));
  if (allowedQueues) {
    const queueCond = allowedQueues.length ? or(inArray(tickets.queueId, allowedQueues), isNull(tickets.queueId)) : isNull(tickets.queueId);
    filters.push(admin ? queueCond! : or(queueCond, eq(tickets.userId, caller.id))!);
  }

  if (q.searchParam) {
    const like = containsPattern(q.searchParam);
    // the company's own messages only: otherwise the planner scans every company's messages for the word
    const inMessages = sql`exists (select 1 from ${messages} where ${messages.ticketId} = ${tickets.id} and ${messages.companyId} = ${caller.companyId} and ${messages.body} ilike ${like})`;
    filters.push(or(ilike(contacts.name, like), ilike(contacts.number, like), inMessages)!);
  } else if (!(admin && q.showAll)) {
    filters.push(or(eq(tickets.userId, caller.id), isNull(tickets.userId), eq(tickets.status, "pending"))!);
  }

  if (q.status) filters.push(eq(tickets.status, q.status));
  if (q.date) filters.push(dayRange(tickets.createdAt, q.date)!);
  if (q.updatedAt) filters.push(dayRange(tickets.updatedAt, q.updatedAt)!);
  if (q.withUnreadMessages) filters.push(gt(tickets.unreadMessages, 0));
  if (q.users?.length) filters.push(inArray(tickets.userId, q.users));
  for (const tagId of q.tags ?? []) {
    filters.push(sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.tagId} = ${tagId})`);
  }

  const where = and(...filters);
  const limit = PAGE_SIZE.tickets;
  const offset = (q.pageNumber - 1) * limit;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ticket: tickets })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(limit)
      .offset(offset),
    // every ticket has its contact: the join only matters when the search filters on the contact
    q.searchParam
      ? db.select({ total: count() }).from(tickets).innerJoin(contacts, eq(contacts.id, tickets.contactId)).where(where)
      : db.select({ total: count() }).from(tickets).where(where),
  ]);
  const list = await presentTickets(db, caller.companyId, rows.map((r) => r.ticket));
  return { tickets: list, count: total, hasMore: total > offset + rows.length };
}
