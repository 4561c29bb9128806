import { asc, count, eq, sql } from "drizzle-orm";
import { companies, plans, settings, users } from "../db/schema";
import { DELETION_REQUESTED } from "../modules/companies/present";
import { withCli, type CliIo } from "./cliContext";

/** Every company: id, name, status, plan, due date and users, one a line (or JSON with --json). */
export async function listCompanies(io: CliIo, opts: { json?: boolean }) {
  await withCli(io, async ({ database: { db } }) => {
    const rows = await db
      .select({
        id: companies.id,
        name: companies.name,
        email: companies.email,
        active: companies.status,
        plan: plans.name,
        dueDate: companies.dueDate,
        users: sql<number>`(select ${count()} from ${users} where ${users.companyId} = ${companies.id})`.mapWith(Number),
        beingDeleted: sql<boolean>`exists (select 1 from ${settings} where ${settings.companyId} = ${companies.id} and ${settings.key} = ${DELETION_REQUESTED})`,
      })
      .from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId))
      .orderBy(asc(companies.id));
    if (opts.json) return io.out(JSON.stringify(rows, null, 2));
    io.out(["id", "name", "status", "plan", "due date", "users"].join("\t"));
    for (const r of rows) io.out([r.id, r.name, r.beingDeleted ? "being deleted" : r.active ? "active" : "inactive", r.plan ?? "-", r.dueDate ?? "-", r.users].join("\t"));
    io.out(`${rows.length} compan${rows.length === 1 ? "y" : "ies"}.`);
  });
}
