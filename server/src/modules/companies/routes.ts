import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParams, signupBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { AppError, forbidden } from "../../http/errors";
import { findCompanyWithPlan, presentCompany, signUp } from "./service";

export function companyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      "/companies/cadastro",
      { config: { public: true, rateLimit: { max: ctx.config.signupMaxPerIp, timeWindow: "1 hour" } }, schema: { body: signupBody, tags: ["companies"] } },
      async (request, reply) => {
        const company = await signUp(ctx.db, request.body);
        return reply.status(201).send(presentCompany(company));
      },
    );

    r.get("/companies/listPlan/:companyId", { schema: { params: companyIdParams, tags: ["companies"] } }, async (request) => {
      const { caller } = request;
      if (request.params.companyId !== caller.companyId && !caller.super) throw forbidden();
      const company = await findCompanyWithPlan(ctx.db, request.params.companyId);
      if (!company) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
      return company;
    });
  };
}
