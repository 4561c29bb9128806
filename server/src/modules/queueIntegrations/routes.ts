import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, queueIntegrationBody, queueIntegrationsQuery, queueIntegrationTestBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { requireQueueIntegrations } from "../../policies/queueIntegrations";
import { detectIntent } from "../../automation/integrations/dialogflow";
import { presentQueueIntegration } from "./present";
import { parseServiceAccount } from "./secrets";
import * as service from "./service";
import * as answers from "./responses";

const tags = ["queue-integrations"];

/**
 * Queue integrations (administration §3, §6, §7): the company's admins, while the plan has
 * useIntegrations. Secrets go in and never come back: only whether they exist and their last 4.
 */
export function queueIntegrationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook("preValidation", async (request) => {
      if (request.url.startsWith("/queueIntegration")) await requireQueueIntegrations(ctx.db, request.caller);
    });

    r.get("/queueIntegration", { schema: { querystring: queueIntegrationsQuery, tags, response: { 200: answers.queueIntegrationsPage } } }, async (request) =>
      service.listQueueIntegrations(ctx.db, request.caller, request.query),
    );

    r.get("/queueIntegration/:id", { schema: { params: idParams, tags, response: { 200: answers.queueIntegrationAnswer } } }, async (request) =>
      presentQueueIntegration(await service.findQueueIntegration(ctx.db, request.caller.companyId, request.params.id)),
    );

    r.post("/queueIntegration", { schema: { body: queueIntegrationBody, tags, response: { 201: answers.createdQueueIntegration } } }, async (request, reply) =>
      reply.status(201).send(await service.createQueueIntegration(ctx, request.caller, request.body)),
    );

    r.put("/queueIntegration/:id", { schema: { params: idParams, body: queueIntegrationBody, tags, response: { 200: answers.queueIntegrationAnswer } } }, async (request) =>
      service.updateQueueIntegration(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/queueIntegration/:id", { schema: { params: idParams, tags, response: { 200: answers.queueIntegrationDeleted } } }, async (request) => {
      await service.deleteQueueIntegration(ctx, request.caller, request.params.id);
      return { message: "Integration deleted" };
    });

    // the dialog's test: the agent answers a greeting with the credentials typed, nothing is stored
    r.post("/queueIntegration/testSession", { schema: { body: queueIntegrationTestBody, tags, response: { 200: answers.queueIntegrationTest } } }, async (request) => {
      const account = parseServiceAccount(request.body.jsonContent);
      try {
        const answer = await detectIntent({
          apiUrl: ctx.config.dialogflowApiUrl,
          projectName: request.body.projectName,
          account,
          language: request.body.language,
          sessionId: `test-${request.caller.companyId}-${Date.now()}`,
          text: "Olá",
          allowPrivate: ctx.config.webhooksAllowPrivateHosts,
        });
        return { ok: true, messages: answer.texts, intent: answer.intent };
      } catch (err) {
        // the agent's refusal is the answer the admin asked for, not a failure of this request
        request.log.info({ reason: (err as Error).message }, "dialogflow test session failed");
        return { ok: false, messages: [], intent: null };
      }
    });
  };
}
