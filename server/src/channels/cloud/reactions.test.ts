import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, startTestApp, type TestApp } from "../../test/harness";
import { messages } from "../../db/schema";
import { CloudGraphStandIn } from "../../test/standins/cloudGraph";

const PHONE_ID = "109876543210777";
const ACCESS_TOKEN = "EAAG-reactions-access-token-0123456789";
const APP_SECRET = "app-secret-for-reaction-signatures";
const VERSION = "v21.0";
const CUSTOMER = "5511977776666";

let graph: CloudGraphStandIn;
let t: TestApp;
let admin: { token: string; user: { id: number } };
let whatsapp: { id: number; companyId: number };
let seq = 0;

async function deliver(payload: unknown) {
  const raw = JSON.stringify(payload);
  const signature = `sha256=${crypto.createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`;
  const res = await fetch(`${t.url}/webhooks/whatsapp-cloud/${whatsapp.id}`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body: raw });
  expect(res.status).toBe(200);
}
const inbound = (message: Record<string, unknown>) => {
  const id = `wamid.IN${Date.now()}${seq++}`;
  const payload = {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA-1",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "551140000777", phone_number_id: PHONE_ID },
              contacts: [{ profile: { name: "Rita Cloud" }, wa_id: CUSTOMER }],
              messages: [{ from: CUSTOMER, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
            },
          },
        ],
      },
    ],
  };
  return { id, payload };
};
const stored = (externalId: string) =>
  t.built.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, externalId)))
    .then((rows) => rows[0]);
async function viewOf(externalId: string) {
  const row = await stored(externalId);
  const res = await t.http.get(`/messages/${row.ticketId}`, admin.token);
  return (res.body.messages as any[]).find((m) => m.id === row.id);
}

beforeAll(async () => {
  graph = await new CloudGraphStandIn({ phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, version: VERSION, displayPhoneNumber: "+55 11 4000-0777" }).start();
  const graphUrl = graph.url;
  t = await startTestApp();
  admin = await t.http.login(ADMIN.email, ADMIN.password);
  const created = await t.http.post(
    "/whatsapp",
    { name: "Cloud reactions", channel: "cloud", cloud: { phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: "verify-reactions", graphUrl } },
    admin.token,
  );
  if (created.status !== 201) throw new Error(`create cloud connection: ${created.status} ${JSON.stringify(created.body)}`);
  whatsapp = created.body;
});
afterAll(async () => {
  await t?.close();
  await graph?.stop();
});

describe("cloud reactions", () => {
  it("stores the customer's reaction from the webhook on the message, and an empty emoji takes it back", async () => {
    const first = inbound({ type: "text", text: { body: "Quero o modelo azul" } });
    await deliver(first.payload);
    await deliver(inbound({ type: "reaction", reaction: { message_id: first.id, emoji: "😮" } }).payload);
    expect((await viewOf(first.id)).reactions).toEqual([{ by: "contact", userId: null, name: "Rita Cloud", emoji: "😮", at: expect.any(String) }]);
    // a reaction to a message the company does not have is dropped, and stores nothing
    const stray = inbound({ type: "reaction", reaction: { message_id: "wamid.UNKNOWN", emoji: "👍" } });
    await deliver(stray.payload);
    expect(await stored(stray.id)).toBeUndefined();

    await deliver(inbound({ type: "reaction", reaction: { message_id: first.id } }).payload);
    expect((await viewOf(first.id)).reactions).toEqual([]);
  });

  it("marks a forwarded message", async () => {
    const fwd = inbound({ type: "text", text: { body: "Vi isso no grupo" }, context: { forwarded: true } });
    await deliver(fwd.payload);
    expect(await viewOf(fwd.id)).toMatchObject({ body: "Vi isso no grupo", forwarded: true });
  });

  it("sends the attendant's reaction to Graph as a reaction message, and an empty emoji to take it back", async () => {
    const msg = inbound({ type: "text", text: { body: "Obrigada!" } });
    await deliver(msg.payload);
    const row = await stored(msg.id);
    graph.seen = [];
    expect(await t.http.post(`/messages/${row.id}/reaction`, { emoji: "🙏" }, admin.token)).toMatchObject({ status: 200, body: { reactions: [{ by: "user", emoji: "🙏" }] } });
    const sends = () => graph.seen.filter((s) => s.method === "POST" && s.json?.type === "reaction");
    expect(sends().at(-1)!.json).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to: CUSTOMER, type: "reaction", reaction: { message_id: msg.id, emoji: "🙏" } });
    expect((await t.http.post(`/messages/${row.id}/reaction`, { emoji: "" }, admin.token)).status).toBe(200);
    expect(sends().at(-1)!.json.reaction).toEqual({ message_id: msg.id, emoji: "" });
    expect((await viewOf(msg.id)).reactions).toEqual([]);
  });
});
