import { eq } from "drizzle-orm";
import type { PlanFlag } from "@balcao/common";
import type { Db } from "../db/client";
import { companies, plans } from "../db/schema";
import { forbidden } from "../http/errors";

/** Whether the company's plan enables a feature; a company without a plan has no restrictions. */
export async function planAllows(db: Db, companyId: number, flag: PlanFlag): Promise<boolean> {
  const [row] = await db.select({ plan: plans }).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  return row?.plan?.[flag] !== false;
}

/** Throws ERR_NO_PERMISSION (403) when the company's plan leaves the feature out, as the menu does. */
export async function requirePlanFlag(db: Db, companyId: number, flag: PlanFlag) {
  if (!(await planAllows(db, companyId, flag))) throw forbidden();
}
