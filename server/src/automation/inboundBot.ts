import { and, eq, sql } from "drizzle-orm";
import { perApp, type AppContext } from "../context";
import { contacts, messages, queueOptions, tickets } from "../db/schema";
import { messageCreated, ticketUpdated } from "../modules/tickets/events";
import { recordedAs } from "../events/record";
import { messageViewOf } from "../modules/messages/present";
import type { TicketView } from "../modules/tickets/present";
import { jsonOf, rowOf, rowsOf } from "../channels/sqlRows";
import { previewOf } from "../modules/messages/preview";
import { TICKET_PARTS, viewFromParts } from "../modules/tickets/viewJson";
import { isWithinHours } from "./businessHours";
import { zoneOrServer } from "./timeZone";
import { type BotContext, type BotQueue, readForBots, optionsUnder, Replies, type Say } from "./botContext";
import { joinParts, optionsMenu, queueMenu, sortOptions } from "./menus";
import { sendStaged } from "./outbox";
import type { Claim } from "../modules/messages/send";
import { companyExpiredSql } from "../modules/companies/sendingAllowed";
import type { Db } from "../db/client";
import { BATCH_SLOTS, eachAloneOnFailure, KeyedBatches } from "../channels/keyedBatches";

type TicketRow = typeof tickets.$inferSelect;
type TicketChange = Partial<Pick<TicketRow, "queueId" | "queueOptionId" | "chatbot">>;

export interface InboundOutcome {
  companyId: number;
  ticketId: number;
  /** The message opened this ticket. */
  created: boolean;
  body: string;
  fromMe: boolean;
  /** The ticket as storing the message left it, when known: lets a message nothing can answer skip the bot's transaction. */
  ticket?: Pick<TicketRow, "status" | "userId" | "queueId" | "chatbot" | "isGroup"> & { useIntegration?: boolean };
}

/** What the bot said last in one burst of a ticket's messages (see `answerTogether`). */
interface Burst {
  said?: string[];
}

/**
 * A ticket's messages are answered one batch at a time in this process: those that arrive while
 * the bot answers earlier ones are answered together (see KeyedBatches). Several processes
 * answering one ticket stay correct through the decision's guarded store (`storeDecision`).
 */
const perTicket = perApp(
  (ctx) =>
    new KeyedBatches(
      (outcomes: InboundOutcome[], burst: Burst) => answerTogether(ctx, outcomes, burst),
      (): Burst => ({}),
    ),
);

/**
 * Whether the bot can have anything to say, from the ticket as the message was stored: it
 * answers only pending tickets nobody took, and only while choosing a queue or walking a
 * chatbot (or when the message opened the ticket). The bot's own transaction decides the rest.
 */
export function botMayAnswer(outcome: InboundOutcome) {
  const t = outcome.ticket;
  if (outcome.fromMe) return false;
  if (!t) return true;
  if (t.isGroup || t.status !== "pending" || t.userId) return false;
  // a ticket an integration holds is read too: the plan may have lost integrations since (see `answer`)
  return outcome.created || t.queueId === null || t.chatbot;
}

/**
 * Answers a customer's message on its own where the spec says so: greeting, the queue menu,
 * the queue's options tree, out-of-hours notices. The decision is read, made and stored
 * without holding a lock: the statement that stores it applies only while the ticket still is
 * as the decision read it, and otherwise the decision is made again on the ticket as it is now.
 * So two messages of one customer never both get answered as the first.
 */
export async function automateInbound(ctx: AppContext, outcome: InboundOutcome) {
  if (!botMayAnswer(outcome)) return;
  await perTicket(ctx).submit(String(outcome.ticketId), outcome);
}

/**
 * Answers messages of one ticket, in order, with one decision statement, and sends what it
 * says before the ticket's next messages are answered (so the customer reads the answers in
 * order). A message whose decision changes nothing and would say again just what the bot said
 * last in this burst says nothing: twenty messages sent at once get one menu, not twenty.
 */
async function answerTogether(ctx: AppContext, outcomes: InboundOutcome[], burst: Burst) {
  try {
    const result = await answer(ctx, outcomes, burst);
    if (result) {
      await ctx.events.dispatch(result.events);
      // an answer that did not go out is not one to spare the next message
      if (!(await sendStaged(ctx, result.staged, result.view, result.claimed))) burst.said = undefined;
    }
  } catch (err) {
    // the messages are stored: a bot that could not answer them fails none of their deliveries
    burst.said = undefined;
    ctx.log?.error({ err, ticketId: outcomes[0].ticketId }, "the bot could not answer");
  }
  return outcomes.map(() => undefined);
}

/**
 * The bot's reads, per app and company: the tickets whose messages come while earlier reads run
 * are read together in the next statement, as their decisions are stored together (`decisions`).
 */
const botReads = perApp(
  (ctx) =>
    new KeyedBatches(
      (items: { companyId: number; ticketId: number }[]) =>
        readForBots(
          ctx.db,
          items[0].companyId,
          items.map((i) => i.ticketId),
        ),
      undefined,
      BATCH_SLOTS,
    ),
);

/** How many times a decision is made again because the ticket changed under it. */
const ATTEMPTS = 5;

/** The part of a ticket the bot's decisions change. */
const stateOf = (t: Pick<TicketRow, keyof TicketChange>) => `${t.queueId}:${t.queueOptionId}:${t.chatbot}`;
const sameTexts = (a: string[], b: string[] | undefined) => !!b && a.length === b.length && a.every((text, i) => text === b[i]);

async function answer(ctx: AppContext, outcomes: InboundOutcome[], burst: Burst) {
  const { companyId, ticketId } = outcomes[0];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await botReads(ctx).submit(String(companyId), { companyId, ticketId });
    if (!read) return null;
    const { ticket, bot, settings } = read;
    if (ticket.isGroup || ticket.status !== "pending" || ticket.userId) return null;
    if (!bot.connection) return null;
    // a queue integration holds the ticket, or the connection's integration answers before any queue
    // unless it let go of the ticket (handed over, or its endpoint kept failing): the menu answers then.
    // Only while the plan has integrations: otherwise the menu answers as if there were none.
    const connectionBot = ticket.queueId === null && bot.connection.integrationId !== null && ticket.integrationId === null;
    if (bot.plan.integrations && (ticket.useIntegration || connectionBot)) return null;
    // a ticket an AI prompt answers (its own, or its connection's) is the assistant's alone (automation/ai/),
    // while the plan has OpenAI
    if (bot.plan.openAi && (ticket.promptId || bot.connection.promptId)) return null;
    const change: TicketChange = {};
    const bodies: string[] = [];
    let said = burst.said;
    for (const outcome of outcomes) {
      const now = { ...ticket, ...change };
      const reply = new Replies(ticket.id, bot.contactName);
      await new Decision(ctx.db, now, bot, reply, change, settings).run(outcome);
      const moved = stateOf(now) !== stateOf({ ...ticket, ...change });
      if (reply.bodies.length === 0 || (!moved && sameTexts(reply.bodies, said))) continue;
      bodies.push(...reply.bodies);
      said = reply.bodies;
    }
    const changed = stateOf(ticket) !== stateOf({ ...ticket, ...change });
    if (!changed && bodies.length === 0) return null;
    const decided = await storeDecision(ctx, { ticket, change: changed ? change : {}, bodies });
    if (decided instanceof Error) throw decided;
    if (decided) {
      burst.said = said;
      return { before: ticket, ...decided, changed };
    }
  }
  throw new Error(`ticket ${ticketId} kept changing while the bot answered`);
}

interface RecordedRow {
  id: number | string;
  type: string;
  data: Record<string, unknown>;
  webhooks: number[] | null;
}

/** The events the decision's statement recorded, with the views it read, ready to dispatch. */
function decisionEvents(view: TicketView, staged: (typeof messages.$inferSelect)[], rows: RecordedRow[]) {
  const said = new Map(staged.map((m) => [m.id, m]));
  return rows.map((row) => {
    const message = said.get(Number(row.data.messageId));
    const event = message ? messageCreated(view, messageViewOf(message, null)) : ticketUpdated(view);
    return recordedAs({ ...event, data: row.data }, Number(row.id), row.webhooks);
  });
}

/** A decision to store: the ticket as the decision read it, what changes and what the bot says. */
interface Decided {
  ticket: TicketRow;
  change: TicketChange;
  bodies: string[];
}

/**
 * Decisions for different tickets, per app and company: those made while earlier ones are stored
 * go together in the next statement, one round trip and commit for many (bench/diagnose/floor.ts).
 */
const decisions = perApp((ctx) => new KeyedBatches((items: Decided[]) => eachAloneOnFailure(items, (some) => storeDecisions(ctx.db, some)), undefined, BATCH_SLOTS));

const storeDecision = (ctx: AppContext, decided: Decided) => decisions(ctx).submit(`${decided.ticket.companyId}`, decided);

/**
 * Stores decisions in one statement, each only if its ticket still is as the decision read it:
 * the automatic messages as outbound messages (as modules/messages/send.ts storeOutbound stores
 * them, the last one becoming the ticket's last message) already claimed for sending, which
 * spares each its claim statement (a stop before the send's outcome leaves a claim that the
 * minute sweep takes back once stale), and the ticket's change. Answers each with the ticket
 * presented for the events, or null when its ticket had changed.
 */
export async function storeDecisions(db: Db, decided: Decided[]) {
  const input = decided.map(({ ticket, change, bodies }, n) => ({
    n,
    company_id: ticket.companyId,
    id: ticket.id,
    chatbot: ticket.chatbot,
    use_integration: ticket.useIntegration,
    queue_id: ticket.queueId,
    queue_option_id: ticket.queueOptionId,
    sets_queue: "queueId" in change,
    new_queue_id: change.queueId ?? null,
    sets_option: "queueOptionId" in change,
    new_queue_option_id: change.queueOptionId ?? null,
    sets_chatbot: "chatbot" in change,
    new_chatbot: change.chatbot ?? null,
    last_message: bodies.length ? previewOf({ body: bodies[bodies.length - 1] }) : null,
    bodies,
  }));
  const rows = await rowsOf(
    db,
    sql`with d as (
          select * from json_to_recordset(${JSON.stringify(input)}::json) as d(n int, company_id int, id int, chatbot boolean, use_integration boolean, queue_id int, queue_option_id int,
            sets_queue boolean, new_queue_id int, sets_option boolean, new_queue_option_id int, sets_chatbot boolean, new_chatbot boolean, last_message text, bodies json)),
        -- locked in id order, as the inbound store locks its tickets (automation/inboundStore.ts)
        locked as (select k.id from tickets k join d on k.company_id = d.company_id and k.id = d.id order by k.id for no key update of k),
        t as (
          update tickets k set
            queue_id = case when d.sets_queue then d.new_queue_id else k.queue_id end,
            queue_option_id = case when d.sets_option then d.new_queue_option_id else k.queue_option_id end,
            chatbot = case when d.sets_chatbot then d.new_chatbot else k.chatbot end,
            last_message = coalesce(d.last_message, k.last_message), updated_at = ${new Date().toISOString()}::timestamptz
          from d
          where k.company_id = d.company_id and k.id = d.id and k.id in (select id from locked) and k.status = 'pending' and k.user_id is null and not k.is_group and k.use_integration = d.use_integration and k.chatbot = d.chatbot
            and k.queue_id is not distinct from d.queue_id and k.queue_option_id is not distinct from d.queue_option_id
          returning k.*),
        said as (
          insert into messages (company_id, ticket_id, whatsapp_id, contact_id, external_id, body, from_me, read, send_status, ack)
          select t.company_id, t.id, t.whatsapp_id, t.contact_id, 'local-' || gen_random_uuid(), b.body, true, true, 'sending', 0
          from t join d on d.company_id = t.company_id and d.id = t.id, json_array_elements_text(d.bodies) with ordinality as b(body, k)
          order by d.n, b.k
          returning *),
        -- the decision's events commit with it (events/): the ticket moved, each message said, the ticket's last message
        ev as (
          insert into domain_events (company_id, type, stream, data)
          select e.company_id, e.type, 'ticket:' || e.ticket_id, e.data from (
            select t.company_id, t.id as ticket_id, 0 as k, 0 as o, 'ticket.updated' as type,
              jsonb_build_object('ticketId', t.id, 'before', jsonb_build_object('status', 'pending', 'queueId', d.queue_id, 'userId', null)) as data
            from t join d on d.company_id = t.company_id and d.id = t.id where d.sets_queue or d.sets_option or d.sets_chatbot
            union all
            select s.company_id, s.ticket_id, 1, s.id, 'message.created', jsonb_build_object('messageId', s.id, 'ticketId', s.ticket_id, 'fromMe', true) from said s
            union all
            select t.company_id, t.id, 2, 0, 'ticket.updated', jsonb_build_object('ticketId', t.id) from t where exists (select 1 from said s where s.ticket_id = t.id)
          ) e order by e.ticket_id, e.k, e.o
          returning id, type, data, webhook_endpoint_ids)
        select t.id, (select json_agg(json_build_object('id', ev.id, 'type', ev.type, 'data', ev.data, 'webhooks', ev.webhook_endpoint_ids) order by ev.id) from ev where (ev.data->>'ticketId')::int = t.id) as events, (select coalesce(json_agg(row_to_json(said) order by said.id), '[]'::json) from said where said.ticket_id = t.id) as staged, row_to_json(t) as ticket,
          (select row_to_json(c) from contacts c where c.company_id = t.company_id and c.id = t.contact_id) as contact, ${TICKET_PARTS},
          (select row_to_json(w) from whatsapps w where w.company_id = t.company_id and w.id = t.whatsapp_id) as connection,
          ${companyExpiredSql(sql`t.company_id`)} as expired
        from t`,
    "balcao_bot_store",
  );
  const byTicket = new Map(rows.map((r) => [Number(r.id), r]));
  return decided.map(({ ticket }) => {
    const r = byTicket.get(ticket.id);
    if (!r) return null;
    const after = rowOf(tickets, r.ticket)!;
    const contact = rowOf(contacts, r.contact)!;
    // the messages are stored claimed (see releaseStaged), and what sending them needs comes
    // along: the connection's whole row (its token too) only for sending, never in the view,
    // whose whatsapp part is TICKET_PARTS' id, name and status
    const claimed: Claim = { whatsapp: r.connection, number: contact.number, quoted_external_id: null, expired: r.expired === true };
    const view = viewFromParts(after, contact, r);
    const staged = jsonOf<unknown[]>(r.staged).map((m) => rowOf(messages, m)!);
    return { after, view, staged, claimed, events: decisionEvents(view, staged, jsonOf<RecordedRow[] | null>(r.events) ?? []) };
  });
}

class Decision {
  constructor(
    private readonly db: Db,
    private readonly ticket: TicketRow,
    private readonly bot: BotContext,
    private readonly reply: Say,
    private readonly change: TicketChange,
    private readonly settings: { scheduleType: string; sendGreetingMessageOneQueues: string; timeZone: string },
  ) {}

  async run({ created, body }: InboundOutcome) {
    const connection = this.bot.connection!;
    if (this.settings.scheduleType === "company" && !isWithinHours(this.bot.companySchedules, new Date(), zoneOrServer(this.settings.timeZone))) {
      // outside the company's hours nobody answers: say so once, when the conversation opens
      if (created) await this.reply.say(connection.outOfHoursMessage);
      return;
    }
    if (this.ticket.queueId === null) return this.chooseQueue(created, body);
    if (this.ticket.chatbot) return this.walkOptions(body);
  }

  private async chooseQueue(created: boolean, body: string) {
    const { connection, queues } = this.bot;
    if (queues.length === 0) {
      if (created) await this.reply.say(connection!.greetingMessage);
      return;
    }
    if (queues.length === 1) {
      const greeting = created && this.settings.sendGreetingMessageOneQueues === "enabled" ? connection!.greetingMessage : null;
      return this.enterQueue(queues[0], greeting);
    }
    const picked = /^\d+$/.test(body.trim()) ? queues[Number(body.trim()) - 1] : undefined;
    if (picked && !created) return this.enterQueue(picked, null);
    await this.reply.say(joinParts(connection!.greetingMessage, queueMenu(queues)));
  }

  private async enterQueue(queue: BotQueue, preface: string | null) {
    Object.assign(this.change, { queueId: queue.id, queueOptionId: null, chatbot: false });
    // Who answers, one answer per customer message: a queue's integration takes the ticket as it
    // enters and answers this very message (automation/integrations/activation.ts), at any hour,
    // so the menu says nothing here: no greeting, no options tree, no out-of-hours notice.
    // A queue's AI prompt comes after the menu instead (automation/ai/owner.ts).
    // (A ticket an integration already let go of is not taken again: the menu answers it.)
    // (Nor while the company's plan leaves integrations out: the queue is then a queue like any other.)
    if (this.bot.plan.integrations && queue.integrationId != null && this.ticket.integrationId === null) return;
    if (this.settings.scheduleType === "queue" && !isWithinHours(queue.schedules, new Date(), zoneOrServer(this.settings.timeZone))) {
      await this.reply.say(joinParts(preface, queue.outOfHoursMessage || this.bot.connection!.outOfHoursMessage));
      return;
    }
    const top = sortOptions(await optionsUnder(this.db, this.ticket.companyId, queue.id, null));
    if (top.length) this.change.chatbot = true;
    await this.reply.say(joinParts(preface, queue.greetingMessage, top.length ? optionsMenu(top) : null));
  }

  private async walkOptions(body: string) {
    const queueId = this.ticket.queueId!;
    const answer = body.trim();
    const queue = this.bot.queues.find((q) => q.id === queueId);
    if (answer === "#") {
      if (this.bot.queues.length > 1) {
        Object.assign(this.change, { queueId: null, queueOptionId: null, chatbot: false });
        return this.reply.say(queueMenu(this.bot.queues));
      }
      this.change.queueOptionId = null;
      const top = sortOptions(await optionsUnder(this.db, this.ticket.companyId, queueId, null));
      return this.reply.say(joinParts(queue?.greetingMessage, optionsMenu(top)));
    }
    const here = sortOptions(await optionsUnder(this.db, this.ticket.companyId, queueId, this.ticket.queueOptionId));
    const chosen = here.find((o) => o.option.trim().toLowerCase() === answer.toLowerCase());
    if (!chosen) {
      const current = this.ticket.queueOptionId ? await this.currentOption() : null;
      return this.reply.say(joinParts(current?.message ?? queue?.greetingMessage, here.length ? optionsMenu(here) : null));
    }
    const below = sortOptions(await optionsUnder(this.db, this.ticket.companyId, queueId, chosen.id));
    this.change.queueOptionId = chosen.id;
    // the end of a branch hands the conversation to the queue's attendants
    if (!below.length) this.change.chatbot = false;
    await this.reply.say(joinParts(chosen.message, below.length ? optionsMenu(below) : null));
  }

  private async currentOption() {
    const [row] = await this.db
      .select()
      .from(queueOptions)
      .where(and(eq(queueOptions.companyId, this.ticket.companyId), eq(queueOptions.id, this.ticket.queueOptionId!)));
    return row ?? null;
  }
}
