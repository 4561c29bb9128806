import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, plans } from "../../db/schema";
import { forbidden } from "../../http/errors";

/** The board and its calls exist only when the company's plan enables kanban (a company without a plan keeps the defaults: on). */
export async function requireKanbanPlan(db: Db, companyId: number) {
  const [row] = await db.select({ useKanban: plans.useKanban }).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
  if (!row || row.useKanban === false) throw forbidden();
}
