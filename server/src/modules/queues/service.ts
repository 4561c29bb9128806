import { asc, eq } from "drizzle-orm";
import type { QueueBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { uniqueViolation } from "../../db/errors";
import type { Caller } from "../../context";
import type { Db } from "../../db/client";
import { queues } from "../../db/schema";
import { presentQueue } from "./present";

/** The company's queues by orderQueue (unordered ones last), then name. */
export async function listQueues(db: Db, caller: Caller) {
  const rows = await db.select().from(queues).where(eq(queues.companyId, caller.companyId)).orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id));
  return rows.map(presentQueue);
}

/** Creates a queue; names and colours are unique in a company (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
export async function createQueue(ctx: AppContext, caller: Caller, body: QueueBody) {
  try {
    const [row] = await ctx.db.insert(queues).values({ companyId: caller.companyId, ...body }).returning();
    const queue = presentQueue(row);
    ctx.realtime.toCompany(caller.companyId, "queue", { action: "update", queue });
    return queue;
  } catch (err) {
    const violation = uniqueViolation(err);
    if (violation?.constraint.includes("color")) throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 400);
    if (violation) throw new AppError("ERR_VALIDATION", 400, { field: "name", message: "name: already in use" });
    throw err;
  }
}
