import type { ContactView, ScheduleView, SchedulesPage, TemplateSendBody } from "@balcao/common";
import { api } from "./client";

/** What the dialog saves: the API's body (sendAt as an ISO date-time). */
export interface ScheduleInput {
  body: string;
  contactId: number;
  sendAt: string;
  ticketId?: number | null;
  userId?: number | null;
  /** A Cloud API connection's approved template, sent instead of the text; null: none. */
  template?: TemplateSendBody | null;
}

export interface ContactRef {
  id: number;
  name: string;
  number?: string;
}

/** Query-cache keys of this area; the socket handlers update the same entries. */
export const scheduleKeys = {
  lists: ["schedules", "list"] as const,
  list: (searchParam: string) => ["schedules", "list", searchParam] as const,
  one: (id: number) => ["schedules", "one", id] as const,
};

export async function fetchSchedulesPage(searchParam: string, pageNumber: number): Promise<SchedulesPage> {
  const { data } = await api.get<SchedulesPage>("/schedules/", { params: { searchParam, pageNumber } });
  return data;
}

export async function fetchSchedule(id: number): Promise<ScheduleView> {
  const { data } = await api.get<ScheduleView>(`/schedules/${id}`);
  return data;
}

export async function saveSchedule(id: number | null, body: ScheduleInput): Promise<ScheduleView> {
  const { data } = id ? await api.put<ScheduleView>(`/schedules/${id}`, body) : await api.post<ScheduleView>("/schedules", body);
  return data;
}

export async function deleteSchedule(id: number): Promise<void> {
  await api.delete(`/schedules/${id}`);
}

export async function uploadScheduleMedia(id: number, file: File): Promise<ScheduleView> {
  const form = new FormData();
  form.append("file", file);
  const { data } = await api.post<{ schedule: ScheduleView }>(`/schedules/${id}/media-upload`, form);
  return data.schedule;
}

export async function deleteScheduleMedia(id: number): Promise<ScheduleView> {
  const { data } = await api.delete<{ schedule: ScheduleView }>(`/schedules/${id}/media-upload`);
  return data.schedule;
}

export async function fetchContactRef(id: number): Promise<ContactRef> {
  const { data } = await api.get<ContactRef>(`/contacts/${id}`);
  return { id: data.id, name: data.name, number: data.number };
}

/** The Cloud API connection the contact is written to, or null (another channel, or none known). */
export async function fetchContactCloudConnection(contactId: number): Promise<number | null> {
  const { data: contact } = await api.get<ContactView>(`/contacts/${contactId}`);
  if (!contact.whatsappId) return null;
  const { data: whatsapp } = await api.get<{ id: number; channel: string }>(`/whatsapp/${contact.whatsappId}`);
  return whatsapp.channel === "cloud" ? whatsapp.id : null;
}
