import { and, eq, inArray } from "drizzle-orm";
import type { MessageView } from "@balcao/common";
import type { Db } from "../../db/client";
import { contacts, messages } from "../../db/schema";
import { MESSAGE_SENDER, MESSAGE_VIEW, QUOTED_VIEW } from "./messageView";

type MessageRow = typeof messages.$inferSelect;

/** Messages with their quoted message and sender, in two extra queries whatever the count. */
export async function presentMessages(db: Db, companyId: number, rows: MessageRow[]): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const quotedIds = [...new Set(rows.map((m) => m.quotedMsgId).filter((id): id is number => id !== null))];
  const quoted = quotedIds.length
    ? await db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), inArray(messages.id, quotedIds)))
    : [];
  const contactIds = [...new Set([...rows, ...quoted].map((m) => m.contactId).filter((id): id is number => id !== null))];
  const people = contactIds.length
    ? (
        await db
          .select(MESSAGE_SENDER.columns())
          .from(contacts)
          .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIds)))
      ).map((c) => MESSAGE_SENDER.fromColumns(c))
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
  return MESSAGE_VIEW.fromRow(m, { contact: sender, quotedMsg: q ? QUOTED_VIEW.fromRow(q, { contact: q.contact }) : null });
}
