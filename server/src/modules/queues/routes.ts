import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { queueBody, queuesQuery } from "@balcao/common";
import { authorize } from "../../policies";
import type { AppContext } from "../../context";
import * as queuesService from "./service";

export function queueRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Any signed-in user of the company reads its queues (selects, filters, transfer dialog).
    r.get("/queue", { schema: { querystring: queuesQuery, tags: ["queues"] } }, async (request) => queuesService.listQueues(ctx.db, request.caller));

    r.post("/queue", { schema: { body: queueBody, tags: ["queues"] } }, async (request, reply) => {
      authorize(request.caller, "queues:manage");
      return reply.status(201).send(await queuesService.createQueue(ctx, request.caller, request.body));
    });
  };
}
