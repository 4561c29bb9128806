import { z } from "zod";
import { idParam } from "./common";
import { ticketListQuery } from "./tickets";

/** Most cards one board load returns (the newest by last activity). */
export const KANBAN_TICKET_LIMIT = 400;

/** GET /ticket/kanban: `queueIds` is a JSON list, as the spec's client sends it (its `teste` flag is ignored). */
export const kanbanTicketsQuery = ticketListQuery.pick({ queueIds: true });
export type KanbanTicketsQuery = z.infer<typeof kanbanTicketsQuery>;

/** PUT /ticket-tags/:ticketId/:tagId */
export const ticketTagParams = z.object({ ticketId: idParam, tagId: idParam });
