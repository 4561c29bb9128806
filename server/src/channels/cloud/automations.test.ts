import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, startTestApp, type TestApp } from "../../test/harness";
import { pairedSandbox } from "../../test/conversation";
import { fakeClock, HOUR, newNumber, NO_PAUSE } from "../../test/campaignEngine";
import { messages, schedules, tickets } from "../../db/schema";
import { CloudGraphStandIn, type GraphTemplate } from "../../test/standins/cloudGraph";
import { useServiceWindowClock } from "../../modules/tickets/serviceWindow";
import { runCampaign } from "../../automation/campaigns/send";
import { startDueCampaigns } from "../../automation/campaigns/start";
import { sendDueSchedules } from "../../automation/sendDueSchedules";

const PHONE_ID = "109876543210777";
const ACCESS_TOKEN = "EAAG-automations-token-0123456789";
const APP_SECRET = "app-secret-for-automations";
const WABA = "102290129340777";
const DAY = 24 * HOUR;

const offer: GraphTemplate = {
  name: "oferta_cliente",
  language: "pt_BR",
  category: "MARKETING",
  status: "APPROVED",
  components: [{ type: "BODY", text: "Oi {{1}}, seu número {{2}} ganhou desconto na {{3}}." }],
};
const farewell: GraphTemplate = { name: "encerramento", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [{ type: "BODY", text: "Seu atendimento foi encerrado. Obrigado!" }] };
const pending: GraphTemplate = { name: "promocao", language: "pt_BR", category: "MARKETING", status: "PENDING", components: [{ type: "BODY", text: "Promoção!" }] };

let t: TestApp;
let graph: CloudGraphStandIn;
let a: { token: string };
let whatsapp: { id: number };
let now = Date.now();
let seq = 0;

const sign = (raw: string) => `sha256=${crypto.createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`;
/** The customer writes: their contact and ticket on the Cloud connection. */
async function customerWrites(from: string, name: string, body: string) {
  const id = `wamid.AUT${Date.now()}${seq++}`;
  const value = {
    messaging_product: "whatsapp",
    metadata: { display_phone_number: "551140000000", phone_number_id: PHONE_ID },
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id, timestamp: String(Math.floor(now / 1000)), type: "text", text: { body } }],
  };
  const raw = JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: WABA, changes: [{ field: "messages", value }] }] });
  const res = await fetch(`${t.url}/webhooks/whatsapp-cloud/${whatsapp.id}`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": sign(raw) }, body: raw });
  expect(res.status).toBe(200);
  const [row] = await t.built.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, id)));
  const [ticket] = await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
  return ticket;
}

beforeAll(async () => {
  graph = await new CloudGraphStandIn({ phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, businessAccountId: WABA }).start();
  graph.templates = [offer, pending, farewell];
  t = await startTestApp();
  useServiceWindowClock(t.built.ctx, () => new Date(now));
  a = await t.http.login(ADMIN.email, ADMIN.password);
  const created = await t.http.post(
    "/whatsapp",
    {
      name: "Cloud automações",
      channel: "cloud",
      complationMessage: "Obrigado pelo contato!",
      cloud: { phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: "verify-automations", graphUrl: graph.url, businessAccountId: WABA },
    },
    a.token,
  );
  if (created.status !== 201) throw new Error(`create cloud connection: ${created.status} ${JSON.stringify(created.body)}`);
  whatsapp = created.body;
  for (let i = 0; i < 50 && (await t.http.get(`/whatsapp/${whatsapp.id}/templates`, a.token)).body?.length !== 3; i++) await new Promise((r) => setTimeout(r, 100));
  expect((await t.http.post("/campaign-settings", { settings: { ...NO_PAUSE, variables: [{ key: "loja", value: "Loja Centro" }] } }, a.token)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await graph?.stop();
});

describe("a campaign on a Cloud API connection", () => {
  it("sends its approved template, the contact's placeholders filled in each one's variables", async () => {
    const list = (await t.http.post("/contact-lists", { name: "Clientes Cloud" }, a.token)).body as { id: number };
    const contacts = [
      { name: "Maria", number: newNumber() },
      { name: "João", number: newNumber() },
    ];
    for (const c of contacts) expect((await t.http.post("/contact-list-items", { ...c, email: "", contactListId: list.id }, a.token)).status).toBe(201);
    const template = { name: "oferta_cliente", language: "pt_BR", variables: ["{nome}", "{numero}", "{loja}"] };
    const res = await t.http.post(
      "/campaigns",
      { name: "Oferta", message1: "Texto livre que não vai", whatsappId: whatsapp.id, contactListId: list.id, scheduledAt: new Date(Date.now() + 2 * HOUR).toISOString(), template },
      a.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.template).toMatchObject(template);
    expect((await t.http.get(`/campaigns/${res.body.id}`, a.token)).body.template).toMatchObject(template);

    const before = graph.sends().length;
    const clock = fakeClock(Date.now() + 3 * HOUR);
    expect(await startDueCampaigns(t.built.ctx, clock.now())).toContain(res.body.id);
    expect(await runCampaign(t.built.ctx, res.body.id, undefined, clock)).toBe("finished");
    const sent = graph.sends().slice(before);
    expect(sent.map((s) => s.json)).toEqual(
      contacts.map((c) =>
        expect.objectContaining({
          to: c.number,
          type: "template",
          template: expect.objectContaining({
            name: "oferta_cliente",
            language: expect.objectContaining({ code: "pt_BR" }),
            components: [{ type: "body", parameters: [c.name, c.number, "Loja Centro"].map((text) => ({ type: "text", text })) }],
          }),
        }),
      ),
    );
    // the ticket shows the text the customer read
    const stored = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.fromMe, true), eq(messages.body, `Oi Maria, seu número ${contacts[0].number} ganhou desconto na Loja Centro.`)));
    expect(stored).toHaveLength(1);
  });

  it("refuses an unknown or unapproved template, or a template on another channel, naming the field", async () => {
    const base = { name: "Oferta", whatsappId: whatsapp.id };
    const unapproved = await t.http.post("/campaigns", { ...base, template: { name: "promocao", language: "pt_BR" } }, a.token);
    expect(unapproved.status).toBe(400);
    expect(unapproved.body).toMatchObject({ error: "ERR_TEMPLATE_NOT_APPROVED", field: "template" });
    const unknown = await t.http.post("/campaigns", { ...base, template: { name: "nao_existe", language: "pt_BR" } }, a.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: "template" });
    const missing = await t.http.post("/campaigns", { ...base, template: { name: "oferta_cliente", language: "pt_BR", variables: ["{nome}"] } }, a.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: "template.variables" });
    const sandbox = await pairedSandbox(t.http, a.token, "Outro canal");
    const other = await t.http.post("/campaigns", { ...base, whatsappId: sandbox.id, template: { name: "oferta_cliente", language: "pt_BR", variables: ["a", "b", "c"] } }, a.token);
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ field: "template" });
  });
});

describe("a scheduled message on a Cloud API connection whose window is closed", () => {
  it("fails with the reason recorded when it is plain text, and goes out when it is a template", async () => {
    now = Date.now();
    const ticket = await customerWrites(newNumber(), "Ana", "Oi");
    now += DAY + HOUR;
    const sendAt = new Date(Date.now() + HOUR).toISOString();
    const before = graph.sends().length;
    const plain = await t.http.post("/schedules", { body: "Lembrete da consulta", contactId: ticket.contactId, sendAt }, a.token);
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ template: null, failure: null });
    const templated = await t.http.post(
      "/schedules",
      { body: "Lembrete com modelo", contactId: ticket.contactId, sendAt, template: { name: "oferta_cliente", language: "pt_BR", variables: ["{{firstName}}", "1", "2"] } },
      a.token,
    );
    expect(templated.status).toBe(201);
    const refused = await t.http.post("/schedules", { body: "Lembrete com modelo", contactId: ticket.contactId, sendAt, template: { name: "promocao", language: "pt_BR" } }, a.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: "template" });

    await sendDueSchedules(t.built.ctx, new Date(Date.now() + 2 * HOUR));
    const [p] = await t.built.ctx.db.select().from(schedules).where(eq(schedules.id, plain.body.id));
    expect(p).toMatchObject({ status: "ERRO", failure: "ERR_SERVICE_WINDOW_CLOSED" });
    expect((await t.http.get(`/schedules/${plain.body.id}`, a.token)).body).toMatchObject({ status: "ERRO", failure: "ERR_SERVICE_WINDOW_CLOSED" });
    const [tp] = await t.built.ctx.db.select().from(schedules).where(eq(schedules.id, templated.body.id));
    expect(tp).toMatchObject({ status: "ENVIADA", failure: null });
    const sent = graph.sends().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].json).toMatchObject({ type: "template", template: { name: "oferta_cliente", components: [{ type: "body", parameters: [{ text: "Ana" }, { text: "1" }, { text: "2" }] }] } });
  });
});

describe("closing a Cloud API ticket", () => {
  it("sends the closing message inside the window and no free text once it is closed", async () => {
    now = Date.now();
    const open = await customerWrites(newNumber(), "Bia", "Oi");
    let before = graph.sends().length;
    expect((await t.http.put(`/tickets/${open.id}`, { status: "closed" }, a.token)).status).toBe(200);
    await expect
      .poll(
        () =>
          graph
            .sends()
            .slice(before)
            .map((s) => s.json?.text?.body),
        { timeout: 5000 },
      )
      .toEqual(["Obrigado pelo contato!"]);

    const late = await customerWrites(newNumber(), "Caio", "Oi");
    now += DAY + HOUR;
    before = graph.sends().length;
    expect((await t.http.put(`/tickets/${late.id}`, { status: "closed" }, a.token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(graph.sends().slice(before)).toEqual([]);
    const fromMe = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, late.id), eq(messages.fromMe, true)));
    expect(fromMe).toEqual([]);
  });

  it("sends the company's closing template instead once the window is closed, and nothing for an unknown one", async () => {
    const setTemplate = async (value: string) => expect((await t.http.put("/settings/closingTemplate", { value }, a.token)).status).toBe(200);
    expect((await t.http.put("/settings/closingTemplate", { value: "sem-idioma" }, a.token)).status).toBe(400);
    await setTemplate("encerramento|pt_BR");
    now = Date.now();
    const late = await customerWrites(newNumber(), "Duda", "Oi");
    now += DAY + HOUR;
    let before = graph.sends().length;
    expect((await t.http.put(`/tickets/${late.id}`, { status: "closed" }, a.token)).status).toBe(200);
    await expect.poll(() => graph.sends().slice(before).length, { timeout: 5000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    const sent = graph.sends().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].json).toMatchObject({ type: "template", template: { name: "encerramento", language: { code: "pt_BR" } } });
    const fromMe = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, late.id), eq(messages.fromMe, true)));
    expect(fromMe.map((m) => m.body)).toEqual(["Seu atendimento foi encerrado. Obrigado!"]);

    // a template the connection does not have (or that needs variables): skipped as without the setting
    for (const value of ["inexistente|pt_BR", "oferta_cliente|pt_BR"]) {
      await setTemplate(value);
      now = Date.now();
      const other = await customerWrites(newNumber(), "Edu", "Oi");
      now += DAY + HOUR;
      before = graph.sends().length;
      expect((await t.http.put(`/tickets/${other.id}`, { status: "closed" }, a.token)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(graph.sends().slice(before)).toEqual([]);
    }
    await setTemplate("");
  });
});
