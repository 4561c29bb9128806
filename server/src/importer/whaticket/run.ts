import fs from "node:fs/promises";
import path from "node:path";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { importMappings } from "../../db/schema";
import type { MediaStore } from "../../media/store";
import type { ImportReport, SourceTable } from "./report";
import { Mappings, SOURCE } from "./mappings";
import type { Source, SourceRow } from "./source";
import { mediaRelativePath, str } from "./values";

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

/** A row to add: the source row it comes from, the company it belongs to here, and its values. */
export interface Pending<V> {
  sourceId: string;
  companyId: number | null;
  values: V;
}

/** One import: where it reads and writes, what it has moved in so far, and the report it fills; the steps (./steps) work through it. */
export class ImportRun {
  readonly dryRun: boolean;
  /** Rows read and written per transaction. */
  readonly batch: number;
  readonly maps: Mappings;
  /** Only this company of the source (its id there), when given. */
  readonly only: number | undefined;

  constructor(
    readonly db: Db,
    readonly media: MediaStore,
    readonly source: Source,
    readonly opts: ImportOptions,
    readonly report: ImportReport,
  ) {
    this.dryRun = report.dryRun;
    this.batch = opts.batchSize ?? 500;
    this.maps = new Mappings(db, this.dryRun);
    this.only = opts.companyId;
  }

  count(t: SourceTable) {
    return this.report.tables[t];
  }

  problem(table: SourceTable, sourceId: unknown, kind: string, detail: string, skipped = true) {
    this.report.problems.push({ table, sourceId: str(sourceId), kind, detail });
    if (skipped) this.count(table).skipped++;
  }

  /** A filter on the source's company, for a table with a companyId column (or reached through one). */
  companyWhere(column = `"companyId"`) {
    return this.only ? ` and ${column} = ${Number(this.only)}` : "";
  }

  /** Pages of a source table by its integer id. */
  async *pages(table: string, where = "", select = "t.*", from = `"${table}" t`) {
    for (let after = -1; ;) {
      const rows = await this.source.query(`select ${select} from ${from} where t."id" > $1${where} order by t."id" limit ${this.batch}`, [after]);
      if (rows.length) yield rows;
      if (rows.length < this.batch) return;
      after = Number(rows.at(-1)!.id);
    }
  }

  /** Adds a page's new rows and their mappings in one transaction; `also` adds rows that go with them. */
  async write<V extends Record<string, unknown>>(table: SourceTable, target: PgTable & { id: unknown }, items: Pending<V>[], also?: (tx: Tx, ids: number[]) => Promise<void>) {
    if (!items.length) return [];
    this.count(table).added += items.length;
    if (this.dryRun) {
      const ids = items.map(() => this.maps.fakeId());
      items.forEach((it, k) => {
        this.maps.map(table).set(it.sourceId, ids[k]);
        this.maps.setOwner(table, ids[k], it.companyId);
      });
      return ids;
    }
    const ids = await this.db.transaction(async (tx) => {
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
      this.maps.map(table).set(it.sourceId, ids[k]);
      this.maps.setOwner(table, ids[k], it.companyId);
    });
    return ids;
  }

  /** Records rows joined to one already here, so the next run sees them moved in. */
  async merge(table: SourceTable, items: { sourceId: string; companyId: number | null; targetId: number }[]) {
    if (!items.length) return;
    this.count(table).merged += items.length;
    if (!this.dryRun) {
      await this.db
        .insert(importMappings)
        .values(items.map((i) => ({ source: SOURCE, sourceTable: table, sourceId: i.sourceId, targetId: i.targetId, companyId: i.companyId })))
        .onConflictDoNothing();
    }
    for (const i of items) {
      this.maps.map(table).set(i.sourceId, i.targetId);
      this.maps.setOwner(table, i.targetId, i.companyId);
    }
  }

  /** Link rows (user-queue and the like): added unless already there. */
  async link(table: SourceTable, target: PgTable, rows: Record<string, unknown>[]) {
    if (!rows.length) return;
    if (this.dryRun || rows.some((r) => Object.values(r).some((v) => typeof v === "number" && v < 0))) {
      this.count(table).added += rows.length;
      return;
    }
    const added = await this.db
      .insert(target)
      .values(rows as any)
      .onConflictDoNothing()
      .returning();
    this.count(table).added += added.length;
    this.count(table).already += rows.length - added.length;
  }

  /** Copies a file of the old public folder into the media store; answers its key, or null (a problem). */
  async copyMedia(table: SourceTable, sourceId: string, sourceCompanyId: unknown, companyId: number, mediaUrl: unknown, subfolder = "") {
    const rel = mediaRelativePath(mediaUrl);
    if (!rel) {
      this.problem(table, sourceId, "media path unusable", str(mediaUrl), false);
      return { key: null, name: null };
    }
    const name = path.basename(rel);
    if (!this.opts.mediaDir) return { key: null, name };
    const root = path.resolve(this.opts.mediaDir);
    const candidates = [path.join(root, subfolder, rel), path.join(root, `company${str(sourceCompanyId)}`, subfolder, rel), path.join(root, subfolder, name)];
    for (const file of candidates) {
      if (!file.startsWith(root + path.sep)) continue;
      const data = await fs.readFile(file).catch(() => null);
      if (!data) continue;
      if (this.dryRun) return { key: null, name };
      const stored = await this.media.save(companyId, data, name);
      this.report.mediaCopied++;
      return { key: stored.key, name: stored.filename };
    }
    this.problem(table, sourceId, "media file missing", rel, false);
    return { key: null, name };
  }

  /** The source company's id here (undefined: not moved in). */
  companyOf(sourceCompanyId: unknown) {
    return this.maps.get("Companies", sourceCompanyId);
  }

  /** The row's company here, or a problem (its company was not moved in). */
  companyFor(table: SourceTable, r: SourceRow) {
    const id = this.companyOf(r.companyId);
    if (id === undefined) this.problem(table, r.id, "company missing", `company ${str(r.companyId)} was not moved in`);
    return id;
  }
}
