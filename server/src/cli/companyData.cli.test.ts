import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { sql } from "drizzle-orm";
import {
  auditLogs,
  campaignOptOuts,
  campaigns,
  campaignShippings,
  companies,
  contactListItems,
  contactLists,
  contacts,
  deadLetters,
  domainEvents,
  integrationCalls,
  messages,
  sandboxMessages,
  schedules,
  ticketNotes,
  tickets,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "../db/schema";
import { rowsOf } from "../channels/sqlRows";
import { signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { insertContact, insertTicket } from "../test/workspaceFixtures";
import { auditRows, run } from "../test/cliRun";
import { ERASED_NAME } from "./eraseContact";
import { ChannelManager } from "../channels/manager";
import { customerSays, pairedSandbox } from "../test/conversation";

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await startTestApp();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-cli-"));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

/** A company with a contact, a ticket and two messages, one of them a stored picture. */
async function companyWithConversation(number: string) {
  const owner = await signUpCompany(t.http);
  const companyId = owner.company.id as number;
  const contact = await insertContact(t, companyId, { name: "Maria Souza", number, email: "maria@example.com", profilePicUrl: "https://pics.example/maria.jpg", extraInfo: [{ name: "CPF", value: "123" }] });
  const ticket = await insertTicket(t, companyId, contact.id, { lastMessage: "segue a foto" });
  const picture = await t.built.ctx.media.save(companyId, Buffer.from("picture bytes"), "foto.jpg");
  const [text, media] = await t.built.ctx.db
    .insert(messages)
    .values([
      { companyId, ticketId: ticket.id, contactId: contact.id, externalId: `${number}-1`, body: "meu endereço é rua A, 10" },
      { companyId, ticketId: ticket.id, contactId: contact.id, externalId: `${number}-2`, body: "segue a foto", mediaType: "image", mediaPath: picture.key, mediaName: picture.filename },
    ])
    .returning();
  return { owner, companyId, contact, ticket, text, media, picture };
}

describe("balcao export-company", () => {
  it("writes the company's rows and media into a zip, without secrets or other companies' rows", async () => {
    const mine = await companyWithConversation("5511911110001");
    const other = await companyWithConversation("5511911110002");
    const file = path.join(folder, "export.zip");
    const r = await run(t, ["export-company", String(mine.companyId), "--output", file]);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(r.out).toMatch(/Exported company \d+ .* 1 media file\(s\)/);
    const zip = unzipSync(new Uint8Array(await fs.readFile(file)));
    const json = (name: string) => JSON.parse(strFromU8(zip[name]));
    expect(json("data/contacts.json")).toEqual([expect.objectContaining({ id: mine.contact.id, name: "Maria Souza", number: "5511911110001" })]);
    expect(json("data/messages.json").map((m: { id: number }) => m.id)).toEqual([mine.text.id, mine.media.id]);
    expect(json("data/companies.json")).toEqual([expect.objectContaining({ id: mine.companyId })]);
    const [user] = json("data/users.json");
    expect(user.email).toBe(mine.owner.email);
    expect(user).not.toHaveProperty("passwordHash");
    expect(zip["data/user_sessions.json"]).toBeUndefined();
    expect(zip["data/channel_auth_entries.json"]).toBeUndefined();
    expect(strFromU8(zip[`media/${mine.picture.key}`])).toBe("picture bytes");
    const everything = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    expect(everything).not.toContain(other.contact.number);
    expect(everything).not.toContain(other.picture.key);
    expect(everything).not.toContain("$argon2");
    expect(json("manifest.json")).toMatchObject({ companyId: mine.companyId, rows: { contacts: 1, messages: 2 }, mediaFiles: 1 });
    const trail = (await auditRows(t, "company.exported")).filter((a) => a.entityId === String(mine.companyId));
    expect(trail).toMatchObject([{ userId: null, details: { source: "cli", rows: expect.any(Number), files: 1 } }]);
  });

  it("fails for an unknown company and for a file that exists, writing nothing", async () => {
    const missing = path.join(folder, "none.zip");
    expect(await run(t, ["export-company", "999999", "--output", missing])).toMatchObject({ code: 1, err: "Error: no company has the id 999999" });
    await expect(fs.stat(missing)).rejects.toThrow();
    const taken = path.join(folder, "taken.zip");
    await fs.writeFile(taken, "keep");
    expect(await run(t, ["export-company", "1", "--output", taken])).toMatchObject({ code: 1, err: expect.stringContaining("already exists") });
    expect(await fs.readFile(taken, "utf8")).toBe("keep");
    expect(await run(t, ["export-company", "abc"])).toMatchObject({ code: 1, err: expect.stringContaining("positive whole number") });
  });
});

describe("balcao erase-contact", () => {
  it("refuses without --yes and for an unknown contact or company, changing nothing", async () => {
    const c = await companyWithConversation("5511922220001");
    expect(await run(t, ["erase-contact", "--company", String(c.companyId), "--number", "5511922220001"])).toMatchObject({ code: 1, err: expect.stringContaining("--yes") });
    expect(await run(t, ["erase-contact", "--company", String(c.companyId), "--contact", "999999", "--yes"])).toMatchObject({ code: 1, err: expect.stringContaining("has no contact") });
    expect(await run(t, ["erase-contact", "--company", "999999", "--number", "5511922220001", "--yes"])).toMatchObject({ code: 1, err: expect.stringContaining("company 999999 has no contact") });
    expect(await run(t, ["erase-contact", "--company", String(c.companyId), "--yes"])).toMatchObject({ code: 1, err: expect.stringContaining("--contact <id> or by --number") });
    const [contact] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, c.contact.id));
    expect(contact).toMatchObject({ name: "Maria Souza", number: "5511922220001", erasedAt: null });
  });

  it("erases the contact's personal data and its messages' text and media, keeping the rows", async () => {
    const c = await companyWithConversation("5511933330001");
    const bystander = await companyWithConversation("5511933330002");
    const db = t.built.ctx.db;
    const [note] = await db.insert(ticketNotes).values({ companyId: c.companyId, ticketId: c.ticket.id, contactId: c.contact.id, note: "cliente mora na rua A" }).returning();
    const [list] = await db.insert(contactLists).values({ companyId: c.companyId, name: "Clientes" }).returning();
    await db.insert(contactListItems).values([
      { companyId: c.companyId, contactListId: list.id, name: "Maria", number: "5511933330001" },
      { companyId: c.companyId, contactListId: list.id, name: "João", number: "5511933339999" },
    ]);
    const r = await run(t, ["erase-contact", "--company", String(c.companyId), "--number", "+55 (11) 93333-0001", "--yes"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      new RegExp(`^Erased contact ${c.contact.id} of company ${c.companyId}: 2 message\\(s\\), 1 ticket\\(s\\), 1 note\\(s\\), .*1 contact list item\\(s\\) deleted, .*1 media file\\(s\\) removed\\.$`),
    );
    expect((await db.select().from(ticketNotes).where(eq(ticketNotes.id, note.id)))[0].note).toBe("");
    expect((await db.select().from(contactListItems).where(eq(contactListItems.contactListId, list.id))).map((i) => i.number)).toEqual(["5511933339999"]);
    const [contact] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, c.contact.id));
    expect(contact).toMatchObject({ name: ERASED_NAME, number: "", email: "", profilePicUrl: "", extraInfo: [], erasedAt: expect.any(Date) });
    const rows = await t.built.ctx.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id));
    expect(rows).toHaveLength(2);
    for (const m of rows) expect(m).toMatchObject({ body: "", mediaPath: null, mediaName: null, isDeleted: true, erasedAt: expect.any(Date) });
    const [ticket] = await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket.lastMessage).toBe("");
    await expect(t.built.ctx.media.read(c.companyId, c.picture.key)).rejects.toThrow();
    // another company's contact is untouched
    const [kept] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, bystander.contact.id));
    expect(kept.name).toBe("Maria Souza");
    expect((await t.built.ctx.media.read(bystander.companyId, bystander.picture.key)).toString()).toBe("picture bytes");
    const trail = (await auditRows(t, "contact.erased")).filter((a) => a.entityId === String(c.contact.id));
    expect(trail).toMatchObject([{ userId: null, companyId: c.companyId, details: { source: "cli", messages: 2 } }]);
  });
});

/** Every text, JSON and array value of every table (the job runner's too) that holds one of `values`: "schema.table.column: value". */
async function foundAnywhere(values: string[]) {
  const db = t.built.ctx.db;
  const columns = await rowsOf<{ s: string; t: string; c: string }>(
    db,
    sql`select c.table_schema as s, c.table_name as t, c.column_name as c from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema not in ('pg_catalog', 'information_schema') and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const { s, t: table, c } of columns) {
    const any = sql.join(
      values.map((value) => sql`strpos(${sql.identifier(c)}::text, ${value}) > 0`),
      sql` or `,
    );
    const rows = await rowsOf<{ v: string }>(db, sql`select ${sql.identifier(c)}::text as v from ${sql.identifier(s)}.${sql.identifier(table)} where ${any}`);
    for (const value of values) if (rows.some((r) => r.v.includes(value))) found.push(`${s}.${table}.${c}: ${value}`);
  }
  return found;
}

describe("balcao erase-contact, everywhere", () => {
  it("leaves nothing of the person in any table, removes the files, and a second run finds nothing left", async () => {
    const owner = await signUpCompany(t.http);
    const companyId = owner.company.id as number;
    const db = t.built.ctx.db;
    const person = { name: "Benedita Quaresma", number: "5511977770001", email: "benedita.q@example.com" };
    const said = { text: "minha conta é 12345-6 no banco Xingu", note: "Benedita prefere ligação à tarde", schedule: "lembrete da consulta de Benedita", campaign: "oferta exclusiva para a cliente do plano ouro" };
    const planted = [person.name, person.number, person.email, ...Object.values(said)];
    // a webhook endpoint wants messages: the customer's message below gets a delivery with its contact and text
    await db.insert(webhookEndpoints).values({ companyId, url: "https://hooks.example/in", events: ["message.created", "contact.updated"], secret: "sealed", secretLast4: "abcd" });
    const contact = await insertContact(t, companyId, { name: person.name, number: person.number, email: person.email, extraInfo: [{ name: "CPF", value: "98765" }] });
    const sandbox = await pairedSandbox(t.http, owner.token);
    const inbound = await t.http.post(
      `/sandbox/${sandbox.id}/inbound`,
      { number: person.number, name: person.name, body: said.text, mediaType: "image", media: { filename: "comprovante.jpg", mimetype: "image/jpeg", data: Buffer.from("receipt bytes").toString("base64") } },
      sandbox.token,
    );
    expect(inbound.status).toBe(201);
    const ticketId = inbound.body.ticket.id as number;
    const [stored] = await db.select().from(messages).where(eq(messages.ticketId, ticketId));
    expect(stored.mediaPath).toBeTruthy();
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, companyId))).not.toHaveLength(0);
    expect(await db.select().from(sandboxMessages).where(eq(sandboxMessages.number, person.number))).not.toHaveLength(0);
    await db.insert(ticketNotes).values({ companyId, ticketId, contactId: contact.id, note: said.note });
    const scheduled = await t.built.ctx.media.save(companyId, Buffer.from("schedule bytes"), "consulta.pdf");
    await db.insert(schedules).values({ companyId, contactId: contact.id, ticketId, body: said.schedule, sendAt: new Date(Date.now() + 86_400_000), mediaPath: scheduled.key, mediaName: scheduled.filename });
    const [list] = await db.insert(contactLists).values({ companyId, name: "Ouro" }).returning();
    const [item] = await db.insert(contactListItems).values({ companyId, contactListId: list.id, name: person.name, number: person.number, email: person.email }).returning();
    const [campaign] = await db.insert(campaigns).values({ companyId, name: "Ouro", message1: "oferta {nome}" }).returning();
    await db.insert(campaignShippings).values([
      { companyId, campaignId: campaign.id, position: 1, number: person.number, name: person.name, email: person.email, contactListItemId: item.id, message: said.campaign, deliveredAt: new Date() },
      { companyId, campaignId: campaign.id, position: 2, number: "5511977779999", name: "Outro", message: "oferta para outro" },
    ]);
    await db.insert(campaignOptOuts).values({ companyId, number: person.number, word: "SAIR" });
    await db.insert(deadLetters).values([
      { companyId, channel: "sandbox", externalId: "DL1", errorCode: "23505", errorMessage: "duplicate", payload: { number: person.number, name: person.name, body: said.text } },
      { companyId, channel: "sandbox", externalId: "DL2", errorCode: "23505", errorMessage: "duplicate", payload: { number: "5511977779999", body: `falei com ${person.name} ontem` } },
    ]);
    await db.insert(domainEvents).values({
      companyId,
      type: "contact.updated",
      stream: `contact:${contact.id}`,
      data: { contactId: contact.id, name: person.name, number: person.number },
      givenUpAt: new Date(),
      lastError: `webhook for ${person.email} refused`,
    });
    await db.insert(integrationCalls).values({ companyId, ticketId, messageId: stored.id, integrationId: 1, status: "failed", lastError: `endpoint answered 500 for ${person.number}` });
    await db.insert(auditLogs).values({
      companyId,
      action: "contact.updated",
      entityType: "contact",
      entityId: String(contact.id),
      summary: `${person.name} · email`,
      details: { name: person.name, number: person.number, email: person.email },
      occurredAt: new Date(),
      eventId: 9_000_000 + companyId,
    });
    expect((await foundAnywhere(planted)).length).toBeGreaterThan(planted.length);

    const r = await run(t, ["erase-contact", "--company", String(companyId), "--contact", String(contact.id), "--yes"]);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(r.out).toMatch(
      /: 1 message\(s\), 1 ticket\(s\), 1 note\(s\), 1 scheduled message\(s\) deleted, 1 contact list item\(s\) deleted, 1 campaign shipping\(s\), 1 campaign opt-out\(s\) deleted, [1-9]\d* sandbox message\(s\) deleted, [1-9]\d* webhook delivery\(ies\), [1-9]\d* pending event\(s\), 2 dead letter\(s\), 1 integration record\(s\), [1-9]\d* audit entry\(ies\), [2-9] media file\(s\) removed\.$/,
    );
    expect(await foundAnywhere(planted)).toEqual([]);
    await expect(t.built.ctx.media.read(companyId, stored.mediaPath!)).rejects.toThrow();
    await expect(t.built.ctx.media.read(companyId, scheduled.key)).rejects.toThrow();
    // what is not the person's stays: the other number's shipping and dead letter, the rows of the conversation
    expect((await db.select().from(campaignShippings).where(eq(campaignShippings.campaignId, campaign.id))).map((s) => s.number)).toContain("5511977779999");
    expect((await db.select().from(deadLetters).where(eq(deadLetters.externalId, "DL2")))[0].payload).toEqual({ number: "5511977779999", body: `falei com ${ERASED_NAME} ontem` });
    expect(await db.select().from(messages).where(eq(messages.ticketId, ticketId))).toHaveLength(1);
    const [trail] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.eventId, 9_000_000 + companyId));
    expect(trail).toMatchObject({ action: "contact.updated", entityId: String(contact.id), summary: `${ERASED_NAME} · email` });
    // the trail refuses any other change still
    await expect(db.update(auditLogs).set({ summary: "x" }).where(eq(auditLogs.id, trail.id))).rejects.toThrow();

    const again = await run(t, ["erase-contact", "--company", String(companyId), "--contact", String(contact.id), "--yes"]);
    expect(again.code).toBe(0);
    expect(
      again.out
        .replace(/^.*?: /, "")
        .split(", ")
        .every((part) => part.startsWith("0 ")),
    ).toBe(true);
    const byNumber = await run(t, ["erase-contact", "--company", String(companyId), "--number", person.number, "--yes"]);
    expect(byNumber).toMatchObject({ code: 0, out: expect.stringContaining(`Erased what was kept of the number ${person.number}`) });
  });
});

describe("balcao delete-company", () => {
  it("refuses without --yes, for an unknown company and for the platform's own", async () => {
    const c = await companyWithConversation("5511944440001");
    expect(await run(t, ["delete-company", String(c.companyId)])).toMatchObject({ code: 1, err: expect.stringContaining("--yes") });
    expect(await run(t, ["delete-company", "999999", "--yes"])).toMatchObject({ code: 1, err: "Error: no company has the id 999999" });
    expect(await run(t, ["delete-company", "1", "--yes"])).toMatchObject({ code: 1, err: expect.stringContaining("platform") });
    const [company] = await t.built.ctx.db.select().from(companies).where(eq(companies.id, c.companyId));
    expect(company.status).toBe(true);
  });

  it("deletes the company's rows and media, leaving the others' and a trail", async () => {
    const c = await companyWithConversation("5511955550001");
    const other = await companyWithConversation("5511955550002");
    const r = await run(t, ["delete-company", String(c.companyId), "--yes"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Deleted company ${c.companyId}`);
    expect(await t.built.ctx.db.select().from(companies).where(eq(companies.id, c.companyId))).toEqual([]);
    expect(await t.built.ctx.db.select().from(users).where(eq(users.companyId, c.companyId))).toEqual([]);
    expect(await t.built.ctx.db.select().from(messages).where(eq(messages.companyId, c.companyId))).toEqual([]);
    await expect(t.built.ctx.media.read(c.companyId, c.picture.key)).rejects.toThrow();
    expect(await t.built.ctx.db.select().from(messages).where(eq(messages.companyId, other.companyId))).toHaveLength(2);
    const trail = (await auditRows(t, "company.deleted")).filter((a) => a.entityId === String(c.companyId));
    expect(trail).toMatchObject([{ userId: null, details: { source: "cli", companyId: c.companyId } }]);
    expect(await run(t, ["delete-company", String(c.companyId), "--yes"])).toMatchObject({ code: 1 });
  });

  it("ends the company's sessions in a running server, which learns it from the database", async () => {
    const owner = await signUpCompany(t.http);
    const companyId = owner.company.id as number;
    // the server's manager, renewing often; the command line tells it nothing directly
    const before = t.built.ctx.channels;
    const channels = new ChannelManager(t.built.ctx, { lease: { renewEveryMs: 100, ttlMs: 1_000 } });
    t.built.ctx.channels = channels;
    try {
      const sandbox = await pairedSandbox(t.http, owner.token);
      await customerSays(t.http, sandbox, "5511966660001", "oi");
      const adapter = channels.localAdapter({ id: sandbox.id, companyId, channel: "sandbox" });
      await adapter.sendText("5511966660001", "olá");
      expect(channels.runs(sandbox.id)).toBe(true);
      expect((await run(t, ["delete-company", String(companyId), "--yes"])).code).toBe(0);
      await vi.waitFor(() => expect(channels.runs(sandbox.id)).toBe(false), { timeout: 3_000, interval: 50 });
      await expect(adapter.sendText("5511966660001", "ainda aí?")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
      const inbound = await t.http.post(`/sandbox/${sandbox.id}/inbound`, { number: "5511966660001", body: "alô" }, sandbox.token);
      expect(inbound.status).toBeGreaterThanOrEqual(400);
      expect(channels.runs(sandbox.id)).toBe(false);
    } finally {
      await channels.closeAll();
      t.built.ctx.channels = before;
    }
  });
});
