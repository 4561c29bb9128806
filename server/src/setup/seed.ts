import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, helps, plans, users } from "../db/schema";
import { hashPassword } from "../modules/auth/passwords";
import { insertCompany } from "../modules/companies/service";
import { DEFAULT_HELPS } from "../modules/helps/defaults";

const PLATFORM_DUE_DATE = "2099-12-31";

export interface SeedResult {
  seeded: boolean;
  generatedPassword?: string;
}

/** First start only: plan "Plano 1", company 1 "Empresa 1", its super admin and the starting help videos. */
export async function seed(db: Db, opts: { adminEmail: string; adminPassword?: string }): Promise<SeedResult> {
  const [existing] = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing) return { seeded: false };
  const generatedPassword = opts.adminPassword ? undefined : crypto.randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(opts.adminPassword ?? generatedPassword!);
  const seeded = await db.transaction(async (tx) => {
    // Two processes starting on one empty database: the transaction-level lock lets one seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7240002)`);
    const [again] = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (again) return false;
    const [plan] = await tx.insert(plans).values({ name: "Plano 1", users: 10, connections: 10, queues: 10, value: 30 }).onConflictDoNothing().returning();
    const planId = plan?.id ?? (await tx.select({ id: plans.id }).from(plans).where(eq(plans.name, "Plano 1")))[0].id;
    // The platform owner's company never falls due; clients refuse a session whose company has no due date ahead.
    const company = await insertCompany(tx, { name: "Empresa 1", email: opts.adminEmail, phone: null, planId, dueDate: PLATFORM_DUE_DATE, recurrence: "MENSAL" });
    await tx.insert(users).values({ companyId: company.id, name: "Admin", email: opts.adminEmail, passwordHash, profile: "admin", super: true, allTicket: "enabled" });
    // once, with the first company: help videos the super user later deletes stay deleted
    await tx.insert(helps).values(DEFAULT_HELPS);
    return true;
  });
  return seeded ? { seeded: true, generatedPassword } : { seeded: false };
}
