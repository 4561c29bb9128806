import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createWebhookEndpointBody, idParams, updateWebhookEndpointBody, webhookDeliveriesQuery, webhookDeliveryParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { createEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from "./endpoints";
import { listDeliveries, retryDelivery } from "./deliveries";
import { createdWebhookEndpoint, webhookDeliveriesPage, webhookDelivery, webhookEndpoint, webhookEndpointDeleted, webhookEndpoints } from "./responses";

/** Outgoing webhooks of the caller's company (admins only): endpoints and their deliveries log. */
export function webhookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ["webhooks"];

    r.get("/webhook-endpoints", { schema: { tags, response: { 200: webhookEndpoints } } }, async (request) => listEndpoints(ctx, request.caller));

    r.post("/webhook-endpoints", { schema: { body: createWebhookEndpointBody, tags, response: { 201: createdWebhookEndpoint } } }, async (request, reply) =>
      reply.status(201).send(await createEndpoint(ctx, request.caller, request.body)),
    );

    r.put("/webhook-endpoints/:id", { schema: { params: idParams, body: updateWebhookEndpointBody, tags, response: { 200: webhookEndpoint } } }, async (request) =>
      updateEndpoint(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/webhook-endpoints/:id", { schema: { params: idParams, tags, response: { 200: webhookEndpointDeleted } } }, async (request) => {
      await deleteEndpoint(ctx, request.caller, request.params.id);
      return { message: "Webhook endpoint deleted" };
    });

    r.get("/webhook-endpoints/:id/deliveries", { schema: { params: idParams, querystring: webhookDeliveriesQuery, tags, response: { 200: webhookDeliveriesPage } } }, async (request) =>
      listDeliveries(ctx, request.caller, request.params.id, request.query.pageNumber),
    );

    r.post("/webhook-endpoints/:id/deliveries/:deliveryId/retry", { schema: { params: webhookDeliveryParams, tags, response: { 200: webhookDelivery } } }, async (request) =>
      retryDelivery(ctx, request.caller, request.params.id, request.params.deliveryId),
    );
  };
}
