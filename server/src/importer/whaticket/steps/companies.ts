import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "@balcao/common";
import { companies, importMappings, plans, settings } from "../../../db/schema";
import { SOURCE } from "../mappings";
import type { ImportRun, Pending } from "../run";
import { date, json, num, str } from "../values";

/** Plans: platform-wide; one of the same name here is used as it is. */
export async function importPlans(run: ImportRun) {
  const rows = await run.source.query(run.only ? `select p.* from "Plans" p join "Companies" c on c."planId" = p.id where c.id = $1 order by p.id` : `select * from "Plans" order by id`, run.only ? [run.only] : []);
  run.count("Plans").read += rows.length;
  const fresh = rows.filter((r) => run.maps.get("Plans", r.id) === undefined);
  run.count("Plans").already += rows.length - fresh.length;
  const existing = fresh.length
    ? await run.db
        .select({ id: plans.id, name: plans.name })
        .from(plans)
        .where(
          inArray(
            plans.name,
            fresh.map((r) => str(r.name)),
          ),
        )
    : [];
  const byName = new Map(existing.map((p) => [p.name, p.id]));
  await run.merge(
    "Plans",
    fresh.filter((r) => byName.has(str(r.name))).map((r) => ({ sourceId: str(r.id), companyId: null, targetId: byName.get(str(r.name))! })),
  );
  const bool = (v: unknown) => v !== false;
  await run.write(
    "Plans",
    plans,
    fresh
      .filter((r) => !byName.has(str(r.name)))
      .map((r) => ({
        sourceId: str(r.id),
        companyId: null,
        values: {
          name: str(r.name),
          users: num(r.users) ?? 0,
          connections: num(r.connections) ?? 0,
          queues: num(r.queues) ?? 0,
          value: num(r.value) ?? 0,
          useCampaigns: bool(r.useCampaigns),
          useSchedules: bool(r.useSchedules),
          useInternalChat: bool(r.useInternalChat),
          useExternalApi: bool(r.useExternalApi),
          useKanban: bool(r.useKanban),
          useOpenAi: bool(r.useOpenAi),
          useIntegrations: bool(r.useIntegrations),
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      })),
  );
}

/** Companies: each with this workspace's default settings; a name taken here gets the source's id after it. */
export async function importCompanies(run: ImportRun) {
  const takenNames = new Set((await run.db.select({ name: companies.name }).from(companies)).map((c) => c.name));
  // "dueDate" is a timestamptz in the v6 migrations (a date or a string in some forks): read as text, the day comes first
  for await (const rows of run.pages("Companies", run.only ? ` and t.id = ${Number(run.only)}` : "", `t.*, t."dueDate"::text as "dueDateText"`)) {
    run.count("Companies").read += rows.length;
    const items: Pending<typeof companies.$inferInsert>[] = [];
    for (const r of rows) {
      if (run.companyOf(r.id) !== undefined) {
        run.count("Companies").already++;
        continue;
      }
      let name = str(r.name).trim() || `Whaticket ${str(r.id)}`;
      if (takenNames.has(name)) {
        const renamed = `${name} (Whaticket ${str(r.id)})`;
        run.problem("Companies", r.id, "company name taken", `"${name}" is taken here: moved in as "${renamed}"`, false);
        name = renamed;
      }
      takenNames.add(name);
      const due = str(r.dueDateText).trim().slice(0, 10);
      const dueDate = /^\d{4}-\d{2}-\d{2}$/.test(due) && !Number.isNaN(Date.parse(due)) ? due : null;
      if (str(r.dueDateText).trim() && !dueDate) run.problem("Companies", r.id, "due date unreadable", str(r.dueDateText), false);
      const schedulesValue = json<unknown>(r.schedules, []);
      items.push({
        sourceId: str(r.id),
        companyId: null,
        values: {
          name,
          email: str(r.email) || null,
          phone: str(r.phone) || null,
          planId: run.maps.get("Plans", r.planId) ?? null,
          status: r.status !== false,
          dueDate,
          recurrence: str(r.recurrence) || "MENSAL",
          schedules: Array.isArray(schedulesValue) ? schedulesValue : [],
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    // one company a transaction: its mapping names the company it is
    for (const item of items) {
      await run.write("Companies", companies, [item], async (tx, [id]) => {
        await tx
          .update(importMappings)
          .set({ companyId: id })
          .where(and(eq(importMappings.source, SOURCE), eq(importMappings.sourceTable, "Companies"), eq(importMappings.sourceId, item.sourceId)));
        await tx.insert(settings).values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ companyId: id, key, value })));
      });
    }
  }
}
