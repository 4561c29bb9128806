import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, queueOptionBody, queueOptionsQuery, queueOptionUpdateBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { authorize } from "../../policies";
import { presentQueueOption } from "./present";
import { queueOptionResponses } from "./responses";
import * as optionsService from "./service";

/** The chatbot menu of each queue: options nested by parentId. */
export function queueOptionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/queue-options", { schema: { querystring: queueOptionsQuery, tags: ["queue-options"], response: queueOptionResponses.list } }, async (request) =>
      optionsService.listQueueOptions(ctx.db, request.caller, request.query),
    );

    r.get("/queue-options/:id", { schema: { params: idParams, tags: ["queue-options"], response: queueOptionResponses.one } }, async (request) =>
      presentQueueOption(await optionsService.findQueueOption(ctx.db, request.caller.companyId, request.params.id)),
    );

    r.post("/queue-options", { schema: { body: queueOptionBody, tags: ["queue-options"], response: queueOptionResponses.created } }, async (request, reply) => {
      authorize(request.caller, "queues:manage");
      return reply.status(201).send(await optionsService.createQueueOption(ctx.db, request.caller, request.body));
    });

    r.put("/queue-options/:id", { schema: { params: idParams, body: queueOptionUpdateBody, tags: ["queue-options"], response: queueOptionResponses.one } }, async (request) => {
      authorize(request.caller, "queues:manage");
      return optionsService.updateQueueOption(ctx.db, request.caller, request.params.id, request.body);
    });

    r.delete("/queue-options/:id", { schema: { params: idParams, tags: ["queue-options"], response: queueOptionResponses.deleted } }, async (request) => {
      authorize(request.caller, "queues:manage");
      await optionsService.deleteQueueOption(ctx.db, request.caller, request.params.id);
      return { message: "Option deleted" };
    });
  };
}
