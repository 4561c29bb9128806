import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_QUEUE_SCHEDULES, type QueueBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { queues, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { presentQueue, presentQueueRecord } from "./present";
import { queueCreated, queueDeleted, queueUpdated } from "./events";
import { assertPlanAllowsOneMore } from "../plans/limits";

/** The company's queues by orderQueue (unordered ones last), then name. */
export async function listQueues(db: Db, caller: Caller) {
  const rows = await db.select().from(queues).where(eq(queues.companyId, caller.companyId)).orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id));
  return rows.map(presentQueue);
}

/** A queue of the caller's company; another company's queue does not exist for the caller. */
export async function findQueue(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
  if (!row) throw new AppError("ERR_QUEUE_NOT_FOUND", 404);
  return row;
}

/** Names and colours are unique in a company: the unique indexes decide, even under concurrent saves. */
function translateUniqueViolation(err: unknown): never {
  const violation = uniqueViolation(err);
  if (violation?.constraint.includes("color")) throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 400);
  if (violation) throw new AppError("ERR_VALIDATION", 400, { field: "name", message: "name: already in use" });
  throw err;
}

/** Creates a queue; without schedules it gets the default week (Mon–Fri 08–18, Sat 08–12, Sun closed). */
export async function createQueue(ctx: AppContext, caller: Caller, body: QueueBody) {
  const schedules = body.schedules?.length ? body.schedules : [...DEFAULT_QUEUE_SCHEDULES];
  try {
    return await command(ctx, async (tx, events) => {
      await assertPlanAllowsOneMore(tx, caller.companyId, "queues");
      const [created] = await tx
        .insert(queues)
        .values({ ...body, companyId: caller.companyId, schedules, promptId: body.promptId ?? null, integrationId: body.integrationId ?? null })
        .returning();
      const queue = presentQueueRecord(created);
      events.add(queueCreated(queue, actorOf(caller)));
      return queue;
    });
  } catch (err) {
    translateUniqueViolation(err);
  }
}

/** Updates a queue; fields left out of the body (schedules, prompt, integration) are kept. */
export async function updateQueue(ctx: AppContext, caller: Caller, id: number, body: QueueBody) {
  const existing = await findQueue(ctx.db, caller.companyId, id);
  const values: Partial<typeof queues.$inferInsert> = {
    name: body.name,
    color: body.color,
    greetingMessage: body.greetingMessage,
    outOfHoursMessage: body.outOfHoursMessage,
    orderQueue: body.orderQueue,
  };
  if (body.schedules !== undefined) values.schedules = body.schedules;
  if (body.promptId !== undefined) values.promptId = body.promptId;
  if (body.integrationId !== undefined) values.integrationId = body.integrationId;
  if (body.slaFirstResponseMinutes !== undefined) values.slaFirstResponseMinutes = body.slaFirstResponseMinutes;
  if (body.slaResolutionMinutes !== undefined) values.slaResolutionMinutes = body.slaResolutionMinutes;
  if (body.assignmentMode !== undefined) values.assignmentMode = body.assignmentMode;
  try {
    return await command(ctx, async (tx, events) => {
      const [row] = await tx
        .update(queues)
        .set(values)
        .where(and(eq(queues.companyId, caller.companyId), eq(queues.id, id)))
        .returning();
      if (!row) throw new AppError("ERR_QUEUE_NOT_FOUND", 404); // deleted meanwhile
      const queue = presentQueueRecord(row);
      events.add(queueUpdated(queue, changedFields(existing, values), actorOf(caller)));
      return queue;
    });
  } catch (err) {
    translateUniqueViolation(err);
  }
}

/**
 * Deletes a queue with its chatbot options, user and connection links (foreign keys);
 * tickets keep existing without a queue, and connections stop transferring to it.
 */
export async function deleteQueue(ctx: AppContext, caller: Caller, id: number) {
  await command(ctx, async (tx, events) => {
    const [deleted] = await tx
      .delete(queues)
      .where(and(eq(queues.companyId, caller.companyId), eq(queues.id, id)))
      .returning();
    if (!deleted) throw new AppError("ERR_QUEUE_NOT_FOUND", 404);
    await tx
      .update(whatsapps)
      .set({ transferQueueId: null })
      .where(and(eq(whatsapps.companyId, caller.companyId), eq(whatsapps.transferQueueId, id)));
    events.add(queueDeleted(deleted, actorOf(caller)));
  });
}
