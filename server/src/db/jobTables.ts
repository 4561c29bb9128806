import PgBoss from "pg-boss";

/** The schema that holds the durable jobs' tables. */
export const JOBS_SCHEMA = "pgboss";

/**
 * Creates the job runner's tables when they are missing. It runs with the migrations, under their
 * lock: left to the runner, several processes starting at once race on `CREATE SCHEMA` and all
 * but one fail to start.
 */
export async function installJobTables(run: (sql: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = await run(`select to_regclass('${JOBS_SCHEMA}.version') as name`);
  if ((rows[0] as { name: string | null } | undefined)?.name) return;
  await run(PgBoss.getConstructionPlans(JOBS_SCHEMA));
}
