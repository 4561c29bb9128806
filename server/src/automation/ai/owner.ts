import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { messages, promptReplies, prompts, queues, tickets } from "../../db/schema";
import { planAllowsSql } from "../../policies/plan";
import { rowsOf } from "../../channels/sqlRows";

type TicketRow = typeof tickets.$inferSelect;
/** The ticket as the customer's message was stored with it (the event's own view), when known. */
export type TicketAsStored = Pick<TicketRow, "status" | "userId" | "queueId" | "chatbot" | "isGroup">;

/** Only tickets nobody holds, waiting, and never groups, are the assistant's. */
const unheld = (t: TicketAsStored) => t.status === "pending" && t.userId === null && !t.isGroup;

/**
 * Whether ticket `t` is, was or is about to be a queue integration's: it holds (or held) one, or
 * it is in a queue with one, or, before any queue, its connection has one. An integration wins
 * over a prompt, wherever each is attached: the assistant keeps quiet on such a ticket. Only while
 * the company's plan has integrations: without, integrations never answer (integrations/activation.ts)
 * and keep nobody quiet.
 */
const integrationAhead = sql`(${planAllowsSql(sql`t.company_id`, "useIntegrations")} and (t.use_integration or t.integration_id is not null or exists (select 1 from queue_integrations qi where qi.company_id = t.company_id and qi.id = case
    when t.queue_id is not null then (select q.integration_id from queues q where q.company_id = t.company_id and q.id = t.queue_id)
    else (select w.integration_id from whatsapps w where w.company_id = t.company_id and w.id = t.whatsapp_id) end)))`;

/** Whether the company's plan lets AI prompts answer: without, the ticket goes as if it had none. */
const openAiAllowed = planAllowsSql(sql`t.company_id`, "useOpenAi");

/**
 * The prompt that answers a customer's message, or null. A prompt of the ticket or its connection
 * owns the whole conversation (the queue menu keeps quiet, see inboundBot.ts). A prompt of the
 * ticket's queue answers once the menu is done with the ticket: it was in the queue, outside the
 * options tree, when the message came, and the message did not open it (the menu greets those).
 * Without the ticket as stored (a redelivered event) the message is left alone if anything was
 * said after it: the menu may have answered it.
 */
export async function promptFor(ctx: AppContext, companyId: number, messageId: number, stored: TicketAsStored | null, opened: boolean): Promise<{ promptId: number; ticketId: number } | null> {
  // one statement for every customer message: most tickets have no prompt anywhere
  const [now] = await rowsOf<NowRow>(
    ctx.db,
    sql`select t.id, t.status, t.user_id, t.is_group, t.queue_id, t.chatbot, m.from_me, t.prompt_id,
          (select w.prompt_id from whatsapps w where w.company_id = t.company_id and w.id = t.whatsapp_id) as connection_prompt_id,
          ${integrationAhead} as integration_ahead, ${openAiAllowed} as open_ai,
          exists (select 1 from prompt_handovers h where h.company_id = t.company_id and h.ticket_id = t.id) as handed_over
        from messages m join tickets t on t.company_id = m.company_id and t.id = m.ticket_id
        where m.company_id = ${companyId}::int and m.id = ${messageId}::int`,
    "balcao_ai_owner",
  );
  // a ticket a queue integration holds, held, or is about to take is its bot's (automation/integrations/)
  if (!now || !now.open_ai || now.from_me || now.handed_over || now.integration_ahead) return null;
  const ticket: TicketAsStored = { status: now.status, userId: now.user_id, queueId: now.queue_id, chatbot: now.chatbot, isGroup: now.is_group };
  if (!unheld(ticket) || (stored && !unheld(stored))) return null;
  let promptId = now.prompt_id ?? now.connection_prompt_id;
  if (!promptId) {
    const asStored = stored ?? ticket;
    if (asStored.queueId === null || asStored.chatbot || opened) return null;
    const [queue] = await ctx.db
      .select({ promptId: queues.promptId })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.id, asStored.queueId)));
    promptId = queue?.promptId ?? null;
    if (promptId && !stored && (await saidAfter(ctx, companyId, now.id, messageId))) return null;
  }
  if (!promptId) return null;
  const [prompt] = await ctx.db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, promptId)));
  if (!prompt) return null;
  return { promptId: prompt.id, ticketId: now.id };
}

interface NowRow {
  id: number;
  status: string;
  user_id: number | null;
  is_group: boolean;
  queue_id: number | null;
  chatbot: boolean;
  integration_ahead: boolean;
  open_ai: boolean;
  from_me: boolean;
  prompt_id: number | null;
  connection_prompt_id: number | null;
  handed_over: boolean;
}

async function saidAfter(ctx: AppContext, companyId: number, ticketId: number, messageId: number) {
  const [row] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, true), sql`${messages.id} > ${messageId}`))
    .limit(1);
  return !!row;
}

/** Records that the message is the assistant's to answer; false when it already was (a redelivery). */
export async function recordDue(ctx: AppContext, companyId: number, messageId: number, owner: { promptId: number; ticketId: number }) {
  const rows = await ctx.db.insert(promptReplies).values({ companyId, messageId, ticketId: owner.ticketId, promptId: owner.promptId }).onConflictDoNothing().returning({ messageId: promptReplies.messageId });
  return rows.length > 0;
}

/**
 * A ticket the queue menu just put in a queue with a prompt, saying nothing (no greeting, no
 * options tree): the customer's message that brought it there is the assistant's to answer, so the
 * customer never meets silence. When the menu said anything after that message, the menu answered
 * it, and the assistant answers from the next one (promptFor). Null when the message is not its.
 */
export async function promptOnEntry(ctx: AppContext, companyId: number, ticketId: number): Promise<{ promptId: number; ticketId: number; messageId: number } | null> {
  const [row] = await rowsOf<{ prompt_id: number | null; message_id: number | null }>(
    ctx.db,
    sql`select q.prompt_id,
          (select m.id from messages m where m.company_id = t.company_id and m.ticket_id = t.id and not m.from_me and m.created_at >= ${new Date(Date.now() - ENTRY_MS).toISOString()}::timestamptz
             and not exists (select 1 from messages a where a.company_id = t.company_id and a.ticket_id = t.id and a.from_me and a.id > m.id)
           order by m.id desc limit 1) as message_id
        from tickets t join queues q on q.company_id = t.company_id and q.id = t.queue_id
        where t.company_id = ${companyId}::int and t.id = ${ticketId}::int and t.status = 'pending' and t.user_id is null and not t.is_group and not t.chatbot
          and ${openAiAllowed} and t.prompt_id is null and not ${integrationAhead}
          and (select w.prompt_id from whatsapps w where w.company_id = t.company_id and w.id = t.whatsapp_id) is null
          and not exists (select 1 from prompt_handovers h where h.company_id = t.company_id and h.ticket_id = t.id)`,
    "balcao_ai_entry",
  );
  if (!row?.prompt_id || !row.message_id) return null;
  const [prompt] = await ctx.db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, row.prompt_id)));
  if (!prompt) return null;
  return { promptId: prompt.id, ticketId, messageId: Number(row.message_id) };
}

/** A message that entered a queue this long ago or less is still answered by the queue's prompt. */
const ENTRY_MS = 5 * 60_000;
