import { eq, getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable, type PgColumn } from "drizzle-orm/pg-core";
import * as schema from "../db/schema";
import { companies } from "../db/schema";
import type { TestApp } from "./harness";

/** Every table that holds a company's rows, found from the schema so a new table is never left out. */
const companyTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable) && "companyId" in getTableColumns(value));

/** All of one company's rows, table by table, in a stable order: two snapshots are equal when nothing changed. */
export async function companySnapshot(t: TestApp, companyId: number): Promise<Record<string, unknown[]>> {
  // events dispatched by then are marked as such, not later while the snapshot is compared
  await t.built.ctx.events.drain();
  const db = t.built.ctx.db;
  const out: Record<string, unknown[]> = { companies: await db.select().from(companies).where(eq(companies.id, companyId)) };
  for (const table of companyTables) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const rows = await db.select().from(table).where(eq(columns.companyId, companyId));
    out[getTableName(table)] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}
