import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createWebhookEndpointBody, idParams, updateWebhookEndpointBody, webhookDeliveriesQuery, webhookDeliveryParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { createEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from "./endpoints";
import { listDeliveries, retryDelivery } from "./deliveries";

/** Outgoing webhooks of the caller's company (admins only): endpoints and their deliveries log. */
export function webhookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ["webhooks"];

    r.get("/webhook-endpoints", { schema: { tags } }, async (request) => listEndpoints(ctx, request.caller));

    r.post("/webhook-endpoints", { schema: { body: createWebhookEndpointBody, tags } }, async (request, reply) =>
      reply.status(201).send(await createEndpoint(ctx, request.caller, request.body)),
    );

    r.put("/webhook-endpoints/:id", { schema: { params: idParams, body: updateWebhookEndpointBody, tags } }, async (request) =>
      updateEndpoint(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/webhook-endpoints/:id", { schema: { params: idParams, tags } }, async (request) => {
      await deleteEndpoint(ctx, request.caller, request.params.id);
      return { message: "Webhook endpoint deleted" };
    });

    r.get("/webhook-endpoints/:id/deliveries", { schema: { params: idParams, querystring: webhookDeliveriesQuery, tags } }, async (request) =>
      listDeliveries(ctx, request.caller, request.params.id, request.query.pageNumber),
    );

    r.post("/webhook-endpoints/:id/deliveries/:deliveryId/retry", { schema: { params: webhookDeliveryParams, tags } }, async (request) =>
      retryDelivery(ctx, request.caller, request.params.id, request.params.deliveryId),
    );
  };
}
