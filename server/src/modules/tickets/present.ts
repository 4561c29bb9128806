import { and, eq, inArray } from "drizzle-orm";
import type { TicketView } from "@balcao/common";
import type { Db } from "../../db/client";
import { contacts, queues, tags, ticketTags, tickets, users, whatsapps } from "../../db/schema";
import { presentContact } from "../contacts/present";
import { TICKET_CONNECTION, TICKET_QUEUE, TICKET_TAG, TICKET_USER, TICKET_VIEW, type TicketViewParts } from "./ticketView";
import { serviceWindowsOf } from "./serviceWindow";
import { ticketSlasOf } from "../sla/viewSql";

type TicketRow = typeof tickets.$inferSelect;

/** A part left-joined to nothing reads as null (drizzle may give an object of nulls). */
const presentPart = <V>(shape: { fromColumns: (row: unknown) => V }, row: Record<string, unknown> | null) => (row?.id == null ? null : shape.fromColumns(row));

/** Tickets with contact, user, queue, connection and tags, in two queries whatever the count. */
export async function presentTickets(db: Db, companyId: number, rows: TicketRow[]): Promise<TicketView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((t) => t.id);
  const [joined, tagRows] = await Promise.all([
    db
      .select({ id: tickets.id, contact: contacts, user: TICKET_USER.columns(), queue: TICKET_QUEUE.columns(), whatsapp: TICKET_CONNECTION.columns(), channel: whatsapps.channel })
      .from(tickets)
      .innerJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.companyId, tickets.companyId)))
      .leftJoin(users, and(eq(users.id, tickets.userId), eq(users.companyId, tickets.companyId)))
      .leftJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, tickets.companyId)))
      .leftJoin(whatsapps, and(eq(whatsapps.id, tickets.whatsappId), eq(whatsapps.companyId, tickets.companyId)))
      .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids))),
    db
      .select({ ticketId: ticketTags.ticketId, tag: TICKET_TAG.columns() })
      .from(ticketTags)
      .innerJoin(tags, eq(tags.id, ticketTags.tagId))
      .where(and(eq(ticketTags.companyId, companyId), inArray(ticketTags.ticketId, ids)))
      // in the order ticketViewRows gives them
      .orderBy(ticketTags.tagId),
  ]);
  const byId = new Map(joined.map((j) => [j.id, j]));
  // the customer-service window is read for Cloud API tickets only
  const [windows, slas] = await Promise.all([
    serviceWindowsOf(
      db,
      companyId,
      joined.filter((j) => j.channel === "cloud").map((j) => j.id),
    ),
    ticketSlasOf(db, companyId, ids),
  ]);
  const tagsBy = new Map<number, TicketView["tags"]>();
  for (const { ticketId, tag } of tagRows) tagsBy.set(ticketId, [...(tagsBy.get(ticketId) ?? []), TICKET_TAG.fromColumns(tag)]);
  return rows.flatMap((t) => {
    const j = byId.get(t.id);
    if (!j) return [];
    const parts = { user: presentPart(TICKET_USER, j.user), queue: presentPart(TICKET_QUEUE, j.queue), whatsapp: presentPart(TICKET_CONNECTION, j.whatsapp) };
    return [ticketViewOf(t, { contact: j.contact, ...parts, tags: tagsBy.get(t.id) ?? [], serviceWindowEndsAt: windows.get(t.id) ?? null, sla: slas.get(t.id) ?? null })];
  });
}

/** A ticket's parts: its contact's row, and the other parts as their views already are. */
export type TicketParts = Omit<TicketViewParts, "contact"> & { contact: typeof contacts.$inferSelect };

/** A ticket's view from rows already in hand (the inbound pipeline reads them with its own statements). */
export function ticketViewOf(t: TicketRow, parts: TicketParts): TicketView {
  return TICKET_VIEW.fromRow(t, { ...parts, contact: presentContact(parts.contact) });
}

export async function presentTicket(db: Db, row: TicketRow): Promise<TicketView> {
  const [view] = await presentTickets(db, row.companyId, [row]);
  return view;
}

/** A ticket of the company by id, or null (another company's ticket is simply not found). */
export async function findTicket(db: Db, companyId: number, ticketId: number) {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  return row ?? null;
}

export type { TicketView };
