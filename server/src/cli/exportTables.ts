import { and, asc, eq, getTableColumns, gt, isTable } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import * as schema from "../db/schema";

/** Tables left out whole: sessions' sealed secrets, the outbox, reset codes, refresh tokens. */
const SKIPPED_TABLES = new Set(["channel_auth_entries", "domain_events", "password_reset_codes", "user_sessions"]);

/** Columns never exported: secrets, hashes, tokens, sealed values and what a search derives. */
const SKIPPED_COLUMN = /hash|token|secret|^apiKey$|^voiceKey$|^jsonContent$|^qrcode$|^searchText$/i;

const PAGE = 1_000;

interface ExportedTable {
  name: string;
  table: PgTable;
  columns: Record<string, PgColumn>;
  scope: PgColumn;
  id?: PgColumn;
}

/** Every table holding a company's rows (the company itself by its id), with the columns that may leave. */
export function exportedTables(): ExportedTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => isTable(t));
  return tables
    .map((table) => {
      const { name } = getTableConfig(table);
      const all = getTableColumns(table) as Record<string, PgColumn>;
      const scope = name === "companies" ? all.id : all.companyId;
      const columns = Object.fromEntries(Object.entries(all).filter(([key]) => !SKIPPED_COLUMN.test(key)));
      const id = all.id?.dataType === "number" && all.id.primary ? all.id : undefined;
      return { name, table, columns, scope, id };
    })
    .filter((t) => t.scope && !SKIPPED_TABLES.has(t.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A sealed value anywhere in a row (a Cloud API setting's token inside JSON) is left out. */
function withoutSealed(value: unknown): unknown {
  if (typeof value === "string") return value.startsWith("gcm1:") ? null : value;
  if (Array.isArray(value)) return value.map(withoutSealed);
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SKIPPED_COLUMN.test(k))
        .map(([k, v]) => [k, withoutSealed(v)]),
    );
  return value;
}

/** The company's rows of one table, a page at a time by id; a table without one (links, counters) at once. */
export async function* companyRows(db: Db, t: ExportedTable, companyId: number): AsyncGenerator<Record<string, unknown>[]> {
  const clean = (rows: Record<string, unknown>[]) => rows.map((r) => withoutSealed(r) as Record<string, unknown>);
  if (!t.id) {
    const rows = (await db.select(t.columns).from(t.table).where(eq(t.scope, companyId))) as Record<string, unknown>[];
    if (rows.length) yield clean(rows);
    return;
  }
  for (let after = 0; ;) {
    const rows = (await db
      .select(t.columns)
      .from(t.table)
      .where(and(eq(t.scope, companyId), gt(t.id, after)))
      .orderBy(asc(t.id))
      .limit(PAGE)) as Record<string, unknown>[];
    if (rows.length) yield clean(rows);
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id as number;
  }
}
