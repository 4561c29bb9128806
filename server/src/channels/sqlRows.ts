import { getTableColumns, type SQL, type Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { Db } from "../db/client";
import type { Tx } from "../db/client";
import { runNamed } from "../db/namedStatements";

type Plan = [key: string, dbName: string, map: (value: unknown) => unknown][];
const plans = new WeakMap<Table, Plan>();

function planOf(table: Table): Plan {
  let plan = plans.get(table);
  if (!plan) {
    plan = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.keyAsName ? toSnakeCase(column.name) : column.name, (v: unknown) => column.mapFromDriverValue(v)]);
    plans.set(table, plan);
  }
  return plan;
}

/**
 * A table's row as drizzle returns it (camelCase keys, Dates, parsed JSON), from `row_to_json`
 * of that table's columns. Hot paths write their SQL by hand, with RETURNING and CTEs, to spare
 * the query builder and round trips; this keeps their rows the same shape as everywhere else.
 */
export function rowOf<T extends Table>(table: T, json: unknown): T["$inferSelect"] | null {
  if (!json) return null;
  const raw = (typeof json === "string" ? JSON.parse(json) : json) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, dbName, map] of planOf(table)) {
    const v = raw[dbName];
    out[key] = v === null || v === undefined ? null : map(v);
  }
  return out as T["$inferSelect"];
}

/** JSON values a statement returns (json / json_build_object columns). */
export const jsonOf = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

/**
 * Runs hand-written SQL on the pool or in a transaction; PostgreSQL and PGlite both answer with
 * `rows`. With a `name` (one per distinct SQL text), the database prepares the statement once per
 * connection and then only binds and runs it (db/namedStatements.ts): the hot path's large
 * statements are not parsed and planned again for every message.
 */
export async function rowsOf<R = Record<string, unknown>>(db: Db | Tx, query: SQL, name?: string): Promise<R[]> {
  const rows = name ? await runNamed(db, query, name) : undefined;
  if (rows) return rows as R[];
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}
