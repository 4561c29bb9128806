import { quickMessages } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import { date, str } from "../values";

/** Quick messages. */
export async function importQuickMessages(run: ImportRun) {
  for await (const rows of run.pages("QuickMessages", run.companyWhere(`t."companyId"`))) {
    run.count("QuickMessages").read += rows.length;
    const items: Pending<typeof quickMessages.$inferInsert>[] = [];
    for (const r of rows) {
      if (run.maps.get("QuickMessages", r.id) !== undefined) {
        run.count("QuickMessages").already++;
        continue;
      }
      const companyId = run.companyFor("QuickMessages", r);
      if (companyId === undefined) continue;
      const file = r.mediaPath ? await run.copyMedia("QuickMessages", str(r.id), r.companyId, companyId, r.mediaPath, "quickMessage") : { key: null, name: null };
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          userId: run.maps.get("Users", r.userId) ?? null,
          shortcode: str(r.shortcode),
          message: str(r.message),
          geral: r.geral === true,
          mediaPath: file.key,
          mediaName: file.key ? file.name : null,
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await run.write("QuickMessages", quickMessages, items);
  }
}
