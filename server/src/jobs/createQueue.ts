import type PgBoss from "pg-boss";

const DEADLOCK = "40P01";

/**
 * boss.createQueue, tried again when it deadlocks: pg-boss makes each queue's table on first use,
 * and two processes starting at once on a new database can deadlock there. The second try finds
 * the queue made.
 */
export async function createQueue(boss: PgBoss, name: string, options: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(name, options);
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
