import { queueOptions, queues } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import { date, json, num, str } from "../values";

/** Queues. */
export async function importQueues(run: ImportRun) {
  for await (const rows of run.pages("Queues", run.companyWhere(`t."companyId"`))) {
    run.count("Queues").read += rows.length;
    const items: Pending<typeof queues.$inferInsert>[] = [];
    for (const r of rows) {
      if (run.maps.get("Queues", r.id) !== undefined) {
        run.count("Queues").already++;
        continue;
      }
      const companyId = run.companyFor("Queues", r);
      if (companyId === undefined) continue;
      const sched = json<unknown>(r.schedules, []);
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          name: str(r.name),
          color: str(r.color) || "#7C7C7C",
          greetingMessage: str(r.greetingMessage),
          outOfHoursMessage: str(r.outOfHoursMessage),
          orderQueue: num(r.orderQueue),
          schedules: Array.isArray(sched) ? sched : [],
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await run.write("Queues", queues, items);
  }
}

/** Queue options: a menu's parents before their children. */
export async function importQueueOptions(run: ImportRun) {
  const rows = await run.source.query(`select o.* from "QueueOptions" o join "Queues" q on q.id = o."queueId" where true${run.companyWhere(`q."companyId"`)} order by o.id`);
  run.count("QueueOptions").read += rows.length;
  let left = rows.filter((r) => {
    if (run.maps.get("QueueOptions", r.id) === undefined) return true;
    run.count("QueueOptions").already++;
    return false;
  });
  while (left.length) {
    const ready = left.filter((r) => r.parentId === null || r.parentId === undefined || run.maps.get("QueueOptions", r.parentId) !== undefined);
    if (!ready.length) break;
    const items: Pending<typeof queueOptions.$inferInsert>[] = [];
    for (const r of ready) {
      const queueId = run.maps.get("Queues", r.queueId);
      if (queueId === undefined) {
        run.problem("QueueOptions", r.id, "queue missing", `queue ${str(r.queueId)} was not moved in`);
        continue;
      }
      const companyId = run.maps.owner("Queues", queueId);
      if (companyId === undefined) {
        run.problem("QueueOptions", r.id, "queue missing", `queue ${str(r.queueId)} has no company`);
        continue;
      }
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          queueId,
          parentId: run.maps.get("QueueOptions", r.parentId) ?? null,
          title: str(r.title),
          message: str(r.message),
          option: str(r.option),
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await run.write("QueueOptions", queueOptions, items);
    left = left.filter((r) => !ready.includes(r));
  }
  for (const r of left) run.problem("QueueOptions", r.id, "parent option missing", `option ${str(r.parentId)} was not moved in`);
}
