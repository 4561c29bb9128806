import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { and, count, eq, inArray } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { DEFAULT_SETTINGS } from "@balcao/common";
import { companies, contacts, importMappings, messages, plans, queueOptions, queues, quickMessages, schedules, settings, tags, ticketTags, tickets, userQueues, users, whatsappQueues, whatsapps } from "../../db/schema";
import { freshDatabaseUrl, startTestApp, type TestApp } from "../../test/harness";
import { run } from "../../test/cliRun";
import { importWhaticketCommand } from "../../cli/importWhaticket";
import { pgSource, type Source } from "./source";

const SCHEMA = fileURLToPath(new URL("./fixture/schema.sql", import.meta.url));
const OLD_PASSWORD = "senha-antiga-123";
const q = (v: unknown): string => (v === null || v === undefined ? "null" : typeof v === "number" || typeof v === "boolean" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
/** One INSERT of the rows (a column some rows leave out is null in them). */
function insert(table: string, rows: Record<string, unknown>[]) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values\n${rows.map((r) => `(${columns.map((c) => q(r[c])).join(", ")})`).join(",\n")};\n`;
}
const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1) + minutes * 60_000).toISOString();
const stamps = (m: number) => ({ createdAt: at(m), updatedAt: at(m + 1) });

/** What the source holds, so the assertions can count on it. */
const N = { contacts: 1000, invalidContactId: 1000, tickets: 1000, messagesPerTicket: 3 };

/** A Whaticket database with a few thousand rows over two companies, and planted problems. */
function sourceData() {
  const hash = bcrypt.hashSync(OLD_PASSWORD, 8).replace(/^\$2b\$/, "$2a$");
  let s = "";
  s += insert("Plans", [
    { id: 1, name: "Plano 1", users: 10, connections: 10, queues: 10, value: 30, ...stamps(0) },
    { id: 2, name: "Plano Whaticket Pro", users: 50, connections: 5, queues: 20, value: 199.9, useKanban: false, ...stamps(0) },
  ]);
  s += insert("Companies", [
    { id: 1, name: "Empresa 1", email: "admin@admin.com", phone: null, status: true, planId: 1, dueDate: "2093-03-14 04:00:00.000-03", recurrence: "MENSAL", ...stamps(0) },
    { id: 2, name: "Loja Azul", email: "dono@lojaazul.com", phone: "5511955550000", status: true, planId: 2, dueDate: "2030-12-31", recurrence: "ANUAL", ...stamps(5) },
  ]);
  s += insert("Whatsapps", [
    { id: 1, name: "Comercial", status: "CONNECTED", session: '{"creds":"secret"}', isDefault: true, greetingMessage: "Olá!", complationMessage: "Até logo", token: "old-token", companyId: 1, ...stamps(1) },
    { id: 2, name: "Azul", status: "qrcode", isDefault: true, greetingMessage: "Bem-vindo à Loja Azul", companyId: 2, ...stamps(6) },
  ]);
  s += insert("Queues", [
    { id: 1, name: "Vendas", color: "#ff0000", greetingMessage: "Escolha: 1 ou 2", companyId: 1, orderQueue: 1, ...stamps(2) },
    { id: 2, name: "Suporte", color: "#00ff00", greetingMessage: "", companyId: 1, orderQueue: 2, ...stamps(2) },
    { id: 3, name: "Financeiro", color: "#0000ff", greetingMessage: "", companyId: 1, orderQueue: 3, ...stamps(2) },
    { id: 4, name: "Vendas", color: "#ff0000", greetingMessage: "", companyId: 2, orderQueue: 1, ...stamps(7) },
    { id: 5, name: "Trocas", color: "#123456", greetingMessage: "", companyId: 2, orderQueue: 2, ...stamps(7) },
  ]);
  s += insert("QueueOptions", [
    { id: 1, title: "Planos", message: "Nossos planos", option: "1", queueId: 1, parentId: null, ...stamps(3) },
    { id: 2, title: "Preços", message: "Tabela", option: "2", queueId: 1, parentId: null, ...stamps(3) },
    { id: 3, title: "Plano mensal", message: "R$ 30", option: "1", queueId: 1, parentId: 1, ...stamps(3) },
    { id: 4, title: "Plano anual", message: "R$ 300", option: "2", queueId: 1, parentId: 1, ...stamps(3) },
  ]);
  s += insert("WhatsappQueues", [
    { whatsappId: 1, queueId: 1, ...stamps(3) },
    { whatsappId: 1, queueId: 2, ...stamps(3) },
    { whatsappId: 2, queueId: 4, ...stamps(8) },
  ]);
  // user 1 is Whaticket's own seeded admin: its email is taken here (the platform's admin)
  const userRows: Record<string, unknown>[] = [{ id: 1, name: "Admin", email: "admin@admin.com", passwordHash: hash, profile: "admin", super: true, companyId: 1, whatsappId: null, ...stamps(0) }];
  for (let i = 2; i <= 20; i++) {
    const companyId = i <= 12 ? 1 : 2;
    userRows.push({
      id: i,
      name: `Atendente ${i}`,
      email: `Atendente${i}@Empresa${companyId}.com`,
      passwordHash: hash,
      profile: i % 5 === 0 ? "admin" : "user",
      super: false,
      companyId,
      whatsappId: companyId,
      ...stamps(10 + i),
    });
  }
  s += insert("Users", userRows);
  s += insert("UserQueues", [
    { userId: 2, queueId: 1, ...stamps(20) },
    { userId: 2, queueId: 2, ...stamps(20) },
    { userId: 3, queueId: 1, ...stamps(20) },
    { userId: 13, queueId: 4, ...stamps(20) },
  ]);
  const contactRows: Record<string, unknown>[] = [];
  for (let i = 1; i <= N.contacts; i++) {
    const companyId = i <= 600 ? 1 : 2;
    const number = i === N.invalidContactId ? "não informado" : i === 7 ? "120363041234567890" : `55119${String(10000000 + i)}`;
    contactRows.push({
      id: i,
      name: `Cliente ${i}`,
      number,
      profilePicUrl: i % 2 ? `https://pps.example/${i}.jpg` : null,
      email: i % 3 ? "" : `cliente${i}@example.com`,
      isGroup: i === 7,
      companyId,
      whatsappId: companyId,
      ...stamps(100 + i),
    });
  }
  s += insert("Contacts", contactRows);
  s += insert("ContactCustomFields", [
    { id: 1, name: "CPF", value: "123.456.789-00", contactId: 1, ...stamps(200) },
    { id: 2, name: "Plano", value: "Ouro", contactId: 1, ...stamps(200) },
  ]);
  s += insert("Tags", [
    { id: 1, name: "VIP", color: "#FFD700", kanban: 0, companyId: 1, ...stamps(30) },
    { id: 2, name: "Lead", color: "#00AAFF", kanban: 1, companyId: 1, ...stamps(30) },
    { id: 3, name: "Atacado", color: "#333333", kanban: 0, companyId: 2, ...stamps(30) },
  ]);
  const ticketRows: Record<string, unknown>[] = [];
  const ticketTagRows: Record<string, unknown>[] = [];
  const messageRows: Record<string, unknown>[] = [];
  for (let i = 1; i <= N.tickets; i++) {
    const companyId = i <= 600 ? 1 : 2;
    const status = i % 10 === 0 ? "open" : i % 10 === 1 ? "pending" : i === 2 ? "lgpd" : "closed";
    const queueId = companyId === 1 ? (i % 3) + 1 : (i % 2) + 4;
    const userId = status === "pending" ? null : companyId === 1 ? (i % 11) + 2 : (i % 8) + 13;
    ticketRows.push({
      id: i,
      status,
      lastMessage: `mensagem ${i}-3`,
      unreadMessages: status === "pending" ? 2 : 0,
      isGroup: i === 7,
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      contactId: i,
      userId,
      whatsappId: companyId,
      queueId,
      queueOptionId: i === 5 ? 3 : null,
      companyId,
      ...stamps(1000 + i * 10),
    });
    if (i % 5 === 0) ticketTagRows.push({ ticketId: i, tagId: companyId === 1 ? 1 + (i % 2) : 3, ...stamps(1000 + i * 10) });
    for (let k = 1; k <= N.messagesPerTicket; k++) {
      const media = k === 2 && i % 50 === 0;
      messageRows.push({
        id: `3EB0${String(i).padStart(6, "0")}${k}`,
        body: media ? `foto-${i}.jpg` : `mensagem ${i}-${k}`,
        ack: k === 3 ? 3 : 1,
        read: true,
        fromMe: k !== 1,
        mediaUrl: media ? `foto-${i}.jpg` : null,
        mediaType: media ? "image" : k === 1 ? "conversation" : "extendedTextMessage",
        quotedMsgId: k === 3 ? `3EB0${String(i).padStart(6, "0")}1` : null,
        ticketId: i,
        contactId: i,
        companyId,
        dataJson: k === 1 ? JSON.stringify({ key: { id: `3EB0${i}` }, message: { conversation: `mensagem ${i}-1` } }) : null,
        ...stamps(1000 + i * 10 + k),
      });
    }
  }
  s += insert("Tickets", ticketRows);
  s += insert("TicketTags", ticketTagRows);
  for (let i = 0; i < messageRows.length; i += 1000) s += insert("Messages", messageRows.slice(i, i + 1000));
  s += insert("QuickMessages", [
    { id: 1, shortcode: "oi", message: "Olá, tudo bem?", geral: true, userId: 2, companyId: 1, ...stamps(40) },
    { id: 2, shortcode: "pix", message: "Nossa chave pix é…", geral: false, userId: 3, companyId: 1, ...stamps(40) },
    { id: 3, shortcode: "troca", message: "Trocas em até 30 dias", geral: true, userId: 13, companyId: 2, ...stamps(40) },
  ]);
  s += insert("Schedules", [
    { id: 1, body: "Lembrete da consulta", sendAt: "2099-01-01T12:00:00Z", sentAt: null, status: "PENDENTE", contactId: 3, ticketId: 3, userId: 2, companyId: 1, ...stamps(50) },
    { id: 2, body: "Feliz aniversário", sendAt: "2024-01-02T12:00:00Z", sentAt: "2024-01-02T12:00:05Z", status: "ENVIADA", contactId: 4, ticketId: null, userId: 2, companyId: 1, ...stamps(50) },
    { id: 3, body: "Promoção", sendAt: "2024-02-01T12:00:00Z", sentAt: null, status: "PENDENTE", contactId: 700, ticketId: null, userId: 13, companyId: 2, ...stamps(50) },
  ]);
  s += insert("Settings", [
    { id: 1, key: "userRating", value: "enabled", companyId: 1, ...stamps(0) },
    { id: 2, key: "scheduleType", value: "queue", companyId: 1, ...stamps(0) },
    { id: 3, key: "chatBotType", value: "button", companyId: 1, ...stamps(0) },
    { id: 4, key: "call", value: "enabled", companyId: 2, ...stamps(5) },
    { id: 5, key: "wtV", value: "disabled", companyId: 2, ...stamps(5) },
  ]);
  // a message whose ticket is gone (as a database restored by hand leaves them): foreign keys off for this row only
  s += `set session_replication_role = replica;\n`;
  s += insert("Messages", [{ id: "ORPHAN0001", body: "sem ticket", ack: 0, read: false, fromMe: false, ticketId: 99999, contactId: null, companyId: 1, ...stamps(99999) }]);
  s += `set session_replication_role = default;\n`;
  return s;
}

let t: TestApp;
let source: Source;
let sourceUrl: string | undefined;
let dropSource: (() => Promise<void>) | undefined;
let mediaDir: string;

beforeAll(async () => {
  t = await startTestApp();
  const ddl = await fs.readFile(SCHEMA, "utf8");
  const fresh = await freshDatabaseUrl();
  if (fresh.url) {
    // PostgreSQL: the source is a database of its own, read through the command's own connection string
    sourceUrl = fresh.url;
    dropSource = fresh.drop;
    source = await pgSource(fresh.url);
    await source.query(ddl);
    await source.query(sourceData());
  } else {
    const pglite = new PGlite();
    await pglite.exec(ddl);
    await pglite.exec(sourceData());
    source = { query: async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows, close: () => pglite.close() };
  }
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "whaticket-public-"));
  for (let i = 50; i <= N.tickets; i += 50) if (i !== 950) await fs.writeFile(path.join(mediaDir, `foto-${i}.jpg`), `jpeg ${i}`);
}, 120_000);
afterAll(async () => {
  await source?.close();
  await dropSource?.();
  await t?.close();
  if (mediaDir) await fs.rm(mediaDir, { recursive: true, force: true });
});

/** Runs the command: through its connection string on PostgreSQL, with the PGlite source handed in otherwise. */
async function importRun(args: string[]) {
  if (sourceUrl) return run(t, ["import-whaticket", "--from", sourceUrl, ...args]);
  const out: string[] = [];
  const err: string[] = [];
  const o: Record<string, unknown> = { source };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--dry-run") o.dryRun = true;
    else if (args[i] === "--media-dir") o.mediaDir = args[++i];
    else if (args[i] === "--company") o.company = args[++i];
    else if (args[i] === "--batch") o.batch = args[++i];
  }
  let code = 0;
  try {
    await importWhaticketCommand({ env: { DATA_DIR: t.config.dataDir, LOG_LEVEL: "silent" }, out: (l) => out.push(l), err: (l) => err.push(l), database: t.built.ctx.database, media: t.built.ctx.media }, o);
  } catch (e) {
    code = 1;
    err.push(String(e));
  }
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const db = () => t.built.ctx.db;
async function totals() {
  const n = async (table: any) => (await db().select({ n: count() }).from(table))[0].n;
  return {
    plans: await n(plans),
    companies: await n(companies),
    users: await n(users),
    whatsapps: await n(whatsapps),
    queues: await n(queues),
    queueOptions: await n(queueOptions),
    whatsappQueues: await n(whatsappQueues),
    userQueues: await n(userQueues),
    contacts: await n(contacts),
    tags: await n(tags),
    tickets: await n(tickets),
    ticketTags: await n(ticketTags),
    messages: await n(messages),
    quickMessages: await n(quickMessages),
    schedules: await n(schedules),
    settings: await n(settings),
    mappings: await n(importMappings),
  };
}
/** The table's row from the command's output: read, added, already, merged, skipped. */
function counts(out: string, table: string) {
  const line = out.split("\n").find((l) => l.startsWith(`${table} `));
  return line?.trim().split(/\s+/).slice(1).map(Number);
}

describe("balcao import-whaticket", () => {
  let before: Awaited<ReturnType<typeof totals>>;

  it("dry run: reports counts and the planted problems, writes nothing", async () => {
    before = await totals();
    const r = await importRun(["--dry-run", "--media-dir", mediaDir, "--batch", "300"]);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(r.out).toContain("Dry run: nothing was written");
    expect(counts(r.out, "Contacts")).toEqual([1000, 999, 0, 0, 1]);
    expect(counts(r.out, "Tickets")).toEqual([1000, 999, 0, 0, 1]);
    expect(counts(r.out, "Messages")).toEqual([3001, 2997, 0, 0, 4]);
    expect(counts(r.out, "Users")).toEqual([20, 19, 0, 0, 1]);
    expect(r.out).toMatch(/Users: user email taken \(1\)\n\s+#1 admin@admin.com/);
    expect(r.out).toMatch(/Messages: message's ticket missing \(4\)/);
    expect(r.out).toContain("#ORPHAN0001 ticket 99999 was not moved in");
    expect(r.out).toMatch(/Contacts: contact number invalid \(1\)\n\s+#1000 "não informado"/);
    expect(r.out).toMatch(/Tickets: ticket's contact missing \(1\)/);
    expect(r.out).toMatch(/Messages: media file missing \(1\)\n\s+#3EB00009502 foto-950.jpg/);
    expect(r.out).toMatch(/Settings: setting not used here \(2\)/);
    expect(r.out).toMatch(/Companies: company name taken \(1\)/);
    expect(await totals()).toEqual(before);
  }, 120_000);

  it("moves everything in, field by field, resuming a run that stopped half way", async () => {
    // the source goes away while the third page of messages is read
    let pagesOfMessages = 0;
    const failing: Source = {
      query: async (text, params) => {
        if (text.includes(`from "Messages"`) && ++pagesOfMessages === 3) throw new Error("connection lost");
        return source.query(text, params);
      },
      close: async () => {},
    };
    const io = { env: { DATA_DIR: t.config.dataDir, LOG_LEVEL: "silent" }, out: () => {}, err: () => {}, database: t.built.ctx.database, media: t.built.ctx.media };
    await expect(importWhaticketCommand(io, { source: failing, mediaDir, batch: "300" })).rejects.toThrow("connection lost");
    const half = await totals();
    expect(half.messages - before.messages).toBe(600);
    expect(half.tickets - before.tickets).toBe(999);

    const r = await importRun(["--media-dir", mediaDir, "--batch", "300"]);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(counts(r.out, "Messages")).toEqual([3001, 2397, 600, 0, 4]);
    expect(counts(r.out, "Tickets")).toEqual([1000, 0, 999, 0, 1]);
    // tickets 50 to 200 had their pictures copied before the stop
    expect(r.out).toContain("Media files copied: 14");
    const after = await totals();
    expect({ ...after, mappings: 0 }).toEqual({
      ...before,
      mappings: 0,
      plans: before.plans + 1,
      companies: before.companies + 2,
      users: before.users + 19,
      whatsapps: before.whatsapps + 2,
      queues: before.queues + 5,
      queueOptions: before.queueOptions + 4,
      whatsappQueues: before.whatsappQueues + 3,
      userQueues: before.userQueues + 4,
      contacts: before.contacts + 999,
      tags: before.tags + 3,
      tickets: before.tickets + 999,
      ticketTags: before.ticketTags + 199,
      messages: before.messages + 2997,
      quickMessages: before.quickMessages + 3,
      schedules: before.schedules + 3,
      // the two new companies get every default setting
      settings: before.settings + 2 * Object.keys(DEFAULT_SETTINGS).length,
    });
    const [empresa] = await db().select().from(companies).where(eq(companies.name, "Empresa 1 (Whaticket 1)"));
    const [azul] = await db().select().from(companies).where(eq(companies.name, "Loja Azul"));
    expect(empresa).toMatchObject({ dueDate: "2093-03-14", recurrence: "MENSAL", status: true });
    const [pro] = await db().select().from(plans).where(eq(plans.name, "Plano Whaticket Pro"));
    expect(pro).toMatchObject({ users: 50, connections: 5, queues: 20, value: 199.9, useKanban: false, useCampaigns: true });
    expect(azul).toMatchObject({ email: "dono@lojaazul.com", phone: "5511955550000", planId: pro.id, dueDate: "2030-12-31", recurrence: "ANUAL" });

    const [maria] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, empresa.id), eq(contacts.number, "5511910000001")));
    expect(maria).toMatchObject({
      name: "Cliente 1",
      email: "",
      profilePicUrl: "https://pps.example/1.jpg",
      isGroup: false,
      extraInfo: [
        { name: "CPF", value: "123.456.789-00" },
        { name: "Plano", value: "Ouro" },
      ],
      createdAt: new Date(at(101)),
    });
    const [group] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, empresa.id), eq(contacts.number, "120363041234567890")));
    expect(group.isGroup).toBe(true);

    const [conn] = await db()
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, empresa.id), eq(whatsapps.name, "Comercial")));
    expect(conn).toMatchObject({ channel: "baileys", status: "DISCONNECTED", isDefault: true, greetingMessage: "Olá!", complationMessage: "Até logo" });
    expect(conn.token).not.toBe("old-token");

    const [ticket] = await db().select().from(tickets).where(eq(tickets.uuid, "00000000-0000-4000-8000-000000000010"));
    const [suporte] = await db()
      .select()
      .from(queues)
      .where(and(eq(queues.companyId, empresa.id), eq(queues.name, "Suporte")));
    const [agent] = await db().select().from(users).where(eq(users.email, "atendente2@empresa1.com"));
    const [holder] = await db().select().from(users).where(eq(users.email, "atendente12@empresa1.com"));
    const [contact10] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, empresa.id), eq(contacts.number, "5511910000010")));
    expect(ticket).toMatchObject({
      companyId: empresa.id,
      contactId: contact10.id,
      whatsappId: conn.id,
      queueId: suporte.id,
      userId: holder.id,
      status: "open",
      unreadMessages: 0,
      lastMessage: "mensagem 10-3",
      isGroup: false,
      createdAt: new Date(at(1100)),
      updatedAt: new Date(at(1101)),
    });
    const tagged = await db().select({ name: tags.name }).from(ticketTags).innerJoin(tags, eq(tags.id, ticketTags.tagId)).where(eq(ticketTags.ticketId, ticket.id));
    expect(tagged).toEqual([{ name: "VIP" }]);
    const [lgpd] = await db().select().from(tickets).where(eq(tickets.uuid, "00000000-0000-4000-8000-000000000002"));
    expect(lgpd.status).toBe("closed");

    const convo = await db()
      .select()
      .from(messages)
      .where(eq(messages.ticketId, (await db().select().from(tickets).where(eq(tickets.uuid, "00000000-0000-4000-8000-000000000050")))[0].id))
      .orderBy(messages.createdAt);
    expect(convo.map((m) => m.externalId)).toEqual(["3EB00000501", "3EB00000502", "3EB00000503"]);
    expect(convo[0]).toMatchObject({ body: "mensagem 50-1", fromMe: false, read: true, ack: 1, mediaType: null, mediaPath: null, dataJson: { key: { id: "3EB050" }, message: { conversation: "mensagem 50-1" } } });
    expect(convo[1]).toMatchObject({ fromMe: true, mediaType: "image", mediaName: "foto-50.jpg", mediaPath: expect.stringMatching(new RegExp(`^${empresa.id}/`)) });
    expect((await t.built.ctx.media.read(empresa.id, convo[1].mediaPath!)).toString()).toBe("jpeg 50");
    expect(convo[2]).toMatchObject({ ack: 3, quotedMsgId: convo[0].id, sendStatus: null });

    expect(agent).toMatchObject({ companyId: empresa.id, name: "Atendente 2", profile: "user", super: false, online: false, whatsappId: conn.id });
    expect(agent.passwordHash).toMatch(/^\$2a\$08\$/);
    const agentQueues = await db().select({ name: queues.name }).from(userQueues).innerJoin(queues, eq(queues.id, userQueues.queueId)).where(eq(userQueues.userId, agent.id)).orderBy(queues.name);
    expect(agentQueues).toEqual([{ name: "Suporte" }, { name: "Vendas" }]);

    const options = await db().select().from(queueOptions).where(eq(queueOptions.companyId, empresa.id)).orderBy(queueOptions.id);
    expect(options.map((o) => [o.title, o.option, o.parentId === null ? null : options.find((p) => p.id === o.parentId)!.title])).toEqual([
      ["Planos", "1", null],
      ["Preços", "2", null],
      ["Plano mensal", "1", "Planos"],
      ["Plano anual", "2", "Planos"],
    ]);
    const sched = await db()
      .select({ body: schedules.body, status: schedules.status })
      .from(schedules)
      .where(inArray(schedules.companyId, [empresa.id, azul.id]))
      .orderBy(schedules.body);
    expect(sched).toEqual([
      { body: "Feliz aniversário", status: "ENVIADA" },
      { body: "Lembrete da consulta", status: "PENDENTE" },
      { body: "Promoção", status: "ERRO" },
    ]);
    const quick = await db().select({ shortcode: quickMessages.shortcode, geral: quickMessages.geral }).from(quickMessages).where(eq(quickMessages.companyId, azul.id));
    expect(quick).toEqual([{ shortcode: "troca", geral: true }]);
    const set = Object.fromEntries((await db().select().from(settings).where(eq(settings.companyId, empresa.id))).map((s) => [s.key, s.value]));
    expect(set).toMatchObject({ userRating: "enabled", scheduleType: "queue", chatBotType: "text", call: "disabled" });
  }, 120_000);

  it("a second run adds nothing", async () => {
    const mid = await totals();
    const r = await importRun(["--media-dir", mediaDir]);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(counts(r.out, "Messages")).toEqual([3001, 0, 2997, 0, 4]);
    expect(counts(r.out, "Contacts")).toEqual([1000, 0, 999, 0, 1]);
    expect(r.out).toContain("Media files copied: 0");
    expect(await totals()).toEqual(mid);
    // one company alone reads only its own rows
    const one = await importRun(["--dry-run", "--company", "2"]);
    expect(one).toMatchObject({ code: 0, err: "" });
    expect(counts(one.out, "Companies")).toEqual([1, 0, 1, 0, 0]);
    expect(counts(one.out, "Plans")).toEqual([1, 0, 1, 0, 0]);
    expect(counts(one.out, "Users")).toEqual([8, 0, 8, 0, 0]);
    expect(counts(one.out, "Contacts")).toEqual([400, 0, 399, 0, 1]);
    expect(counts(one.out, "Tickets")).toEqual([400, 0, 399, 0, 1]);
    expect(counts(one.out, "Messages")).toEqual([1200, 0, 1197, 0, 3]);
  }, 120_000);

  it("an imported user signs in with the old password, and the hash becomes Argon2id", async () => {
    const wrong = await t.http.post("/auth/login", { email: "atendente3@empresa1.com", password: "not-it" });
    expect(wrong.status).toBe(401);
    const ok = await t.http.post("/auth/login", { email: "Atendente3@Empresa1.com", password: OLD_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email: "atendente3@empresa1.com", profile: "user" });
    const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, "atendente3@empresa1.com"));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await t.http.post("/auth/login", { email: "atendente3@empresa1.com", password: OLD_PASSWORD })).status).toBe(200);
    // the platform's admin was not replaced by Whaticket's
    const admins = await db().select({ n: count() }).from(users).where(eq(users.email, "admin@admin.com"));
    expect(admins[0].n).toBe(1);
  }, 60_000);

  it("refuses a connection string that is not one", async () => {
    const r = await run(t, ["import-whaticket", "--from", "mysql://x"]);
    expect(r).toMatchObject({ code: 1, err: expect.stringContaining("--from must be") });
  });
});
