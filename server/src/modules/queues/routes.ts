import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { queueBody, queueIdParams, queuesQuery } from "@balcao/common";
import { authorize } from "../../policies";
import type { AppContext } from "../../context";
import { presentQueueRecord } from "./present";
import { queueResponses } from "./responses";
import * as queuesService from "./service";

export function queueRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Any signed-in user of the company reads its queues (selects, filters, transfer dialog).
    r.get("/queue", { schema: { querystring: queuesQuery, tags: ["queues"], response: queueResponses.list } }, async (request) => queuesService.listQueues(ctx.db, request.caller));

    r.get("/queue/:id", { schema: { params: queueIdParams, tags: ["queues"], response: queueResponses.one } }, async (request) =>
      presentQueueRecord(await queuesService.findQueue(ctx.db, request.caller.companyId, request.params.id)),
    );

    r.post("/queue", { schema: { body: queueBody, tags: ["queues"], response: queueResponses.created } }, async (request, reply) => {
      authorize(request.caller, "queues:manage");
      return reply.status(201).send(await queuesService.createQueue(ctx, request.caller, request.body));
    });

    r.put("/queue/:id", { schema: { params: queueIdParams, body: queueBody, tags: ["queues"], response: queueResponses.one } }, async (request) => {
      authorize(request.caller, "queues:manage");
      return queuesService.updateQueue(ctx, request.caller, request.params.id, request.body);
    });

    r.delete("/queue/:id", { schema: { params: queueIdParams, tags: ["queues"], response: queueResponses.deleted } }, async (request) => {
      authorize(request.caller, "queues:manage");
      await queuesService.deleteQueue(ctx, request.caller, request.params.id);
      return { message: "Queue deleted" };
    });
  };
}
