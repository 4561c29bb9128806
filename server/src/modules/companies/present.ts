import { and, eq, inArray } from "drizzle-orm";
import { BILLING_FIELDS, type CompanyBilling, type CompanyRecord } from "@balcao/common";
import type { Db, Tx } from "../../db/client";
import { companies, plans, settings } from "../../db/schema";

/** Settings key marking a company whose deletion was asked for: it is inactive and its data goes in a job. */
export const DELETION_REQUESTED = "deletionRequested";

type CompanyRow = typeof companies.$inferSelect;

/** The company's billing name and address fields, as stored. */
export const billingOf = (c: CompanyRow): CompanyBilling => Object.fromEntries(BILLING_FIELDS.map((f) => [f, c[f]])) as CompanyBilling;

/** Companies as the super user's table shows them: the plan's name and the campaigns switch beside each. */
export async function presentCompanyRecords(db: Db | Tx, rows: CompanyRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const planIds = [...new Set(rows.map((r) => r.planId).filter((id): id is number => id !== null))];
  const [planRows, campaignRows] = await Promise.all([
    planIds.length ? db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, planIds)) : [],
    db
      .select({ companyId: settings.companyId, value: settings.value })
      .from(settings)
      .where(and(inArray(settings.companyId, ids), eq(settings.key, "campaignsEnabled"))),
  ]);
  const planOf = new Map(planRows.map((p) => [p.id, p]));
  const campaignsOf = new Map(campaignRows.map((s) => [s.companyId, s.value === "true"]));
  return rows.map(
    (c) =>
      ({
        id: c.id,
        name: c.name,
        email: c.email,
        phone: c.phone,
        status: c.status,
        dueDate: c.dueDate,
        recurrence: c.recurrence,
        planId: c.planId,
        plan: c.planId === null ? null : (planOf.get(c.planId) ?? null),
        campaignsEnabled: campaignsOf.get(c.id) ?? false,
        ...billingOf(c),
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      }) satisfies CompanyRecord,
  );
}
