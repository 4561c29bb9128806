import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companiesQuery, companyBody, companyIdParams, idParams, signupBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { AppError, forbidden } from "../../http/errors";
import { requireSuper } from "../../policies";
import { wakeCompanyDeletion } from "../../jobs/companyDeletionWakeups";
import { findCompanyWithPlan, presentCompany, signUp } from "./service";
import { companiesPage, companyDeletionScheduled, companyList, companyRecord, companyWithPlan, signedUpCompany } from "./responses";
import { createCompany, listAllCompanies, listCompaniesPage, requestCompanyDeletion, updateCompany } from "./manage";

const tags = ["companies"];
// before validation: a caller who may not manage companies learns nothing about the body's shape
const superOnly = { preValidation: async (request: FastifyRequest) => requireSuper(request.caller) };

export function companyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      "/companies/cadastro",
      { config: { public: true, rateLimit: { max: ctx.config.signupMaxPerIp, windowSeconds: 60 * 60 } }, schema: { body: signupBody, tags, response: { 201: signedUpCompany } } },
      async (request, reply) => {
        const company = await signUp(ctx.db, request.body);
        return reply.status(201).send(presentCompany(company));
      },
    );

    r.get("/companies/listPlan/:companyId", { schema: { params: companyIdParams, tags, response: { 200: companyWithPlan } } }, async (request) => {
      const { caller } = request;
      if (request.params.companyId !== caller.companyId && !caller.super) throw forbidden();
      const company = await findCompanyWithPlan(ctx.db, request.params.companyId);
      if (!company) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
      return company;
    });

    // The super user's Companies tab: every company of the platform (others get 403 ERR_NO_PERMISSION).
    r.get("/companies", { ...superOnly, schema: { querystring: companiesQuery, tags, response: { 200: companiesPage } } }, async (request) => listCompaniesPage(ctx.db, request.query));

    r.get("/companies/list", { ...superOnly, schema: { tags, response: { 200: companyList } } }, async () => listAllCompanies(ctx.db));

    r.post("/companies", { ...superOnly, schema: { body: companyBody, tags, response: { 201: companyRecord } } }, async (request, reply) => reply.status(201).send(await createCompany(ctx, request.caller, request.body)));

    r.put("/companies/:id", { ...superOnly, schema: { params: idParams, body: companyBody, tags, response: { 200: companyRecord } } }, async (request) =>
      updateCompany(ctx, request.caller, request.params.id, request.body),
    );

    /** The company stops now; its data goes in a durable job (automation/deleteCompanies.ts). */
    r.delete("/companies/:id", { ...superOnly, schema: { params: idParams, tags, response: { 202: companyDeletionScheduled } } }, async (request, reply) => {
      const company = await requestCompanyDeletion(ctx, request.caller, request.params.id);
      await wakeCompanyDeletion(ctx, company.id);
      return reply.status(202).send({ message: "Company deletion scheduled", company });
    });
  };
}
