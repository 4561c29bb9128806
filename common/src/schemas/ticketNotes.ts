import { z } from "zod";
import { idParam } from "./common";
import { V } from "./messages";

/** Ticket note (spec 5): required, at least 2 characters ('Too Short!'). */
export const ticketNoteField = z.string({ error: V.required }).trim().min(1, V.required).min(2, V.tooShort).max(5000, V.tooLong);

export const ticketNoteFormSchema = z.object({ note: ticketNoteField });

export const createTicketNoteBody = z.object({ note: ticketNoteField, ticketId: idParam, contactId: idParam });
export type CreateTicketNoteBody = z.infer<typeof createTicketNoteBody>;

export const ticketNotesQuery = z.object({ ticketId: idParam, contactId: idParam });
export type TicketNotesQuery = z.infer<typeof ticketNotesQuery>;
