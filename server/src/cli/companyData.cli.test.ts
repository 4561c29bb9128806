import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { companies, contactListItems, contactLists, contacts, messages, ticketNotes, tickets, users } from "../db/schema";
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
    const everything = Object.values(zip).map((bytes) => strFromU8(bytes)).join("\n");
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
    expect(r.out).toBe(`Erased contact ${c.contact.id} of company ${c.companyId}: 2 message(s) in 1 ticket(s), 1 media file(s) removed, 1 contact list item(s) deleted.`);
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
