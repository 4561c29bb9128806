import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardChartQuery, dashboardQuery } from "@balcao/common";
import { authorize } from "../../policies";
import type { AppContext } from "../../context";
import { conversationsPerUser, ticketsPerDay } from "./charts";
import { dashboardResponses } from "./responses";
import { dashboardData } from "./service";
import { companyTimeZone } from "../../automation/timeZone";

/** The admin's dashboard (core-workspace §2, §7): counters, attendants and the two charts, always of the caller's company. */
export function dashboardRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/dashboard", { schema: { querystring: dashboardQuery, tags: ["dashboard"], response: dashboardResponses.figures } }, async (request) => {
      authorize(request.caller, "dashboard:view");
      return dashboardData(ctx, request.caller.companyId, request.query, new Date(), await companyTimeZone(ctx.db, request.caller.companyId));
    });

    // The client sends a companyId too; another company's figures are never reachable through it.
    r.get("/dashboard/ticketsUsers", { schema: { querystring: dashboardChartQuery, tags: ["dashboard"], response: dashboardResponses.perUser } }, async (request) => {
      authorize(request.caller, "dashboard:view");
      return conversationsPerUser(ctx.db, request.caller.companyId, request.query, await companyTimeZone(ctx.db, request.caller.companyId));
    });

    r.get("/dashboard/ticketsDay", { schema: { querystring: dashboardChartQuery, tags: ["dashboard"], response: dashboardResponses.perDay } }, async (request) => {
      authorize(request.caller, "dashboard:view");
      return ticketsPerDay(ctx.db, request.caller.companyId, request.query, await companyTimeZone(ctx.db, request.caller.companyId));
    });
  };
}
