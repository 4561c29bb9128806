import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditLogFiltersQuery, auditLogsQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import { auditLogFilterOptions, listAuditLogs } from "./service";
import { auditLogFilters, auditLogsPage } from "./responses";

/** Who did what to which record, when and from where (listeners/audit.ts writes it). */
export function auditLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/audit-logs", { schema: { querystring: auditLogsQuery, tags: ["audit log"], response: { 200: auditLogsPage } } }, async (request) => listAuditLogs(ctx, request.caller, request.query));

    r.get("/audit-logs/filters", { schema: { querystring: auditLogFiltersQuery, tags: ["audit log"], response: { 200: auditLogFilters } } }, async (request) =>
      auditLogFilterOptions(ctx, request.caller, request.query.companyId),
    );
  };
}
