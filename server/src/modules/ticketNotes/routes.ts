import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createTicketNoteBody, idParams, ticketNotesQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import { ticketNoteResponses } from "./responses";
import * as notesService from "./service";

export function ticketNoteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post("/ticket-notes", { schema: { body: createTicketNoteBody, tags: ["ticket-notes"], response: ticketNoteResponses.created } }, async (request, reply) => {
      const note = await notesService.createTicketNote(ctx.db, request.caller, request.body);
      return reply.status(201).send(note);
    });

    r.get("/ticket-notes/list", { schema: { querystring: ticketNotesQuery, tags: ["ticket-notes"], response: ticketNoteResponses.list } }, async (request) =>
      notesService.listTicketNotes(ctx.db, request.caller, request.query),
    );

    r.delete("/ticket-notes/:id", { schema: { params: idParams, tags: ["ticket-notes"], response: ticketNoteResponses.deleted } }, async (request) =>
      notesService.deleteTicketNote(ctx.db, request.caller, request.params.id),
    );
  };
}
