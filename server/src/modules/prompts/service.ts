import { and, asc, count, eq, ilike } from "drizzle-orm";
import { isMaskedSecret, PROMPT_QUEUE_REQUIRED, type PromptBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db, Tx } from "../../db/client";
import { prompts, queues, tickets, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import { seal } from "../../channels/sealing";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { presentPrompt } from "./present";
import { promptCreated, promptDeleted, promptUpdated } from "./events";

type PromptRow = typeof prompts.$inferSelect;

/** Rows per page of GET /prompt; the dialogs' selects read the first page, which a company rarely outgrows. */
export const PROMPTS_PAGE_SIZE = 100;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function queueOf(db: Db | Tx, companyId: number, queueId: number | null) {
  if (queueId === null) return null;
  const [queue] = await db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return queue ?? null;
}

/** The prompt of the caller's company, presented; another company's is not found. */
export async function findPromptRecord(ctx: AppContext, companyId: number, id: number) {
  const [row] = await ctx.db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  return row ? presentPrompt(ctx.config.dataDir, row, await queueOf(ctx.db, companyId, row.queueId)) : null;
}

export async function showPrompt(ctx: AppContext, caller: Caller, id: number) {
  const record = await findPromptRecord(ctx, caller.companyId, id);
  if (!record) throw new AppError("ERR_NOT_FOUND", 404);
  return record;
}

/** The company's prompts by name, with their queue; searchParam filters by name. */
export async function listPrompts(ctx: AppContext, caller: Caller, query: { searchParam?: string; pageNumber?: unknown }) {
  const page = Math.max(1, Math.min(1_000_000, Number(query.pageNumber) || 1));
  const term = query.searchParam?.trim() ? `%${escapeLike(query.searchParam.trim())}%` : null;
  const where = term ? and(eq(prompts.companyId, caller.companyId), ilike(prompts.name, term)) : eq(prompts.companyId, caller.companyId);
  const offset = (page - 1) * PROMPTS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ prompt: prompts, queue: { id: queues.id, name: queues.name, color: queues.color } })
      .from(prompts)
      .leftJoin(queues, eq(queues.id, prompts.queueId))
      .where(where)
      .orderBy(asc(prompts.name), asc(prompts.id))
      .limit(PROMPTS_PAGE_SIZE)
      .offset(offset),
    ctx.db.select({ total: count() }).from(prompts).where(where),
  ]);
  const list = rows.map((r) => presentPrompt(ctx.config.dataDir, r.prompt, r.queue?.id ? r.queue : null));
  return { prompts: list, count: total, hasMore: total > offset + rows.length };
}

/** A key as stored: sealed; a masked or missing key on an update keeps the stored one. */
function keyField(ctx: AppContext, given: string | null, stored: string | null | undefined) {
  if (stored !== undefined && (given === null || isMaskedSecret(given))) return stored;
  if (given === null || isMaskedSecret(given)) return null;
  return seal(ctx.config.dataDir, given);
}

async function fieldsOf(ctx: AppContext, tx: Tx, caller: Caller, body: PromptBody, current?: PromptRow) {
  const queue = await queueOf(tx, caller.companyId, body.queueId);
  // a queue of another company is no queue at all: the same message as none
  if (!queue) throw new AppError("ERR_VALIDATION", 400, { field: "queueId", message: `queueId: ${PROMPT_QUEUE_REQUIRED}` });
  const values = {
    name: body.name,
    prompt: body.prompt,
    queueId: queue.id,
    maxTokens: body.maxTokens,
    temperature: body.temperature,
    maxMessages: body.maxMessages,
    voice: body.voice,
    voiceKey: keyField(ctx, body.voiceKey, current ? current.voiceKey : undefined),
    voiceRegion: body.voiceRegion,
    apiKey: keyField(ctx, body.apiKey, current ? current.apiKey : undefined),
    baseUrl: body.baseUrl,
    model: body.model,
  };
  return { values, queue };
}

export async function createPrompt(ctx: AppContext, caller: Caller, body: PromptBody) {
  return command(ctx, async (tx, events) => {
    const { values, queue } = await fieldsOf(ctx, tx, caller, body);
    const [row] = await tx
      .insert(prompts)
      .values({ ...values, companyId: caller.companyId })
      .returning();
    const record = presentPrompt(ctx.config.dataDir, row, queue);
    events.add(promptCreated(record, actorOf(caller)));
    return record;
  });
}

export async function updatePrompt(ctx: AppContext, caller: Caller, id: number, body: PromptBody) {
  return command(ctx, async (tx, events) => {
    const [current] = await tx
      .select()
      .from(prompts)
      .where(and(eq(prompts.companyId, caller.companyId), eq(prompts.id, id)))
      .for("update");
    if (!current) throw new AppError("ERR_NOT_FOUND", 404);
    const { values, queue } = await fieldsOf(ctx, tx, caller, body, current);
    const [row] = await tx
      .update(prompts)
      .set(values)
      .where(and(eq(prompts.companyId, caller.companyId), eq(prompts.id, id)))
      .returning();
    const record = presentPrompt(ctx.config.dataDir, row, queue);
    // keys are compared sealed: a new key shows as changed without its value reaching the event
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => String(current[k]) !== String(values[k]));
    events.add(promptUpdated(record, changed, actorOf(caller)));
    return record;
  });
}

/** Deletes a prompt; the connections, queues and open tickets that used it go on without the assistant. */
export async function deletePrompt(ctx: AppContext, caller: Caller, id: number) {
  await command(ctx, async (tx, events) => {
    const [row] = await tx
      .delete(prompts)
      .where(and(eq(prompts.companyId, caller.companyId), eq(prompts.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404);
    await tx
      .update(queues)
      .set({ promptId: null })
      .where(and(eq(queues.companyId, caller.companyId), eq(queues.promptId, id)));
    await tx
      .update(whatsapps)
      .set({ promptId: null })
      .where(and(eq(whatsapps.companyId, caller.companyId), eq(whatsapps.promptId, id)));
    await tx
      .update(tickets)
      .set({ promptId: null })
      .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.promptId, id)));
    events.add(promptDeleted(row, actorOf(caller)));
  });
}
