import type { FastifyInstance } from "fastify";
import { asc } from "drizzle-orm";
import type { AppContext } from "../../context";
import { plans } from "../../db/schema";
import { presentPlan } from "./present";

export function planRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    /** Public: the sign-up form offers these. */
    app.get("/plans/list", { config: { public: true }, schema: { tags: ["plans"] } }, async () => {
      const rows = await ctx.db.select().from(plans).orderBy(asc(plans.name));
      return rows.map(presentPlan);
    });
  };
}
