import { and, eq } from "drizzle-orm";
import { DEFAULT_SETTINGS, TRIAL_DAYS, V, type CompanyBilling, type SignupBody } from "@balcao/common";
import type { Db } from "../../db/client";
import { companies, plans, settings, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { hashPassword } from "../auth/passwords";
import { addDays, today } from "./dueDate";
import { presentPlan } from "../plans/present";
import { billingOf } from "./present";
import { uniqueViolation } from "../../db/errors";
import { assertPlanAllowsOneMore } from "../plans/limits";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface NewCompany {
  name: string;
  email: string | null;
  phone: string | null;
  planId: number | null;
  dueDate: string | null;
  recurrence: string;
  settings?: Record<string, string>;
  billing?: Partial<CompanyBilling>;
}

/** Inserts a company with its default settings inside the caller's transaction. */
export async function insertCompany(tx: Tx, input: NewCompany) {
  const [company] = await tx
    .insert(companies)
    .values({ name: input.name, email: input.email, phone: input.phone, planId: input.planId, dueDate: input.dueDate, recurrence: input.recurrence, status: true, ...input.billing })
    .returning();
  const values = { ...DEFAULT_SETTINGS, ...input.settings };
  await tx.insert(settings).values(Object.entries(values).map(([key, value]) => ({ companyId: company.id, key, value })));
  return company;
}

export async function assertNameFree(db: Db | Tx, name: string) {
  const [taken] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (taken) throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", 400);
}

/**
 * Emails are unique on the whole platform. Taken within `companyId` it is ERR_EMAIL_ALREADY_EXISTS;
 * taken in another company the answer is that of any invalid email, so no other company's users show.
 */
export async function assertEmailFree(db: Db | Tx, email: string, within?: { companyId: number; exceptUserId?: number }) {
  const [taken] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, email));
  if (!taken || taken.id === within?.exceptUserId) return;
  if (within && taken.companyId !== within.companyId) throw new AppError("ERR_VALIDATION", 400, { field: "email", message: `email: ${V.invalidEmail}` });
  throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 400);
}

/** Public sign-up: a 3-day trial, monthly recurrence, campaigns on, and its first admin. */
export async function signUp(db: Db, body: SignupBody) {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, body.planId));
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 400);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      await assertNameFree(tx, body.name);
      await assertEmailFree(tx, body.email);
      const company = await insertCompany(tx, {
        name: body.name,
        email: body.email,
        phone: body.phone,
        planId: plan.id,
        dueDate: addDays(today(), TRIAL_DAYS),
        recurrence: "MENSAL",
        settings: { campaignsEnabled: "true" },
      });
      await assertPlanAllowsOneMore(tx, company.id, "users");
      await tx.insert(users).values({ companyId: company.id, name: body.userName ?? body.name, email: body.email, passwordHash, profile: "admin" });
      return company;
    });
  } catch (err) {
    // Two sign-ups racing for one name or email: the unique index decides.
    const violation = uniqueViolation(err);
    if (violation) throw new AppError(violation.constraint.includes("email") ? "ERR_EMAIL_ALREADY_EXISTS" : "ERR_COMPANY_NAME_ALREADY_EXISTS", 400);
    throw err;
  }
}

export function presentCompany(c: typeof companies.$inferSelect) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    status: c.status,
    dueDate: c.dueDate,
    recurrence: c.recurrence,
    planId: c.planId,
    ...billingOf(c),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function findCompanyWithPlan(db: Db, companyId: number) {
  const [row] = await db
    .select({ company: companies, plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(companies.id, companyId)));
  if (!row) return null;
  const { company, plan } = row;
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    status: company.status,
    dueDate: company.dueDate,
    createdAt: company.createdAt.toISOString(),
    plan: plan ? presentPlan(plan) : null,
  };
}
