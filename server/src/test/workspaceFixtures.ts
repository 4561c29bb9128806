import type { TestApp } from "./harness";
import { unique } from "./harness";
import { contacts, tickets } from "../db/schema";

let seq = 0;

/** Rows inserted straight into the database, for modules whose own API does not exist yet. */
export async function insertContact(t: TestApp, companyId: number, over: Partial<typeof contacts.$inferInsert> = {}) {
  const number = over.number ?? `5599${String(++seq).padStart(9, "0")}`;
  const [row] = await t.built.ctx.db
    .insert(contacts)
    .values({ companyId, name: "Cliente Teste", ...over, number })
    .returning();
  return row;
}

export async function insertTicket(t: TestApp, companyId: number, contactId: number, over: Partial<typeof tickets.$inferInsert> = {}) {
  const [row] = await t.built.ctx.db
    .insert(tickets)
    .values({ companyId, contactId, status: "open", ...over })
    .returning();
  return row;
}

/** A user of profile `user` (attendant) in the admin's company, logged in. */
export async function createAttendant(t: TestApp, adminToken: string, over: Record<string, unknown> = {}) {
  const body = { name: "Ana Atendente", email: `${unique("ana")}@example.com`, password: "secret1", profile: "user", queueIds: [], ...over };
  const res = await t.http.post("/users", body, adminToken);
  if (res.status !== 201) throw new Error(`create attendant failed: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await t.http.login(body.email, body.password);
  return { id: res.body.id as number, token: session.token, name: body.name };
}
