import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../context";
import { contacts, messages, tickets } from "../db/schema";
import { TICKET_PARTS, viewFromParts } from "../modules/tickets/viewJson";
import { awaitingRating } from "../automation/ratingWindow";
import { botColumns, botReadOf, type BotRead } from "../automation/botContext";
import { jsonOf, rowOf, rowsOf } from "./sqlRows";

/** One inbound message, ready to store: its media file is saved, its texts worked out. */
export interface PreparedInbound {
  externalId: string;
  /** The number as the channel gave it; `number` is the contact's (digits, or a group's id). */
  sourceNumber: string;
  number: string;
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
}

/**
 * Something a channel records together with the messages, in the same statement: a CTE (ending
 * with a comma) that reads the stored messages as `m` (none for duplicates) and the delivered
 * ones as `input` (`external_id`, `source_number`, `quoted_external_id`), and a name for its SQL text.
 */
export interface Alongside { cte: SQL; name: string }

export interface StoreOptions { intoTicketId?: number; unlessRating?: boolean; alongside?: Alongside }

export type StoreResult =
  | { duplicate: true; message: typeof messages.$inferSelect }
  | {
      duplicate: false;
      message: typeof messages.$inferSelect;
      contact: typeof contacts.$inferSelect;
      ticket: ReturnType<typeof viewFromParts>;
      created: boolean;
      lastOfBatch: boolean;
      /** What the bot reads before answering, when the ticket is one it may answer (pending, nobody's, not a group). */
      botRead: BotRead | null;
    }
  | null;

/** How many times a message that lost a race (a ticket or the same message committed meanwhile) is tried again. */
const ATTEMPTS = 5;

/** A message as a row of the statement's `input` (one JSON parameter, whatever the batch's size). */
const rowOfInput = (i: PreparedInbound, ord: number) => ({
  ord,
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
});

/**
 * One statement (so one transaction) stores messages of one customer on one connection: it finds
 * or adds the contact, finds its open or pending ticket (or opens a pending one), inserts
 * the messages in order, makes the last one the ticket's last message, and returns what the
 * socket events need and what the bot reads before answering (automation/inboundBot.ts). A
 * message whose (connection, external id) is stored already is answered as a duplicate. The unique indexes decide races: messages that lost one (another delivery opened
 * the ticket or stored the message after this statement's snapshot) are stored by the next try.
 */
function statement(ctx: AppContext, whatsapp: { id: number; companyId: number }, items: PreparedInbound[], opts: StoreOptions) {
  const companyId = whatsapp.companyId;
  const { number, isGroup } = items[0];
  const name = [...items].reverse().find((i) => i.name)?.name ?? "";
  const now = new Date().toISOString();
  const rating = opts.unlessRating ? sql`awaiting as (select 1 ${awaitingRating(companyId, whatsapp.id, number)} limit 1),` : sql`awaiting as (select 1 where false),`;
  // an answer that belongs to a given (possibly closed) ticket, such as a rating, opens nothing
  const locate = opts.intoTicketId
    ? sql`active as (select t.* from tickets t where t.company_id = ${companyId}::int and t.id = ${opts.intoTicketId}::int and exists (select 1 from c)),
          opened as (select t.* from tickets t where false),`
    : sql`active as (
            select t.* from tickets t, c
            where t.company_id = ${companyId}::int and t.contact_id = c.id and t.whatsapp_id = ${whatsapp.id}::int and t.status in ('open', 'pending')
            order by t.id desc limit 1),
          opened as (
            insert into tickets (company_id, contact_id, whatsapp_id, status, is_group, last_message, unread_messages, updated_at)
            select ${companyId}::int, c.id, ${whatsapp.id}::int, 'pending', ${isGroup}::boolean,
              (select f.preview from fresh f order by f.ord desc limit 1), (select count(*) from fresh f where not f.from_me), ${now}::timestamptz
            from c where not exists (select 1 from active)
            on conflict (company_id, contact_id, whatsapp_id) where status in ('open', 'pending') do nothing
            returning *),
          -- a new service cycle (automation/tracking.ts, startCycle)
          cycle as (
            insert into ticket_trackings (company_id, ticket_id, whatsapp_id, user_id, queued_at, started_at)
            select company_id, id, whatsapp_id, null, ${now}::timestamptz, null from opened),`;
  return rowsOf(
    ctx.db,
    sql`with input as (
          select * from json_to_recordset(${JSON.stringify(items.map(rowOfInput))}::json)
            as i(ord int, external_id text, source_number text, body text, from_me boolean, media_type text, media_path text, media_name text,
              quoted_external_id text, participant text, created_at timestamptz, preview text)),
        dup as (select m.* from messages m join input i on m.whatsapp_id = ${whatsapp.id}::int and m.external_id = i.external_id),
        -- not stored yet, each once (a message delivered twice in one batch counts once)
        fresh as (
          select i.* from input i
          where not exists (select 1 from dup where dup.external_id = i.external_id)
            and not exists (select 1 from input j where j.external_id = i.external_id and j.ord < i.ord)),
        ${rating}
        -- the contact: found, or added; it is written only when new or renamed, since a row
        -- version per message would also go into each of its indexes (two trigram ones)
        go as (select 1 where exists (select 1 from fresh) and not exists (select 1 from awaiting)),
        found as (select * from contacts where company_id = ${companyId}::int and number = ${number}::text and number <> '' and exists (select 1 from go)),
        added as (
          insert into contacts (company_id, name, number, is_group, whatsapp_id)
          select ${companyId}::int, ${name || number}::text, ${number}::text, ${isGroup}::boolean, ${whatsapp.id}::int from go where not exists (select 1 from found)
          on conflict (company_id, number) where number <> '' do nothing
          returning *),
        -- a contact still named by its number takes the name the customer gave
        renamed as (
          update contacts k set name = ${name}::text, updated_at = ${now}::timestamptz
          from found where k.id = found.id and found.name = found.number and ${name}::text <> ''
          returning k.*),
        c as (select * from renamed union all select * from found where not exists (select 1 from renamed) union all select * from added),
        ${locate}
        chosen as (select id from opened union all select id from active where not exists (select 1 from opened)),
        m as (
          insert into messages (company_id, ticket_id, whatsapp_id, contact_id, external_id, body, from_me, read, media_type, media_path, media_name, ack, quoted_msg_id, participant, created_at)
          select ${companyId}::int, chosen.id, ${whatsapp.id}::int, c.id, i.external_id, i.body, i.from_me, i.from_me, i.media_type, i.media_path, i.media_name,
            case when i.from_me then 1 else 0 end,
            (select q.id from messages q where q.whatsapp_id = ${whatsapp.id}::int and q.external_id = i.quoted_external_id), i.participant, i.created_at
          from fresh i, chosen, c
          order by i.ord
          on conflict (whatsapp_id, external_id) do nothing
          returning *),
        -- a ticket this statement opened already carries the messages
        upd as (
          update tickets t set last_message = (select f.preview from fresh f join m on m.external_id = f.external_id order by f.ord desc limit 1),
            unread_messages = t.unread_messages + (select count(*) from m where not m.from_me), updated_at = ${now}::timestamptz
          from active where t.id = active.id and exists (select 1 from m)
          returning t.*),
        ${opts.alongside?.cte ?? sql``}
        t as (select * from upd union all select * from opened)
      select (select json_agg(dup) from dup) as dups, (select row_to_json(c) from c) as contact, (select json_agg(m order by m.id) from m) as messages,
        row_to_json(t) as ticket, exists (select 1 from opened) as created, exists (select 1 from awaiting) as awaiting, ${TICKET_PARTS}, row_to_json(bot) as bot
      from (select 1) as one left join t on true
        left join lateral (select ${botColumns(sql`(select c.name from c)`)} where t.status = 'pending' and t.user_id is null and not t.is_group) as bot on true`,
    `balcao_inbound_${opts.intoTicketId ? "into" : "active"}${opts.unlessRating ? "_rating" : ""}${opts.alongside ? `_${opts.alongside.name}` : ""}`,
  );
}

/** Stores messages of one customer on one connection (see `statement`), answering each in order. */
export async function storeInbound(ctx: AppContext, whatsapp: { id: number; companyId: number }, items: PreparedInbound[], opts: StoreOptions): Promise<StoreResult[]> {
  const results = new Map<string, StoreResult>();
  let left = items;
  for (let i = 0; i < ATTEMPTS && left.length; i++) {
    const [r] = await statement(ctx, whatsapp, left, opts);
    // a rating question waits for this customer's answer: what is left is not stored here
    if (r.awaiting === true) return items.map((item) => results.get(item.externalId) ?? null);
    for (const dup of jsonOf<unknown[] | null>(r.dups) ?? []) {
      const message = rowOf(messages, dup)!;
      results.set(message.externalId!, { duplicate: true, message });
    }
    const stored = (jsonOf<unknown[] | null>(r.messages) ?? []).map((m) => rowOf(messages, m)!);
    if (stored.length) {
      const contact = rowOf(contacts, r.contact)!;
      const ticketRow = rowOf(tickets, r.ticket)!;
      const ticket = viewFromParts(ticketRow, contact, r);
      const botRead = r.bot ? botReadOf(ticketRow, jsonOf<Record<string, unknown>>(r.bot)) : null;
      stored.forEach((message, n) => {
        // the bots greet a new ticket once: for its first message
        results.set(message.externalId!, { duplicate: false, message, contact, ticket, created: r.created === true && n === 0, lastOfBatch: n === stored.length - 1, botRead });
      });
    }
    // lost a race, or the given ticket is gone
    left = left.filter((item) => !results.has(item.externalId));
    if (left.length && opts.intoTicketId && !(await ctx.db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.companyId, whatsapp.companyId), eq(tickets.id, opts.intoTicketId)))).length) break;
  }
  if (left.length) throw new Error(`inbound message ${left[0].externalId} not stored after ${ATTEMPTS} attempts`);
  // the same message delivered twice in one batch: the second is a duplicate
  const answered = new Set<string>();
  return items.map((item) => {
    const result = results.get(item.externalId)!;
    if (answered.has(item.externalId) && result) return { duplicate: true, message: result.message };
    answered.add(item.externalId);
    return result;
  });
}
