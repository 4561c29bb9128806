import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, plans, queues, users, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const LIMITED = {
  users: { table: users, code: "ERR_USER_LIMIT_REACHED" },
  connections: { table: whatsapps, code: "ERR_CONNECTION_LIMIT_REACHED" },
  queues: { table: queues, code: "ERR_QUEUE_LIMIT_REACHED" },
} as const;

export type LimitedResource = keyof typeof LIMITED;

/**
 * Refuses one more record when the company's plan is full. Locks the company row, so concurrent
 * creations in one company count one after the other until their transactions end.
 * As in the original, a plan allows exactly its number, so a plan of 0 allows none.
 */
export async function assertPlanAllowsOneMore(tx: Tx, companyId: number, resource: LimitedResource) {
  const [row] = await tx
    .select({ users: plans.users, connections: plans.connections, queues: plans.queues })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .for("update", { of: companies });
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  const limit = row[resource];
  if (limit === null) return; // a company without a plan is not limited
  const { table, code } = LIMITED[resource];
  const [{ total }] = await tx.select({ total: count() }).from(table).where(eq(table.companyId, companyId));
  if (total >= limit) throw new AppError(code, 400, { limit });
}
