import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { companies, dashboardDays, settings, ticketCounts, whatsapps } from "../db/schema";
import { DELETION_REQUESTED } from "../modules/companies/present";

/** Companies marked for deletion (DELETE /companies/:id), oldest request first. */
export async function companiesToDelete(ctx: AppContext): Promise<number[]> {
  const rows = await ctx.db.select({ companyId: settings.companyId }).from(settings).where(eq(settings.key, DELETION_REQUESTED)).orderBy(settings.value);
  return rows.map((r) => r.companyId);
}

/**
 * Removes a company marked for deletion with everything it owns: its connections' sessions let go,
 * every row (company data cascades from the company; the counters have no key and go by hand),
 * and its media files. Idempotent: a company already gone, or not marked, is left as it is.
 * Answers whether this call deleted it.
 */
export async function deleteCompanyData(ctx: AppContext, companyId: number): Promise<boolean> {
  const [marked] = await ctx.db
    .select({ id: settings.id })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, DELETION_REQUESTED)));
  if (!marked) return false;
  const connections = await ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
  for (const { id } of connections) await ctx.channels.forget(id);
  await ctx.media.removeCompany(companyId);
  const deleted = await ctx.db.transaction(async (tx) => {
    // one deletion at a time: a second run waits here, then finds nothing
    const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    if (!row) return false;
    await tx.delete(companies).where(eq(companies.id, companyId));
    await tx.delete(ticketCounts).where(eq(ticketCounts.companyId, companyId));
    await tx.delete(dashboardDays).where(eq(dashboardDays.companyId, companyId));
    return true;
  });
  // a file saved by a message that arrived meanwhile
  await ctx.media.removeCompany(companyId);
  if (deleted) ctx.log?.info({ companyId }, "company deleted");
  return deleted;
}

/** Deletes every company marked for deletion; a failure of one leaves it marked for the next sweep. */
export async function deleteMarkedCompanies(ctx: AppContext, only?: number[]) {
  const ids = only ?? (await companiesToDelete(ctx));
  let deleted = 0;
  let failed = 0;
  for (const id of ids) {
    try {
      if (await deleteCompanyData(ctx, id)) deleted++;
    } catch (err) {
      failed++;
      ctx.log?.error({ err, companyId: id }, "company deletion failed; retried by the next sweep");
    }
  }
  return { deleted, failed };
}
