import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { contacts, messages } from "../../db/schema";
import * as fx from "./fixtures";
import { pairedBaileys, type PairedBaileys } from "../../test/baileysConnection";
import { failMessagesContaining } from "../../test/failingInserts";

let t: PairedBaileys["t"];
let admin: PairedBaileys["admin"];
let fake: PairedBaileys["fake"];
let whatsapp: PairedBaileys["whatsapp"];
let adapter: PairedBaileys["adapter"];
let socket: PairedBaileys["socket"];
let upsert: PairedBaileys["upsert"];
let upsertAs: PairedBaileys["upsertAs"];
let stored: PairedBaileys["stored"];

async function ticketMessages(ticketId: number) {
  const res = await t.http.get(`/messages/${ticketId}`, admin.token);
  expect(res.status).toBe(200);
  return res.body.messages as any[];
}

beforeAll(async () => {
  ({ t, admin, fake, whatsapp, adapter, socket, upsert, upsertAs, stored } = await pairedBaileys("WhatsApp Web", (fake) => {
    fake.media.set(fx.image.key.id!, fx.JPEG);
    fake.media.set(fx.document.key.id!, Buffer.from("%PDF-1.4\n"));
    fake.media.set(fx.voiceNote.key.id!, Buffer.from("OggS-voice"));
  }));
});
afterAll(async () => t?.close());

describe("baileys inbound messages", () => {
  it("stores text, replies, media, locations and contacts in the customer's ticket", async () => {
    await upsert(fx.text, fx.quotedReply, fx.image, fx.document, fx.voiceNote, fx.location, fx.contact);
    const first = await stored(fx.text.key.id!);
    expect(first).toBeDefined();
    const list = await ticketMessages(first.ticketId);
    const byBody = (body: string) => list.find((m) => m.body === body);

    expect(byBody("Olá, bom dia! Vocês abrem sábado?")).toMatchObject({ fromMe: false, mediaType: null, contact: { name: "Maria Souza" } });
    expect(byBody("Sim, esse mesmo 👆")).toMatchObject({ quotedMsgId: first.id, quotedMsg: { body: "Olá, bom dia! Vocês abrem sábado?" } });

    const image = byBody("Foto do produto com defeito");
    expect(image).toMatchObject({ mediaType: "image", mediaName: expect.stringMatching(/\.jpg$/), mediaUrl: `/media/messages/${image.id}` });
    const file = await fetch(`${t.url}${image.mediaUrl}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(fx.JPEG)).toBe(true);
    expect(byBody("Segue a nota")).toMatchObject({ mediaType: "application", mediaName: "nota_fiscal_123.pdf" });
    expect(list.find((m) => m.mediaType === "audio")).toMatchObject({ body: "", mediaName: `audio-${fx.voiceNote.key.id}.ogg` });

    const location = list.find((m) => m.mediaType === "locationMessage");
    expect(location.body).toBe(`data:image/jpeg;base64,${fx.JPEG.toString("base64")}|https://maps.google.com/maps?q=-23.5505199,-46.6333094&z=17|Praça da Sé - Praça da Sé - Sé, São Paulo - SP, 01001-000`);
    expect(list.find((m) => m.mediaType === "vcard")?.body).toBe(fx.VCARD);

    const [contact] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, first.contactId!));
    expect(contact).toMatchObject({ number: fx.CUSTOMER, name: "Maria Souza", isGroup: false });
    expect(list).toHaveLength(7);
  });

  it("keeps a media message whose file can no longer be downloaded, without the file", async () => {
    const expired = { ...fx.image, key: { ...fx.image.key, id: "3EB0DEADBEEF00000001" } };
    await upsert(expired);
    expect(await stored("3EB0DEADBEEF00000001")).toMatchObject({ body: "Foto do produto com defeito", mediaPath: null });
  });

  it("records what the company's own phone sent, and finds a LID sender by phone number", async () => {
    await upsertAs("append", fx.fromOurPhone);
    expect(await stored(fx.fromOurPhone.key.id!)).toMatchObject({ fromMe: true, body: "Abrimos sim, das 9h às 13h.", ticketId: (await stored(fx.text.key.id!)).ticketId });

    await upsert(fx.lidText);
    const lid = await stored(fx.lidText.key.id!);
    const [contact] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, lid.contactId!));
    expect(contact).toMatchObject({ number: "5521998877665", name: "Ana" });
  });

  it("stores no message for reactions, settings changes, status stories and history it is not told about as new", async () => {
    const ids = [fx.reaction, fx.ephemeralSetting, fx.statusStory].map((m) => m.key.id!);
    await upsert(fx.reaction, fx.ephemeralSetting, fx.statusStory);
    expect(await stored(fx.contact.key.id!)).toMatchObject({ isDeleted: false, isEdited: false }); // the setting names it, and leaves it alone
    socket.emit("messages.upsert", { messages: [{ ...fx.text, key: { ...fx.text.key, id: "3EB0HISTORY000000001" } }], type: "history" });
    await adapter.idle();
    const found = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsapp.id), inArray(messages.externalId, [...ids, "3EB0HISTORY000000001"])));
    expect(found).toEqual([]);
  });

  it("applies the customer's edits and deletions to the stored messages", async () => {
    await upsert(fx.edit(fx.text.key.id!, "Olá! Vocês abrem domingo?"), fx.editEnvelope(fx.quotedReply.key.id!, "Esse aqui"), fx.revoke(fx.image.key.id!));
    expect(await stored(fx.text.key.id!)).toMatchObject({ body: "Olá! Vocês abrem domingo?", isEdited: true });
    expect(await stored(fx.quotedReply.key.id!)).toMatchObject({ body: "Esse aqui", isEdited: true });
    const image = await stored(fx.image.key.id!);
    expect(image.isDeleted).toBe(true);
    const [shown] = (await ticketMessages(image.ticketId)).filter((m) => m.id === image.id);
    expect(shown).toMatchObject({ body: "", mediaUrl: null, isDeleted: true });
  });

  it("stores group messages with their sender when the company takes groups, and drops them otherwise", async () => {
    await upsert(fx.groupText);
    expect(await stored(fx.groupText.key.id!)).toBeUndefined(); // CheckMsgIsGroup "enabled" ignores groups

    expect((await t.http.put("/settings/CheckMsgIsGroup", { value: "disabled" }, admin.token)).status).toBe(200);
    await upsert(fx.groupText);
    const message = await stored(fx.groupText.key.id!);
    expect(message).toMatchObject({ body: "Bom dia, grupo!", participant: "5511955554444", fromMe: false });
    const [group] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, message.contactId!));
    expect(group).toMatchObject({ number: "120363041234567890", isGroup: true });
    await t.http.put("/settings/CheckMsgIsGroup", { value: "enabled" }, admin.token);
  });
});

describe("baileys inbound messages the database cannot take as they came", () => {
  const from = (id: string, message: unknown, pushName: string) => ({ ...fx.text, key: { ...fx.text.key, remoteJid: "5511977776666@s.whatsapp.net", id }, pushName, message });

  it("stores a message with a NUL or half of a surrogate pair in its text and push name once, shown normalised", async () => {
    const odd = from("3EB0ODD0000000000001", { conversation: "bom\u0000 dia \udc00 😀" }, "Bea\u0000triz \ud800");
    await upsert(odd);
    await upsert(odd);
    const rows = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, "3EB0ODD0000000000001")));
    expect(rows).toHaveLength(1);
    expect(await ticketMessages(rows[0].ticketId)).toEqual([expect.objectContaining({ body: "bom dia \ufffd 😀", contact: expect.objectContaining({ name: "Beatriz \ufffd" }) })]);
  });

  it("keeps a message that cannot be stored as a dead letter, without its media key, and goes on with the next", async () => {
    const undo = await failMessagesContaining(t.built.ctx.db, "BAILEYS-REFUSED");
    try {
      const refused = from("3EB0DEAD000000000001", { imageMessage: { ...fx.image.message!.imageMessage, caption: "BAILEYS-REFUSED" } }, "Beatriz");
      fake.media.set("3EB0DEAD000000000001", fx.JPEG);
      const next = from("3EB0DEAD000000000002", { conversation: "e esta chega" }, "Beatriz");
      await upsert(refused, next);
      expect(await stored("3EB0DEAD000000000001")).toBeUndefined();
      expect(await stored("3EB0DEAD000000000002")).toMatchObject({ body: "e esta chega" });

      const { body } = await t.http.get("/dead-letters", admin.token);
      const [letter] = body.deadLetters.filter((d: { externalId: string }) => d.externalId === "3EB0DEAD000000000001");
      expect(letter).toMatchObject({ whatsappId: whatsapp.id, channel: "baileys", errorCode: "P0001", payload: { key: { id: "3EB0DEAD000000000001" }, pushName: "Beatriz" } });
      expect(letter.payload.message.imageMessage).toMatchObject({ caption: "BAILEYS-REFUSED", mediaKey: "[redacted]", jpegThumbnail: { bytes: fx.JPEG.length } });
    } finally {
      await undo();
    }
  });
});

describe("baileys outbound messages", () => {
  let ticketId: number;
  beforeAll(async () => {
    ticketId = (await stored(fx.text.key.id!)).ticketId;
    expect((await t.http.put(`/tickets/${ticketId}`, { status: "open", userId: admin.user.id }, admin.token)).status).toBe(200);
  });

  it("sends a reply quoting the customer's message, and moves its ack with WhatsApp's receipts", async () => {
    const quoted = await stored(fx.text.key.id!);
    socket.sent = [];
    expect((await t.http.post(`/messages/${ticketId}`, { body: "Abrimos às 9h", quotedMsg: { id: quoted.id } }, admin.token)).status).toBe(200);
    const [sent] = socket.sent;
    expect(sent).toMatchObject({
      jid: fx.CUSTOMER_JID,
      content: { text: "Abrimos às 9h" },
      options: { quoted: { key: { remoteJid: fx.CUSTOMER_JID, id: fx.text.key.id, fromMe: false }, message: { conversation: "Olá! Vocês abrem domingo?" } } },
    });

    const [row] = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.body, "Abrimos às 9h")));
    expect(row).toMatchObject({ externalId: expect.stringMatching(/^3EB0FAKE/), sendStatus: "sent", ack: 1 });

    socket.emit("messages.update", [fx.receipt(row.externalId, 3)]);
    await adapter.idle();
    expect((await stored(row.externalId)).ack).toBe(2);
    socket.emit("messages.update", [fx.receipt(row.externalId, 4), fx.receipt(row.externalId, 2)]);
    await adapter.idle();
    expect((await stored(row.externalId)).ack).toBe(3); // a late server receipt does not move it back
    socket.emit("messages.update", [fx.receipt(row.externalId, 5)]);
    await adapter.idle();
    expect((await stored(row.externalId)).ack).toBe(4);

    // receipts of the customer's own messages change nothing
    socket.emit("messages.update", [{ key: { ...fx.contact.key }, update: { status: 4 } }]);
    await adapter.idle();
    expect((await stored(fx.contact.key.id!)).ack).toBe(0);
  });

  it("sends pictures, documents and voice notes by their type", async () => {
    socket.sent = [];
    const form = new FormData();
    form.append("body", "Veja a foto");
    form.append("medias", new Blob([new Uint8Array(fx.JPEG)], { type: "image/jpeg" }), "foto.jpg");
    form.append("medias", new Blob([new Uint8Array(Buffer.from("%PDF-1.4\n"))], { type: "application/pdf" }), "orcamento.pdf");
    form.append("medias", new Blob([new Uint8Array(Buffer.from("OggS-voice"))], { type: "audio/ogg" }), "audio.ogg");
    const res = await fetch(`${t.url}/messages/${ticketId}`, { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body: form });
    expect(res.status).toBe(200);
    const [image, pdf, voice] = socket.sent;
    expect(image).toMatchObject({ jid: fx.CUSTOMER_JID, content: { caption: "Veja a foto", mimetype: "image/jpeg" } });
    expect(Buffer.from((image.content as { image: Buffer }).image).equals(fx.JPEG)).toBe(true);
    expect(pdf.content).toMatchObject({ fileName: "orcamento.pdf", mimetype: "application/pdf", document: expect.any(Buffer) });
    expect(voice.content).toMatchObject({ ptt: true, mimetype: "audio/ogg; codecs=opus", audio: expect.any(Buffer) });
  });

  it("deletes a sent message for the customer and marks the customer's messages read", async () => {
    const [mine] = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.body, "Abrimos às 9h")));
    socket.sent = [];
    expect((await t.http.del(`/messages/${mine.id}`, admin.token)).status).toBe(200);
    expect(socket.sent).toEqual([{ jid: fx.CUSTOMER_JID, content: { delete: { remoteJid: fx.CUSTOMER_JID, fromMe: true, id: mine.externalId } }, options: undefined }]);

    const fresh = { ...fx.text, key: { ...fx.text.key, id: "3EB0C0FFEE0000000001" }, message: { conversation: "Obrigada!" } };
    await upsert(fresh);
    socket.read = [];
    await ticketMessages(ticketId);
    expect(socket.read).toEqual([[{ remoteJid: fx.CUSTOMER_JID, id: "3EB0C0FFEE0000000001", fromMe: false }]]);
  });

  it("refuses to send while the session is not open", async () => {
    socket.drop(428);
    await adapter.idle();
    await expect(adapter.sendText(fx.CUSTOMER, "oi")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED", status: 400 });
    expect((await t.http.post(`/messages/${ticketId}`, { body: "Vai falhar" }, admin.token)).status).toBe(200);
    const [row] = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.body, "Vai falhar")));
    expect(row.sendStatus).toBe("failed");
    fake.fireTimers();
    await adapter.idle();
    socket = fake.last;
    socket.open(fx.OUR_JID);
    await adapter.idle();
    expect((await adapter.sendText(fx.CUSTOMER, "voltou")).externalId).toMatch(/^3EB0FAKE/);
  });
});

describe("baileys calls", () => {
  it("turns calls down while the company's call setting is disabled, and logs every call in the ticket", async () => {
    socket.emit("call", [fx.callOffer("CALL-0001"), { ...fx.callOffer("CALL-0001"), status: "ringing" }]);
    await adapter.idle();
    expect(socket.rejected).toEqual([{ id: "CALL-0001", from: fx.CUSTOMER_JID }]);
    expect(await stored("CALL-0001")).toMatchObject({ mediaType: "call_log", fromMe: false });

    expect((await t.http.put("/settings/call", { value: "enabled" }, admin.token)).status).toBe(200);
    socket.emit("call", [fx.callOffer("CALL-0002")]);
    await adapter.idle();
    expect(socket.rejected).toHaveLength(1);
    expect(await stored("CALL-0002")).toMatchObject({ mediaType: "call_log" });
  });
});

describe("baileys number check", () => {
  it("asks WhatsApp whether a number has an account, so a new contact without one is refused", async () => {
    socket.onWhatsAppNumbers.add("5511912345678");
    expect(await adapter.checkNumber("5511912345678")).toBe(true);
    expect(await adapter.checkNumber("5511900000000")).toBe(false);
    await t.http.put(`/whatsapp/${whatsapp.id}`, { name: "WhatsApp Web", isDefault: true }, admin.token);
    expect(await t.http.post("/contacts", { name: "Sem WhatsApp", number: "5511900000000" }, admin.token)).toMatchObject({ status: 400, body: { error: "ERR_WAPP_INVALID_CONTACT" } });
    expect(await t.http.post("/contacts", { name: "Com WhatsApp", number: "5511912345678" }, admin.token)).toMatchObject({ status: 201 });
  });
});
