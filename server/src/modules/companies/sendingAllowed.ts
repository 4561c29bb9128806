import { eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";
import { AppError } from "../../http/errors";
import { isCompanyExpired, today } from "./dueDate";

/** A company past its due date (or inactive) sends nothing: 402, as its users' logins are refused. */
export const companyExpired = (dueDate: string | null) => new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate });

/** Why a company may not sign in nor send: deactivated by the super user, or past its due date. */
export const companyRefused = (company: { dueDate: string | null; status: boolean }) => (company.status ? companyExpired(company.dueDate) : new AppError("ERR_COMPANY_INACTIVE", 402));

/** Throws `companyExpired` unless the company may send now. */
export async function assertMaySend(db: Db, companyId: number, now = new Date()) {
  const [company] = await db.select({ dueDate: companies.dueDate, status: companies.status }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw companyExpired(null);
  if (isCompanyExpired(company, now)) throw companyRefused(company);
}

/** `isCompanyExpired` of the company `companyId` as an SQL boolean (a company without a due date never expires). */
export const companyExpiredSql = (companyId: SQLWrapper, now = new Date()) =>
  sql`coalesce((select not co.status or coalesce(co.due_date < ${today(now)}::date, false) from companies co where co.id = ${companyId}), true)`;
