import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import type { QueueOptionBody, QueueOptionsQuery, QueueOptionUpdateBody } from "@balcao/common";
import type { Caller } from "../../context";
import type { Db } from "../../db/client";
import { queueOptions } from "../../db/schema";
import { AppError } from "../../http/errors";
import { findQueue } from "../queues/service";
import { presentQueueOption } from "./present";

/** The company's options, filtered by queue and parent (null: the top level), in creation order. */
export async function listQueueOptions(db: Db, caller: Caller, query: QueueOptionsQuery) {
  const where: SQL[] = [eq(queueOptions.companyId, caller.companyId)];
  if (query.queueId !== undefined) where.push(eq(queueOptions.queueId, query.queueId));
  if (query.parentId === null) where.push(isNull(queueOptions.parentId));
  else if (query.parentId !== undefined) where.push(eq(queueOptions.parentId, query.parentId));
  const rows = await db
    .select()
    .from(queueOptions)
    .where(and(...where))
    .orderBy(asc(queueOptions.id));
  return rows.map(presentQueueOption);
}

export async function findQueueOption(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

/** Adds an option under a queue of the caller's company, at the top level or under an option of that same queue. */
export async function createQueueOption(db: Db, caller: Caller, body: QueueOptionBody) {
  await findQueue(db, caller.companyId, body.queueId);
  if (body.parentId !== null) {
    const parent = await findQueueOption(db, caller.companyId, body.parentId).catch(() => null);
    if (!parent || parent.queueId !== body.queueId) throw new AppError("ERR_NOT_FOUND", 404, { field: "parentId" });
  }
  const [row] = await db.insert(queueOptions).values({ companyId: caller.companyId, queueId: body.queueId, parentId: body.parentId, title: body.title, option: body.option, message: body.message }).returning();
  return presentQueueOption(row);
}

/** Edits an option's title, number and message; it stays where it is in the tree. */
export async function updateQueueOption(db: Db, caller: Caller, id: number, body: QueueOptionUpdateBody) {
  await findQueueOption(db, caller.companyId, id);
  const values: Partial<typeof queueOptions.$inferInsert> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.option !== undefined) values.option = body.option;
  if (body.message !== undefined) values.message = body.message;
  if (Object.keys(values).length === 0) return presentQueueOption(await findQueueOption(db, caller.companyId, id));
  const [row] = await db
    .update(queueOptions)
    .set(values)
    .where(and(eq(queueOptions.companyId, caller.companyId), eq(queueOptions.id, id)))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return presentQueueOption(row);
}

/** Deletes an option; its whole subtree goes with it (parentId cascades). */
export async function deleteQueueOption(db: Db, caller: Caller, id: number) {
  const deleted = await db
    .delete(queueOptions)
    .where(and(eq(queueOptions.companyId, caller.companyId), eq(queueOptions.id, id)))
    .returning({ id: queueOptions.id });
  if (deleted.length === 0) throw new AppError("ERR_NOT_FOUND", 404);
}
