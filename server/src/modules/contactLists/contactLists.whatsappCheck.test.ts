import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectSocket, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { pairedSandbox } from "../../test/conversation";
import { whatsapps } from "../../db/schema";
import { checkContactListNumbers } from "../../automation/checkContactListNumbers";
import type { ChannelAdapter } from "../../channels/contract";

type Company = Awaited<ReturnType<typeof signUpCompany>>;

async function importCsv(t: TestApp, token: string, listId: number, csv: string) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "lista.csv");
  const res = await fetch(`${t.url}/contact-lists/${listId}/upload`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  return res.json();
}

const validity = async (t: TestApp, a: Company, listId: number) =>
  Object.fromEntries(((await t.http.get(`/contact-list-items?contactListId=${listId}`, a.token)).body.contacts as { number: string; isWhatsappValid: boolean | null }[]).map((c) => [c.number, c.isWhatsappValid]));

describe("the WhatsApp check of list numbers, through the sandbox channel", () => {
  let t: TestApp;
  let a: Company;
  let adapter: ChannelAdapter;
  let connectionId: number;
  beforeAll(async () => {
    t = await startTestApp();
    a = await signUpCompany(t.http);
    const connection = await pairedSandbox(t.http, a.token);
    connectionId = connection.id;
    adapter = t.built.ctx.channels.adapterFor({ id: connection.id, companyId: a.company.id, channel: "sandbox" });
  });
  afterAll(async () => t?.close());

  it("marks imported numbers valid as the sandbox answers, and tells the list's pages", async () => {
    const list = (await t.http.post("/contact-lists", { name: "Checada" }, a.token)).body;
    await importCsv(t, a.token, list.id, "name,number\nAna,5511977770001\nBruno,5511977770002\n");
    expect(await validity(t, a, list.id)).toEqual({ "5511977770001": null, "5511977770002": null });

    const socket = await connectSocket(t.url, a.token);
    const events: { action: string; records: { number: string; isWhatsappValid: boolean | null }[] }[] = [];
    socket.on(`company-${a.company.id}-ContactListItem-${list.id}`, (p) => events.push(p));
    try {
      expect(await checkContactListNumbers(t.built.ctx)).toEqual({ checked: 2, more: false });
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toEqual({ action: "reload", records: [expect.objectContaining({ number: "5511977770001", isWhatsappValid: true }), expect.objectContaining({ number: "5511977770002", isWhatsappValid: true })] });
    } finally {
      socket.close();
    }
    expect(await validity(t, a, list.id)).toEqual({ "5511977770001": true, "5511977770002": true });
    // checked once: nothing left to ask
    expect(await checkContactListNumbers(t.built.ctx)).toEqual({ checked: 0, more: false });
  });

  it("records a number the connection does not find as not valid, and checks a changed number again", async () => {
    const list = (await t.http.post("/contact-lists", { name: "Mista" }, a.token)).body;
    const item = (await t.http.post("/contact-list-items", { name: "Carla", number: "5511977770404", contactListId: list.id }, a.token)).body;
    const original = adapter.checkNumber;
    adapter.checkNumber = async (number) => !number.endsWith("0404");
    try {
      await checkContactListNumbers(t.built.ctx);
      expect(await validity(t, a, list.id)).toEqual({ "5511977770404": false });
      const renumbered = await t.http.put(`/contact-list-items/${item.id}`, { name: "Carla", number: "5511977770405" }, a.token);
      expect(renumbered.body.isWhatsappValid).toBeNull();
      await checkContactListNumbers(t.built.ctx);
      expect(await validity(t, a, list.id)).toEqual({ "5511977770405": true });
      // a change of name keeps the answer
      expect((await t.http.put(`/contact-list-items/${item.id}`, { name: "Carla Dias", number: "5511977770405" }, a.token)).body.isWhatsappValid).toBe(true);
    } finally {
      adapter.checkNumber = original;
    }
  });

  it("leaves numbers unknown while the connection fails, cannot check (Cloud API) or is down, and checks them once it can", async () => {
    const list = (await t.http.post("/contact-lists", { name: "Pendente" }, a.token)).body;
    await importCsv(t, a.token, list.id, "name,number\nDavi,5511977770501\n");
    const original = adapter.checkNumber;
    try {
      adapter.checkNumber = async () => {
        throw new Error("socket closed");
      };
      expect(await checkContactListNumbers(t.built.ctx)).toMatchObject({ checked: 0 });
      adapter.checkNumber = undefined; // as the Cloud API: no way to know before a conversation
      expect(await checkContactListNumbers(t.built.ctx)).toMatchObject({ checked: 0 });
      adapter.checkNumber = original;
      await t.built.ctx.db.update(whatsapps).set({ status: "DISCONNECTED" }).where(eq(whatsapps.id, connectionId));
      expect(await checkContactListNumbers(t.built.ctx)).toMatchObject({ checked: 0 });
      expect(await validity(t, a, list.id)).toEqual({ "5511977770501": null });
    } finally {
      adapter.checkNumber = original;
      await t.built.ctx.db.update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, connectionId));
    }
    expect(await checkContactListNumbers(t.built.ctx)).toMatchObject({ checked: 1 });
    expect(await validity(t, a, list.id)).toEqual({ "5511977770501": true });
  });

  it("never asks one company's connection about another company's numbers", async () => {
    const b = await signUpCompany(t.http);
    const list = (await t.http.post("/contact-lists", { name: "Sem conexão" }, b.token)).body;
    await importCsv(t, b.token, list.id, "name,number\nEva,5511977770601\n");
    expect(await checkContactListNumbers(t.built.ctx)).toMatchObject({ checked: 0 });
    expect(await validity(t, b, list.id)).toEqual({ "5511977770601": null });
  });

  it("checks at most the chunks it is given per run and says that more wait", async () => {
    const list = (await t.http.post("/contact-lists", { name: "Grande" }, a.token)).body;
    const rows = Array.from({ length: 120 }, (_, i) => `Cliente ${i},55119666${String(i).padStart(5, "0")}`).join("\n");
    await importCsv(t, a.token, list.id, `name,number\n${rows}\n`);
    expect(await checkContactListNumbers(t.built.ctx, { maxChunks: 2 })).toEqual({ checked: 100, more: true });
    expect(await checkContactListNumbers(t.built.ctx, { maxChunks: 2 })).toEqual({ checked: 20, more: false });
  });
});

describe("the check as a durable job", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ build: { jobs: true } });
  });
  afterAll(async () => t?.close());

  it("runs after an import without anyone asking, and the icons' answers reach the list", async () => {
    const a = await signUpCompany(t.http);
    await pairedSandbox(t.http, a.token);
    const list = (await t.http.post("/contact-lists", { name: "Pelo job" }, a.token)).body;
    await importCsv(t, a.token, list.id, "name,number\nFabio,5511977770701\nGina,5511977770702\n");
    await expect.poll(() => validity(t, a, list.id), { timeout: 20_000, interval: 250 }).toEqual({ "5511977770701": true, "5511977770702": true });
    const item = (await t.http.post("/contact-list-items", { name: "Hugo", number: "5511977770703", contactListId: list.id }, a.token)).body;
    await expect.poll(async () => (await t.http.get(`/contact-list-items/${item.id}`, a.token)).body.isWhatsappValid, { timeout: 20_000, interval: 250 }).toBe(true);
  });
});
