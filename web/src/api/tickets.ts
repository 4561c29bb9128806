import type { QueueRef, TicketStatus, TicketView } from "@balcao/common";
import { api } from "./client";

/** A ticket as the server presents it. */
export type Ticket = TicketView;

/** What selects one ticket list; also the last part of its query key. */
export interface TicketFilters {
  status?: TicketStatus;
  showAll?: boolean;
  queueIds?: number[];
  searchParam?: string;
  tags?: number[];
  users?: number[];
  withUnreadMessages?: boolean;
}

export interface TicketsPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

const json = (list?: number[]) => (list && list.length ? JSON.stringify(list) : undefined);
const flag = (value?: boolean) => (value === undefined ? undefined : String(value));

export async function fetchTickets(filters: TicketFilters, pageNumber: number): Promise<TicketsPage> {
  const params = {
    pageNumber,
    status: filters.status,
    searchParam: filters.searchParam || undefined,
    showAll: flag(filters.showAll),
    queueIds: filters.queueIds ? JSON.stringify(filters.queueIds) : undefined,
    tags: json(filters.tags),
    users: json(filters.users),
    withUnreadMessages: flag(filters.withUnreadMessages),
  };
  const { data } = await api.get<TicketsPage>("/tickets", { params });
  return data;
}

export interface UpdateTicketBody {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
}

export async function updateTicket(id: number, body: UpdateTicketBody): Promise<Ticket> {
  const { data } = await api.put<Ticket>(`/tickets/${id}`, body);
  return data;
}

export interface CreateTicketBody {
  contactId: number;
  queueId: number | null;
  whatsappId: number | null;
  userId: number;
  status: "open";
}

export async function createTicket(body: CreateTicketBody): Promise<Ticket> {
  const { data } = await api.post<Ticket>("/tickets", body);
  return data;
}

export type { OtherOpenTicket } from "./otherOpenTicket";

/** A message as the read-only peek dialog shows it (contract: MessageView, trimmed). */
export interface PeekMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string | null;
  mediaName?: string | null;
  isDeleted: boolean;
  isEdited?: boolean;
  createdAt: string;
  contact: { id: number; name: string } | null;
}

export interface MessagesPage {
  messages: PeekMessage[];
  count: number;
  hasMore: boolean;
}

export async function fetchTicketMessages(ticketId: number, pageNumber: number): Promise<MessagesPage> {
  const { data } = await api.get<MessagesPage>(`/messages/${ticketId}`, { params: { pageNumber } });
  return data;
}

export interface TagOption {
  id: number;
  name: string;
  color: string;
}
export interface UserOption {
  id: number;
  name: string;
  queues?: QueueRef[];
}
export interface ContactOption {
  id: number;
  name: string;
  number: string;
  profilePicUrl?: string | null;
}

export async function fetchTagList(): Promise<TagOption[]> {
  const { data } = await api.get<TagOption[]>("/tags/list");
  return Array.isArray(data) ? data : [];
}

export async function fetchUserNames(): Promise<UserOption[]> {
  const { data } = await api.get<UserOption[]>("/users/list");
  return Array.isArray(data) ? data : [];
}

export async function searchContacts(searchParam: string): Promise<ContactOption[]> {
  const { data } = await api.get<ContactOption[]>("/contacts/list", { params: { searchParam } });
  return Array.isArray(data) ? data : [];
}
