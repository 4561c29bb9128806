import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { helpBody, helpsQuery, idParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { requireSuper } from "../../policies";
import * as helpsService from "./service";
import { helpDeleted, helpList, helpRecord, helpsPage } from "./responses";

const tags = ["helps"];
// before validation: a caller who may not manage helps learns nothing about the body's shape
const superOnly = { preValidation: async (request: FastifyRequest) => requireSuper(request.caller) };

/**
 * Help videos: platform data without a company, read by every signed-in user and managed by
 * the super user only (others get 403 ERR_NO_PERMISSION).
 */
export function helpRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/helps", { schema: { querystring: helpsQuery, tags, response: { 200: helpsPage } } }, async (request) => helpsService.listHelpsPage(ctx.db, request.query));

    r.get("/helps/list", { schema: { tags, response: { 200: helpList } } }, async () => helpsService.listHelps(ctx.db));

    r.get("/helps/:id", { schema: { params: idParams, tags, response: { 200: helpRecord } } }, async (request) => helpsService.findHelp(ctx.db, request.params.id));

    r.post("/helps", { ...superOnly, schema: { body: helpBody, tags, response: { 201: helpRecord } } }, async (request, reply) => reply.status(201).send(await helpsService.createHelp(ctx.db, request.body)));

    r.put("/helps/:id", { ...superOnly, schema: { params: idParams, body: helpBody, tags, response: { 200: helpRecord } } }, async (request) => helpsService.updateHelp(ctx.db, request.params.id, request.body));

    r.delete("/helps/:id", { ...superOnly, schema: { params: idParams, tags, response: { 200: helpDeleted } } }, async (request) => {
      await helpsService.deleteHelp(ctx.db, request.params.id);
      return { message: "Help deleted" };
    });
  };
}
