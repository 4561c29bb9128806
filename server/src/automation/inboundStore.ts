import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { contacts, messages, tickets } from "../db/schema";
import { TICKET_PARTS, viewFromParts } from "../modules/tickets/viewJson";
import { awaitingRating } from "./ratingWindow";
import { jsonOf, rowOf, rowsOf } from "../channels/sqlRows";

/** One inbound message, ready to store: its media file is saved, its texts worked out. */
export interface PreparedInbound {
  externalId: string;
  /** The number as the channel gave it; `number` is the contact's (digits, or a group's id). */
  sourceNumber: string;
  number: string;
  /** WhatsApp's LID of the customer; `number` is "" when only the LID is known (automation/identities.ts). */
  lid?: string | null;
  /** The customer's WhatsApp username, kept on a new contact (an existing one: identities.ts). */
  username?: string | null;
  name: string;
  isGroup: boolean;
  fromMe: boolean;
  body: string;
  preview: string;
  mediaType: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  quotedExternalId: string | null;
  participant: string | null;
  createdAt: string;
  forwarded?: boolean;
  quotedStatus?: string | null;
}

export interface StoreOptions {
  intoTicketId?: number;
  unlessRating?: boolean;
}

export type StoreResult =
  | { duplicate: true; message: typeof messages.$inferSelect }
  | {
      duplicate: false;
      message: typeof messages.$inferSelect;
      contact: typeof contacts.$inferSelect;
      ticket: ReturnType<typeof viewFromParts>;
      created: boolean;
      lastOfBatch: boolean;
      /** The ids of its `message.created` event and, on the batch's last message, of its ticket's `ticket.updated`. */
      eventId: number;
      ticketEventId: number | null;
      /** Each event's webhook endpoints (see DomainEvent), by event id. */
      webhooks: Map<number, number[] | null>;
    }
  | null;

/** How many times a message that lost a race (a ticket or the same message committed meanwhile) is tried again. */
const ATTEMPTS = 5;

/** A message as a row of the statement's `input` (one JSON parameter, whatever the batch's size); `grp`: its customer. */
const rowOfInput = (i: PreparedInbound, ord: number, grp: number) => ({
  ord,
  grp,
  external_id: i.externalId,
  source_number: i.sourceNumber,
  body: i.body,
  from_me: i.fromMe,
  media_type: i.mediaType,
  media_path: i.mediaPath,
  media_name: i.mediaName,
  quoted_external_id: i.quotedExternalId,
  participant: i.participant,
  created_at: i.createdAt,
  preview: i.preview,
  forwarded: i.forwarded ?? false,
  quoted_status: i.quotedStatus ?? null,
});

/** A customer of the statement's `groups`: the number, the name the customer gave last, whether it is a group chat. */
const rowOfGroup = (items: PreparedInbound[], grp: number) => ({
  grp,
  number: items[0].number,
  lid: items[0].lid ?? null,
  username: [...items].reverse().find((i) => i.username)?.username ?? null,
  name: [...items].reverse().find((i) => i.name)?.name ?? "",
  is_group: items[0].isGroup,
});

/**
 * One statement (so one transaction) stores the messages of several customers on one connection,
 * each customer's (`groups`, each message's `grp`) in order: it finds or adds each contact, finds
 * its open or pending ticket (or opens a pending one), inserts the messages, makes each ticket's
 * last one its last message, records their domain events (events/), and returns per customer what
 * the events' listeners need. A message whose (connection, external
 * id) is stored already is answered as a duplicate. The unique indexes decide races: messages
 * that lost one (another delivery opened the ticket or stored the message after this statement's
 * snapshot) are stored by the next try. `intoTicketId` and `unlessRating` take one customer.
 */
function statement(ctx: AppContext, whatsapp: { id: number; companyId: number }, groups: PreparedInbound[][], opts: StoreOptions) {
  const companyId = whatsapp.companyId;
  const now = new Date().toISOString();
  const items = groups.flatMap((group, grp) => group.map((item) => ({ item, grp }))).map(({ item, grp }, ord) => rowOfInput(item, ord, grp));
  const rating = opts.unlessRating
    ? sql`awaiting as (select g.grp from groups g where exists (select 1 ${awaitingRating(companyId, whatsapp.id, sql`g.number`)})),`
    : sql`awaiting as (select null::int as grp where false),`;
  // an answer that belongs to a given (possibly closed) ticket, such as a rating, opens nothing
  const locate = opts.intoTicketId
    ? sql`active as (select t.*, c.grp from tickets t join c on true where t.company_id = ${companyId}::int and t.id = ${opts.intoTicketId}::int),
          opened as (select t.* from tickets t where false),`
    : sql`active as (
            select t.*, c.grp from c cross join lateral (
              select * from tickets t
              where t.company_id = ${companyId}::int and t.contact_id = c.id and t.whatsapp_id = ${whatsapp.id}::int and t.status in ('open', 'pending')
              order by t.id desc limit 1) t),
          opened as (
            insert into tickets (company_id, contact_id, whatsapp_id, status, is_group, last_message, unread_messages, updated_at)
            select ${companyId}::int, c.id, ${whatsapp.id}::int, 'pending', go.is_group,
              (select f.preview from fresh f where f.grp = c.grp order by f.ord desc limit 1), (select count(*) from fresh f where f.grp = c.grp and not f.from_me), ${now}::timestamptz
            from c join go on go.grp = c.grp where not exists (select 1 from active a where a.grp = c.grp)
            on conflict (company_id, contact_id, whatsapp_id) where status in ('open', 'pending') do nothing
            returning *),
          -- a new service cycle (automation/tracking.ts, startCycle)
          cycle as (
            insert into ticket_trackings (company_id, ticket_id, whatsapp_id, user_id, queued_at, started_at)
            select company_id, id, whatsapp_id, null, ${now}::timestamptz, null from opened),`;
  return rowsOf(
    ctx.db,
    sql`with input as (
          select * from json_to_recordset(${JSON.stringify(items)}::json)
            as i(ord int, grp int, external_id text, source_number text, body text, from_me boolean, media_type text, media_path text, media_name text,
              quoted_external_id text, participant text, created_at timestamptz, preview text, forwarded boolean, quoted_status text)),
        groups as (select * from json_to_recordset(${JSON.stringify(groups.map(rowOfGroup))}::json) as g(grp int, number text, lid text, username text, name text, is_group boolean)),
        -- each lookup is a lateral one: the planner cannot turn it into a scan of the whole table
        -- joined to a batch it estimates at a hundred rows
        dup as (select m.* from input i cross join lateral (select * from messages m where m.whatsapp_id = ${whatsapp.id}::int and m.external_id = i.external_id) m),
        -- not stored yet, each once (a message delivered twice in one batch counts once)
        fresh as (
          select i.* from input i
          where not exists (select 1 from dup where dup.external_id = i.external_id)
            and not exists (select 1 from input j where j.external_id = i.external_id and j.ord < i.ord)),
        ${rating}
        -- the contacts: found, or added; one is written only when new or renamed, since a row
        -- version per message would also go into each of its indexes (a trigram one)
        go as (select g.* from groups g where exists (select 1 from fresh f where f.grp = g.grp) and not exists (select 1 from awaiting a where a.grp = g.grp)),
        -- by the number, or by the LID when the number is not known
        found as (select k.*, go.grp from go cross join lateral (
          select * from contacts k where k.company_id = ${companyId}::int and k.number = go.number and k.number <> ''
          union all select * from contacts k where k.company_id = ${companyId}::int and go.number = '' and k.lid = go.lid) k),
        added as (
          insert into contacts (company_id, name, number, lid, username, is_group, whatsapp_id)
          -- a LID another contact holds (with another number: identities.ts leaves it there) is not taken
          select ${companyId}::int, coalesce(nullif(go.name, ''), nullif(go.number, ''), go.lid), go.number,
            case when go.number <> '' and exists (select 1 from contacts k where k.company_id = ${companyId}::int and k.lid = go.lid) then null else go.lid end, go.username, go.is_group, ${whatsapp.id}::int from go
          where not exists (select 1 from found where found.grp = go.grp)
          on conflict do nothing
          returning *),
        -- a contact still named by its number takes the name the customer gave
        renamed as (
          update contacts k set name = go.name, updated_at = ${now}::timestamptz
          from found join go on go.grp = found.grp where k.id = found.id and (found.name = found.number or found.name = found.lid) and go.name <> ''
          returning k.*, go.grp),
        c as (
          select * from renamed
          union all select * from found f where not exists (select 1 from renamed r where r.id = f.id)
          union all select a.*, go.grp from added a join go on (go.number <> '' and go.number = a.number) or (go.number = '' and go.lid = a.lid)),
        ${locate}
        -- the tickets it updates, locked in id order as the bot's decisions lock theirs
        -- (automation/inboundBot.ts): two statements sharing tickets wait instead of deadlocking
        locked as (select k.id from tickets k where k.company_id = ${companyId}::int and k.id in (select a.id from active a) order by k.id for no key update),
        chosen as (select o.id, c.grp from opened o join c on c.id = o.contact_id union all select a.id, a.grp from active a),
        m as (
          insert into messages (company_id, ticket_id, whatsapp_id, contact_id, external_id, body, from_me, read, media_type, media_path, media_name, ack, quoted_msg_id, participant, created_at, forwarded, quoted_status)
          select ${companyId}::int, chosen.id, ${whatsapp.id}::int, c.id, i.external_id, i.body, i.from_me, i.from_me, i.media_type, i.media_path, i.media_name,
            case when i.from_me then 1 else 0 end,
            (select q.id from messages q where q.whatsapp_id = ${whatsapp.id}::int and q.external_id = i.quoted_external_id), i.participant, i.created_at,
            coalesce(i.forwarded, false), i.quoted_status
          from fresh i join chosen on chosen.grp = i.grp join c on c.grp = i.grp
          order by i.ord
          on conflict (whatsapp_id, external_id) do nothing
          returning *),
        -- a ticket this statement opened already carries the messages
        upd as (
          update tickets t set last_message = (select f.preview from fresh f join m on m.external_id = f.external_id where m.ticket_id = t.id order by f.ord desc limit 1),
            unread_messages = t.unread_messages + (select count(*) from m where m.ticket_id = t.id and not m.from_me), updated_at = ${now}::timestamptz
          from active a where t.id = a.id and t.id in (select id from locked) and exists (select 1 from m where m.ticket_id = a.id)
          returning t.*, a.grp),
        t as (select * from upd union all select o.*, c.grp from opened o join c on c.id = o.contact_id),
        -- the events commit with the messages (events/): each message stored, then its ticket as the batch left it
        ev as (
          insert into domain_events (company_id, type, stream, data)
          select e.company_id, e.type, 'ticket:' || e.ticket_id, e.data from (
            select m.company_id, m.ticket_id, 0 as k, m.id as o, 'message.created' as type,
              jsonb_build_object('messageId', m.id, 'ticketId', m.ticket_id, 'fromMe', m.from_me,
                -- the message that opened its ticket (the bots greet it)
                'opened', m.ticket_id in (select o.id from opened o) and m.id = (select min(f.id) from m f where f.ticket_id = m.ticket_id)) as data from m
            union all
            select t.company_id, t.id, 1, 0, 'ticket.updated', jsonb_build_object('ticketId', t.id) from t
          ) e order by e.ticket_id, e.k, e.o
          returning id, type, data, webhook_endpoint_ids)
      select g.grp, (select json_agg(json_build_object('id', ev.id, 'messageId', ev.data->'messageId', 'webhooks', ev.webhook_endpoint_ids) order by ev.id) from ev where (ev.data->>'ticketId')::int = t.id) as events, (select json_agg(d) from dup d where exists (select 1 from input i where i.grp = g.grp and i.external_id = d.external_id)) as dups,
        (select row_to_json(c) from c where c.grp = g.grp) as contact, (select json_agg(m order by m.id) from m where m.ticket_id = t.id) as messages,
        row_to_json(t) as ticket, exists (select 1 from opened o join c on c.id = o.contact_id where c.grp = g.grp) as created,
        exists (select 1 from awaiting a where a.grp = g.grp) as awaiting, ${TICKET_PARTS}
      from groups g left join t on t.grp = g.grp
      order by g.grp`,
    `balcao_inbound_${opts.intoTicketId ? "into" : "active"}${opts.unlessRating ? "_rating" : ""}`,
  );
}

/**
 * Stores messages of several customers on one connection (see `statement`), each group of
 * messages one customer's, answering each message in its group's order, or the group with the
 * error that kept it from being stored. A statement of several customers that fails changed
 * nothing: each of its customers is then stored alone, so one failure fails as few as it can.
 */
export async function storeInbound(ctx: AppContext, whatsapp: { id: number; companyId: number }, groups: PreparedInbound[][], opts: StoreOptions): Promise<(StoreResult[] | Error)[]> {
  const results = new Map<string, StoreResult>();
  // a rating question waits for this customer's answer: what is left of them is not stored here
  const awaiting = new Set<number>();
  const failed = new Map<number, Error>();
  // customers in the order of their numbers: two statements adding the same new contacts (on
  // two connections) wait for each other's insert instead of deadlocking
  let left = groups.map((items, at) => ({ at, items })).sort((x, y) => (x.items[0].number < y.items[0].number ? -1 : x.items[0].number > y.items[0].number ? 1 : 0));
  for (let i = 0; i < ATTEMPTS && left.length; i++) {
    let rows;
    try {
      rows = await statement(
        ctx,
        whatsapp,
        left.map((g) => g.items),
        opts,
      );
    } catch (err) {
      if (left.length === 1) failed.set(left[0].at, err as Error);
      else {
        for (const g of left) {
          // what is left of this customer, alone; what an earlier attempt stored stays as it was
          const [alone] = await storeInbound(ctx, whatsapp, [g.items], opts);
          if (alone instanceof Error) failed.set(g.at, alone);
          else
            g.items.forEach((item, k) => {
              if (!alone[k]) awaiting.add(g.at);
              else if (!results.has(item.externalId)) results.set(item.externalId, alone[k]);
            });
        }
      }
      left = [];
      break;
    }
    for (const r of rows) {
      if (r.awaiting === true) awaiting.add(left[Number(r.grp)].at);
      for (const dup of jsonOf<unknown[] | null>(r.dups) ?? []) {
        const message = rowOf(messages, dup)!;
        results.set(message.externalId!, { duplicate: true, message });
      }
      const stored = (jsonOf<unknown[] | null>(r.messages) ?? []).map((m) => rowOf(messages, m)!);
      if (!stored.length) continue;
      const contact = rowOf(contacts, r.contact)!;
      const ticketRow = rowOf(tickets, r.ticket)!;
      const ticket = viewFromParts(ticketRow, contact, r, stored);
      const events = jsonOf<{ id: number | string; messageId: number | null; webhooks: number[] | null }[] | null>(r.events) ?? [];
      const eventOf = new Map(events.map((e) => [e.messageId ?? 0, Number(e.id)]));
      const webhooks = new Map(events.map((e) => [Number(e.id), e.webhooks]));
      stored.forEach((message, n) => {
        const lastOfBatch = n === stored.length - 1;
        // the bots greet a new ticket once: for its first message
        results.set(message.externalId!, {
          duplicate: false,
          message,
          contact,
          ticket,
          created: r.created === true && n === 0,
          lastOfBatch,
          eventId: eventOf.get(message.id)!,
          ticketEventId: lastOfBatch ? (eventOf.get(0) ?? null) : null,
          webhooks,
        });
      });
    }
    // lost a race, or the given ticket is gone
    left = left.map((g) => ({ at: g.at, items: g.items.filter((item) => !results.has(item.externalId)) })).filter((g) => g.items.length && !awaiting.has(g.at));
    if (
      left.length &&
      opts.intoTicketId &&
      !(
        await ctx.db
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.companyId, whatsapp.companyId), eq(tickets.id, opts.intoTicketId)))
      ).length
    )
      break;
  }
  for (const g of left) failed.set(g.at, new Error(`inbound message ${g.items[0].externalId} not stored after ${ATTEMPTS} attempts`));
  return groups.map((items, at) => {
    const error = failed.get(at);
    if (error) return error;
    // the same message delivered twice in one batch: the second is a duplicate
    const answered = new Set<string>();
    return items.map((item) => {
      const result = results.get(item.externalId) ?? null;
      if (!result && awaiting.has(at)) return null;
      if (answered.has(item.externalId) && result) return { duplicate: true, message: result.message };
      answered.add(item.externalId);
      return result;
    });
  });
}
