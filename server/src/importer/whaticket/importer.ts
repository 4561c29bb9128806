import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { DEFAULT_SETTINGS, SETTING_KEYS, settingValueSchema } from "@balcao/common";
import type { Db, Tx } from "../../db/client";
import {
  companies,
  contacts,
  importMappings,
  messages,
  plans,
  queueOptions,
  queues,
  quickMessages,
  schedules,
  settings,
  tags,
  ticketTags,
  tickets,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
  type ExtraInfo,
} from "../../db/schema";
import type { MediaStore } from "../../media/store";
import type { Source, SourceRow } from "./source";

export const SOURCE = "whaticket";

export interface ImportOptions {
  dryRun?: boolean;
  /** Only this company of the source (its id there). */
  companyId?: number;
  /** The old backend's public folder, whose files the messages' mediaUrl name. */
  mediaDir?: string;
  /** Rows read and written per transaction. */
  batchSize?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface TableCount {
  /** Rows read from the source. */
  read: number;
  /** Rows added here (would be added, in a dry run). */
  added: number;
  /** Rows a previous run already moved in. */
  already: number;
  /** Rows joined to one already here (a plan of the same name, a contact of the same number). */
  merged: number;
  /** Rows left out, each with a problem. */
  skipped: number;
}

export interface Problem {
  table: string;
  sourceId: string;
  kind: string;
  detail: string;
}

export interface ImportReport {
  dryRun: boolean;
  tables: Record<string, TableCount>;
  problems: Problem[];
  mediaCopied: number;
}

/** The report as the command prints it: a table of counts, then the problems by kind (the first few of each). */
export function reportLines(report: ImportReport, examples = 5): string[] {
  const lines = [report.dryRun ? "Dry run: nothing was written. What a run would do:" : "Moved in from Whaticket:"];
  const head = ["table", "read", report.dryRun ? "would add" : "added", "already", "merged", "skipped"];
  const rows = Object.entries(report.tables).map(([t, c]) => [t, c.read, c.added, c.already, c.merged, c.skipped].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [head, ...rows]) lines.push(r.map((v, i) => (i ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join("  "));
  if (!report.dryRun) lines.push(`Media files copied: ${report.mediaCopied}`);
  const kinds = new Map<string, Problem[]>();
  for (const p of report.problems) kinds.set(`${p.table}: ${p.kind}`, [...(kinds.get(`${p.table}: ${p.kind}`) ?? []), p]);
  lines.push(report.problems.length ? `Problems (${report.problems.length}):` : "No problems.");
  for (const [kind, list] of kinds) {
    lines.push(`  ${kind} (${list.length})`);
    for (const p of list.slice(0, examples)) lines.push(`    ${p.sourceId === "*" ? "" : `#${p.sourceId} `}${p.detail}`);
    if (list.length > examples) lines.push(`    … and ${list.length - examples} more`);
  }
  return lines;
}

/** The tables in the order they are moved in (each after those it points at). */
export const TABLES = [
  "Plans",
  "Companies",
  "Whatsapps",
  "Queues",
  "QueueOptions",
  "WhatsappQueues",
  "Users",
  "UserQueues",
  "Contacts",
  "Tags",
  "Tickets",
  "TicketTags",
  "Messages",
  "QuickMessages",
  "Schedules",
  "Settings",
] as const;
type SourceTable = (typeof TABLES)[number];

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
const date = (v: unknown) => (v instanceof Date ? v : v ? new Date(String(v)) : new Date());
const json = <T>(v: unknown, fallback: T): T => {
  if (typeof v !== "string") return (v ?? fallback) as T;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
};

/** Whaticket's message types, by what they name, as this workspace's (null: plain text). */
export function mediaTypeOf(type: unknown): string | null {
  const t = str(type);
  if (["image", "imageMessage", "sticker", "stickerMessage"].includes(t)) return "image";
  if (["audio", "ptt", "audioMessage"].includes(t)) return "audio";
  if (["video", "videoMessage", "gif"].includes(t)) return "video";
  if (["application", "document", "documentMessage", "documentWithCaptionMessage"].includes(t)) return "application";
  if (["vcard", "contactMessage", "multi_vcard", "contactsArrayMessage"].includes(t)) return "vcard";
  if (["location", "locationMessage", "liveLocationMessage"].includes(t)) return "locationMessage";
  if (t === "call_log") return "call_log";
  return null;
}

/** Ticket statuses beyond open, pending and closed (group, lgpd, nps…) have no place here: they are closed. */
export const ticketStatusOf = (status: unknown) => (["open", "pending", "closed"].includes(str(status)) ? str(status) : "closed");

/** Digits only for a person's number; a group keeps its id without the @g.us. Null when unusable. */
export function contactNumberOf(number: unknown, isGroup: boolean): string | null {
  const n = str(number)
    .trim()
    .replace(/@(g\.us|s\.whatsapp\.net|c\.us)$/, "");
  if (isGroup) return /^\d[\d-]{4,60}$/.test(n) ? n : null;
  const digits = n.replace(/[\s+\-().]/g, "");
  return /^\d{6,20}$/.test(digits) ? digits : null;
}

/** The file a mediaUrl names, relative to the old public folder (it may hold a full URL or /public/ before it). */
export function mediaRelativePath(mediaUrl: unknown): string | null {
  let p = str(mediaUrl).trim();
  if (!p) return null;
  try {
    if (/^https?:\/\//i.test(p)) p = decodeURIComponent(new URL(p).pathname);
  } catch {
    return null;
  }
  p = p.replace(/^\/+/, "").replace(/^public\//, "");
  const parts = p.split("/");
  if (parts.some((s) => s === "" || s === "." || s === ".." || s.includes("\\"))) return null;
  return p;
}

class Mappings {
  private maps = new Map<string, Map<string, number>>();
  /** Per table, the company each target row belongs to. */
  private owners = new Map<string, Map<number, number>>();
  private fake = 0;
  constructor(
    private readonly db: Db,
    private readonly dryRun: boolean,
  ) {}

  map(table: string) {
    let m = this.maps.get(table);
    if (!m) this.maps.set(table, (m = new Map()));
    return m;
  }
  owner(table: string, targetId: number) {
    return this.owners.get(table)?.get(targetId);
  }
  setOwner(table: string, targetId: number, companyId: number | null) {
    if (companyId === null) return;
    let m = this.owners.get(table);
    if (!m) this.owners.set(table, (m = new Map()));
    m.set(targetId, companyId);
  }
  get(table: string, id: unknown) {
    return id === null || id === undefined ? undefined : this.map(table).get(String(id));
  }
  /** Every row of a table that earlier runs moved in. */
  async load(table: string) {
    const rows = await this.db
      .select({ s: importMappings.sourceId, t: importMappings.targetId, c: importMappings.companyId })
      .from(importMappings)
      .where(and(eq(importMappings.source, SOURCE), eq(importMappings.sourceTable, table)));
    for (const r of rows) {
      this.map(table).set(r.s, r.t);
      this.setOwner(table, r.t, r.c);
    }
  }
  /** Those of the given ids that earlier runs moved in (tables too large to hold whole: messages). */
  async loadSome(table: string, ids: string[]) {
    if (!ids.length) return;
    const rows = await this.db
      .select({ s: importMappings.sourceId, t: importMappings.targetId })
      .from(importMappings)
      .where(and(eq(importMappings.source, SOURCE), eq(importMappings.sourceTable, table), inArray(importMappings.sourceId, ids)));
    for (const r of rows) this.map(table).set(r.s, r.t);
  }
  fakeId() {
    return --this.fake;
  }
  get isDry() {
    return this.dryRun;
  }
}

interface Pending<V> {
  sourceId: string;
  companyId: number | null;
  values: V;
}

/** Moves a Whaticket database's rows in; see ImportOptions. Never throws for a bad row: it is a problem in the report. */
export async function importWhaticket(db: Db, media: MediaStore, source: Source, opts: ImportOptions = {}): Promise<ImportReport> {
  const dryRun = !!opts.dryRun;
  const batch = opts.batchSize ?? 500;
  const log = opts.log ?? (() => {});
  const maps = new Mappings(db, dryRun);
  const report: ImportReport = { dryRun, tables: {}, problems: [], mediaCopied: 0 };
  for (const t of TABLES) report.tables[t] = { read: 0, added: 0, already: 0, merged: 0, skipped: 0 };
  const count = (t: SourceTable) => report.tables[t];
  const problem = (table: SourceTable, sourceId: unknown, kind: string, detail: string, skipped = true) => {
    report.problems.push({ table, sourceId: str(sourceId), kind, detail });
    if (skipped) count(table).skipped++;
  };
  // messages are looked up a page at a time: a long history does not fit in memory
  for (const t of TABLES) if (t !== "Messages") await maps.load(t);

  const only = opts.companyId;
  /** A filter on the source's company, for a table with a companyId column (or reached through one). */
  const companyWhere = (column = `"companyId"`) => (only ? ` and ${column} = ${Number(only)}` : "");

  /** Pages of a source table by its integer id. */
  async function* pages(table: string, where = "", select = "t.*", from = `"${table}" t`) {
    for (let after = -1; ;) {
      const rows = await source.query(`select ${select} from ${from} where t."id" > $1${where} order by t."id" limit ${batch}`, [after]);
      if (rows.length) yield rows;
      if (rows.length < batch) return;
      after = Number(rows.at(-1)!.id);
    }
  }

  /** Adds a page's new rows and their mappings in one transaction; `also` adds rows that go with them. */
  async function write<V extends Record<string, unknown>>(table: SourceTable, target: PgTable & { id: unknown }, items: Pending<V>[], also?: (tx: Tx, ids: number[]) => Promise<void>) {
    if (!items.length) return [];
    count(table).added += items.length;
    if (dryRun) {
      const ids = items.map(() => maps.fakeId());
      items.forEach((it, k) => {
        maps.map(table).set(it.sourceId, ids[k]);
        maps.setOwner(table, ids[k], it.companyId);
      });
      return ids;
    }
    const ids = await db.transaction(async (tx) => {
      const rows = (await tx
        .insert(target)
        .values(items.map((i) => i.values) as any)
        .returning({ id: (target as any).id })) as { id: number }[];
      const ids = rows.map((r) => r.id);
      await tx.insert(importMappings).values(items.map((it, k) => ({ source: SOURCE, sourceTable: table, sourceId: it.sourceId, targetId: ids[k], companyId: it.companyId })));
      if (also) await also(tx, ids);
      return ids;
    });
    items.forEach((it, k) => {
      maps.map(table).set(it.sourceId, ids[k]);
      maps.setOwner(table, ids[k], it.companyId);
    });
    return ids;
  }

  /** Records rows joined to one already here, so the next run sees them moved in. */
  async function merge(table: SourceTable, items: { sourceId: string; companyId: number | null; targetId: number }[]) {
    if (!items.length) return;
    count(table).merged += items.length;
    if (!dryRun) {
      await db
        .insert(importMappings)
        .values(items.map((i) => ({ source: SOURCE, sourceTable: table, sourceId: i.sourceId, targetId: i.targetId, companyId: i.companyId })))
        .onConflictDoNothing();
    }
    for (const i of items) {
      maps.map(table).set(i.sourceId, i.targetId);
      maps.setOwner(table, i.targetId, i.companyId);
    }
  }

  /** Link rows (user-queue and the like): added unless already there. */
  async function link(table: SourceTable, target: PgTable, rows: Record<string, unknown>[]) {
    if (!rows.length) return;
    if (dryRun || rows.some((r) => Object.values(r).some((v) => typeof v === "number" && v < 0))) {
      count(table).added += rows.length;
      return;
    }
    const added = await db
      .insert(target)
      .values(rows as any)
      .onConflictDoNothing()
      .returning();
    count(table).added += added.length;
    count(table).already += rows.length - added.length;
  }

  /** Copies a file of the old public folder into the media store; answers its key, or null (a problem). */
  async function copyMedia(table: SourceTable, sourceId: string, sourceCompanyId: unknown, companyId: number, mediaUrl: unknown, subfolder = "") {
    const rel = mediaRelativePath(mediaUrl);
    if (!rel) {
      problem(table, sourceId, "media path unusable", str(mediaUrl), false);
      return { key: null, name: null };
    }
    const name = path.basename(rel);
    if (!opts.mediaDir) return { key: null, name };
    const root = path.resolve(opts.mediaDir);
    const candidates = [path.join(root, subfolder, rel), path.join(root, `company${str(sourceCompanyId)}`, subfolder, rel), path.join(root, subfolder, name)];
    for (const file of candidates) {
      if (!file.startsWith(root + path.sep)) continue;
      const data = await fs.readFile(file).catch(() => null);
      if (!data) continue;
      if (dryRun) return { key: null, name };
      const stored = await media.save(companyId, data, name);
      report.mediaCopied++;
      return { key: stored.key, name: stored.filename };
    }
    problem(table, sourceId, "media file missing", rel, false);
    return { key: null, name };
  }
  let mediaNotCopied = 0;

  // ---- Plans: platform-wide; one of the same name here is used as it is
  {
    const rows = await source.query(only ? `select p.* from "Plans" p join "Companies" c on c."planId" = p.id where c.id = $1 order by p.id` : `select * from "Plans" order by id`, only ? [only] : []);
    count("Plans").read += rows.length;
    const fresh = rows.filter((r) => maps.get("Plans", r.id) === undefined);
    count("Plans").already += rows.length - fresh.length;
    const existing = fresh.length
      ? await db
          .select({ id: plans.id, name: plans.name })
          .from(plans)
          .where(
            inArray(
              plans.name,
              fresh.map((r) => str(r.name)),
            ),
          )
      : [];
    const byName = new Map(existing.map((p) => [p.name, p.id]));
    await merge(
      "Plans",
      fresh.filter((r) => byName.has(str(r.name))).map((r) => ({ sourceId: str(r.id), companyId: null, targetId: byName.get(str(r.name))! })),
    );
    const bool = (v: unknown) => v !== false;
    await write(
      "Plans",
      plans,
      fresh
        .filter((r) => !byName.has(str(r.name)))
        .map((r) => ({
          sourceId: str(r.id),
          companyId: null,
          values: {
            name: str(r.name),
            users: num(r.users) ?? 0,
            connections: num(r.connections) ?? 0,
            queues: num(r.queues) ?? 0,
            value: num(r.value) ?? 0,
            useCampaigns: bool(r.useCampaigns),
            useSchedules: bool(r.useSchedules),
            useInternalChat: bool(r.useInternalChat),
            useExternalApi: bool(r.useExternalApi),
            useKanban: bool(r.useKanban),
            useOpenAi: bool(r.useOpenAi),
            useIntegrations: bool(r.useIntegrations),
            createdAt: date(r.createdAt),
            updatedAt: date(r.updatedAt),
          },
        })),
    );
  }

  // ---- Companies: each with this workspace's default settings; a name taken here gets the source's id after it
  const companyOf = (sourceCompanyId: unknown) => maps.get("Companies", sourceCompanyId);
  {
    const takenNames = new Set((await db.select({ name: companies.name }).from(companies)).map((c) => c.name));
    // "dueDate" is a timestamptz in the v6 migrations (a date or a string in some forks): read as text, the day comes first
    for await (const rows of pages("Companies", only ? ` and t.id = ${Number(only)}` : "", `t.*, t."dueDate"::text as "dueDateText"`)) {
      count("Companies").read += rows.length;
      const items: Pending<typeof companies.$inferInsert>[] = [];
      for (const r of rows) {
        if (companyOf(r.id) !== undefined) {
          count("Companies").already++;
          continue;
        }
        let name = str(r.name).trim() || `Whaticket ${str(r.id)}`;
        if (takenNames.has(name)) {
          const renamed = `${name} (Whaticket ${str(r.id)})`;
          problem("Companies", r.id, "company name taken", `"${name}" is taken here: moved in as "${renamed}"`, false);
          name = renamed;
        }
        takenNames.add(name);
        const due = str(r.dueDateText).trim().slice(0, 10);
        const dueDate = /^\d{4}-\d{2}-\d{2}$/.test(due) && !Number.isNaN(Date.parse(due)) ? due : null;
        if (str(r.dueDateText).trim() && !dueDate) problem("Companies", r.id, "due date unreadable", str(r.dueDateText), false);
        const schedulesValue = json<unknown>(r.schedules, []);
        items.push({
          sourceId: str(r.id),
          companyId: null,
          values: {
            name,
            email: str(r.email) || null,
            phone: str(r.phone) || null,
            planId: maps.get("Plans", r.planId) ?? null,
            status: r.status !== false,
            dueDate,
            recurrence: str(r.recurrence) || "MENSAL",
            schedules: Array.isArray(schedulesValue) ? schedulesValue : [],
            createdAt: date(r.createdAt),
            updatedAt: date(r.updatedAt),
          },
        });
      }
      // one company a transaction: its mapping names the company it is
      for (const item of items) {
        await write("Companies", companies, [item], async (tx, [id]) => {
          await tx
            .update(importMappings)
            .set({ companyId: id })
            .where(and(eq(importMappings.source, SOURCE), eq(importMappings.sourceTable, "Companies"), eq(importMappings.sourceId, item.sourceId)));
          await tx.insert(settings).values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ companyId: id, key, value })));
        });
      }
    }
  }

  /** The row's company here, or a problem (its company was not moved in). */
  const companyFor = (table: SourceTable, r: SourceRow) => {
    const id = companyOf(r.companyId);
    if (id === undefined) problem(table, r.id, "company missing", `company ${str(r.companyId)} was not moved in`);
    return id;
  };

  // ---- Connections: paired again here (their sessions do not carry over), so they come in disconnected
  for await (const rows of pages("Whatsapps", companyWhere(`t."companyId"`))) {
    count("Whatsapps").read += rows.length;
    const items: Pending<typeof whatsapps.$inferInsert>[] = [];
    for (const r of rows) {
      if (maps.get("Whatsapps", r.id) !== undefined) {
        count("Whatsapps").already++;
        continue;
      }
      const companyId = companyFor("Whatsapps", r);
      if (companyId === undefined) continue;
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          name: str(r.name) || `WhatsApp ${str(r.id)}`,
          channel: "baileys",
          status: "DISCONNECTED",
          isDefault: r.isDefault === true,
          token: crypto.randomBytes(24).toString("hex"),
          greetingMessage: str(r.greetingMessage),
          complationMessage: str(r.complationMessage),
          outOfHoursMessage: str(r.outOfHoursMessage),
          ratingMessage: str(r.ratingMessage),
          expiresTicket: num(r.expiresTicket) ?? 0,
          expiresInactiveMessage: str(r.expiresInactiveMessage),
          timeToTransfer: num(r.timeToTransfer),
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await write("Whatsapps", whatsapps, items);
  }

  // ---- Queues
  for await (const rows of pages("Queues", companyWhere(`t."companyId"`))) {
    count("Queues").read += rows.length;
    const items: Pending<typeof queues.$inferInsert>[] = [];
    for (const r of rows) {
      if (maps.get("Queues", r.id) !== undefined) {
        count("Queues").already++;
        continue;
      }
      const companyId = companyFor("Queues", r);
      if (companyId === undefined) continue;
      const sched = json<unknown>(r.schedules, []);
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          name: str(r.name),
          color: str(r.color) || "#7C7C7C",
          greetingMessage: str(r.greetingMessage),
          outOfHoursMessage: str(r.outOfHoursMessage),
          orderQueue: num(r.orderQueue),
          schedules: Array.isArray(sched) ? sched : [],
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await write("Queues", queues, items);
  }

  // ---- Queue options: a menu's parents before their children
  {
    const rows = await source.query(`select o.* from "QueueOptions" o join "Queues" q on q.id = o."queueId" where true${companyWhere(`q."companyId"`)} order by o.id`);
    count("QueueOptions").read += rows.length;
    let left = rows.filter((r) => {
      if (maps.get("QueueOptions", r.id) === undefined) return true;
      count("QueueOptions").already++;
      return false;
    });
    while (left.length) {
      const ready = left.filter((r) => r.parentId === null || r.parentId === undefined || maps.get("QueueOptions", r.parentId) !== undefined);
      if (!ready.length) break;
      const items: Pending<typeof queueOptions.$inferInsert>[] = [];
      for (const r of ready) {
        const queueId = maps.get("Queues", r.queueId);
        if (queueId === undefined) {
          problem("QueueOptions", r.id, "queue missing", `queue ${str(r.queueId)} was not moved in`);
          continue;
        }
        const companyId = maps.owner("Queues", queueId);
        if (companyId === undefined) {
          problem("QueueOptions", r.id, "queue missing", `queue ${str(r.queueId)} has no company`);
          continue;
        }
        items.push({
          sourceId: str(r.id),
          companyId,
          values: {
            companyId,
            queueId,
            parentId: maps.get("QueueOptions", r.parentId) ?? null,
            title: str(r.title),
            message: str(r.message),
            option: str(r.option),
            createdAt: date(r.createdAt),
            updatedAt: date(r.updatedAt),
          },
        });
      }
      await write("QueueOptions", queueOptions, items);
      left = left.filter((r) => !ready.includes(r));
    }
    for (const r of left) problem("QueueOptions", r.id, "parent option missing", `option ${str(r.parentId)} was not moved in`);
  }

  // ---- Links of connections and queues
  {
    const rows = await source.query(`select wq.* from "WhatsappQueues" wq join "Whatsapps" t on t.id = wq."whatsappId" where true${companyWhere(`t."companyId"`)}`);
    count("WhatsappQueues").read += rows.length;
    const links: Record<string, unknown>[] = [];
    for (const r of rows) {
      const whatsappId = maps.get("Whatsapps", r.whatsappId);
      const queueId = maps.get("Queues", r.queueId);
      const companyId = whatsappId === undefined ? undefined : maps.owner("Whatsapps", whatsappId);
      if (whatsappId === undefined || queueId === undefined || companyId === undefined) {
        problem("WhatsappQueues", `${str(r.whatsappId)}-${str(r.queueId)}`, "link end missing", "connection or queue not moved in");
        continue;
      }
      links.push({ companyId, whatsappId, queueId });
    }
    await link("WhatsappQueues", whatsappQueues, links);
  }

  // ---- Users: the bcrypt hash kept as it is (checked at sign-in, then made Argon2id); an email taken here is a problem
  {
    const seen = new Set<string>();
    for await (const rows of pages("Users", companyWhere(`t."companyId"`))) {
      count("Users").read += rows.length;
      const fresh = rows.filter((r) => {
        if (maps.get("Users", r.id) === undefined) return true;
        count("Users").already++;
        return false;
      });
      const emails = fresh.map((r) => str(r.email).trim().toLowerCase());
      const taken = new Set(emails.length ? (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email) : []);
      const items: Pending<typeof users.$inferInsert>[] = [];
      for (const r of fresh) {
        const companyId = companyFor("Users", r);
        if (companyId === undefined) continue;
        const email = str(r.email).trim().toLowerCase();
        if (taken.has(email) || seen.has(email)) {
          problem("Users", r.id, "user email taken", `${email} is already a user's email here`);
          continue;
        }
        seen.add(email);
        const hash = str(r.passwordHash);
        if (!/^\$2[aby]\$/.test(hash)) problem("Users", r.id, "password unreadable", `${email} must reset the password (not a bcrypt hash)`, false);
        const profile = ["admin", "user", "supervisor"].includes(str(r.profile)) ? str(r.profile) : "user";
        if (r.super === true) problem("Users", r.id, "super user", `${email} was a super user there: moved in as an admin of the company`, false);
        items.push({
          sourceId: str(r.id),
          companyId,
          values: {
            companyId,
            name: str(r.name) || email,
            email,
            passwordHash: hash,
            profile: r.super === true ? "admin" : profile,
            super: false,
            allTicket: str(r.allTicket) === "enabled" ? "enabled" : "desabled",
            online: false,
            whatsappId: maps.get("Whatsapps", r.whatsappId) ?? null,
            createdAt: date(r.createdAt),
            updatedAt: date(r.updatedAt),
          },
        });
      }
      await write("Users", users, items);
    }
  }
  {
    const rows = await source.query(`select uq.* from "UserQueues" uq join "Users" t on t.id = uq."userId" where true${companyWhere(`t."companyId"`)}`);
    count("UserQueues").read += rows.length;
    const links: Record<string, unknown>[] = [];
    for (const r of rows) {
      const userId = maps.get("Users", r.userId);
      const queueId = maps.get("Queues", r.queueId);
      const companyId = queueId === undefined ? undefined : maps.owner("Queues", queueId);
      if (userId === undefined || queueId === undefined || companyId === undefined) {
        problem("UserQueues", `${str(r.userId)}-${str(r.queueId)}`, "link end missing", "user or queue not moved in");
        continue;
      }
      links.push({ companyId, userId, queueId });
    }
    await link("UserQueues", userQueues, links);
  }

  // ---- Contacts: numbers as digits; a number already here (twice in the source) joins the first contact
  {
    const seen = new Map<string, number>();
    for await (const rows of pages("Contacts", companyWhere(`t."companyId"`))) {
      count("Contacts").read += rows.length;
      const fresh = rows.filter((r) => {
        if (maps.get("Contacts", r.id) === undefined) return true;
        count("Contacts").already++;
        return false;
      });
      const fields = fresh.length ? await source.query(`select * from "ContactCustomFields" where "contactId" = any($1) order by id`, [fresh.map((r) => r.id)]) : [];
      const extra = new Map<string, ExtraInfo[]>();
      for (const f of fields) extra.set(str(f.contactId), [...(extra.get(str(f.contactId)) ?? []), { name: str(f.name), value: str(f.value) }]);
      const items: Pending<typeof contacts.$inferInsert>[] = [];
      const merged: { sourceId: string; companyId: number; targetId: number }[] = [];
      const candidates: { r: SourceRow; companyId: number; number: string }[] = [];
      for (const r of fresh) {
        const companyId = companyFor("Contacts", r);
        if (companyId === undefined) continue;
        const number = contactNumberOf(r.number, r.isGroup === true);
        if (number === null) {
          problem("Contacts", r.id, "contact number invalid", `"${str(r.number)}" (${str(r.name)})`);
          continue;
        }
        candidates.push({ r, companyId, number });
      }
      const here =
        candidates.length && !dryRun
          ? await db
              .select({ id: contacts.id, companyId: contacts.companyId, number: contacts.number })
              .from(contacts)
              .where(
                and(
                  inArray(contacts.companyId, [...new Set(candidates.map((c) => c.companyId))]),
                  inArray(
                    contacts.number,
                    candidates.map((c) => c.number),
                  ),
                ),
              )
          : [];
      for (const h of here) seen.set(`${h.companyId}:${h.number}`, h.id);
      for (const { r, companyId, number } of candidates) {
        const key = `${companyId}:${number}`;
        const same = seen.get(key);
        if (same !== undefined) {
          problem("Contacts", r.id, "contact number repeated", `${number} joins the contact already moved in`, false);
          merged.push({ sourceId: str(r.id), companyId, targetId: same });
          continue;
        }
        seen.set(key, 0);
        items.push({
          sourceId: str(r.id),
          companyId,
          values: {
            companyId,
            name: str(r.name) || number,
            number,
            email: str(r.email),
            profilePicUrl: str(r.profilePicUrl),
            isGroup: r.isGroup === true,
            extraInfo: extra.get(str(r.id)) ?? [],
            whatsappId: maps.get("Whatsapps", r.whatsappId) ?? null,
            createdAt: date(r.createdAt),
            updatedAt: date(r.updatedAt),
          },
        });
      }
      const ids = await write("Contacts", contacts, items);
      items.forEach((it, k) => {
        seen.set(`${it.companyId}:${it.values.number}`, ids[k]);
      });
      // within one page a repeated number points at the contact added just now
      await merge(
        "Contacts",
        merged.map((m) => (m.targetId === 0 ? { ...m, targetId: seen.get(`${m.companyId}:${candidates.find((c) => str(c.r.id) === m.sourceId)!.number}`)! } : m)),
      );
    }
  }

  // ---- Tags
  for await (const rows of pages("Tags", companyWhere(`t."companyId"`))) {
    count("Tags").read += rows.length;
    const items: Pending<typeof tags.$inferInsert>[] = [];
    for (const r of rows) {
      if (maps.get("Tags", r.id) !== undefined) {
        count("Tags").already++;
        continue;
      }
      const companyId = companyFor("Tags", r);
      if (companyId === undefined) continue;
      items.push({ sourceId: str(r.id), companyId, values: { companyId, name: str(r.name), color: str(r.color) || "#5C59A0", kanban: num(r.kanban) ?? 0, createdAt: date(r.createdAt), updatedAt: date(r.updatedAt) } });
    }
    await write("Tags", tags, items);
  }

  // ---- Tickets: a second open or pending ticket of one contact on one connection comes in closed
  const ticketInfo = new Map<number, { companyId: number; whatsappId: number | null; contactId: number }>();
  {
    const companyIds = [...maps.map("Companies").values()].filter((id) => id > 0);
    const active = new Set(
      companyIds.length
        ? (
            await db
              .select({ c: tickets.companyId, k: tickets.contactId, w: tickets.whatsappId })
              .from(tickets)
              .where(and(inArray(tickets.companyId, companyIds), inArray(tickets.status, ["open", "pending"])))
          ).map((t) => `${t.c}:${t.k}:${t.w}`)
        : [],
    );
    for await (const rows of pages("Tickets", companyWhere(`t."companyId"`))) {
      count("Tickets").read += rows.length;
      const items: Pending<typeof tickets.$inferInsert>[] = [];
      for (const r of rows) {
        if (maps.get("Tickets", r.id) !== undefined) {
          count("Tickets").already++;
          continue;
        }
        const companyId = companyFor("Tickets", r);
        if (companyId === undefined) continue;
        const contactId = maps.get("Contacts", r.contactId);
        if (contactId === undefined) {
          problem("Tickets", r.id, "ticket's contact missing", `contact ${str(r.contactId)} was not moved in`);
          continue;
        }
        const whatsappId = maps.get("Whatsapps", r.whatsappId) ?? null;
        let status = ticketStatusOf(r.status);
        if (status !== str(r.status)) problem("Tickets", r.id, "ticket status unknown", `"${str(r.status)}" moved in as closed`, false);
        if (status !== "closed") {
          const key = `${companyId}:${contactId}:${whatsappId}`;
          if (active.has(key)) {
            problem("Tickets", r.id, "second active ticket", `contact ${str(r.contactId)} has another ${status} ticket: moved in as closed`, false);
            status = "closed";
          } else active.add(key);
        }
        const uuid = /^[0-9a-f-]{36}$/i.test(str(r.uuid)) ? str(r.uuid) : undefined;
        items.push({
          sourceId: str(r.id),
          companyId,
          values: {
            companyId,
            contactId,
            whatsappId,
            status,
            uuid,
            queueId: maps.get("Queues", r.queueId) ?? null,
            userId: maps.get("Users", r.userId) ?? null,
            unreadMessages: num(r.unreadMessages) ?? 0,
            isGroup: r.isGroup === true,
            lastMessage: str(r.lastMessage),
            chatbot: r.chatbot === true,
            queueOptionId: maps.get("QueueOptions", r.queueOptionId) ?? null,
            createdAt: date(r.createdAt),
            updatedAt: date(r.updatedAt),
          },
        });
      }
      const ids = await write("Tickets", tickets, items);
      items.forEach((it, k) => ticketInfo.set(ids[k], { companyId: it.companyId!, whatsappId: it.values.whatsappId ?? null, contactId: it.values.contactId }));
    }
  }
  /** Company and connection of tickets moved in by an earlier run. */
  async function loadTicketInfo(ids: number[]) {
    const missing = ids.filter((id) => id > 0 && !ticketInfo.has(id));
    if (!missing.length) return;
    const rows = await db.select({ id: tickets.id, companyId: tickets.companyId, whatsappId: tickets.whatsappId, contactId: tickets.contactId }).from(tickets).where(inArray(tickets.id, missing));
    for (const r of rows) ticketInfo.set(r.id, r);
  }
  {
    const rows = await source.query(`select tt.* from "TicketTags" tt join "Tickets" t on t.id = tt."ticketId" where true${companyWhere(`t."companyId"`)}`);
    count("TicketTags").read += rows.length;
    const ids = rows.map((r) => maps.get("Tickets", r.ticketId)).filter((id): id is number => id !== undefined);
    await loadTicketInfo([...new Set(ids)]);
    const links: Record<string, unknown>[] = [];
    for (const r of rows) {
      const ticketId = maps.get("Tickets", r.ticketId);
      const tagId = maps.get("Tags", r.tagId);
      const info = ticketId === undefined ? undefined : ticketInfo.get(ticketId);
      if (ticketId === undefined || tagId === undefined || !info) {
        problem("TicketTags", `${str(r.ticketId)}-${str(r.tagId)}`, "link end missing", "ticket or tag not moved in");
        continue;
      }
      links.push({ companyId: info.companyId, ticketId, tagId });
    }
    for (let i = 0; i < links.length; i += batch) await link("TicketTags", ticketTags, links.slice(i, i + batch));
  }

  // ---- Messages: oldest first, so a quoted message is usually here before its reply
  {
    for (let after: [Date, string] | null = null; ;) {
      const rows: SourceRow[] = await source.query(
        `select t.* from "Messages" t where ${after ? `(t."createdAt", t.id) > ($1, $2)` : "true"}${companyWhere(`t."companyId"`)} order by t."createdAt", t.id limit ${batch}`,
        after ? after : [],
      );
      if (!rows.length) break;
      after = [rows.at(-1)!.createdAt as Date, str(rows.at(-1)!.id)];
      count("Messages").read += rows.length;
      const ids = rows.map((r) => str(r.id));
      await maps.loadSome("Messages", [...ids, ...rows.map((r) => str(r.quotedMsgId)).filter(Boolean)]);
      await loadTicketInfo(rows.map((r) => maps.get("Tickets", r.ticketId)).filter((id): id is number => id !== undefined));
      const items: Pending<typeof messages.$inferInsert>[] = [];
      const quotes: { sourceId: string; quoted: string }[] = [];
      for (const r of rows) {
        if (maps.get("Messages", r.id) !== undefined) {
          count("Messages").already++;
          continue;
        }
        const ticketId = maps.get("Tickets", r.ticketId);
        const info = ticketId === undefined ? undefined : ticketInfo.get(ticketId);
        if (ticketId === undefined || !info) {
          problem("Messages", r.id, "message's ticket missing", `ticket ${str(r.ticketId)} was not moved in`);
          continue;
        }
        const mediaType = mediaTypeOf(r.mediaType);
        let mediaPath: string | null = null;
        let mediaName: string | null = null;
        if (r.mediaUrl) {
          const copied = await copyMedia("Messages", str(r.id), r.companyId, info.companyId, r.mediaUrl);
          mediaPath = copied.key;
          mediaName = copied.name;
          if (!opts.mediaDir) mediaNotCopied++;
        }
        const quotedMsgId = r.quotedMsgId ? maps.get("Messages", r.quotedMsgId) : undefined;
        if (r.quotedMsgId && quotedMsgId === undefined) quotes.push({ sourceId: str(r.id), quoted: str(r.quotedMsgId) });
        const data = json<unknown>(r.dataJson, null);
        items.push({
          sourceId: str(r.id),
          companyId: info.companyId,
          values: {
            companyId: info.companyId,
            ticketId,
            whatsappId: info.whatsappId,
            contactId: maps.get("Contacts", r.contactId) ?? null,
            externalId: str(r.id),
            body: str(r.body),
            fromMe: r.fromMe === true,
            read: r.read === true,
            mediaType: mediaType ?? (mediaPath ? "application" : null),
            mediaPath,
            mediaName,
            ack: num(r.ack) ?? 0,
            isDeleted: r.isDeleted === true,
            isEdited: r.isEdited === true,
            quotedMsgId: quotedMsgId ?? null,
            participant: str(r.participant) || null,
            dataJson: data && typeof data === "object" ? data : null,
            createdAt: date(r.createdAt),
            updatedAt: date(r.updatedAt),
          },
        });
      }
      await write("Messages", messages, items);
      // a reply quoting a message of the same page: its quote is known once both are in
      const resolvable = quotes.filter((q) => maps.get("Messages", q.quoted) !== undefined);
      if (!dryRun && resolvable.length) {
        const pairs = resolvable.map((q) => sql`(${maps.get("Messages", q.sourceId)!}::int, ${maps.get("Messages", q.quoted)!}::int)`);
        await db.execute(sql`update ${messages} set quoted_msg_id = v.quoted from (values ${sql.join(pairs, sql`, `)}) as v(id, quoted) where ${messages.id} = v.id`);
      }
      // the page's own mappings are enough from here on: keep memory flat on large histories
      maps.map("Messages").clear();
    }
    if (mediaNotCopied)
      problem("Messages", "*", "media not copied", `${mediaNotCopied} message(s) name a file: give --media-dir (the old backend's public folder) to copy them; until then they show the file's name only`, false);
  }

  // ---- Quick messages
  for await (const rows of pages("QuickMessages", companyWhere(`t."companyId"`))) {
    count("QuickMessages").read += rows.length;
    const items: Pending<typeof quickMessages.$inferInsert>[] = [];
    for (const r of rows) {
      if (maps.get("QuickMessages", r.id) !== undefined) {
        count("QuickMessages").already++;
        continue;
      }
      const companyId = companyFor("QuickMessages", r);
      if (companyId === undefined) continue;
      const file = r.mediaPath ? await copyMedia("QuickMessages", str(r.id), r.companyId, companyId, r.mediaPath, "quickMessage") : { key: null, name: null };
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          userId: maps.get("Users", r.userId) ?? null,
          shortcode: str(r.shortcode),
          message: str(r.message),
          geral: r.geral === true,
          mediaPath: file.key,
          mediaName: file.key ? file.name : null,
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await write("QuickMessages", quickMessages, items);
  }

  // ---- Schedules: one that should have gone out already is not sent late: it comes in as failed
  {
    const now = Date.now();
    for await (const rows of pages("Schedules", companyWhere(`t."companyId"`))) {
      count("Schedules").read += rows.length;
      const items: Pending<typeof schedules.$inferInsert>[] = [];
      for (const r of rows) {
        if (maps.get("Schedules", r.id) !== undefined) {
          count("Schedules").already++;
          continue;
        }
        const companyId = companyFor("Schedules", r);
        if (companyId === undefined) continue;
        const contactId = maps.get("Contacts", r.contactId);
        if (contactId === undefined) {
          problem("Schedules", r.id, "schedule's contact missing", `contact ${str(r.contactId)} was not moved in`);
          continue;
        }
        if (!r.sendAt) {
          problem("Schedules", r.id, "schedule without date", "no sendAt");
          continue;
        }
        const sendAt = date(r.sendAt);
        let status = r.sentAt || str(r.status) === "ENVIADA" ? "ENVIADA" : str(r.status) === "ERRO" ? "ERRO" : "PENDENTE";
        if (status === "PENDENTE" && sendAt.getTime() < now) {
          problem("Schedules", r.id, "schedule overdue", `was due ${sendAt.toISOString()} and not sent: moved in as failed (ERRO)`, false);
          status = "ERRO";
        }
        const file = r.mediaPath ? await copyMedia("Schedules", str(r.id), r.companyId, companyId, r.mediaPath, "schedules") : { key: null, name: null };
        items.push({
          sourceId: str(r.id),
          companyId,
          values: {
            companyId,
            body: str(r.body),
            sendAt,
            sentAt: r.sentAt ? date(r.sentAt) : null,
            contactId,
            ticketId: maps.get("Tickets", r.ticketId) ?? null,
            userId: maps.get("Users", r.userId) ?? null,
            status,
            mediaPath: file.key,
            mediaName: file.key ? file.name : null,
            createdAt: date(r.createdAt),
            updatedAt: date(r.updatedAt),
          },
        });
      }
      await write("Schedules", schedules, items);
    }
  }

  // ---- Settings: the keys this workspace knows, with values it accepts, over its defaults
  {
    const rows = await source.query(`select t.* from "Settings" t where true${companyWhere(`t."companyId"`)} order by t.id`);
    count("Settings").read += rows.length;
    for (const r of rows) {
      if (maps.get("Settings", r.id) !== undefined) {
        count("Settings").already++;
        continue;
      }
      const companyId = companyFor("Settings", r);
      if (companyId === undefined) continue;
      const key = str(r.key);
      if (!SETTING_KEYS.includes(key) || !settingValueSchema(key).safeParse(str(r.value)).success) {
        problem("Settings", r.id, "setting not used here", `${key} = ${str(r.value).slice(0, 60)}`);
        continue;
      }
      count("Settings").added++;
      if (dryRun) {
        maps.map("Settings").set(str(r.id), maps.fakeId());
        continue;
      }
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(settings)
          .values({ companyId, key, value: str(r.value) })
          .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: str(r.value) } })
          .returning({ id: settings.id });
        await tx.insert(importMappings).values({ source: SOURCE, sourceTable: "Settings", sourceId: str(r.id), targetId: row.id, companyId });
        return row.id;
      });
      maps.map("Settings").set(str(r.id), id);
    }
  }

  log(`moved in ${Object.values(report.tables).reduce((n, t) => n + t.added, 0)} row(s)`);
  return report;
}
