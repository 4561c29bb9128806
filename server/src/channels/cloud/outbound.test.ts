// Cloud API sends: the attendant's replies, files, acks, reads, and inbound media stored once.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { type TestApp } from "../../test/harness";
import { messages } from "../../db/schema";
import type { CloudGraphStandIn } from "../../test/standins/cloudGraph";
import { CLOUD, IMAGE, inbound, statusUpdate, useCloudConnection, type CloudConnection } from "../../test/cloudConnection";

const cloud = useCloudConnection();
const { deliver, messageByExternalId } = cloud;
let t: TestApp;
let graph: CloudGraphStandIn;
let admin: CloudConnection["admin"];
beforeAll(() => ({ t, graph, admin } = cloud));

describe("cloud outbound", () => {
  let ticketId: number;
  let customerMsg: { id: number; externalId: string; ticketId: number };
  const number = "5511944443333";

  beforeAll(async () => {
    customerMsg = await cloud.ticketTakenByAdmin(number, "Cliente Resposta", "Preciso de ajuda");
    ticketId = customerMsg.ticketId;
  });

  const lastOutbound = async () => {
    const rows = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    return rows.sort((a, b) => a.id - b.id).at(-1)!;
  };

  it("sends the attendant's reply as Meta documents it, quoting with context.message_id, and moves acks", async () => {
    expect((await t.http.post(`/messages/${ticketId}`, { body: "Olá! Como posso ajudar?" }, admin.token)).status).toBe(200);
    const [plain] = graph.sends();
    expect(plain).toMatchObject({ auth: `Bearer ${CLOUD.accessToken}`, contentType: "application/json" });
    expect(plain.json).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to: number, type: "text", text: { preview_url: false, body: "Olá! Como posso ajudar?" } });
    const sent = await lastOutbound();
    expect(sent).toMatchObject({ sendStatus: "sent", ack: 1, externalId: expect.stringMatching(/^wamid\.OUT/) });

    expect((await t.http.post(`/messages/${ticketId}`, { body: "Sobre isso:", quotedMsg: { id: customerMsg.id } }, admin.token)).status).toBe(200);
    expect(graph.sends()[1].json).toMatchObject({ type: "text", context: { message_id: customerMsg.externalId }, text: { body: "Sobre isso:" } });

    await deliver(statusUpdate(sent.externalId, "delivered"));
    expect((await messageByExternalId(sent.externalId))[0].ack).toBe(2);
    await deliver(statusUpdate(sent.externalId, "read"));
    expect((await messageByExternalId(sent.externalId))[0].ack).toBe(3);
    await deliver(statusUpdate(sent.externalId, "failed"));
    expect((await messageByExternalId(sent.externalId))[0].ack).toBe(3);
  });

  it("uploads a file to Graph and sends it by media id", async () => {
    const form = new FormData();
    form.append("body", "segue o comprovante");
    form.append("medias", new Blob([Buffer.from("%PDF-1.4 fake")], { type: "application/pdf" }), "comprovante.pdf");
    const res = await fetch(`${t.url}/messages/${ticketId}`, { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body: form });
    expect(res.status).toBe(200);
    expect(graph.seen.map((s) => [s.method, s.path])).toEqual([
      ["POST", `/${CLOUD.version}/${CLOUD.phoneNumberId}/media`],
      ["POST", `/${CLOUD.version}/${CLOUD.phoneNumberId}/messages`],
    ]);
    expect(graph.seen[0].raw.toString("latin1")).toContain("%PDF-1.4 fake");
    expect(graph.seen[1].json).toMatchObject({ to: number, type: "document", document: { id: expect.stringMatching(/^MEDIA-UP-/), caption: "segue o comprovante", filename: "comprovante.pdf" } });
    expect(await lastOutbound()).toMatchObject({ sendStatus: "sent", mediaType: "application" });
  });

  it("leaves a message refused by Graph (outside the 24-hour window, 131047) as failed", async () => {
    graph.failNext = 131047;
    expect((await t.http.post(`/messages/${ticketId}`, { body: "Ainda precisa de ajuda?" }, admin.token)).status).toBe(200);
    expect(graph.sends()).toHaveLength(1);
    expect(await lastOutbound()).toMatchObject({ body: "Ainda precisa de ajuda?", sendStatus: "failed", ack: 0 });
  });

  it("marks the customer's messages read on Graph when the attendant opens the ticket, and cannot delete", async () => {
    await deliver(inbound(number, "Cliente Resposta", { type: "text", text: { body: "mais uma coisa" } }));
    graph.seen = [];
    expect((await t.http.get(`/messages/${ticketId}`, admin.token)).status).toBe(200);
    const read = graph.seen.find((s) => s.json?.status === "read");
    expect(read?.json).toEqual({ messaging_product: "whatsapp", status: "read", message_id: expect.stringMatching(/^wamid\.IN/) });

    const sent = (
      await t.built.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.sendStatus, "sent")))
    )[0];
    expect(await t.http.del(`/messages/${sent.id}`, admin.token)).toMatchObject({ status: 400, body: { error: "ERR_DELETE_WAPP_MSG" } });
  });
});

describe("cloud inbound media, downloaded once when the webhook arrives", () => {
  it("stores the file before answering, so a repeated delivery and a later opening never ask Graph again", async () => {
    const bytes = Buffer.from("\xff\xd8\xff\xe0short-lived-media", "latin1");
    graph.media.set("MEDIA-IN-EXPIRES", bytes);
    graph.forgetDownloaded = true;
    try {
      const payload = inbound("5511922221111", "Foto Única", { type: "image", image: { id: "MEDIA-IN-EXPIRES", mime_type: "image/jpeg", sha256: "x" } });
      const id = payload.entry[0].changes[0].value.messages[0].id;
      expect((await deliver(payload)).status).toBe(200);
      expect(graph.media.has("MEDIA-IN-EXPIRES")).toBe(false); // Graph has forgotten it
      const downloads = () => graph.seen.filter((s) => s.path === `/${CLOUD.version}/MEDIA-IN-EXPIRES` || s.path === "/whatsapp_business/attachments/").length;
      expect(downloads()).toBe(2);

      // Meta delivers the same message again: stored once, nothing asked of Graph
      expect((await deliver(payload)).status).toBe(200);
      expect(downloads()).toBe(2);
      const stored = await messageByExternalId(id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ mediaType: "image" });

      const file = await fetch(`${t.url}/media/messages/${stored[0].id}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      expect(downloads()).toBe(2);
    } finally {
      graph.forgetDownloaded = false;
    }
  });

  it("answers 500 when the download fails, stores nothing, and stores the message once when Meta delivers it again", async () => {
    graph.media.set("MEDIA-IN-RETRY", IMAGE);
    graph.failDownloads = 1;
    const payload = inbound("5511922223333", "Foto Depois", { type: "image", image: { id: "MEDIA-IN-RETRY", mime_type: "image/jpeg", sha256: "x", caption: "de novo" } });
    const id = payload.entry[0].changes[0].value.messages[0].id;
    expect((await deliver(payload)).status).toBe(500);
    expect(await messageByExternalId(id)).toHaveLength(0);
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    const stored = await messageByExternalId(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: "de novo", mediaType: "image" });
  });
});
