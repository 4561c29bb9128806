/** A row of the source database as its driver answers it: dates as Date, json columns parsed. */
export type SourceRow = Record<string, unknown>;

/**
 * Where the importer reads a Whaticket database: a pg connection in production, any query function
 * in tests (a PGlite instance built from fixture/schema.sql).
 */
export interface Source {
  query(sql: string, params?: unknown[]): Promise<SourceRow[]>;
  close(): Promise<void>;
}

/** A source on a PostgreSQL server, from a connection string (postgres://user:pass@host/db). */
export async function pgSource(connectionString: string): Promise<Source> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString });
  await client.connect();
  return {
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    close: () => client.end(),
  };
}
