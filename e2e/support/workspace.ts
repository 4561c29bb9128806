import { api } from "./api";
import { ADMIN, type RunningServer } from "./server";

export interface ApiSession {
  token: string;
  user: { id: number; name: string };
}

/** A sandbox connection as the API returns it; its token is the customer's phone's key to the sandbox API. */
export interface SandboxConnection {
  id: number;
  token: string;
}

/** The ticket a customer's message went to. */
export interface InboundTicket {
  id: number;
  uuid: string;
  contactId: number;
}

export interface SandboxMessage {
  direction: string;
  body: string;
  mediaType: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
}

/**
 * The seeded admin's API session, for a journey's setup. Set up before the admin signs in in the
 * browser: one session per user, so that later login closes this one.
 */
export function adminApiSession(server: RunningServer): Promise<ApiSession> {
  return api<ApiSession>(server.url, "POST", "/auth/login", ADMIN);
}

/** Creates a sandbox WhatsApp connection ("Loja" unless told) and pairs it, so that it carries new tickets. */
export async function pairedSandbox(server: RunningServer, token: string, fields: Record<string, unknown> = { name: "Loja" }): Promise<SandboxConnection> {
  const whatsapp = await api<SandboxConnection>(server.url, "POST", "/whatsapp", { ...fields, channel: "sandbox" }, token);
  await api(server.url, "POST", `/sandbox/${whatsapp.id}/pair`, {}, token);
  return whatsapp;
}

/** The customer's phone, through the sandbox's HTTP API: returns the ticket the message went to. */
export async function customerSays(server: RunningServer, whatsapp: SandboxConnection, who: { number: string; name: string }, body: string): Promise<InboundTicket> {
  const res = await api<{ ticket: InboundTicket }>(server.url, "POST", `/sandbox/${whatsapp.id}/inbound`, { ...who, body }, whatsapp.token);
  return res.ticket;
}

/** The messages the customer's phone has received from the company. */
export function customerReceived(server: RunningServer, whatsapp: SandboxConnection, number: string): Promise<SandboxMessage[]> {
  return api<SandboxMessage[]>(server.url, "GET", `/sandbox/${whatsapp.id}/outbound?number=${number}`, undefined, whatsapp.token);
}
