import { asc, count, eq, ilike } from "drizzle-orm";
import { PLANS_PAGE_SIZE, type ListQuery, type PlanBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { companies, plans } from "../../db/schema";
import { AppError } from "../../http/errors";
import { uniqueViolation } from "../../db/errors";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { presentPlan } from "./present";
import { planChanged } from "./events";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const notFound = () => new AppError("ERR_NO_PLAN_FOUND", 404);

/** GET /plans: 20 a page by name, searched in the name. */
export async function listPlansPage(db: Db, query: ListQuery) {
  const where = query.searchParam ? ilike(plans.name, `%${escapeLike(query.searchParam)}%`) : undefined;
  const offset = (query.pageNumber - 1) * PLANS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(plans).where(where).orderBy(asc(plans.name), asc(plans.id)).limit(PLANS_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(plans).where(where),
  ]);
  return { plans: rows.map(presentPlan), count: total, hasMore: total > offset + rows.length };
}

export async function findPlan(db: Db, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row) throw notFound();
  return presentPlan(row);
}

/** Plan names are unique: a taken one (or two saves racing for it) is ERR_PLAN_NAME_ALREADY_EXISTS. */
async function uniqueName<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS", 400, { field: "name" });
    throw err;
  }
}

export function createPlan(ctx: AppContext, caller: Caller, body: PlanBody) {
  return uniqueName(() =>
    command(ctx, async (tx, events) => {
      const [row] = await tx.insert(plans).values(body).returning();
      const plan = presentPlan(row);
      events.add(planChanged("plan.created", plan, actorOf(caller)));
      return plan;
    }),
  );
}

/** A plan's new limits and flags hold at once for every company on it; their menus are told (listeners/realtime/plans.ts). */
export function updatePlan(ctx: AppContext, caller: Caller, id: number, body: PlanBody) {
  return uniqueName(() =>
    command(ctx, async (tx, events) => {
      const [row] = await tx
        .update(plans)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning();
      if (!row) throw notFound();
      const plan = presentPlan(row);
      events.add(planChanged("plan.updated", plan, actorOf(caller)));
      return plan;
    }),
  );
}

/** A plan some company is on stays: ERR_PLAN_IN_USE, with how many companies use it. */
export function deletePlan(ctx: AppContext, caller: Caller, id: number) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
    if (!row) throw notFound();
    const [{ total }] = await tx.select({ total: count() }).from(companies).where(eq(companies.planId, id));
    if (total > 0) throw new AppError("ERR_PLAN_IN_USE", 400, { count: total });
    await tx.delete(plans).where(eq(plans.id, id));
    events.add(planChanged("plan.deleted", presentPlan(row), actorOf(caller)));
  });
}
