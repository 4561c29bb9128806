import type { ConnectionStatus, QueueRef, WhatsappBody } from "@balcao/common";
import { api } from "../../api/client";
import type { Connection } from "../../api/sandbox";

/** A connection as GET /whatsapp/:id presents it to an admin: every field of the dialog. */
export interface ConnectionRecord extends Connection {
  status: ConnectionStatus;
  greetingMessage?: string;
  complationMessage?: string;
  outOfHoursMessage?: string;
  ratingMessage?: string;
  token?: string;
  queues?: QueueRef[];
  promptId?: number | null;
  integrationId?: number | null;
  transferQueueId?: number | null;
  timeToTransfer?: number | null;
  expiresTicket?: number | null;
  expiresInactiveMessage?: string;
  /** WhatsApp Cloud API settings: the secrets come as "" with has* telling whether they are stored. */
  cloud?: CloudView | null;
}

export interface CloudView {
  phoneNumberId: string;
  accessToken: "";
  appSecret: "";
  hasAccessToken: boolean;
  hasAppSecret: boolean;
  /** "" unless the caller may see the connection's token. */
  verifyToken: string;
  graphUrl: string;
  apiVersion: string;
  /** The WhatsApp Business Account whose message templates are read; "" when not set. */
  businessAccountId?: string;
  /** Sends a second at most on this number (Meta's default: 80). */
  messagesPerSecond?: number;
}

export async function fetchConnection(id: number): Promise<ConnectionRecord> {
  const { data } = await api.get<ConnectionRecord>(`/whatsapp/${id}`);
  return data;
}

export async function saveConnection(id: number | null, body: WhatsappBody): Promise<ConnectionRecord> {
  const { data } = id ? await api.put<ConnectionRecord>(`/whatsapp/${id}`, body) : await api.post<ConnectionRecord>("/whatsapp", body);
  return data;
}

export async function deleteConnection(id: number): Promise<void> {
  await api.delete(`/whatsapp/${id}`);
}

/** POST retries the session, PUT asks for a new QR code, DELETE disconnects. */
export async function sessionAction(id: number, method: "post" | "put" | "delete"): Promise<void> {
  await api.request({ method, url: `/whatsappsession/${id}` });
}
