import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { kanbanTicketsQuery, ticketIdParams, ticketTagParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { requireKanbanPlan } from "./planGate";
import { kanbanResponses } from "./responses";
import { addTicketTag, listKanbanTags, listKanbanTickets, removeKanbanTags } from "./service";

/** The kanban board's calls (administration §7); all of them need a plan with kanban. */
export function kanbanRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook("preHandler", async (request) => requireKanbanPlan(ctx.db, request.caller.companyId));

    r.get("/tags/kanban", { schema: { tags: ["kanban"], response: kanbanResponses.lanes } }, async (request) => ({ lista: await listKanbanTags(ctx.db, request.caller) }));

    r.get("/ticket/kanban", { schema: { querystring: kanbanTicketsQuery, tags: ["kanban"], response: kanbanResponses.tickets } }, async (request) => listKanbanTickets(ctx.db, request.caller, request.query));

    r.delete("/ticket-tags/:ticketId", { schema: { params: ticketIdParams, tags: ["kanban"], response: kanbanResponses.untagged } }, async (request) => removeKanbanTags(ctx, request.caller, request.params.ticketId));

    r.put("/ticket-tags/:ticketId/:tagId", { schema: { params: ticketTagParams, tags: ["kanban"], response: kanbanResponses.tagged } }, async (request, reply) =>
      reply.status(201).send(await addTicketTag(ctx, request.caller, request.params.ticketId, request.params.tagId)),
    );
  };
}
