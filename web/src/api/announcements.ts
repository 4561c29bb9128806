import type { AnnouncementBody, AnnouncementPriority } from "@balcao/common";
import { api } from "./client";

/** An announcement as GET /announcements and the `announcement` event carry it. */
export interface AnnouncementRecord {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** The image's authenticated address (fetched with the token), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementsPage {
  records: AnnouncementRecord[];
  count: number;
  hasMore: boolean;
}

export type AnnouncementEvent = { action: "create" | "update"; record: AnnouncementRecord } | { action: "delete"; id: number | string };

/** The top bar's dot, kept per user on the server. */
export interface AnnouncementsSeen {
  lastSeenAt: string | null;
  unseen: boolean;
}

export async function fetchAnnouncementsPage(searchParam: string, pageNumber: number): Promise<AnnouncementsPage> {
  const { data } = await api.get<AnnouncementsPage>("/announcements/", { params: { searchParam, pageNumber } });
  return data;
}

export async function fetchAnnouncement(id: number): Promise<AnnouncementRecord> {
  const { data } = await api.get<AnnouncementRecord>(`/announcements/${id}`);
  return data;
}

export async function saveAnnouncement(id: number | null, body: AnnouncementBody): Promise<AnnouncementRecord> {
  const { data } = id ? await api.put<AnnouncementRecord>(`/announcements/${id}`, body) : await api.post<AnnouncementRecord>("/announcements", body);
  return data;
}

export const deleteAnnouncement = (id: number) => api.delete(`/announcements/${id}`);

/** Multipart with the one image (spaces as underscores, as the spec's client sends names). */
export async function uploadAnnouncementMedia(id: number, file: File): Promise<AnnouncementRecord> {
  const form = new FormData();
  form.append("file", file, file.name.replace(/\s/g, "_"));
  const { data } = await api.post<{ record: AnnouncementRecord }>(`/announcements/${id}/media-upload`, form);
  return data.record;
}

export async function deleteAnnouncementMedia(id: number): Promise<AnnouncementRecord> {
  const { data } = await api.delete<{ record: AnnouncementRecord }>(`/announcements/${id}/media-upload`);
  return data.record;
}

export async function fetchAnnouncementsSeen(): Promise<AnnouncementsSeen> {
  const { data } = await api.get<AnnouncementsSeen>("/announcements/seen");
  return data;
}

export async function markAnnouncementsSeen(): Promise<AnnouncementsSeen> {
  const { data } = await api.put<AnnouncementsSeen>("/announcements/seen");
  return data;
}

/** The image's bytes, read with the bearer token (never a public address). */
export async function fetchAnnouncementImage(path: string): Promise<Blob> {
  const { data } = await api.get<Blob>(path, { responseType: "blob" });
  return data;
}
