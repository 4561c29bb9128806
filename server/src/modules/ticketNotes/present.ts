import type { ticketNotes } from "../../db/schema";

type NoteRow = typeof ticketNotes.$inferSelect;

/** A note with its author (null once the author is deleted). */
export function presentTicketNote(n: NoteRow, user: { id: number | null; name: string | null } | null) {
  return {
    id: n.id,
    note: n.note,
    ticketId: n.ticketId,
    contactId: n.contactId,
    userId: n.userId,
    user: user?.id ? { id: user.id, name: user.name ?? "" } : null,
    createdAt: n.createdAt.toISOString(),
  };
}
