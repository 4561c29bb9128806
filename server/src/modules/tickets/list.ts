import { PAGE_SIZE, SEARCH_COUNT_CAP, type TicketListQuery } from "@balcao/common";
import type { Caller } from "../../context";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { SqlParams } from "../../db/sqlParams";
import { seesEveryQueue } from "../../policies";
import { ticketViewRows } from "./viewJson";

/**
 * Above this many estimated matching messages, a text search walks the newest tickets and checks
 * each one's messages, instead of collecting every matching message through the trigram index.
 */
const COMMON_WORD_MESSAGES = 2_000;

/** A list's order: newest first, the id breaking ties. */
const NEWEST = "order by t.updated_at desc, t.id desc";

const startOfDay = (day: string) => new Date(`${day}T00:00:00`);
const nextDay = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

/**
 * GET /tickets with the spec's section 6 rules: admins and supervisors may see everything (show all);
 * others see their queues (or the chosen subset of them) and tickets without a queue;
 * without show all, lists hold the caller's own tickets and unassigned ones.
 * One statement answers the page and its count, as the JSON text of the response.
 */
export async function listTickets(database: Database, caller: Caller, q: TicketListQuery, opts: { commonWordMessages?: number; mergeQueues?: boolean } = {}): Promise<string> {
  const p = new SqlParams();
  const company = p.add(caller.companyId);
  let meParam: string | undefined;
  // added on first use: every placeholder of a statement must appear in it
  const me = () => (meParam ??= p.add(caller.id));
  const where = [`t.company_id = ${company}`];
  const admin = seesEveryQueue(caller);

  // the queues in view: an admin's chosen ones (or all), an attendant's own (those of them chosen),
  // always with the tickets of no queue, and for an attendant also the tickets assigned to them
  const chosen = q.queueIds?.length ? p.add(q.queueIds) : null;
  let scope: QueueScope | null = null;
  if (admin) {
    if (chosen) scope = { queues: `${chosen}::int[]` };
  } else {
    const own = `array(select uq.queue_id from user_queues uq where uq.company_id = ${company} and uq.user_id = ${me()}${chosen ? ` and uq.queue_id = any(${chosen}::int[])` : ""})`;
    scope = { queues: own, attendant: { id: me(), otherQueues: `array(select q.id from queues q where q.company_id = ${company} and q.id <> all(${own}))` } };
  }
  const inScope = scope && `(t.queue_id = any(${scope.queues}) or t.queue_id is null${scope.attendant ? ` or t.user_id = ${scope.attendant.id}` : ""})`;

  let commonWord = false;
  /** Set when a list by status holds only the caller's tickets and nobody's. */
  let ownOrNobody: string | undefined;
  if (q.searchParam) {
    const like = containsPattern(q.searchParam);
    commonWord = (await estimatedMatches(database, caller.companyId, like)) > (opts.commonWordMessages ?? COMMON_WORD_MESSAGES);
    const pattern = p.add(like);
    const matchingContacts = `select c.id from contacts c where c.company_id = ${company} and c.search_text like lower(${pattern})`;
    if (commonWord) {
      // each ticket, newest first, is checked on its own ("offset 0" keeps the check per ticket),
      // so a common word stops at the first page of matches
      const inMessages = `exists (select 1 from messages m where m.ticket_id = t.id and m.company_id = ${company} and m.body ilike ${pattern} offset 0)`;
      where.push(`(t.contact_id in (${matchingContacts}) or ${inMessages})`);
    } else {
      // a rarer word: its few tickets are collected through the trigram indexes first
      // (an "or" of two subqueries would check every ticket of the company against both)
      where.push(`t.id in (select m.ticket_id from messages m where m.company_id = ${company} and m.body ilike ${pattern}
        union all select k.id from tickets k where k.company_id = ${company} and k.contact_id in (${matchingContacts}))`);
    }
  } else if (!(admin && q.showAll) && q.status !== "pending") {
    // pending tickets are in view whoever holds them: a list of them needs no condition on the attendant
    if (q.status) ownOrNobody = me();
    else where.push(`(t.user_id = ${me()} or t.user_id is null or t.status = 'pending')`);
  }

  if (q.status) where.push(`t.status = ${p.add(q.status)}`);
  if (q.users?.length) where.push(`t.user_id = any(${p.add(q.users)}::int[])`);
  // so far every condition reads only the company, status, queue and attendant: the kept counts answer them
  const countable = !q.searchParam && !q.date && !q.updatedAt && !q.withUnreadMessages && !q.tags?.length;
  if (q.date) where.push(`t.created_at >= ${p.add(startOfDay(q.date))} and t.created_at < ${p.add(nextDay(q.date))}`);
  if (q.updatedAt) where.push(`t.updated_at >= ${p.add(startOfDay(q.updatedAt))} and t.updated_at < ${p.add(nextDay(q.updatedAt))}`);
  if (q.withUnreadMessages) where.push("t.unread_messages > 0");
  for (const tagId of q.tags ?? []) where.push(`exists (select 1 from ticket_tags tt where tt.ticket_id = t.id and tt.tag_id = ${p.add(tagId)})`);

  const limit = PAGE_SIZE.tickets;
  // the first page's offset is written in the statement: with a parameter there, PostgreSQL
  // estimates a generic plan as reading a tenth of the tickets, so it planned the prepared
  // statement again on every call (bench/diagnose/queries.ts --plans)
  const firstPage = q.pageNumber === 1;
  const offset = firstPage ? "0" : p.add((q.pageNumber - 1) * limit);
  const holder = ownOrNobody && `(t.user_id = ${ownOrNobody} or t.user_id is null)`;
  const filter = [...where, ...(holder ? [holder] : []), ...(inScope ? [inScope] : [])].join(" and ");
  const page =
    scope && q.status && !q.searchParam && opts.mergeQueues !== false
      ? mergedPage(where.join(" and "), scope, firstPage ? String(limit + 1) : p.add(q.pageNumber * limit + 1), ownOrNobody)
      : `select t.* from tickets t where ${filter}`;
  // every matching ticket is counted, except for a common search word: counting all of those
  // costs a scan of every matching message, and the search tab shows no count
  const count = countable
    ? `(select coalesce(sum(t.n), 0) from ticket_counts t where ${filter})`
    : commonWord
      ? `(select count(*) from (select 1 from tickets t where ${filter} limit ${p.add(SEARCH_COUNT_CAP)}) capped)`
      : `(select count(*) from tickets t where ${filter})`;
  const text = `with page as (
      ${page} ${NEWEST} limit ${limit + 1} offset ${offset}),
    shown as (select * from page order by updated_at desc, id desc limit ${limit}),
    total as (select ${count} as n)
    select json_build_object(
      -- the views come in the page's order (json_agg keeps the order of a sorted subquery)
      'tickets', coalesce((select json_agg(v) from (${ticketViewRows("shown")} order by p.updated_at desc, p.id desc) v), '[]'::json),
      'count', ${commonWord ? `greatest(total.n, ${offset} + (select count(*) from page))` : "total.n"},
      'hasMore', (select count(*) from page) > ${limit}
    )::text as body from total`;
  // a search's plan depends on its word (see above): planned each time; first pages reuse theirs
  const [row] = await database.query<{ body: string }>(text, p.values, { prepared: !q.searchParam && firstPage });
  return row.body;
}

/**
 * The queues in view (an SQL int[]) and, for an attendant, their id and the company's other queues
 * (an SQL int[]): their tickets in other queues are in view too.
 */
interface QueueScope {
  queues: string;
  attendant?: { id: string; otherQueues: string };
}

/**
 * The tickets of a status in view, newest first, as one ordered walk per queue (index tickets_company_status_queue_updated_idx),
 * one over the tickets of no queue and one over the attendant's tickets elsewhere, each stopping after
 * `upTo` rows, merged. Each walk costs the same whatever the queue's size, so PostgreSQL keeps one plan
 * for every company: with "queue in (…) or no queue" as a filter, a generic plan expected a few tickets
 * and sorted all of them, and for a large company it planned the statement again on every call
 * (0.8 ms of 2.2; bench/README, Conclusions: "ticket lists that keep their plan"). The queues
 * go through array(…) so that the planner
 * cannot count them in either plan: a company's own plan, which saw 2 queues where the kept one
 * assumed 10, looked cheaper and was made again on every call.
 * A list of only the caller's tickets and nobody's (`ownOrNobody`, the caller's id) walks each queue
 * twice, once for each holder, and an attendant's tickets elsewhere are walked in each other queue of
 * the company (index tickets_company_status_queue_user_updated_idx): one walk over the queue, or over
 * all the attendant's tickets, would read rows only to leave them out (bench/README,
 * Conclusions: "walks of one holder, the lists after inbound").
 */
function mergedPage(rest: string, scope: QueueScope, upTo: string, ownOrNobody?: string) {
  // Each walk is in NEWEST order, as the index gives it: the order names the columns the walk fixes
  // (its queue, and its holder when it has one), since the planner takes "is null" for a filter, not
  // for an equality, and would otherwise read and sort every ticket of no queue (3,688 pending ones
  // after the bench's inbound part; bench/README, Conclusions: "walks of one holder, the lists
  // after inbound"). Ordered by the holder, a walk of one
  // holder takes the holder's index, which only the generic plan's guess of many tickets of nobody
  // would otherwise turn away from.
  const walk = (condition: string, holder: string) =>
    `(select t.* from tickets t where ${rest} and ${condition}${holder} order by t.queue_id desc,${holder ? " t.user_id desc," : ""} t.updated_at desc, t.id desc limit ${upTo})`;
  const holders = ownOrNobody ? [` and t.user_id = ${ownOrNobody}`, " and t.user_id is null"] : [""];
  const eachOf = (queues: string, holder: string) => `select b.* from (select unnest(array(select distinct unnest(${queues}))) as id) bq cross join lateral ${walk("t.queue_id = bq.id", holder)} b`;
  return `select t.* from (
      ${holders.map((h) => eachOf(scope.queues, h)).join(" union all ")}
      ${holders.map((h) => `union all ${walk("t.queue_id is null", h)}`).join(" ")}
      ${scope.attendant ? `union all ${eachOf(scope.attendant.otherQueues, ` and t.user_id = ${scope.attendant.id}`)}` : ""}
    ) t`;
}

/** The planner's estimate of the company's messages containing a pattern (trigram statistics). */
async function estimatedMatches(database: Database, companyId: number, like: string) {
  const [row] = await database.query<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>("explain (format json) select 1 from messages where company_id = $1 and body ilike $2", [companyId, like]);
  return row["QUERY PLAN"][0].Plan["Plan Rows"];
}
