import { and, desc, eq } from "drizzle-orm";
import { V, type CreateTicketNoteBody, type TicketNotesQuery } from "@balcao/common";
import type { Caller } from "../../context";
import type { Db } from "../../db/client";
import { contacts, ticketNotes, users } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { isAdmin } from "../../policies";
import { canAccessTicket } from "../../policies/tickets";
import { findTicket } from "../tickets/present";
import { queueIdsOf } from "../users/queueIds";
import { presentTicketNote } from "./present";

/** The ticket of the caller's company that the caller may open. */
async function accessibleTicket(db: Db, caller: Caller, ticketId: number) {
  const ticket = await findTicket(db, caller.companyId, ticketId);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  if (!canAccessTicket(caller, await queueIdsOf(db, caller.companyId, caller.id), ticket)) throw forbidden();
  return ticket;
}

export async function createTicketNote(db: Db, caller: Caller, body: CreateTicketNoteBody) {
  const ticket = await accessibleTicket(db, caller, body.ticketId);
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, body.contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  if (ticket.contactId !== contact.id) throw new AppError("ERR_VALIDATION", 400, { field: "contactId", message: `contactId: ${V.invalidValue}` });
  const [row] = await db.insert(ticketNotes).values({ companyId: caller.companyId, ticketId: ticket.id, contactId: contact.id, userId: caller.id, note: body.note }).returning();
  const [author] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, caller.id));
  return presentTicketNote(row, author ?? null);
}

/** Notes of one ticket and contact, newest first. */
export async function listTicketNotes(db: Db, caller: Caller, query: TicketNotesQuery) {
  const ticket = await accessibleTicket(db, caller, query.ticketId);
  const rows = await db
    .select({ note: ticketNotes, user: { id: users.id, name: users.name } })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.companyId, caller.companyId), eq(ticketNotes.ticketId, ticket.id), eq(ticketNotes.contactId, query.contactId)))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map((r) => presentTicketNote(r.note, r.user));
}

/** The author or an admin may delete a note. */
export async function deleteTicketNote(db: Db, caller: Caller, noteId: number) {
  const [note] = await db
    .select()
    .from(ticketNotes)
    .where(and(eq(ticketNotes.companyId, caller.companyId), eq(ticketNotes.id, noteId)));
  if (!note) throw new AppError("ERR_NOT_FOUND", 404);
  if (!isAdmin(caller) && note.userId !== caller.id) throw forbidden();
  await db.delete(ticketNotes).where(and(eq(ticketNotes.companyId, caller.companyId), eq(ticketNotes.id, noteId)));
  return { message: "Note deleted" };
}
