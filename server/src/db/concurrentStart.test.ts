import { afterAll, describe, expect, it } from "vitest";
import PgBoss from "pg-boss";
import { openDatabase, type Database } from "./client";
import { JOBS_SCHEMA } from "./jobTables";
import { freshDatabaseUrl } from "../test/harness";

// Several processes starting at once on an empty PostgreSQL database: each migrates and starts
// its job runner. Before the job tables were created under the migration lock, the runners raced
// on CREATE SCHEMA and all but one failed to start.
describe.skipIf(!process.env.DATABASE_URL)("processes starting at once on an empty database", () => {
  const opened: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await drop?.();
  });

  it("all migrate and start their job runner", async () => {
    const fresh = await freshDatabaseUrl();
    drop = fresh.drop;
    opened.push(...(await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: fresh.url, poolSize: 2 })))));
    await Promise.all(opened.map((d) => d.migrate()));
    const started = await Promise.allSettled(
      opened.map(async (d) => {
        const boss = new PgBoss({ db: { executeSql: (text, values) => d.executeSql(text, values) }, schema: JOBS_SCHEMA });
        await boss.start();
        await boss.stop({ graceful: false, wait: true });
      }),
    );
    expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "ok"))).toEqual(["ok", "ok", "ok", "ok"]);
  });
});
