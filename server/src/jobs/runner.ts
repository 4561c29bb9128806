import PgBoss from "pg-boss";
import type { AppContext } from "../context";
import { redeliverPending } from "../automation/outbox";
import { runTicketSweep } from "./ticketSweep";

const SWEEP = "ticket-sweep";

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Durable jobs in the database (pg-boss, on PostgreSQL or PGlite): the minute sweep of the
 * connections' timed rules, which also re-sends automatic messages a stop left pending.
 * The schedule lives in the database, so a sweep due while the server was down runs on start.
 */
export async function startJobs(ctx: AppContext): Promise<JobRunner> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => ctx.database.executeSql(text, values) }, schema: "pgboss" });
  boss.on("error", (err) => ctx.log?.error({ err }, "job runner error"));
  await boss.start();
  await boss.createQueue(SWEEP, { name: SWEEP, policy: "singleton", retryLimit: 2, expireInSeconds: 120 });
  await boss.work(SWEEP, { pollingIntervalSeconds: 2 }, async () => {
    await redeliverPending(ctx);
    await runTicketSweep(ctx);
  });
  await boss.schedule(SWEEP, "* * * * *");
  await boss.send(SWEEP, {});
  return {
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
