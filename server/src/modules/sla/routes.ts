import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { slaReportQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import { authorize } from "../../policies";
import { companyTimeZone } from "../../automation/timeZone";
import { sendTable } from "../reports/export";
import { exportLanguage, exportTexts, slaReportColumns } from "../reports/exportTexts";
import { flatSlaRow, slaReport } from "./report";
import { slaReportResponses } from "./responses";

/** GET /reports/sla: met and missed SLA targets with median and p90 times, per day, queue and attendant;
 * the CSV and XLSX speak the caller's language (`lang`, else Accept-Language, else Portuguese). */
export function slaReportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get("/reports/sla", { schema: { querystring: slaReportQuery, tags: ["reports"], response: slaReportResponses } }, async (request, reply) => {
      authorize(request.caller, "reports:view");
      const { companyId } = request.caller;
      const report = await slaReport(ctx.database, companyId, request.query, await companyTimeZone(ctx.db, companyId));
      if (request.query.format === "json") return report;
      const lang = exportLanguage(request.query.lang, request.headers["accept-language"]);
      const { none } = exportTexts(lang);
      return sendTable(
        reply,
        request.query.format,
        `sla-${report.from}-${report.to}`,
        slaReportColumns(lang),
        report.rows.map((row) => flatSlaRow(row, none)),
      );
    });
  };
}
