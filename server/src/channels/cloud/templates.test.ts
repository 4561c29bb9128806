import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { messages, whatsappTemplates } from "../../db/schema";
import { CloudGraphStandIn, type GraphTemplate } from "../../test/standins/cloudGraph";
import { useServiceWindowClock } from "../../modules/tickets/serviceWindow";

const PHONE_ID = "109876543210555";
const ACCESS_TOKEN = "EAAG-templates-token-0123456789";
const APP_SECRET = "app-secret-for-templates";
const WABA = "102290129340398";
const DAY = 24 * 60 * 60_000;

const greeting: GraphTemplate = {
  name: "retomar_atendimento",
  language: "pt_BR",
  category: "UTILITY",
  status: "APPROVED",
  components: [
    { type: "HEADER", format: "TEXT", text: "Olá de novo" },
    { type: "BODY", text: "Oi {{1}}, sobre o pedido {{2}}: podemos continuar?", example: { body_text: [["Maria", "123"]] } },
    { type: "FOOTER", text: "Loja Centro" },
    { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Sim" }] },
  ],
};
const promo: GraphTemplate = { name: "promocao", language: "pt_BR", category: "MARKETING", status: "PENDING", components: [{ type: "BODY", text: "Promoção!" }] };
const english: GraphTemplate = { name: "retomar_atendimento", language: "en_US", category: "UTILITY", status: "APPROVED", components: [{ type: "BODY", text: "Hi {{1}}" }] };
const goodbye: GraphTemplate = { name: "despedida", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [{ type: "BODY", text: "Até logo!" }] };

let t: TestApp;
let graph: CloudGraphStandIn;
let admin: { token: string; user: { id: number } };
let whatsapp: { id: number; companyId: number };
let now = Date.now();
let seq = 0;

const sign = (raw: string) => `sha256=${crypto.createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`;
async function deliverText(from: string, name: string, body: string, at = new Date()) {
  const id = `wamid.TPL${Date.now()}${seq++}`;
  const payload = {
    object: "whatsapp_business_account",
    entry: [
      {
        id: WABA,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "551140000000", phone_number_id: PHONE_ID },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [{ from, id, timestamp: String(Math.floor(at.getTime() / 1000)), type: "text", text: { body } }],
            },
          },
        ],
      },
    ],
  };
  const raw = JSON.stringify(payload);
  const res = await fetch(`${t.url}/webhooks/whatsapp-cloud/${whatsapp.id}`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": sign(raw) }, body: raw });
  expect(res.status).toBe(200);
  const [row] = await t.built.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, id)));
  return row;
}
const ticketMessages = (ticketId: number) => t.built.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId));

beforeAll(async () => {
  graph = await new CloudGraphStandIn({ phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, businessAccountId: WABA }).start();
  graph.templates = [greeting, promo, english];
  graph.pageSize = 2;
  t = await startTestApp();
  useServiceWindowClock(t.built.ctx, () => new Date(now));
  admin = await t.http.login(ADMIN.email, ADMIN.password);
  const created = await t.http.post(
    "/whatsapp",
    { name: "Cloud modelos", channel: "cloud", cloud: { phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: "verify-templates", graphUrl: graph.url, businessAccountId: WABA } },
    admin.token,
  );
  if (created.status !== 201) throw new Error(`create cloud connection: ${created.status} ${JSON.stringify(created.body)}`);
  whatsapp = created.body;
});
afterAll(async () => {
  await t?.close();
  await graph?.stop();
});
beforeEach(() => {
  now = Date.now();
});

describe("message templates of a Cloud connection", () => {
  it("are read from Graph page by page when the connection connects, and shown with the business account", async () => {
    expect(graph.templateReads()).toHaveLength(2);
    const [first, second] = graph.templateReads();
    expect(first.query.get("fields")).toBe("name,language,category,status,components");
    expect(Number(first.query.get("limit"))).toBeGreaterThan(0);
    expect(second.query.get("after")).toBe("2");

    const shown = await t.http.get(`/whatsapp/${whatsapp.id}`, admin.token);
    expect(shown.body.cloud).toMatchObject({ businessAccountId: WABA });
    const list = await t.http.get(`/whatsapp/${whatsapp.id}/templates`, admin.token);
    expect(list.status).toBe(200);
    expect(list.body.map((x: { name: string; language: string; status: string }) => [x.name, x.language, x.status])).toEqual([
      ["promocao", "pt_BR", "PENDING"],
      ["retomar_atendimento", "en_US", "APPROVED"],
      ["retomar_atendimento", "pt_BR", "APPROVED"],
    ]);
    expect(list.body[2]).toMatchObject({ category: "UTILITY", components: [{ type: "HEADER", format: "TEXT", text: "Olá de novo" }, { type: "BODY" }, { type: "FOOTER" }, { type: "BUTTONS" }] });
  });

  it("syncs again on demand: new and changed ones kept, the ones Graph no longer lists removed", async () => {
    graph.templates = [greeting, { ...promo, status: "APPROVED" }, goodbye];
    const synced = await t.http.post(`/whatsapp/${whatsapp.id}/templates/sync`, {}, admin.token);
    expect(synced.status).toBe(200);
    expect(synced.body.map((x: { name: string; language: string; status: string }) => `${x.name}/${x.language}/${x.status}`)).toEqual([
      "despedida/pt_BR/APPROVED",
      "promocao/pt_BR/APPROVED",
      "retomar_atendimento/pt_BR/APPROVED",
    ]);
    const rows = await t.built.ctx.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.whatsappId, whatsapp.id));
    expect(rows).toHaveLength(3);
    graph.templates = [greeting, promo];
    await t.http.post(`/whatsapp/${whatsapp.id}/templates/sync`, {}, admin.token);
  });

  it("are not shown to, nor synced by, another company", async () => {
    const other = await signUpCompany(t.http);
    expect((await t.http.get(`/whatsapp/${whatsapp.id}/templates`, other.token)).status).toBe(404);
    expect((await t.http.post(`/whatsapp/${whatsapp.id}/templates/sync`, {}, other.token)).status).toBe(404);
  });

  it("refuse a sync without a business account, naming the field", async () => {
    const owner = await signUpCompany(t.http);
    const sandbox = await t.http.post("/whatsapp", { name: "Sandbox" }, owner.token);
    expect(await t.http.post(`/whatsapp/${sandbox.body.id}/templates/sync`, {}, owner.token)).toMatchObject({ status: 400, body: { field: "channel" } });
    expect((await t.http.get(`/whatsapp/${sandbox.body.id}/templates`, owner.token)).body).toEqual([]);
  });
});

describe("the 24-hour customer-service window", () => {
  const number = "5511922223333";
  let ticketId: number;

  beforeAll(async () => {
    const first = await deliverText(number, "Maria Janela", "Oi, preciso de ajuda", new Date(Date.now() - 60_000));
    ticketId = first.ticketId;
    expect((await t.http.put(`/tickets/${ticketId}`, { status: "open", userId: admin.user.id }, admin.token)).status).toBe(200);
  });

  it("ends 24 hours after the customer's last message, shown on the ticket", async () => {
    const last = await deliverText(number, "Maria Janela", "ainda aí?");
    const ticket = await t.http.get(`/tickets/${ticketId}`, admin.token);
    expect(ticket.body.serviceWindowEndsAt).toBe(new Date(last.createdAt.getTime() + DAY).toISOString());
    expect((await t.http.post(`/messages/${ticketId}`, { body: "Olá, Maria!" }, admin.token)).status).toBe(200);
    expect(graph.sends().at(-1)?.json).toMatchObject({ type: "text", text: { body: "Olá, Maria!" } });
  });

  it("once closed, refuses free text and files with a clear error and stores nothing", async () => {
    now = Date.now() + DAY + 60_000;
    const before = (await ticketMessages(ticketId)).length;
    const sends = graph.sends().length;
    expect(await t.http.post(`/messages/${ticketId}`, { body: "Ainda precisa de ajuda?" }, admin.token)).toMatchObject({ status: 400, body: { error: "ERR_SERVICE_WINDOW_CLOSED", field: "body" } });
    const form = new FormData();
    form.append("medias", new Blob([Buffer.from("%PDF-1.4 fake")], { type: "application/pdf" }), "boleto.pdf");
    const media = await fetch(`${t.url}/messages/${ticketId}`, { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body: form });
    expect(media.status).toBe(400);
    expect(await media.json()).toMatchObject({ error: "ERR_SERVICE_WINDOW_CLOSED" });
    expect(await ticketMessages(ticketId)).toHaveLength(before);
    expect(graph.sends()).toHaveLength(sends);
  });

  it("sends an approved template with its variables, stored as the text the customer reads", async () => {
    now = Date.now() + DAY + 60_000;
    const res = await t.http.post(`/messages/${ticketId}`, { template: { name: "retomar_atendimento", language: "pt_BR", variables: ["Maria", "4521"] } }, admin.token);
    expect(res.status).toBe(200);
    expect(graph.sends().at(-1)?.json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: number,
      type: "template",
      template: {
        name: "retomar_atendimento",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Maria" },
              { type: "text", text: "4521" },
            ],
          },
        ],
      },
    });
    const sent = (await ticketMessages(ticketId)).sort((a, b) => a.id - b.id).at(-1)!;
    expect(sent).toMatchObject({ fromMe: true, sendStatus: "sent", body: "Olá de novo\n\nOi Maria, sobre o pedido 4521: podemos continuar?\n\nLoja Centro" });
    const ticket = await t.http.get(`/tickets/${ticketId}`, admin.token);
    expect(ticket.body.lastMessage).toContain("Oi Maria");
  });

  it("refuses an unknown or unapproved template, or missing variables, and stores nothing", async () => {
    const before = (await ticketMessages(ticketId)).length;
    const sends = graph.sends().length;
    expect(await t.http.post(`/messages/${ticketId}`, { template: { name: "nao_existe", language: "pt_BR" } }, admin.token)).toMatchObject({ status: 400, body: { error: "ERR_TEMPLATE_NOT_FOUND", field: "template" } });
    expect(await t.http.post(`/messages/${ticketId}`, { template: { name: "promocao", language: "pt_BR" } }, admin.token)).toMatchObject({ status: 400, body: { error: "ERR_TEMPLATE_NOT_APPROVED", field: "template" } });
    expect(await t.http.post(`/messages/${ticketId}`, { template: { name: "retomar_atendimento", language: "pt_BR", variables: ["Maria"] } }, admin.token)).toMatchObject({
      status: 400,
      body: { error: "ERR_VALIDATION", field: "template.variables" },
    });
    expect(await t.http.post(`/messages/${ticketId}`, { template: { name: "retomar_atendimento", language: "pt_BR", variables: ["Maria", " "] } }, admin.token)).toMatchObject({
      status: 400,
      body: { field: "template.variables" },
    });
    expect(await ticketMessages(ticketId)).toHaveLength(before);
    expect(graph.sends()).toHaveLength(sends);
  });

  it("fills a URL button's link with its value, and refuses the template without it", async () => {
    const tracking: GraphTemplate = {
      name: "rastrear_pedido",
      language: "pt_BR",
      category: "UTILITY",
      status: "APPROVED",
      components: [
        { type: "BODY", text: "Seu pedido saiu para entrega." },
        {
          type: "BUTTONS",
          buttons: [
            { type: "QUICK_REPLY", text: "Obrigado" },
            { type: "URL", text: "Rastrear", url: "https://loja.example/pedidos/{{1}}" },
          ],
        },
      ],
    };
    graph.templates = [...graph.templates, tracking];
    const synced = await t.http.post(`/whatsapp/${whatsapp.id}/templates/sync`, {}, admin.token);
    expect(synced.status).toBe(200);
    expect(synced.body.find((x: { name: string }) => x.name === "rastrear_pedido").components[1]).toEqual({
      type: "BUTTONS",
      buttons: [
        { type: "QUICK_REPLY", text: "Obrigado" },
        { type: "URL", text: "Rastrear", url: "https://loja.example/pedidos/{{1}}" },
      ],
    });
    const sends = graph.sends().length;
    expect(await t.http.post(`/messages/${ticketId}`, { template: { name: "rastrear_pedido", language: "pt_BR" } }, admin.token)).toMatchObject({
      status: 400,
      body: { error: "ERR_VALIDATION", field: "template.buttonVariables" },
    });
    expect(graph.sends()).toHaveLength(sends);

    const res = await t.http.post(`/messages/${ticketId}`, { template: { name: "rastrear_pedido", language: "pt_BR", buttonVariables: ["A-4521"] } }, admin.token);
    expect(res.status).toBe(200);
    expect(graph.sends().at(-1)?.json.template.components).toEqual([{ type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "A-4521" }] }]);
  });

  it("opens again when the customer writes", async () => {
    now = Date.now() + DAY + 60_000;
    await deliverText(number, "Maria Janela", "Sim, vamos continuar", new Date(now - 1000));
    expect((await t.http.post(`/messages/${ticketId}`, { body: "Ótimo!" }, admin.token)).status).toBe(200);
  });
});
