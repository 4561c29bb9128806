import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, or } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany } from "../../test/harness";
import { auditLogs, contacts, messages, tags, ticketNotes, tickets, ticketTags } from "../../db/schema";
import * as fx from "./fixtures";
import { pairedBaileys, type PairedBaileys } from "../../test/baileysConnection";

let t: PairedBaileys["t"];
let admin: PairedBaileys["admin"];
let whatsapp: PairedBaileys["whatsapp"];
let adapter: PairedBaileys["adapter"];
let socket: PairedBaileys["socket"];
let upsert: PairedBaileys["upsert"];
let stored: PairedBaileys["stored"];

const contactsOf = (companyId: number, number: string, lid: string) =>
  t.built.ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), or(eq(contacts.number, number), eq(contacts.lid, lid))));

beforeAll(async () => {
  ({ t, admin, whatsapp, adapter, socket, upsert, stored } = await pairedBaileys("WhatsApp Web LID"));
});
afterAll(async () => t?.close());

describe("WhatsApp LIDs", () => {
  it("a conversation that starts under a LID and later reveals the number is one contact with one ticket", async () => {
    await upsert(fx.lidOnly("3EB0L1D0000000000001", "Oi, quero saber do pedido"));
    const first = await stored("3EB0L1D0000000000001");
    const [before] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, first.contactId!));
    expect(before).toMatchObject({ number: "", lid: fx.LID_CUSTOMER, name: "Bruno" });
    // the contact's page shows the LID
    expect((await t.http.get(`/contacts/${before.id}`, admin.token)).body).toMatchObject({ number: "", lid: fx.LID_CUSTOMER });
    // the attendant's answer goes to the LID while the number is not known
    expect((await t.http.put(`/tickets/${first.ticketId}`, { status: "open", userId: admin.user.id }, admin.token)).status).toBe(200);
    socket.sent = [];
    expect((await t.http.post(`/messages/${first.ticketId}`, { body: "Olá Bruno, qual o pedido?" }, admin.token)).status).toBe(200);
    expect(socket.sent).toMatchObject([{ jid: `${fx.LID_CUSTOMER}@lid`, content: { text: "Olá Bruno, qual o pedido?" } }]);

    await upsert(fx.lidOnly("3EB0L1D0000000000002", "Alguém aí?"), fx.lidWithPhone("3EB0L1D0000000000003", "Meu número é este"));
    await upsert(fx.lidOnly("3EB0L1D0000000000004", "Obrigado"));
    const found = await contactsOf(whatsapp.companyId, fx.LID_CUSTOMER_PHONE, fx.LID_CUSTOMER);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: before.id, number: fx.LID_CUSTOMER_PHONE, lid: fx.LID_CUSTOMER });
    const theirs = await t.built.ctx.db.select().from(tickets).where(eq(tickets.contactId, before.id));
    expect(theirs).toHaveLength(1);
    const list = await t.built.ctx.db.select().from(messages).where(eq(messages.ticketId, theirs[0].id));
    expect(
      list
        .filter((m) => !m.fromMe)
        .map((m) => m.externalId)
        .sort(),
    ).toEqual(["3EB0L1D0000000000001", "3EB0L1D0000000000002", "3EB0L1D0000000000003", "3EB0L1D0000000000004"]);
  });

  it("a message with the LID and the number links them on the contact of the number", async () => {
    await upsert(fx.text);
    await upsert(fx.lidText);
    const lid = await stored(fx.lidText.key.id!);
    const [contact] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, lid.contactId!));
    expect(contact).toMatchObject({ number: "5521998877665", lid: "190283746519283", name: "Ana" });
  });

  it("the lid-mapping event merges two contacts with their tickets, tags and notes, once, with an audit entry", async () => {
    const phone = "5541991112222";
    const lidDigits = "309182736455463";
    const other = await signUpCompany(t.http);
    // another company knows the same number and the same LID: it is never touched
    const [foreign] = await t.built.ctx.db.insert(contacts).values({ companyId: other.company.id, name: "Outro", number: phone, lid: lidDigits }).returning();

    await upsert({ ...fx.text, key: { ...fx.text.key, remoteJid: `${phone}@s.whatsapp.net`, id: "3EB0MERGE00000000001" }, pushName: "Daniela" });
    await upsert({ ...fx.lidOnly("3EB0MERGE00000000002", "Sou eu de novo"), key: { remoteJid: `${lidDigits}@lid`, fromMe: false, id: "3EB0MERGE00000000002", addressingMode: "lid" }, pushName: "Dani" });
    const byNumber = await stored("3EB0MERGE00000000001");
    const byLid = await stored("3EB0MERGE00000000002");
    expect(byNumber.contactId).not.toBe(byLid.contactId);
    expect(byNumber.ticketId).not.toBe(byLid.ticketId);

    const db = t.built.ctx.db;
    const [tag] = await db.insert(tags).values({ companyId: whatsapp.companyId, name: "VIP-lid", kanban: 1 }).returning();
    await db.insert(ticketTags).values({ companyId: whatsapp.companyId, ticketId: byLid.ticketId, tagId: tag.id });
    await db.insert(ticketNotes).values([
      { companyId: whatsapp.companyId, ticketId: byNumber.ticketId, contactId: byNumber.contactId!, note: "cliente antigo" },
      { companyId: whatsapp.companyId, ticketId: byLid.ticketId, contactId: byLid.contactId!, note: "pediu troca" },
    ]);

    // only the newer ticket was being attended: the combined one keeps its attendant
    expect((await t.http.put(`/tickets/${byLid.ticketId}`, { status: "open", userId: admin.user.id }, admin.token)).status).toBe(200);
    const live = await connectSocket(t.url, admin.token);
    const deleted = nextEvent(live, `company-${whatsapp.companyId}-contact`, 3_000, (e) => e.action === "delete" && e.contactId === byLid.contactId);
    const updated = nextEvent(live, `company-${whatsapp.companyId}-contact`, 3_000, (e) => e.action === "update" && e.contact.id === byNumber.contactId);
    for (let i = 0; i < 2; i++) {
      socket.emit("lid-mapping.update", fx.lidMapping(lidDigits, phone));
      await adapter.idle();
    }

    const found = await contactsOf(whatsapp.companyId, phone, lidDigits);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: byNumber.contactId, number: phone, lid: lidDigits, name: "Daniela" });
    expect(await deleted).toEqual({ action: "delete", contactId: byLid.contactId });
    expect((await updated)?.contact).toMatchObject({ id: byNumber.contactId, number: phone, lid: lidDigits });
    live.close();
    const theirs = await db
      .select()
      .from(tickets)
      .where(inArray(tickets.contactId, [byNumber.contactId!, byLid.contactId!]));
    expect(theirs.map((x) => x.id)).toEqual([byNumber.ticketId]);
    expect(theirs[0]).toMatchObject({ status: "open", userId: admin.user.id });
    const moved = await db.select().from(messages).where(eq(messages.ticketId, byNumber.ticketId));
    expect(moved.map((m) => m.externalId).sort()).toEqual(["3EB0MERGE00000000001", "3EB0MERGE00000000002"]);
    expect(moved.every((m) => m.contactId === byNumber.contactId)).toBe(true);
    expect((await db.select().from(ticketTags).where(eq(ticketTags.ticketId, byNumber.ticketId))).map((r) => r.tagId)).toEqual([tag.id]);
    const notes = await db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, byNumber.ticketId));
    expect(notes.map((n) => n.note).sort()).toEqual(["cliente antigo", "pediu troca"]);
    expect(notes.every((n) => n.contactId === byNumber.contactId)).toBe(true);
    expect((await t.http.get(`/contacts/${byLid.contactId}`, admin.token)).status).toBe(404);

    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(auditLogs)
              .where(and(eq(auditLogs.companyId, whatsapp.companyId), eq(auditLogs.action, "contacts.merged")))
          ).length,
        { timeout: 3_000 },
      )
      .toBe(1);
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, whatsapp.companyId), eq(auditLogs.action, "contacts.merged")));
    expect(entry.details).toMatchObject({ contactId: byNumber.contactId, mergedContactId: byLid.contactId, number: phone, lid: lidDigits });

    // a later message under the LID alone goes to the merged contact's ticket
    await upsert({ ...fx.lidOnly("3EB0MERGE00000000003", "Chegou?"), key: { remoteJid: `${lidDigits}@lid`, fromMe: false, id: "3EB0MERGE00000000003", addressingMode: "lid" } });
    expect(await stored("3EB0MERGE00000000003")).toMatchObject({ ticketId: byNumber.ticketId, contactId: byNumber.contactId });

    const [untouched] = await db.select().from(contacts).where(eq(contacts.id, foreign.id));
    expect(untouched).toMatchObject({ companyId: other.company.id, name: "Outro", number: phone, lid: lidDigits });
  });

  it("a LID held by a contact of another number stays there; the message makes its own contact", async () => {
    const db = t.built.ctx.db;
    const [held] = await db.insert(contacts).values({ companyId: whatsapp.companyId, name: "Fábio", number: "5551990001111", lid: "401928374655647" }).returning();
    const message = {
      ...fx.lidWithPhone("3EB0HELD000000000001", "Número novo"),
      key: { remoteJid: "401928374655647@lid", remoteJidAlt: "5551990002222@s.whatsapp.net", fromMe: false, id: "3EB0HELD000000000001", addressingMode: "lid" },
    };
    await upsert(message);
    const stored1 = await stored("3EB0HELD000000000001");
    expect(stored1).toBeDefined();
    const [mine] = await db.select().from(contacts).where(eq(contacts.id, stored1.contactId!));
    expect(mine).toMatchObject({ number: "5551990002222", lid: null });
    expect((await db.select().from(contacts).where(eq(contacts.id, held.id)))[0]).toMatchObject({ number: "5551990001111", lid: "401928374655647" });
  });

  it("keeps the username WhatsApp tells, on a new contact and on a known one", async () => {
    const fresh = { ...fx.text, key: { remoteJid: "5561993334444@s.whatsapp.net", remoteJidUsername: "gabi.store", fromMe: false, id: "3EB0USER000000000001", addressingMode: "pn" } };
    await upsert(fresh);
    const first = await stored("3EB0USER000000000001");
    expect((await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, first.contactId!)))[0]).toMatchObject({ number: "5561993334444", username: "gabi.store" });

    await upsert({ ...fx.lidText, key: { ...fx.lidText.key, id: "3EB0USER000000000002", remoteJidUsername: "ana.rj" } });
    const second = await stored("3EB0USER000000000002");
    expect((await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, second.contactId!)))[0]).toMatchObject({ number: "5521998877665", username: "ana.rj" });
  });

  it("a call from a caller known by LID only is logged in that contact's ticket", async () => {
    socket.emit("call", [fx.callOffer("CALL-LID-0001", `${fx.LID_CUSTOMER}@lid`)]);
    await adapter.idle();
    const call = await stored("CALL-LID-0001");
    expect(call).toMatchObject({ mediaType: "call_log" });
    const [contact] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, call.contactId!));
    expect(contact).toMatchObject({ number: fx.LID_CUSTOMER_PHONE, lid: fx.LID_CUSTOMER });
  });

  it("a group sender known by LID only is named by the name it gave", async () => {
    expect((await t.http.put("/settings/CheckMsgIsGroup", { value: "disabled" }, admin.token)).status).toBe(200);
    await upsert(fx.groupLidText);
    const message = await stored(fx.groupLidText.key.id!);
    expect(message).toMatchObject({ participant: "Carla Dias" });
    // the ticket's messages name the sender
    const list = (await t.http.get(`/messages/${message.ticketId}`, admin.token)).body.messages as { id: number; participant?: string | null }[];
    expect(list.find((m) => m.id === message.id)).toMatchObject({ participant: "Carla Dias" });
    await upsert(fx.groupText);
    expect(await stored(fx.groupText.key.id!)).toMatchObject({ participant: "5511955554444" });
  });
});
