import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, promptBody, promptsQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import { requirePrompts } from "../../policies/prompts";
import * as service from "./service";
import * as answers from "./responses";

const tags = ["prompts"];

/**
 * AI prompts (administration §2, §7): for the company's admins while its plan has useOpenAi.
 * companyId sent by the client is ignored: the caller's company is used. Keys are only ever
 * answered by their last 4 characters.
 */
export function promptRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook("preValidation", async (request) => requirePrompts(ctx.db, request.caller));

    r.get("/prompt", { schema: { querystring: promptsQuery, tags, response: { 200: answers.promptsPage } } }, async (request) => service.listPrompts(ctx, request.caller, request.query));

    r.get("/prompt/:id", { schema: { params: idParams, tags, response: { 200: answers.promptAnswer } } }, async (request) => service.showPrompt(ctx, request.caller, request.params.id));

    r.post("/prompt", { schema: { body: promptBody, tags, response: { 201: answers.promptAnswer } } }, async (request, reply) => reply.status(201).send(await service.createPrompt(ctx, request.caller, request.body)));

    r.put("/prompt/:id", { schema: { params: idParams, body: promptBody, tags, response: { 200: answers.promptAnswer } } }, async (request) => service.updatePrompt(ctx, request.caller, request.params.id, request.body));

    r.delete("/prompt/:id", { schema: { params: idParams, tags, response: { 200: answers.promptDeleted } } }, async (request) => {
      await service.deletePrompt(ctx, request.caller, request.params.id);
      return { message: "Prompt deleted" };
    });
  };
}
