import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userQueues } from "../../db/schema";

/** Ids of the caller's queues (fresh on every call: an admin may have just changed them). */
export async function queueIdsOf(db: Db, companyId: number, userId: number) {
  const rows = await db
    .select({ queueId: userQueues.queueId })
    .from(userQueues)
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)));
  return rows.map((r) => r.queueId);
}
