import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { asc } from "drizzle-orm";
import { idParams, planBody, plansQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import { plans } from "../../db/schema";
import { requireSuper } from "../../policies";
import { presentPlan } from "./present";
import * as plansService from "./service";
import { planAnswer, planDeleted, planList, plansPage } from "./responses";

const tags = ["plans"];
// before validation: a caller who may not manage plans learns nothing about the body's shape
const superOnly = { preValidation: async (request: FastifyRequest) => requireSuper(request.caller) };

/**
 * Plans: platform data read by the sign-up form (public list) and by signed-in users; created,
 * changed and removed by the super user only (others get 403 ERR_NO_PERMISSION).
 */
export function planRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const all = async () => (await ctx.db.select().from(plans).orderBy(asc(plans.name))).map(presentPlan);

    /** Public: the sign-up form offers these. */
    r.get("/plans/list", { config: { public: true }, schema: { tags, response: { 200: planList } } }, all);

    r.get("/plans/all", { schema: { tags, response: { 200: planList } } }, all);

    r.get("/plans", { schema: { querystring: plansQuery, tags, response: { 200: plansPage } } }, async (request) => plansService.listPlansPage(ctx.db, request.query));

    r.get("/plans/:id", { schema: { params: idParams, tags, response: { 200: planAnswer } } }, async (request) => plansService.findPlan(ctx.db, request.params.id));

    r.post("/plans", { ...superOnly, schema: { body: planBody, tags, response: { 201: planAnswer } } }, async (request, reply) => reply.status(201).send(await plansService.createPlan(ctx, request.caller, request.body)));

    r.put("/plans/:id", { ...superOnly, schema: { params: idParams, body: planBody, tags, response: { 200: planAnswer } } }, async (request) =>
      plansService.updatePlan(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/plans/:id", { ...superOnly, schema: { params: idParams, tags, response: { 200: planDeleted } } }, async (request) => {
      await plansService.deletePlan(ctx, request.caller, request.params.id);
      return { message: "Plan deleted" };
    });
  };
}
