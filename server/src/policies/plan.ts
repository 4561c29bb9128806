import { eq, sql, type SQL } from "drizzle-orm";
import type { PlanFlag } from "@balcao/common";
import type { Db } from "../db/client";
import { companies, plans } from "../db/schema";
import { forbidden } from "../http/errors";

/** Whether the company's plan enables a feature; a company without a plan has no restrictions. */
export async function planAllows(db: Db, companyId: number, flag: PlanFlag): Promise<boolean> {
  const [row] = await db.select({ plan: plans }).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  return row?.plan?.[flag] !== false;
}

/**
 * `planAllows` as an SQL boolean over the company `companyId` (an SQL expression), for statements
 * that read it beside other things: true without a plan, as `planAllows`.
 */
export function planAllowsSql(companyId: SQL, flag: PlanFlag): SQL<boolean> {
  const column = sql.identifier(flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  return sql<boolean>`coalesce((select p.${column} from companies co join plans p on p.id = co.plan_id where co.id = ${companyId}), true)`;
}

/** Throws ERR_NO_PERMISSION (403) when the company's plan leaves the feature out, as the menu does. */
export async function requirePlanFlag(db: Db, companyId: number, flag: PlanFlag) {
  if (!(await planAllows(db, companyId, flag))) throw forbidden();
}
