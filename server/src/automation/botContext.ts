import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "@balcao/common";
import { contacts, queueOptions, tickets, whatsapps, type ScheduleEntry } from "../db/schema";
import { jsonOf, rowOf, rowsOf } from "../channels/sqlRows";
import type { Tx } from "./outbox";
import type { Db } from "../db/client";
import { stageBotMessage } from "./outbox";
import { fillTemplateVariables } from "@balcao/common";
import { planAllowsSql } from "../policies/plan";

type TicketRow = typeof tickets.$inferSelect;
type MessageRow = typeof import("../db/schema").messages.$inferSelect;

const BOT_SETTINGS = ["scheduleType", "sendGreetingMessageOneQueues", "timeZone"] as const;

/**
 * What every decision on one connection's tickets reads besides the ticket and the customer's
 * name: the connection, the company's hours, the connection's queues, the bot's settings and
 * whether the company's plan lets integrations and AI prompts answer.
 */
const connectionColumns = (companyId: SQL, whatsappId: SQL) => sql`(select row_to_json(w) from whatsapps w where w.company_id = ${companyId} and w.id = ${whatsappId}) as connection,
  (select co.schedules from companies co where co.id = ${companyId}) as company_schedules,
  ${planAllowsSql(companyId, "useIntegrations")} as allows_integrations, ${planAllowsSql(companyId, "useOpenAi")} as allows_open_ai,
  (select coalesce(json_agg(json_build_object('id', q.id, 'name', q.name, 'greetingMessage', q.greeting_message, 'outOfHoursMessage', q.out_of_hours_message, 'schedules', q.schedules,
       'integrationId', (select qi.id from queue_integrations qi where qi.company_id = q.company_id and qi.id = q.integration_id)) order by q.order_queue, q.name), '[]'::json)
     from whatsapp_queues wq join queues q on q.id = wq.queue_id and q.company_id = ${companyId} where wq.company_id = ${companyId} and wq.whatsapp_id = ${whatsappId}) as queues,
  (select coalesce(json_object_agg(s.key, s.value), '{}'::json) from settings s where s.company_id = ${companyId} and s.key in ('scheduleType', 'sendGreetingMessageOneQueues', 'timeZone')) as settings`;

/**
 * Everything one automation decision needs about ticket `t` besides the ticket itself
 * (connection, company hours, the connection's queues, the customer's name, settings), as the
 * columns of a `select` over `t`, read by `readForBot`. `contactName`: the customer's name.
 */
export const botColumns = (contactName: SQL) => sql`${connectionColumns(sql`t.company_id`, sql`t.whatsapp_id`)}, ${contactName} as contact_name`;

/** What `connectionColumns` read: the connection's part of a bot's read. */
function connectionReadOf(r: Record<string, unknown>) {
  const stored = jsonOf<Record<string, string>>(r.settings) ?? {};
  const settings = {} as Record<(typeof BOT_SETTINGS)[number], string>;
  for (const key of BOT_SETTINGS) settings[key] = stored[key] ?? DEFAULT_SETTINGS[key] ?? "";
  const bot = {
    connection: rowOf(whatsapps, r.connection),
    companySchedules: (jsonOf<ScheduleEntry[] | null>(r.company_schedules) ?? []) as ScheduleEntry[],
    /** Each queue's integration, when it has one that exists: the queue menu keeps quiet for it (inboundBot.ts). */
    queues: jsonOf<{ id: number; name: string; greetingMessage: string | null; outOfHoursMessage: string | null; schedules: ScheduleEntry[]; integrationId: number | null }[]>(r.queues) ?? [],
    /**
     * What the company's plan lets answer: without integrations (or OpenAI) the integrations (or
     * prompts) attached anywhere neither answer nor keep the menu quiet.
     */
    plan: { integrations: r.allows_integrations !== false, openAi: r.allows_open_ai !== false },
  };
  return { bot, settings };
}

type ConnectionRead = ReturnType<typeof connectionReadOf>;

/** The bot's read of `ticket` from the connection's part and the customer's name. */
const botReadWith = (shared: ConnectionRead, ticket: TicketRow, contactName: string) => ({ ticket, bot: { ...shared.bot, contactName }, settings: shared.settings });

/** What `botColumns` read, for the ticket `ticket`. */
export const botReadOf = (ticket: TicketRow, r: Record<string, unknown>) => botReadWith(connectionReadOf(r), ticket, (r.contact_name as string | null) ?? "");

export type BotRead = ReturnType<typeof botReadOf>;

/**
 * Reads tickets of one company and everything one automation decision needs about each
 * (`botColumns`) in one statement; answers each id's read, null where the ticket is gone.
 */
export async function readForBots(db: Db | Tx, companyId: number, ticketIds: number[]): Promise<(BotRead | null)[]> {
  const rows = await rowsOf(
    db,
    sql`with t as (select * from tickets where company_id = ${companyId}::int and id = any(${`{${ticketIds.join(",")}}`}::int[])) select row_to_json(t) as ticket, ${botColumns(sql`(select ct.name from contacts ct where ct.company_id = t.company_id and ct.id = t.contact_id)`)} from t`,
    "balcao_bot_reads",
  );
  const byId = new Map<number, BotRead>();
  for (const r of rows) {
    const ticket = rowOf(tickets, r.ticket);
    if (ticket) byId.set(ticket.id, botReadOf(ticket, r));
  }
  return ticketIds.map((id) => byId.get(id) ?? null);
}

export type BotContext = BotRead["bot"];
export type BotQueue = BotContext["queues"][number];

/** Children of `parentId` (null: the top) in a queue's options tree. */
export function optionsUnder(tx: Db | Tx, companyId: number, queueId: number, parentId: number | null) {
  return tx
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, queueId), parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId)));
}

/** The name the templates call the customer by. */
export async function contactNameOf(tx: Tx, ticket: { contactId: number }) {
  const [c] = await tx.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, ticket.contactId));
  return c?.name ?? "";
}

/** A decision's way of answering the customer. */
export interface Say {
  say(text: string | null | undefined): Promise<void>;
}

/** The text a template becomes for this customer and ticket ("" when there is nothing to say). */
export function filled(text: string | null | undefined, contactName: string, ticketId: number) {
  return text?.trim() ? fillTemplateVariables(text.trim(), { contactName, ticketId }) : "";
}

/** Collects a decision's messages (templates filled in, empty texts skipped), for the caller to store in one go. */
export class Replies implements Say {
  readonly bodies: string[] = [];
  constructor(
    private readonly ticketId: number,
    private readonly contactName: string,
  ) {}

  async say(text: string | null | undefined) {
    const body = filled(text, this.contactName, this.ticketId);
    if (body) this.bodies.push(body);
  }
}

/** Collects a decision's messages: templates filled in, empty texts skipped, each stored as it is said. */
export class Reply implements Say {
  readonly staged: MessageRow[] = [];
  constructor(
    private readonly tx: Tx,
    private readonly ticket: TicketRow,
    private readonly contactName: string,
  ) {}

  async say(text: string | null | undefined) {
    const body = filled(text, this.contactName, this.ticket.id);
    if (body) this.staged.push(await stageBotMessage(this.tx, this.ticket, body));
  }
}
