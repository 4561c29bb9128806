import { SETTING_KEYS, settingValueSchema } from "@balcao/common";
import { importMappings, settings } from "../../../db/schema";
import { SOURCE } from "../mappings";
import type { ImportRun } from "../run";
import { str } from "../values";

/** Settings: the keys this workspace knows, with values it accepts, over its defaults. */
export async function importSettings(run: ImportRun) {
  const rows = await run.source.query(`select t.* from "Settings" t where true${run.companyWhere(`t."companyId"`)} order by t.id`);
  run.count("Settings").read += rows.length;
  for (const r of rows) {
    if (run.maps.get("Settings", r.id) !== undefined) {
      run.count("Settings").already++;
      continue;
    }
    const companyId = run.companyFor("Settings", r);
    if (companyId === undefined) continue;
    const key = str(r.key);
    if (!SETTING_KEYS.includes(key) || !settingValueSchema(key).safeParse(str(r.value)).success) {
      run.problem("Settings", r.id, "setting not used here", `${key} = ${str(r.value).slice(0, 60)}`);
      continue;
    }
    run.count("Settings").added++;
    if (run.dryRun) {
      run.maps.map("Settings").set(str(r.id), run.maps.fakeId());
      continue;
    }
    const id = await run.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(settings)
        .values({ companyId, key, value: str(r.value) })
        .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: str(r.value) } })
        .returning({ id: settings.id });
      await tx.insert(importMappings).values({ source: SOURCE, sourceTable: "Settings", sourceId: str(r.id), targetId: row.id, companyId });
      return row.id;
    });
    run.maps.map("Settings").set(str(r.id), id);
  }
}
