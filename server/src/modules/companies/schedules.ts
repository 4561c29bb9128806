import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { companySchedulesBody, idParams } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { can } from "@balcao/common";
import { presentCompany } from "./service";
import { companyWithSchedules } from "./responses";

/** A company's own record (its hours: a Settings tab) is for those who change settings; any company's for the super user. */
function assertCompanyAdmin(caller: Caller, companyId: number) {
  if (caller.super) return;
  if (caller.companyId !== companyId || !can(caller.profile, "settings:update")) throw forbidden();
}

async function findCompany(db: Db, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row;
}

const presentCompanyRecord = (c: typeof companies.$inferSelect) => ({ ...presentCompany(c), schedules: c.schedules ?? [] });

/** GET /companies/:id (with the company's hours) and PUT /companies/:id/schedules (the Settings 'Schedules' tab). */
export function companyScheduleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/companies/:id", { schema: { params: idParams, tags: ["companies"], response: { 200: companyWithSchedules } } }, async (request) => {
      assertCompanyAdmin(request.caller, request.params.id);
      return presentCompanyRecord(await findCompany(ctx.db, request.params.id));
    });

    r.put("/companies/:id/schedules", { schema: { params: idParams, body: companySchedulesBody, tags: ["companies"], response: { 200: companyWithSchedules } } }, async (request) => {
      const { id } = request.params;
      assertCompanyAdmin(request.caller, id);
      const [row] = await ctx.db.update(companies).set({ schedules: request.body.schedules }).where(eq(companies.id, id)).returning();
      if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
      return presentCompanyRecord(row);
    });
  };
}
