import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardChartQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import { authorize } from "../../policies";
import { reportResponses } from "./responses";
import { appointmentsPerAttendant, messagesPerHour, ratingsPerQueue } from "./service";
import { companyTimeZone } from "../../automation/timeZone";

/** The reports the spec's dashboard and reports page read; the client's companyId is ignored, the caller's company is used. */
export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const schema = { querystring: dashboardChartQuery, tags: ["reports"] };

    r.get("/reports/appointmentsAtendent", { schema: { ...schema, response: reportResponses.appointments } }, async (request) => {
      authorize(request.caller, "dashboard:view");
      return appointmentsPerAttendant(ctx.db, request.caller.companyId, request.query, await companyTimeZone(ctx.db, request.caller.companyId));
    });

    r.get("/reports/rushHour", { schema: { ...schema, response: reportResponses.rushHour } }, async (request) => {
      authorize(request.caller, "dashboard:view");
      return messagesPerHour(ctx.db, request.caller.companyId, request.query, await companyTimeZone(ctx.db, request.caller.companyId));
    });

    r.get("/reports/departamentRatings", { schema: { ...schema, response: reportResponses.ratings } }, async (request) => {
      authorize(request.caller, "dashboard:view");
      return ratingsPerQueue(ctx.db, request.caller.companyId, request.query, await companyTimeZone(ctx.db, request.caller.companyId));
    });
  };
}
