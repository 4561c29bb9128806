import { eq } from "drizzle-orm";
import { auditLogs } from "../db/schema";
import type { TestApp } from "./harness";
import { runCli } from "../cli/program";

/** Runs one command line against the test app's own database and data folder; answers its exit code and output. */
export async function run(t: TestApp, argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    env: { DATA_DIR: t.config.dataDir, LOG_LEVEL: "silent", ...env },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    database: t.built.ctx.database,
    media: t.built.ctx.media,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** The trail's rows of one action, once a sweep (as a running server's) has handed the command line's events on. */
export async function auditRows(t: TestApp, action: string) {
  await t.built.ctx.events.sweep(new Date(Date.now() + 10 * 60_000));
  return t.built.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, action));
}
