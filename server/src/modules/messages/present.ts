import { and, eq, inArray } from "drizzle-orm";
import type { MediaType, MessageView } from "@balcao/common";
import type { Db } from "../../db/client";
import { contacts, messages } from "../../db/schema";

type MessageRow = typeof messages.$inferSelect;


export const mediaUrlOf = (m: { id: number; mediaPath: string | null }) => (m.mediaPath ? `/media/messages/${m.id}` : null);

/** Messages with their quoted message and sender, in two extra queries whatever the count. */
export async function presentMessages(db: Db, companyId: number, rows: MessageRow[]): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const quotedIds = [...new Set(rows.map((m) => m.quotedMsgId).filter((id): id is number => id !== null))];
  const quoted = quotedIds.length
    ? await db.select().from(messages).where(and(eq(messages.companyId, companyId), inArray(messages.id, quotedIds)))
    : [];
  const contactIds = [...new Set([...rows, ...quoted].map((m) => m.contactId).filter((id): id is number => id !== null))];
  const people = contactIds.length
    ? await db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIds)))
    : [];
  const personOf = (id: number | null) => people.find((p) => p.id === id) ?? null;
  const quotedById = new Map(quoted.map((q) => [q.id, q]));
  return rows.map((m) => {
    const q = m.quotedMsgId ? quotedById.get(m.quotedMsgId) : undefined;
    return messageViewOf(m, personOf(m.contactId), q ? { ...q, contact: personOf(q.contactId) } : undefined);
  });
}

/**
 * One message's view from rows already in hand: its sender ({ id, name } of its contact) and
 * its quoted message with that message's sender.
 */
export function messageViewOf(m: MessageRow, sender: { id: number; name: string } | null, q?: MessageRow & { contact: { id: number; name: string } | null }): MessageView {
  return {
    id: m.id,
    ticketId: m.ticketId,
    body: m.isDeleted ? "" : m.body,
    fromMe: m.fromMe,
    read: m.read,
    mediaType: m.mediaType as MediaType | null,
    mediaUrl: m.isDeleted ? null : mediaUrlOf(m),
    mediaName: m.mediaName,
    isDeleted: m.isDeleted,
    isEdited: m.isEdited,
    ack: m.ack,
    sendStatus: m.sendStatus as MessageView["sendStatus"],
    quotedMsgId: m.quotedMsgId,
    quotedMsg: q ? { id: q.id, body: q.isDeleted ? "" : q.body, fromMe: q.fromMe, mediaType: q.mediaType as MediaType | null, contact: q.fromMe ? null : q.contact } : null,
    contact: m.fromMe ? null : sender,
    userId: m.userId,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}
