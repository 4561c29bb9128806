import { sql } from "drizzle-orm";
import type { Tx } from "../outbox";
import { rowsOf } from "../../channels/sqlRows";

/** Same for every process: two-key advisory locks of automatic assignment are (ASSIGN_LOCK, companyId). */
const ASSIGN_LOCK = 7_240_101;

/**
 * Makes the company's assignments one at a time, across processes: whoever holds it sees every
 * earlier assignment committed, so no ticket goes twice and no capacity is exceeded. Held until
 * the transaction ends; works on PostgreSQL and PGlite alike.
 */
export async function lockCompany(tx: Tx, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ASSIGN_LOCK}::int, ${companyId}::int)`);
}

/**
 * A ticket automatic assignment may give: waiting (pending, nobody's) in a queue that is not
 * manual, and not held by a bot. Held: walking the queue's options tree (chatbot), answered by a
 * queue integration (or about to be: its queue has one that never let it go), or by an AI prompt
 * (its own, its connection's or its queue's) that did not hand it over to a person. Groups are
 * left to the attendants: they are not one customer waiting.
 */
const waiting = sql`t.status = 'pending' and t.user_id is null and not t.is_group and not t.chatbot and not t.use_integration and t.prompt_id is null
  and q.assignment_mode <> 'manual'
  and not (q.integration_id is not null and t.integration_id is null)
  and (exists (select 1 from prompt_handovers h where h.company_id = t.company_id and h.ticket_id = t.id)
    or (q.prompt_id is null and not exists (select 1 from whatsapps w where w.company_id = t.company_id and w.id = t.whatsapp_id and w.prompt_id is not null)))`;

interface WaitingRow {
  id: number;
  queue_id: number;
  mode: string;
}

/** The oldest waiting ticket (arrival order: the order tickets were opened) of a queue not in `skip`. */
export async function oldestWaiting(tx: Tx, companyId: number, skip: number[]): Promise<WaitingRow | null> {
  const notSkipped = skip.length
    ? sql`and t.queue_id not in (${sql.join(
        skip.map((id) => sql`${id}::int`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await rowsOf<WaitingRow>(
    tx,
    sql`select t.id, t.queue_id, q.assignment_mode as mode
        from tickets t join queues q on q.company_id = t.company_id and q.id = t.queue_id
        where t.company_id = ${companyId}::int and ${waiting} ${notSkipped}
        order by t.id limit 1
        for update of t skip locked`,
  );
  return row ?? null;
}

/**
 * The attendant who gets the next ticket of a queue, or null: of the queue and the company, online,
 * not paused, with fewer open tickets than their capacity. Round robin: the one given a ticket of
 * this queue longest ago (never: first). Least busy: fewest open tickets, then the same turn.
 */
export async function nextAttendant(tx: Tx, companyId: number, queueId: number, mode: string): Promise<number | null> {
  const busyFirst = mode === "leastBusy" ? sql`c.open asc,` : sql``;
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`select c.id from (
          select u.id, u.capacity, a.last_assigned_at,
            (select count(*) from tickets o where o.company_id = u.company_id and o.user_id = u.id and o.status = 'open')::int as open
          from users u
          join user_queues uq on uq.company_id = u.company_id and uq.user_id = u.id and uq.queue_id = ${queueId}::int
          left join assignment_turns a on a.queue_id = ${queueId}::int and a.user_id = u.id
          where u.company_id = ${companyId}::int and u.online and not u.paused) c
        where c.open < c.capacity
        order by ${busyFirst} c.last_assigned_at asc nulls first, c.id asc
        limit 1`,
  );
  return row?.id ?? null;
}

/** Records that `userId` just got a ticket of `queueId`: their round-robin turn goes to the back. */
export async function recordTurn(tx: Tx, companyId: number, queueId: number, userId: number, at: Date) {
  await tx.execute(
    sql`insert into assignment_turns (company_id, queue_id, user_id, last_assigned_at) values (${companyId}::int, ${queueId}::int, ${userId}::int, ${at.toISOString()}::timestamptz)
        on conflict (queue_id, user_id) do update set last_assigned_at = excluded.last_assigned_at`,
  );
}
