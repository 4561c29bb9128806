import { eq } from "drizzle-orm";
import type { Plan } from "@balcao/common";
import type { Listener } from "../../events/types";
import { companies, plans } from "../../db/schema";
import { presentPlan } from "../../modules/plans/present";
import { idOf, viewOf } from "./viewOf";

const TYPES = new Set(["plan.updated", "company.updated"]);

/**
 * A company's plan to its sockets (`company-{id}-plan`), so the menu and the limits shown change
 * without a reload: every company on an edited plan, or one company moved to another plan.
 */
export const plansRealtime: Listener = {
  name: "realtime.plans",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    if (event.type === "company.updated") {
      const companyId = idOf(event, "companyId");
      if (companyId === null || !event.data.planChanged) return;
      const [row] = await ctx.db.select({ plan: plans }).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId));
      if (!row) return;
      ctx.realtime.toCompany(companyId, "plan", { action: "update", companyId, plan: row.plan ? presentPlan(row.plan) : null });
      return;
    }
    const planId = idOf(event, "planId");
    if (planId === null) return;
    const plan = await viewOf<Plan>(event, "plan", async () => {
      const [row] = await ctx.db.select().from(plans).where(eq(plans.id, planId));
      return row ? presentPlan(row) : null;
    });
    if (!plan) return;
    const onPlan = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.planId, planId));
    for (const { id } of onPlan) ctx.realtime.toCompany(id, "plan", { action: "update", companyId: id, plan });
  },
};
