import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { pairedSandbox } from "../../test/conversation";
import { contacts, whatsapps } from "../../db/schema";
import type { ChannelAdapter } from "../../channels/contract";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let adapter: ChannelAdapter;
let connectionId: number;

const NOT_ON_WHATSAPP = "5511900000404";

async function importCsv(token: string, csv: string) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "contacts.csv");
  const res = await fetch(`${t.url}/contacts/import`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return res.json();
}

const stored = async (number: string) =>
  (
    await t.built.ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, a.company.id), eq(contacts.number, number)))
  ).length;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  const connection = await pairedSandbox(t.http, a.token);
  connectionId = connection.id;
  adapter = t.built.ctx.channels.adapterFor({ id: connection.id, companyId: a.company.id, channel: "sandbox" });
});
afterAll(async () => t?.close());

describe("the WhatsApp number check of the default connection", () => {
  it("lets the sandbox accept any number", async () => {
    expect(await adapter.checkNumber?.("5511912345678")).toBe(true);
    expect((await t.http.post("/contacts", { name: "Aceito", number: "5511912345678" }, a.token)).status).toBe(201);
  });

  it("refuses on POST /contacts, and reports on import, a number the connection says is not on WhatsApp", async () => {
    adapter.checkNumber = async (number) => number !== NOT_ON_WHATSAPP;
    expect(await t.http.post("/contacts", { name: "Recusado", number: `+${NOT_ON_WHATSAPP}` }, a.token)).toMatchObject({
      status: 400,
      body: { error: "ERR_WAPP_INVALID_CONTACT", field: "number" },
    });
    expect(await stored(NOT_ON_WHATSAPP)).toBe(0);
    expect(await importCsv(a.token, `name,number\nRecusado,${NOT_ON_WHATSAPP}\nValido,5511900000200\nSem Numero,\n`)).toEqual({
      total: 3,
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 2, field: "number", message: "ERR_WAPP_INVALID_CONTACT" }],
    });
    expect(await stored(NOT_ON_WHATSAPP)).toBe(0);
    expect(await stored("5511900000200")).toBe(1);
  });

  it("answers ERR_WAPP_CHECK_CONTACT when the check fails; an import then goes on unchecked", async () => {
    adapter.checkNumber = async () => {
      throw new Error("socket closed");
    };
    expect(await t.http.post("/contacts", { name: "Sem Resposta", number: "5511900000300" }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_WAPP_CHECK_CONTACT" } });
    expect(await importCsv(a.token, "name,number\nSem Resposta,5511900000300\n")).toMatchObject({ created: 1, errors: [] });
  });

  it("skips the check when the default connection is not connected or its channel cannot check", async () => {
    adapter.checkNumber = async () => false;
    await t.built.ctx.db.update(whatsapps).set({ status: "DISCONNECTED" }).where(eq(whatsapps.id, connectionId));
    expect((await t.http.post("/contacts", { name: "Desconectado", number: "5511900000500" }, a.token)).status).toBe(201);
    await t.built.ctx.db.update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, connectionId));
    adapter.checkNumber = undefined; // as the Cloud API: no way to know before a conversation
    expect((await t.http.post("/contacts", { name: "Sem Verificação", number: "5511900000600" }, a.token)).status).toBe(201);
    expect(await importCsv(a.token, "name,number\nPlanilha,5511900000700\n")).toMatchObject({ created: 1, errors: [] });
  });
});
