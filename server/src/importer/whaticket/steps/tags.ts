import { tags } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import { date, num, str } from "../values";

/** Tags. */
export async function importTags(run: ImportRun) {
  for await (const rows of run.pages("Tags", run.companyWhere(`t."companyId"`))) {
    run.count("Tags").read += rows.length;
    const items: Pending<typeof tags.$inferInsert>[] = [];
    for (const r of rows) {
      if (run.maps.get("Tags", r.id) !== undefined) {
        run.count("Tags").already++;
        continue;
      }
      const companyId = run.companyFor("Tags", r);
      if (companyId === undefined) continue;
      items.push({ sourceId: str(r.id), companyId, values: { companyId, name: str(r.name), color: str(r.color) || "#5C59A0", kanban: num(r.kanban) ?? 0, createdAt: date(r.createdAt), updatedAt: date(r.updatedAt) } });
    }
    await run.write("Tags", tags, items);
  }
}
