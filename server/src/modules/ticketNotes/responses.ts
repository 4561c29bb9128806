import { z } from "zod";
import { id, messageAnswer, object, timestamp } from "../../http/responses/shapes";

/** A note on a ticket with its author (null once the author is deleted). */
export const ticketNoteView = object({
  id,
  note: z.string(),
  ticketId: id,
  contactId: id,
  userId: id.nullable(),
  user: object({ id, name: z.string() }).nullable(),
  createdAt: timestamp,
}).meta({ description: "A note on a ticket." });

export const ticketNoteResponses = {
  created: { 201: ticketNoteView },
  list: { 200: z.array(ticketNoteView) },
  deleted: { 200: messageAnswer },
};
