import { and, asc, count, eq, ilike } from "drizzle-orm";
import { QUEUE_INTEGRATIONS_PAGE_SIZE, type ListQuery, type QueueIntegrationBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { queueIntegrations, queues, tickets, whatsapps } from "../../db/schema";
import { containsPattern } from "../../db/like";
import { AppError } from "../../http/errors";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { presentQueueIntegration, type QueueIntegrationRow } from "./present";
import { queueIntegrationCreated, queueIntegrationDeleted, queueIntegrationUpdated } from "./events";
import { sealedColumns } from "./secrets";

const ofCompany = (companyId: number) => eq(queueIntegrations.companyId, companyId);

/** The page's list: by name, 20 a page, filtered by a part of the name. */
export async function listQueueIntegrations(db: Db, caller: Caller, query: ListQuery) {
  const where = query.searchParam ? and(ofCompany(caller.companyId), ilike(queueIntegrations.name, containsPattern(query.searchParam))) : ofCompany(caller.companyId);
  const offset = (query.pageNumber - 1) * QUEUE_INTEGRATIONS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(queueIntegrations).where(where).orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id)).limit(QUEUE_INTEGRATIONS_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(queueIntegrations).where(where),
  ]);
  return { queueIntegrations: rows.map(presentQueueIntegration), count: total, hasMore: total > offset + rows.length };
}

/** One of the caller's company; any other is not found. */
export async function findQueueIntegration(db: Db, companyId: number, id: number): Promise<QueueIntegrationRow> {
  const [row] = await db
    .select()
    .from(queueIntegrations)
    .where(and(ofCompany(companyId), eq(queueIntegrations.id, id)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

/** The columns a body sets besides the secrets; fields of other types are kept empty. */
function plainColumns(body: QueueIntegrationBody) {
  const typebot = body.type === "typebot";
  return {
    type: body.type,
    name: body.name,
    projectName: body.type === "dialogflow" ? body.projectName : "",
    language: body.type === "dialogflow" ? body.language || "pt-BR" : "",
    urlN8N: body.type === "dialogflow" ? "" : body.urlN8N.replace(/\/+$/, ""),
    typebotSlug: typebot ? body.typebotSlug : "",
    typebotExpires: body.typebotExpires,
    typebotDelayMessage: body.typebotDelayMessage,
    typebotKeywordFinish: typebot ? body.typebotKeywordFinish : "",
    typebotKeywordRestart: typebot ? body.typebotKeywordRestart : "",
    typebotRestartMessage: typebot ? body.typebotRestartMessage : "",
    typebotUnknownMessage: typebot ? body.typebotUnknownMessage : "",
  };
}

/** Creates one; a webhook or n8n integration without a given secret answers its new secret, this once. */
export async function createQueueIntegration(ctx: AppContext, caller: Caller, body: QueueIntegrationBody) {
  const { columns, plainSecret } = sealedColumns(ctx, body, true);
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .insert(queueIntegrations)
      .values({ companyId: caller.companyId, ...plainColumns(body), ...columns })
      .returning();
    const record = presentQueueIntegration(row);
    events.add(queueIntegrationCreated(record, actorOf(caller)));
    return plainSecret ? { ...record, secret: plainSecret } : record;
  });
}

/** Empty secrets keep the stored ones: the dialog never has them to send back. */
export async function updateQueueIntegration(ctx: AppContext, caller: Caller, id: number, body: QueueIntegrationBody) {
  const current = await findQueueIntegration(ctx.db, caller.companyId, id);
  const { columns } = sealedColumns(ctx, body, false);
  const changes = { ...plainColumns(body), ...columns };
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(queueIntegrations)
      .set(changes)
      .where(and(ofCompany(caller.companyId), eq(queueIntegrations.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404);
    const record = presentQueueIntegration(row);
    events.add(queueIntegrationUpdated(record, changedFields(current, changes), actorOf(caller)));
    return record;
  });
}

/** Queues and connections that used it lose it; tickets it was answering go back to people. */
export async function deleteQueueIntegration(ctx: AppContext, caller: Caller, id: number) {
  await findQueueIntegration(ctx.db, caller.companyId, id);
  await command(ctx, async (tx, events) => {
    const [row] = await tx
      .delete(queueIntegrations)
      .where(and(ofCompany(caller.companyId), eq(queueIntegrations.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404);
    await tx
      .update(queues)
      .set({ integrationId: null })
      .where(and(eq(queues.companyId, caller.companyId), eq(queues.integrationId, id)));
    await tx
      .update(whatsapps)
      .set({ integrationId: null })
      .where(and(eq(whatsapps.companyId, caller.companyId), eq(whatsapps.integrationId, id)));
    await tx
      .update(tickets)
      .set({ useIntegration: false })
      .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.integrationId, id), eq(tickets.useIntegration, true)));
    events.add(queueIntegrationDeleted(row, actorOf(caller)));
  });
}
