import type { ConnectionStatus, WhatsappSummary } from "@balcao/common";
import { api } from "./client";
import { publicApi } from "./http";
import { errorStatus } from "./errors";

/** A connection as GET /whatsapp lists it, with the fields the simulator needs. */
export interface Connection extends WhatsappSummary {
  channel?: string | null;
  qrcode?: string | null;
  number?: string | null;
}

/** One message of the simulated phone's conversation (server: presentSandboxMessage). */
export interface SandboxMessage {
  /** The external id (the phone's id for it). */
  id: string;
  number: string;
  /** in: the customer sent it; out: an attendant sent it. */
  direction: "in" | "out";
  body: string;
  mediaType: string | null;
  mediaName: string | null;
  /** Attendant media: /sandbox/{whatsappId}/media/{externalId}, fetched with the bearer token. */
  mediaUrl?: string | null;
  quotedId?: string | null;
  ack: number;
  deleted?: boolean;
  /** The company's reaction to it. */
  reaction?: string | null;
  createdAt: string;
}

export interface InboundMedia {
  data: string;
  filename: string;
  mimetype: string;
}

export interface InboundBody {
  id?: string;
  number: string;
  name?: string;
  body?: string;
  media?: InboundMedia;
  quotedId?: string;
  location?: { latitude: number; longitude: number; description?: string };
}

export const isSandbox = (c: Connection) => c.channel === "sandbox";

/** Same request (and cache entry) as the layout's connection list: the socket handlers keep it current. */
export async function fetchConnections(companyId: number): Promise<Connection[]> {
  try {
    const { data } = await api.get<Connection[]>("/whatsapp", { params: { companyId, session: 0 } });
    return Array.isArray(data) ? data : [];
  } catch (err) {
    if (errorStatus(err) === 404) return [];
    throw err;
  }
}

export async function createSandboxConnection(name: string): Promise<Connection> {
  const { data } = await api.post<Connection>("/whatsapp", { name, channel: "sandbox" });
  return data;
}

export async function startSession(whatsappId: number): Promise<void> {
  await api.post(`/whatsappsession/${whatsappId}`);
}

export async function disconnectSession(whatsappId: number): Promise<void> {
  await api.delete(`/whatsappsession/${whatsappId}`);
}

export async function pairSandbox(whatsappId: number): Promise<void> {
  await api.post(`/sandbox/${whatsappId}/pair`);
}

export async function fetchConversation(whatsappId: number, number: string): Promise<SandboxMessage[]> {
  const { data } = await api.get<SandboxMessage[]>(`/sandbox/${whatsappId}/conversation`, { params: { number } });
  return Array.isArray(data) ? data : [];
}

export async function sendInbound(whatsappId: number, body: InboundBody): Promise<void> {
  await api.post(`/sandbox/${whatsappId}/inbound`, body);
}

/** The customer reacts to a message of the phone ("" takes the reaction back). */
export async function sendSandboxReaction(whatsappId: number, externalId: string, emoji: string): Promise<void> {
  await api.post(`/sandbox/${whatsappId}/reaction`, { id: externalId, emoji });
}

export async function sendAck(whatsappId: number, externalId: string, ack: number): Promise<void> {
  await api.post(`/sandbox/${whatsappId}/ack`, { id: externalId, ack });
}

/** Attendant media: a blob fetched with the bearer token (an <img src> could not send it). */
export async function fetchSandboxMedia(url: string): Promise<Blob> {
  const { data } = await api.get<Blob>(url, { responseType: "blob" });
  return data;
}

/** The QR code's link, opened by "the phone": no login needed, the code is the proof. */
export async function pairWithCode(whatsappId: string, code: string): Promise<{ status: ConnectionStatus; name: string }> {
  const { data } = await publicApi.post<{ status: ConnectionStatus; name: string }>(`/sandbox/pair/${encodeURIComponent(whatsappId)}/${encodeURIComponent(code)}`);
  return data;
}
