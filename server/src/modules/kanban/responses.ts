import { z } from "zod";
import { id, messageAnswer, object, page } from "../../http/responses/shapes";
import { tagView } from "../tags/responses";
import { tagRef, ticketView } from "../tickets/responses";

/** A ticket of the board: its tags carry their lane flag. */
const kanbanTicket = ticketView.extend({ tags: z.array(tagRef.extend({ kanban: z.number().int() })) });

export const kanbanResponses = {
  lanes: { 200: object({ lista: z.array(tagView) }).meta({ description: "The board's lanes: the company's kanban tags." }) },
  tickets: { 200: page("tickets", kanbanTicket).meta({ description: "The open and pending tickets in view, newest first." }) },
  untagged: { 200: messageAnswer },
  tagged: { 201: object({ ticketId: id, tagId: id }) },
};
