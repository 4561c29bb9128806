import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { perApp, type AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/client";
import { messages, tickets, whatsapps } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { SendLater, type ChannelAdapter, type MediaFile, type SendOptions, type TemplateMessage } from "../../channels/contract";
import { menuOf } from "../../automation/menus";
import { markFirstResponse } from "../../automation/tracking";
import { sendAgainLater } from "./sendLater";
import { previewOf } from "./preview";
import { mediaTypeOf } from "../../media/store";
import { presentTicket, type TicketView } from "../tickets/present";
import { messageCreated, messageUpdated, ticketUpdated } from "../tickets/events";
import { command } from "../../events/command";
import { recordedAs } from "../../events/record";
import { jsonOf, rowOf, rowsOf } from "../../channels/sqlRows";
import { messageViewOf, presentMessages } from "./present";
import { BATCH_SLOTS, eachAloneOnFailure, KeyedBatches } from "../../channels/keyedBatches";
import { companyExpired, companyExpiredSql } from "../companies/sendingAllowed";
import { SessionUnreachable } from "../../channels/remote/sessionRequests";

type MessageRow = typeof messages.$inferSelect;

export interface Outgoing {
  body: string;
  media?: MediaFile;
  quotedMsgId?: number | null;
  userId: number | null;
  /** A message template (Cloud API) to send instead of free text; `body` is its filled text. */
  template?: TemplateMessage;
}

/**
 * Stores the attendant's message first (so it is never lost), then hands it to the ticket's
 * channel; the outcome (sent, or failed and retryable) reaches the browser as a message update.
 */
export async function sendOutbound(ctx: AppContext, ticket: TicketView, out: Outgoing) {
  if (out.quotedMsgId) {
    // a reply quotes a message of this conversation only
    const [quoted] = await ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, ticket.companyId), eq(messages.id, out.quotedMsgId), eq(messages.contactId, ticket.contactId)));
    if (!quoted) throw new AppError("ERR_VALIDATION", 400, { field: "quotedMsg", message: "quotedMsg: Invalid value" });
  }
  const stored = out.media ? await ctx.media.save(ticket.companyId, out.media.data, out.media.filename) : null;
  const { row, fresh } = await command(ctx, async (tx, events) => {
    const { row, ticketRow } = await storeOutbound(tx, ticket, {
      body: out.body,
      mediaType: out.media ? mediaTypeOf(out.media.mimetype) : null,
      mediaPath: stored?.key ?? null,
      mediaName: stored?.filename ?? null,
      quotedMsgId: out.quotedMsgId ?? null,
      userId: out.userId,
      ...(out.template ? { dataJson: { template: out.template } } : {}),
    });
    if (out.userId) await markFirstResponse(tx, ticket, row.createdAt);
    const fresh = await presentTicket(tx, ticketRow);
    const [view] = await presentMessages(tx, ticket.companyId, [row]);
    events.add(messageCreated(fresh, view, out.userId ? { userId: out.userId } : undefined), ticketUpdated(fresh));
    return { row, fresh };
  });
  return deliver(ctx, fresh, row, out.media);
}

type OutboundFields = Pick<typeof messages.$inferInsert, "body" | "mediaType" | "mediaPath" | "mediaName" | "quotedMsgId" | "userId"> & Partial<Pick<typeof messages.$inferInsert, "dataJson">>;

/** The template an outbound message carries (stored with it, so a retry sends it again), if any. */
const templateOf = (row: MessageRow): TemplateMessage | undefined => {
  const template = (row.dataJson as { template?: TemplateMessage } | null)?.template;
  return template && typeof template.name === "string" && Array.isArray(template.components) ? template : undefined;
};

/** An automatic message ending with a menu goes as one the customer answers with a tap, where the channel can; any other as text. */
function sendText(adapter: ChannelAdapter, number: string, row: MessageRow, options: SendOptions) {
  const menu = row.userId === null && adapter.sendInteractive ? menuOf(row.body) : null;
  return menu ? adapter.sendInteractive!(number, menu, options) : adapter.sendText(number, row.body, options);
}

/** Stores an outbound message as pending and makes it the ticket's last message; sending comes after. */
export async function storeOutbound(db: Db | Tx, ticket: Pick<MessageRow, "companyId" | "whatsappId" | "contactId"> & { id: number }, fields: OutboundFields) {
  const [row] = await db
    .insert(messages)
    .values({
      ...fields,
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      contactId: ticket.contactId,
      externalId: `local-${crypto.randomUUID()}`,
      fromMe: true,
      read: true,
      sendStatus: "pending",
      ack: 0,
    })
    .returning();
  const [ticketRow] = await db
    .update(tickets)
    .set({ lastMessage: previewOf(row), updatedAt: new Date() })
    .where(eq(tickets.id, ticket.id))
    .returning();
  return { row, ticketRow };
}

/**
 * What sending a claimed message needs: the connection's row, the contact's number, the quoted
 * message's external id, and whether the company is past its due date (it then sends nothing).
 */
export interface Claim {
  whatsapp: unknown;
  number: string | null;
  quoted_external_id: string | null;
  expired: boolean | null;
}

/**
 * A claim (send_status 'sending') older than this was left by a process that stopped before it
 * recorded the send's outcome: it may be claimed again. Longer than any send takes.
 */
export const STALE_CLAIM_MS = 10 * 60_000;

interface Outcome {
  id: number;
  company_id: number;
  sendStatus: "sent" | "failed" | "pending";
  externalId: string | null;
  ack: number | null;
}
type Recorded = { id: number; message: unknown; quoted: unknown; quoted_contact: unknown; sender: unknown; event_id: number | string; webhooks: number[] | null } | undefined;

/**
 * Sends' outcomes, per app and company: those that come while earlier ones are being written go
 * together in the next statement, one round trip and commit for many sends (bench/diagnose/floor.ts).
 */
const outcomes = perApp((ctx) => new KeyedBatches((items: Outcome[]) => eachAloneOnFailure(items, (some) => recordOutcomes(ctx.db, some)), undefined, BATCH_SLOTS));

/** One update of each row (each one re-indexes its body), returning what the views need; undefined for a message deleted meanwhile. */
async function recordOutcomes(db: Db, items: Outcome[]): Promise<Recorded[]> {
  const rows = await rowsOf<NonNullable<Recorded>>(
    db,
    sql`with r as (select * from json_to_recordset(${JSON.stringify(items)}::json) as r(id int, company_id int, "sendStatus" text, "externalId" text, ack int)),
        u as (
          update messages m set send_status = r."sendStatus", external_id = coalesce(r."externalId", m.external_id), ack = coalesce(r.ack, m.ack),
            -- a rate-limited send's backoff lasts while it stays pending (sendLater.ts)
            send_attempts = case when r."sendStatus" = 'pending' then m.send_attempts else 0 end, retry_at = case when r."sendStatus" = 'pending' then m.retry_at else null end,
            updated_at = ${new Date().toISOString()}::timestamptz
          from r where m.company_id = r.company_id and m.id = r.id
          returning m.*),
        -- each outcome's message.updated event commits with it (events/)
        ev as (
          insert into domain_events (company_id, type, stream, data)
          select u.company_id, 'message.updated', 'ticket:' || u.ticket_id, jsonb_build_object('messageId', u.id, 'ticketId', u.ticket_id) from u order by u.id
          returning id, (data->>'messageId')::int as message_id, webhook_endpoint_ids)
        select u.id, row_to_json(u) as message, (select ev.id from ev where ev.message_id = u.id) as event_id,
          (select ev.webhook_endpoint_ids from ev where ev.message_id = u.id) as webhooks,
          (select row_to_json(q) from messages q where q.company_id = u.company_id and q.id = u.quoted_msg_id) as quoted,
          (select json_build_object('id', qc.id, 'name', qc.name) from messages q join contacts qc on qc.id = q.contact_id and qc.company_id = u.company_id
            where q.company_id = u.company_id and q.id = u.quoted_msg_id) as quoted_contact,
          (select json_build_object('id', c.id, 'name', c.name) from contacts c where not u.from_me and c.id = u.contact_id and c.company_id = u.company_id) as sender
        from u`,
    "balcao_send_outcomes",
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((item) => byId.get(item.id));
}

/**
 * Hands a stored outbound message to the channel and records the outcome, in two statements
 * around the channel's send: the claim (which also reads the connection, the contact's number
 * and the quoted message's external id) and the outcome (which also reads what the view needs,
 * and is written together with other sends' outcomes).
 * `claimed`: the message was stored already claimed, by the statement that stored it.
 */
export async function deliver(ctx: AppContext, ticket: TicketView, row: MessageRow, media?: MediaFile, claimed?: Claim) {
  // one sender per message: a retry, a re-send after a restart and the first send never overlap
  const [claim] = claimed
    ? [claimed]
    : await rowsOf<Claim>(
        ctx.db,
        sql`with claimed as (
          update messages set send_status = 'sending', updated_at = ${new Date().toISOString()}::timestamptz
          where id = ${row.id}::int
            and (send_status in ('pending', 'failed') or (send_status = 'sending' and updated_at < ${new Date(Date.now() - STALE_CLAIM_MS).toISOString()}::timestamptz))
          returning id)
        select (select row_to_json(w) from whatsapps w where w.company_id = ${ticket.companyId}::int and w.id = ${ticket.whatsappId}::int) as whatsapp,
          -- a contact known by its WhatsApp LID only is written to at that address
          (select coalesce(nullif(c.number, ''), c.lid || '@lid', c.number) from contacts c where c.company_id = ${ticket.companyId}::int and c.id = ${ticket.contactId}::int) as number,
          (select q.external_id from messages q where q.company_id = ${ticket.companyId}::int and q.id = ${row.quotedMsgId}::int) as quoted_external_id,
          ${companyExpiredSql(sql`${ticket.companyId}::int`)} as expired
        from claimed`,
        "balcao_send_claim",
      );
  if (!claim) {
    const [current] = await ctx.db.select().from(messages).where(eq(messages.id, row.id));
    return (await presentMessages(ctx.db, ticket.companyId, [current ?? row]))[0];
  }
  let outcome: { externalId: string | null; sendStatus: Outcome["sendStatus"]; ack: number | null };
  let channel = "unknown";
  try {
    if (!ticket.whatsappId) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    // an automatic message of an expired company is kept failed, for an attendant to send again once renewed
    if (claim.expired) throw companyExpired(null);
    const whatsapp = rowOf(whatsapps, claim.whatsapp);
    if (!whatsapp) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    if (claim.number === null) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
    const number = claim.number;
    channel = whatsapp.channel;
    const adapter = ctx.channels.adapterFor(whatsapp);
    const options = { quotedExternalId: claim.quoted_external_id ?? undefined };
    let file = media;
    if (!file && row.mediaPath) file = { data: await ctx.media.read(ticket.companyId, row.mediaPath), filename: row.mediaName ?? "file", mimetype: "" };
    if (file && !file.mimetype) file.mimetype = row.mediaType === "application" ? "application/octet-stream" : `${row.mediaType}/*`;
    const template = row.fromMe ? templateOf(row) : undefined;
    let sent;
    if (template) {
      if (!adapter.sendTemplate) throw new AppError("ERR_SENDING_WAPP_MSG", 400);
      sent = await adapter.sendTemplate(number, template, options);
    } else sent = file ? await adapter.sendMedia(number, file, row.body, options) : await sendText(adapter, number, row, options);
    outcome = { externalId: sent.externalId, sendStatus: "sent", ack: 1 };
  } catch (err) {
    // the session's holder is gone and nothing was handed over: the message waits for its next holder
    // (or the channel turned it back for its rate limits, to be sent again after a backoff)
    const unsent = (err instanceof SessionUnreachable && !err.handedOver) || (err instanceof SendLater && (await sendAgainLater(ctx, ticket.companyId, row.id, err)));
    outcome = { externalId: null, sendStatus: unsent ? "pending" : "failed", ack: null };
  }
  if (outcome.sendStatus === "sent") ctx.metrics?.messages.inc({ direction: "outbound", channel });
  if (outcome.sendStatus === "failed") ctx.metrics?.sendFailures.inc({ channel });
  const r = await outcomes(ctx).submit(`${ticket.companyId}`, { id: row.id, company_id: ticket.companyId, ...outcome });
  if (r instanceof Error) throw r;
  if (!r) throw notFound(); // the message was deleted with its ticket meanwhile
  const updated = rowOf(messages, r.message)!;
  const quoted = rowOf(messages, r.quoted);
  const view = messageViewOf(
    updated,
    r.sender ? jsonOf<{ id: number; name: string }>(r.sender) : null,
    quoted ? { ...quoted, contact: r.quoted_contact ? jsonOf<{ id: number; name: string }>(r.quoted_contact) : null } : undefined,
  );
  await ctx.events.dispatch([recordedAs(messageUpdated(ticket, view), Number(r.event_id), r.webhooks)]);
  return view;
}
