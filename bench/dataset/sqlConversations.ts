import { element, pick, rnd, SALT } from "./sqlRandom";
import { pickAttendant } from "./sqlCompanies";
import { ATTENDANT_LINES, CUSTOMER_LINES, sqlArray } from "./texts";

/*
 * Tickets, their messages, tags and service cycles. `j` is a ticket's position in its company
 * (1..tickets): a contact's first ticket (j <= contacts) may be pending or open, later ones are
 * closed, so a contact never has two active tickets. A message's fields are functions of (ticket
 * id, n), so the ticket's last message and its unread count agree with its messages.
 */

const customer = sqlArray(CUSTOMER_LINES);
const attendant = sqlArray(ATTENDANT_LINES);

const statusOf = (j: string) =>
  `case when ${j} <= p.contacts and ${rnd(`p.ticket_base + ${j}`, SALT.status)} < p.p_pending then 'pending'
        when ${j} <= p.contacts and ${rnd(`p.ticket_base + ${j}`, SALT.status)} < p.p_pending + p.p_open then 'open' else 'closed' end`;

/** Messages of the ticket with this id (p is its company's plan row). */
const messageCount = (id: string) => `(p.msg_min + ${pick(id, SALT.messageCount, "p.msg_max - p.msg_min + 1")})`;

/** The last `unread` messages come from the customer; before them, customer and attendant alternate. */
const fromMe = (n: string, m: string, unread: string) => `(case when ${n} > ${m} - ${unread} then false else ${n} % 2 = 0 end)`;

const bodyOf = (id: string, n: string, mine: string) =>
  `case when ${mine} then ${element(attendant, `${id} * 64 + ${n}`, SALT.body, ATTENDANT_LINES.length)} else ${element(customer, `${id} * 64 + ${n}`, SALT.body, CUSTOMER_LINES.length)} end`;

/** Media on some messages, never the last one (the ticket's preview is its text). */
const isMedia = (id: string, n: string, m: string) => `(${n} < ${m} and ${rnd(`${id} * 64 + ${n}`, SALT.media)} < p.p_media)`;

export function ticketStatements(now: string, range: { from: number; to: number }): string {
  const j = "j";
  const id = `(p.ticket_base + ${j})`;
  return `insert into tickets (id, company_id, contact_id, whatsapp_id, queue_id, user_id, status, unread_messages, last_message, created_at, updated_at) overriding system value
    select id, company_id, contact_id, whatsapp_id, case when status = 'pending' and ${rnd("id", SALT.noQueue)} < p_no_queue then null else queue_id end,
      case when status = 'pending' then null else user_id end, status, unread,
      ${bodyOf("id", "m", fromMe("m", "m", "unread"))}, updated_at - ${rnd("id", SALT.lifetime)} * interval '2 days', updated_at
    from (
      select ${id} as id, p.company_id, p.contact_base + 1 + ((${j} - 1) % p.contacts) as contact_id,
        p.whatsapp_base + 1 + ((1 + (${j} - 1) % p.contacts) % p.connections) as whatsapp_id,
        p.queue_base + 1 + ${pick(id, SALT.queue, "p.queues")} as queue_id, ${pickAttendant(id)} as user_id,
        ${statusOf(j)} as status, ${messageCount(id)} as m,
        ${now} - ${rnd(id, SALT.updated)} * interval '90 days' as updated_at, p.max_unread, p.msg_min, p.p_no_queue
      from bench_plan p cross join lateral generate_series(1, p.tickets) j
      where ${id} between ${range.from} and ${range.to}
    ) t cross join lateral (select case when t.status = 'pending' then least(t.m, ${pick("t.id", SALT.unread, "t.max_unread + 1")}) else 0 end as unread) u`;
}

export function messageStatement(range: { from: number; to: number }): string {
  const unread = "t.unread_messages";
  const m = messageCount("t.id");
  const mine = fromMe("n", "mc.m", unread);
  const media = isMedia("t.id", "n", "mc.m");
  const kind = element(sqlArray(["image", "audio", "document"]), "t.id * 64 + n", SALT.mediaKind, 3);
  return `insert into messages (company_id, ticket_id, whatsapp_id, contact_id, external_id, body, from_me, read, media_type, media_path, media_name, ack, send_status, user_id, created_at, updated_at)
    select t.company_id, t.id, t.whatsapp_id, t.contact_id, 'BENCH' || t.id || '-' || n,
      case when ${media} then '' else ${bodyOf("t.id", "n", mine)} end,
      ${mine}, ${mine} or n <= mc.m - ${unread},
      case when ${media} then ${kind} end,
      case when ${media} then 'bench/' || t.id || '-' || n end,
      case when ${media} then 'arquivo-' || n end,
      case when ${mine} then 3 else 0 end, case when ${mine} then 'sent' end, case when ${mine} then t.user_id end,
      t.created_at + (t.updated_at - t.created_at) * ((n - 1)::float8 / greatest(mc.m - 1, 1)), t.created_at + (t.updated_at - t.created_at) * ((n - 1)::float8 / greatest(mc.m - 1, 1))
    from tickets t join bench_plan p on p.company_id = t.company_id
      cross join lateral (select ${m} as m) mc cross join lateral generate_series(1, mc.m) n
    where t.id between ${range.from} and ${range.to}`;
}

export function ticketTagStatement(): string {
  return `insert into ticket_tags (company_id, ticket_id, tag_id)
    select t.company_id, t.id, p.tag_base + 1 + ${pick("t.id", SALT.tag, "p.tags")}
    from tickets t join bench_plan p on p.company_id = t.company_id where ${rnd("t.id", SALT.tagged)} < p.p_tagged`;
}

/** One service cycle per ticket: queued when it opened, started when taken, finished when closed; some rated. */
export function trackingStatement(): string {
  const rated = `(t.status = 'closed' and ${rnd("t.id", SALT.rated)} < 0.3)`;
  const started = `t.created_at + (t.updated_at - t.created_at) * (${rnd("t.id", SALT.started)} * 0.5)`;
  return `insert into ticket_trackings (company_id, ticket_id, whatsapp_id, user_id, queued_at, started_at, first_response_at, finished_at, rated, rate, created_at, updated_at)
    select t.company_id, t.id, t.whatsapp_id, t.user_id, t.created_at,
      case when t.status <> 'pending' then ${started} end,
      case when t.status <> 'pending' then ${started} + ${rnd("t.id", SALT.rate)} * interval '15 minutes' end,
      case when t.status = 'closed' then t.updated_at end,
      ${rated}, case when ${rated} then 1 + ${pick("t.id", SALT.rate, 3)} end, t.created_at, t.updated_at
    from tickets t join bench_plan p on p.company_id = t.company_id`;
}
