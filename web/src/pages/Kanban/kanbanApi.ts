import type { TagRef, TicketView } from "@balcao/common";
import { api } from "../../api/client";

/** A kanban lane: a tag with kanban = 1. */
export interface KanbanTag extends TagRef {
  kanban: number;
}

/** A card: the ticket as lists present it (its tags may carry their kanban flag). */
export type KanbanTicket = TicketView;

export interface KanbanTicketsPage {
  tickets: KanbanTicket[];
  count: number;
  hasMore: boolean;
}

export async function fetchKanbanTags(): Promise<KanbanTag[]> {
  const { data } = await api.get<{ lista: KanbanTag[] }>("/tags/kanban");
  return data.lista;
}

/** The board's tickets for the user's queues (the server applies the ticket rules anyway). */
export async function fetchKanbanTickets(queueIds: number[]): Promise<KanbanTicketsPage> {
  const { data } = await api.get<KanbanTicketsPage>("/ticket/kanban", { params: { queueIds: JSON.stringify(queueIds) } });
  return data;
}

/** Takes the ticket off every kanban lane (its other tags stay). */
export async function removeKanbanTags(ticketId: number): Promise<void> {
  await api.delete(`/ticket-tags/${ticketId}`);
}

export async function addTicketTag(ticketId: number, tagId: number): Promise<void> {
  await api.put(`/ticket-tags/${ticketId}/${tagId}`);
}
