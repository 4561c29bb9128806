import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WAMessage } from "baileys";
import * as fx from "./fixtures";
import { pairedBaileys, type PairedBaileys } from "../../test/baileysConnection";

let t: PairedBaileys["t"];
let admin: PairedBaileys["admin"];
let socket: PairedBaileys["socket"];
let upsert: PairedBaileys["upsert"];
let stored: PairedBaileys["stored"];

async function viewOf(externalId: string) {
  const row = await stored(externalId);
  const res = await t.http.get(`/messages/${row.ticketId}`, admin.token);
  expect(res.status).toBe(200);
  return (res.body.messages as any[]).find((m) => m.id === row.id);
}

/** The customer's message as WhatsApp marks a forward, and a reply to one of the company's statuses. */
const forwarded: WAMessage = {
  ...fx.text,
  key: { ...fx.text.key, id: "3EB0FAFAFAFAFAFA0001" },
  message: { extendedTextMessage: { text: "Olha essa promoção", contextInfo: { isForwarded: true, forwardingScore: 1 } } },
};
const statusReply: WAMessage = {
  ...fx.text,
  key: { ...fx.text.key, id: "3EB0STATUSREPLY00001" },
  message: {
    extendedTextMessage: {
      text: "Ainda tem?",
      contextInfo: { stanzaId: "3EB05E6F7A8B9C0D1E2F", participant: fx.OUR_JID, remoteJid: "status@broadcast", quotedMessage: { extendedTextMessage: { text: "Promoção de sábado!" } } },
    },
  },
};

beforeAll(async () => {
  ({ t, admin, socket, upsert, stored } = await pairedBaileys("WhatsApp Web reactions"));
});
afterAll(async () => t?.close());

describe("baileys reactions", () => {
  it("stores the customer's reaction on the message it answers, and takes it back when WhatsApp sends an empty one", async () => {
    await upsert(fx.text, fx.fromOurPhone);
    await upsert(fx.reaction);
    expect((await viewOf(fx.fromOurPhone.key.id!)).reactions).toEqual([{ by: "contact", userId: null, name: "Maria Souza", emoji: "👍", at: expect.any(String) }]);
    // a reaction is no message of the ticket
    expect(await stored(fx.reaction.key.id!)).toBeUndefined();

    const removed = { ...fx.reaction, key: { ...fx.reaction.key, id: "3EB0123456789ABCDEF1" }, message: { reactionMessage: { ...fx.reaction.message!.reactionMessage!, text: "" } } };
    await upsert(removed);
    expect((await viewOf(fx.fromOurPhone.key.id!)).reactions).toEqual([]);
  });

  it("sends the attendant's reaction with the reacted message's key, and an empty one to take it back", async () => {
    const customerMsg = await stored(fx.text.key.id!);
    const res = await t.http.post(`/messages/${customerMsg.id}/reaction`, { emoji: "❤️" }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { reactions: [{ by: "user", userId: admin.user.id, emoji: "❤️" }] } });
    expect(socket.sent.at(-1)).toMatchObject({ jid: fx.CUSTOMER_JID, content: { react: { text: "❤️", key: { remoteJid: fx.CUSTOMER_JID, fromMe: false, id: fx.text.key.id } } } });

    const ours = await stored(fx.fromOurPhone.key.id!);
    expect((await t.http.post(`/messages/${ours.id}/reaction`, { emoji: "👍" }, admin.token)).status).toBe(200);
    expect(socket.sent.at(-1)).toMatchObject({ content: { react: { text: "👍", key: { fromMe: true, id: fx.fromOurPhone.key.id } } } });

    expect(await t.http.post(`/messages/${customerMsg.id}/reaction`, { emoji: "" }, admin.token)).toMatchObject({ status: 200, body: { reactions: [] } });
    expect(socket.sent.at(-1)).toMatchObject({ content: { react: { text: "", key: { id: fx.text.key.id } } } });
  });

  it("keeps each group member's reaction apart, and sends the attendant's with the member as participant", async () => {
    expect((await t.http.put("/settings/CheckMsgIsGroup", { value: "disabled" }, admin.token)).status).toBe(200);
    try {
      await upsert(fx.groupText);
      const reactionOf = (id: string, participant: string, pushName: string, text: string): WAMessage => ({
        key: { remoteJid: fx.GROUP_JID, fromMe: false, id, participant, addressingMode: "pn" },
        messageTimestamp: 1_718_000_100,
        pushName,
        message: { reactionMessage: { key: { remoteJid: fx.GROUP_JID, fromMe: false, id: fx.groupText.key.id, participant: fx.groupText.key.participant }, text, senderTimestampMs: 1_718_000_100_000 } },
      });
      await upsert(reactionOf("3EB0GROUPREACT000001", "5511955554444@s.whatsapp.net", "Carlos", "😂"), reactionOf("3EB0GROUPREACT000002", "5511933332222@s.whatsapp.net", "Bia", "👍"));
      expect((await viewOf(fx.groupText.key.id!)).reactions.map((r: any) => [r.name, r.emoji])).toEqual([
        ["Carlos", "😂"],
        ["Bia", "👍"],
      ]);
      await upsert(reactionOf("3EB0GROUPREACT000003", "5511955554444@s.whatsapp.net", "Carlos", ""));
      expect((await viewOf(fx.groupText.key.id!)).reactions.map((r: any) => [r.name, r.emoji])).toEqual([["Bia", "👍"]]);

      const row = await stored(fx.groupText.key.id!);
      expect((await t.http.post(`/messages/${row.id}/reaction`, { emoji: "👍" }, admin.token)).status).toBe(200);
      expect(socket.sent.at(-1)).toMatchObject({
        jid: fx.GROUP_JID,
        content: { react: { text: "👍", key: { remoteJid: fx.GROUP_JID, fromMe: false, id: fx.groupText.key.id, participant: "5511955554444@s.whatsapp.net" } } },
      });
    } finally {
      await t.http.put("/settings/CheckMsgIsGroup", { value: "enabled" }, admin.token);
    }
  });

  it("marks forwarded messages and keeps the status a reply answers", async () => {
    await upsert(forwarded, statusReply);
    expect(await viewOf("3EB0FAFAFAFAFAFA0001")).toMatchObject({ body: "Olha essa promoção", forwarded: true, quotedStatus: null, quotedMsgId: null });
    expect(await viewOf("3EB0STATUSREPLY00001")).toMatchObject({ body: "Ainda tem?", forwarded: false, quotedStatus: "Promoção de sábado!", quotedMsgId: null });
    expect(await viewOf(fx.text.key.id!)).toMatchObject({ forwarded: false, quotedStatus: null });
  });

  it("keeps the customer's earlier text through an edit, and what a deleted message said", async () => {
    await upsert(fx.quotedReply);
    await upsert(fx.edit(fx.quotedReply.key.id!, "Esse outro"), fx.revoke(forwarded.key.id!));
    expect(await viewOf(fx.quotedReply.key.id!)).toMatchObject({ body: "Esse outro", isEdited: true, edits: [{ body: "Sim, esse mesmo 👆", at: expect.any(String) }] });
    expect(await viewOf(forwarded.key.id!)).toMatchObject({ body: "", isDeleted: true, deletedBody: "Olha essa promoção" });
  });
});
