import { and, eq, inArray } from "drizzle-orm";
import type { TicketStatus, TicketView } from "@balcao/common";
import type { Db } from "../../db/client";
import { contacts, queues, tags, ticketTags, tickets, users, whatsapps } from "../../db/schema";
import { presentContact } from "../contacts/present";

type TicketRow = typeof tickets.$inferSelect;


/** Tickets with contact, user, queue, connection and tags, in two queries whatever the count. */
export async function presentTickets(db: Db, companyId: number, rows: TicketRow[]): Promise<TicketView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((t) => t.id);
  const [joined, tagRows] = await Promise.all([
    db
      .select({ id: tickets.id, contact: contacts, user: { id: users.id, name: users.name }, queue: { id: queues.id, name: queues.name, color: queues.color }, whatsapp: { id: whatsapps.id, name: whatsapps.name, status: whatsapps.status } })
      .from(tickets)
      .innerJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.companyId, tickets.companyId)))
      .leftJoin(users, and(eq(users.id, tickets.userId), eq(users.companyId, tickets.companyId)))
      .leftJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, tickets.companyId)))
      .leftJoin(whatsapps, and(eq(whatsapps.id, tickets.whatsappId), eq(whatsapps.companyId, tickets.companyId)))
      .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids))),
    db
      .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color })
      .from(ticketTags)
      .innerJoin(tags, eq(tags.id, ticketTags.tagId))
      .where(and(eq(ticketTags.companyId, companyId), inArray(ticketTags.ticketId, ids))),
  ]);
  const byId = new Map(joined.map((j) => [j.id, j]));
  const tagsBy = new Map<number, { id: number; name: string; color: string }[]>();
  for (const { ticketId, ...tag } of tagRows) tagsBy.set(ticketId, [...(tagsBy.get(ticketId) ?? []), tag]);
  return rows.flatMap((t) => {
    const j = byId.get(t.id);
    return j ? [ticketViewOf(t, { contact: j.contact, user: j.user?.id ? j.user : null, queue: j.queue?.id ? j.queue : null, whatsapp: j.whatsapp?.id ? j.whatsapp : null, tags: tagsBy.get(t.id) ?? [] })] : [];
  });
}

export interface TicketParts {
  contact: typeof contacts.$inferSelect;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  whatsapp: { id: number; name: string; status: string } | null;
  tags: { id: number; name: string; color: string }[];
}

/** A ticket's view from rows already in hand (the inbound pipeline reads them with its own statements). */
export function ticketViewOf(t: TicketRow, parts: TicketParts): TicketView {
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status as TicketStatus,
    unreadMessages: t.unreadMessages,
    lastMessage: t.lastMessage,
    isGroup: t.isGroup,
    chatbot: t.chatbot,
    useIntegration: t.useIntegration,
    integrationId: t.integrationId,
    promptId: t.promptId,
    companyId: t.companyId,
    contactId: t.contactId,
    userId: t.userId,
    queueId: t.queueId,
    whatsappId: t.whatsappId,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    contact: presentContact(parts.contact),
    user: parts.user,
    queue: parts.queue,
    whatsapp: parts.whatsapp,
    tags: parts.tags,
  };
}

export async function presentTicket(db: Db, row: TicketRow): Promise<TicketView> {
  const [view] = await presentTickets(db, row.companyId, [row]);
  return view;
}

/** A ticket of the company by id, or null (another company's ticket is simply not found). */
export async function findTicket(db: Db, companyId: number, ticketId: number) {
  const [row] = await db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  return row ?? null;
}

export type { TicketView };
