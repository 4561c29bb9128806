import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createTicketBody, idParams, ticketListQuery, updateTicketBody, uuidParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { jsonText } from "../../http/responses/shapes";
import { listTickets } from "./list";
import { presentTicket } from "./present";
import { ticketResponses } from "./responses";
import { createTicket, deleteTicket, findByUuid, loadAccessibleTicket, updateTicket } from "./service";

export function ticketRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/tickets", { schema: { querystring: ticketListQuery, tags: ["tickets"], response: ticketResponses.page } }, async (request, reply) =>
      reply.type("application/json; charset=utf-8").send(jsonText(ticketResponses.page[200], await listTickets(ctx.database, request.caller, request.query))),
    );

    r.get("/tickets/u/:uuid", { schema: { params: uuidParams, tags: ["tickets"], response: ticketResponses.one } }, async (request) => presentTicket(ctx.db, await findByUuid(ctx, request.caller, request.params.uuid)));

    r.get("/tickets/:id", { schema: { params: idParams, tags: ["tickets"], response: ticketResponses.one } }, async (request) => presentTicket(ctx.db, await loadAccessibleTicket(ctx, request.caller, request.params.id)));

    r.post("/tickets", { schema: { body: createTicketBody, tags: ["tickets"], response: ticketResponses.created } }, async (request, reply) =>
      reply.status(201).send(await createTicket(ctx, request.caller, request.body)),
    );

    r.put("/tickets/:id", { schema: { params: idParams, body: updateTicketBody, tags: ["tickets"], response: ticketResponses.one } }, async (request) =>
      updateTicket(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/tickets/:id", { schema: { params: idParams, tags: ["tickets"], response: ticketResponses.deleted } }, async (request) => {
      await deleteTicket(ctx, request.caller, request.params.id);
      return { message: "ticket deleted" };
    });
  };
}
