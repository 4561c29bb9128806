import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { serviceReportQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import { authorize } from "../../policies";
import { companyTimeZone } from "../../automation/timeZone";
import { sendTable } from "./export";
import { serviceReportResponses } from "./serviceResponses";
import { exportLanguage, exportTexts, serviceReportColumns } from "./exportTexts";
import { flatRow, serviceReport } from "./serviceReport";

/** GET /reports/service: the reports page's table as JSON, or as a CSV or XLSX download whose last row is the period's total,
 * headers and fixed labels in the caller's language (`lang`, else Accept-Language, else Portuguese). */
export function serviceReportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get("/reports/service", { schema: { querystring: serviceReportQuery, tags: ["reports"], response: serviceReportResponses } }, async (request, reply) => {
      authorize(request.caller, "reports:view");
      const { companyId } = request.caller;
      const report = await serviceReport(ctx.database, companyId, request.query, await companyTimeZone(ctx.db, companyId));
      if (request.query.format === "json") return report;
      const lang = exportLanguage(request.query.lang, request.headers["accept-language"]);
      const texts = exportTexts(lang);
      const named = report.rows.map((row) => (row.key === null && report.groupBy !== "day" ? { ...row, label: texts.none[report.groupBy] } : row));
      const rows = [...named, { ...report.totals, label: texts.total }].map(flatRow);
      return sendTable(reply, request.query.format, `service-${report.groupBy}-${report.from}-${report.to}`, serviceReportColumns(lang), rows);
    });
  };
}
