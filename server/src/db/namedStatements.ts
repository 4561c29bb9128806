import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/** Runs a statement prepared under `name`; undefined when the driver leaves it to the unnamed statement. */
export type RunNamed = (name: string, text: string, values: unknown[]) => Promise<unknown[] | undefined>;

const named = new WeakMap<object, { dialect: PgDialect; run: RunNamed }>();

/** Lets `runNamed` prepare statements on a database (a pool or PGlite, never a transaction of it). */
export function allowNamed(db: object, casing: "snake_case", run: RunNamed) {
  named.set(db, { dialect: new PgDialect({ casing }), run });
}

/**
 * Runs `query` as a statement the database prepares once per connection under `name` (one per
 * distinct SQL text) and then only binds and runs; undefined where it cannot, as in a transaction.
 */
export async function runNamed(db: object, query: SQL, name: string): Promise<unknown[] | undefined> {
  const it = named.get(db);
  if (!it) return undefined;
  const { sql: text, params } = it.dialect.sqlToQuery(query);
  return it.run(name, text, params);
}
