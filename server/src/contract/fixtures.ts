import { expect } from "vitest";
import { ADMIN, type Res, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";

/** A 1×1 PNG: the smallest file every image upload accepts. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

export interface FilePart {
  field: string;
  name: string;
  data: Buffer | string;
  type?: string;
}

/** A multipart/form-data request, built the way a browser builds the client's FormData. */
export async function multipart(t: TestApp, method: string, path: string, token: string, fields: Record<string, string>, files: FilePart[]): Promise<Res> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const f of files) form.append(f.field, new Blob([typeof f.data === "string" ? f.data : new Uint8Array(f.data)], { type: f.type ?? "application/octet-stream" }), f.name);
  const res = await fetch(t.url + path, { method, body: form, headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** A paged list as the client reads it: the named array and hasMore. */
export const page = (key: string) => ({ [key]: expect.any(Array), hasMore: expect.any(Boolean) });

const pad = (n: number) => String(n).padStart(2, "0");
/** A local day as the client sends it in filters: yyyy-MM-dd. */
export const localDay = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** A local date-time without an offset, as the schedule dialog sends sendAt. */
export const localDateTime = (d: Date) => `${localDay(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

let seq = 0;
/** A Brazilian mobile number nobody else in the app has used. */
export const newPhone = () => `55119${String(70_000_000 + seq++).padStart(8, "0")}`;

export type Session = Awaited<ReturnType<TestApp["http"]["login"]>>;

/** The seeded super admin, logged in: the spec's calls are made with an admin's token. */
export const adminSession = (t: TestApp): Promise<Session> => t.http.login(ADMIN.email, ADMIN.password);

export type Sandbox = Awaited<ReturnType<typeof pairedSandbox>>;

/** A customer wrote through the sandbox and the admin accepted the ticket, so messages can go out. */
export async function acceptedConversation(t: TestApp, admin: Session, sandbox: Sandbox, text = "Olá, preciso de ajuda") {
  const number = newPhone();
  const { ticket, message } = await customerSays(t.http, sandbox, number, text);
  const accepted = await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: admin.user.id }, admin.token);
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { number, ticket: accepted.body as { id: number; uuid: string; contactId: number; whatsappId: number }, message };
}

/** Creates a record through the API and returns its body, failing loudly when the fixture itself fails. */
export async function created<T = any>(t: TestApp, path: string, body: unknown, token: string): Promise<T> {
  const res = await t.http.post(path, body, token);
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export { pairedSandbox };
