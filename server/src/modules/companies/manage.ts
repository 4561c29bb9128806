import { and, asc, count, eq, ilike, not, or, sql, exists } from "drizzle-orm";
import { BILLING_FIELDS, COMPANIES_PAGE_SIZE, type CompanyBilling, type CompanyBody, type ListQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db, Tx } from "../../db/client";
import { companies, plans, settings, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { uniqueViolation } from "../../db/errors";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { hashPassword } from "../auth/passwords";
import { assertPlanAllowsOneMore } from "../plans/limits";
import { settingUpdated } from "../settings/events";
import { assertEmailFree, assertNameFree, insertCompany } from "./service";
import { DELETION_REQUESTED, presentCompanyRecords } from "./present";
import { companyChanged } from "./events";

/** The platform's own company (the super user's): never deactivated nor deleted. */
export const PLATFORM_COMPANY_ID = 1;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const notFound = () => new AppError("ERR_NO_COMPANY_FOUND", 404);

/** Companies whose deletion is under way are gone for the super user's screens already. */
const notBeingDeleted = not(exists(sql`(select 1 from ${settings} where ${settings.companyId} = ${companies.id} and ${settings.key} = ${DELETION_REQUESTED})`));

/** GET /companies: 20 a page by name, searched in name, email and phone. */
export async function listCompaniesPage(db: Db, query: ListQuery) {
  const term = query.searchParam ? `%${escapeLike(query.searchParam)}%` : null;
  const where = and(notBeingDeleted, term ? or(ilike(companies.name, term), ilike(companies.email, term), ilike(companies.phone, term)) : undefined);
  const offset = (query.pageNumber - 1) * COMPANIES_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(companies).where(where).orderBy(asc(companies.name), asc(companies.id)).limit(COMPANIES_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { companies: await presentCompanyRecords(db, rows), count: total, hasMore: total > offset + rows.length };
}

/** GET /companies/list: every company, by name. */
export async function listAllCompanies(db: Db) {
  const rows = await db.select().from(companies).where(notBeingDeleted).orderBy(asc(companies.name), asc(companies.id));
  return presentCompanyRecords(db, rows);
}

async function assertPlanExists(tx: Tx, planId: number) {
  const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 400, { field: "planId" });
}

/** The billing fields the form sent (null clears one); a field left out keeps its stored value. */
const billingSent = (body: CompanyBody): Partial<CompanyBilling> => Object.fromEntries(BILLING_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));

/** Two saves racing for one name or email: the unique index decides, as the checks would have. */
async function uniqueFields<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    const violation = uniqueViolation(err);
    if (violation) throw new AppError(violation.constraint.includes("email") ? "ERR_EMAIL_ALREADY_EXISTS" : "ERR_COMPANY_NAME_ALREADY_EXISTS", 400);
    throw err;
  }
}

/** POST /companies: the company with its default settings; with a password, its first admin signs in with the company's email. */
export async function createCompany(ctx: AppContext, caller: Caller, body: CompanyBody) {
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  return uniqueFields(() =>
    command(ctx, async (tx, events) => {
      await assertPlanExists(tx, body.planId);
      await assertNameFree(tx, body.name);
      if (passwordHash) await assertEmailFree(tx, body.email);
      const company = await insertCompany(tx, {
        name: body.name,
        email: body.email,
        phone: body.phone,
        planId: body.planId,
        dueDate: body.dueDate,
        recurrence: body.recurrence,
        settings: { campaignsEnabled: String(body.campaignsEnabled) },
        billing: billingSent(body),
      });
      if (!body.status) await tx.update(companies).set({ status: false }).where(eq(companies.id, company.id));
      if (passwordHash) {
        await assertPlanAllowsOneMore(tx, company.id, "users");
        await tx.insert(users).values({ companyId: company.id, name: body.name, email: body.email, passwordHash, profile: "admin" });
      }
      const [record] = await presentCompanyRecords(tx, [{ ...company, status: body.status }]);
      events.add(companyChanged("company.created", record, actorOf(caller)));
      return record;
    }),
  );
}

/**
 * PUT /companies/:id: every field of the form. A new plan's limits hold from the next creation
 * and its menu reaches the company's sessions at once (listeners/realtime/plans.ts); an inactive
 * company's users cannot sign in and its connections send nothing, while messages keep arriving.
 */
export async function updateCompany(ctx: AppContext, caller: Caller, id: number, body: CompanyBody) {
  if (id === PLATFORM_COMPANY_ID && !body.status) throw new AppError("ERR_PLATFORM_COMPANY", 400, { field: "status" });
  return uniqueFields(() =>
    command(ctx, async (tx, events) => {
      const [before] = await tx
        .select()
        .from(companies)
        .where(and(eq(companies.id, id), notBeingDeleted))
        .for("update");
      if (!before) throw notFound();
      await assertPlanExists(tx, body.planId);
      if (body.name !== before.name) await assertNameFree(tx, body.name);
      const changes = { name: body.name, email: body.email, phone: body.phone, planId: body.planId, status: body.status, dueDate: body.dueDate, recurrence: body.recurrence, ...billingSent(body) };
      const changed = changedFields(before, changes);
      const [row] = await tx
        .update(companies)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning();
      const campaigns = String(body.campaignsEnabled);
      const [setting] = await tx
        .insert(settings)
        .values({ companyId: id, key: "campaignsEnabled", value: campaigns })
        .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: campaigns, updatedAt: new Date() }, setWhere: sql`${settings.value} <> ${campaigns}` })
        .returning();
      if (setting) {
        events.add(settingUpdated(setting, actorOf(caller)));
        changed.push("campaignsEnabled");
      }
      const [record] = await presentCompanyRecords(tx, [row]);
      events.add(companyChanged("company.updated", record, actorOf(caller), { changed, planChanged: changed.includes("planId") }));
      return record;
    }),
  );
}

/**
 * DELETE /companies/:id: the company stops at once (inactive: no sign-in, no sends) and is marked;
 * the job `deleteCompanies` (jobs/companyDeletions.ts) then removes every row and file of it.
 */
export async function requestCompanyDeletion(ctx: AppContext, caller: Caller, id: number) {
  if (id === PLATFORM_COMPANY_ID) throw new AppError("ERR_PLATFORM_COMPANY", 400);
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, id), notBeingDeleted))
      .for("update");
    if (!row) throw notFound();
    await tx.update(companies).set({ status: false, updatedAt: new Date() }).where(eq(companies.id, id));
    await tx
      .insert(settings)
      .values({ companyId: id, key: DELETION_REQUESTED, value: new Date().toISOString() })
      .onConflictDoNothing({ target: [settings.companyId, settings.key] });
    const [record] = await presentCompanyRecords(tx, [row]);
    events.add(companyChanged("company.deleted", record, actorOf(caller)));
    return record;
  });
}
