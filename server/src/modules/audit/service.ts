import { and, count, desc, eq, gte, ilike, isNotNull, like, lt, or, sql, type SQL } from "drizzle-orm";
import { AUDIT_LOGS_PAGE_SIZE, type AuditLogFilterOptions, type AuditLogsPage, type AuditLogsQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { auditLogs, companies } from "../../db/schema";
import { containsPattern } from "../../db/like";
import { authorize } from "../../policies";
import { startOfDay, startOfNextDay } from "../dashboard/period";
import { presentAuditLog } from "./present";

/** Which rows the caller may read: a super user every company's (or the one asked for), an admin their own. */
function scopeOf(caller: Caller, companyId: number | undefined): SQL | undefined {
  if (caller.super) return companyId ? eq(auditLogs.companyId, companyId) : undefined;
  authorize(caller, "audit-logs:view");
  return eq(auditLogs.companyId, caller.companyId);
}

function filtersOf(query: AuditLogsQuery): (SQL | undefined)[] {
  const { action, searchParam } = query;
  const pattern = searchParam ? containsPattern(searchParam) : undefined;
  return [
    query.userId ? eq(auditLogs.userId, query.userId) : undefined,
    // the schema lets only letters and one dot through: no LIKE wildcard can come in
    action ? (action.endsWith(".") ? like(auditLogs.action, `${action}%`) : eq(auditLogs.action, action)) : undefined,
    query.dateFrom ? gte(auditLogs.occurredAt, startOfDay(query.dateFrom)) : undefined,
    query.dateTo ? lt(auditLogs.occurredAt, startOfNextDay(query.dateTo)) : undefined,
    pattern ? or(ilike(auditLogs.entityType, pattern), ilike(auditLogs.entityId, pattern), ilike(auditLogs.summary, pattern), ilike(auditLogs.userName, pattern), ilike(auditLogs.ip, pattern)) : undefined,
  ];
}

/** The audit log, newest first, a page at a time, filtered; admins read their company's, super users everyone's. */
export async function listAuditLogs(ctx: AppContext, caller: Caller, query: AuditLogsQuery): Promise<AuditLogsPage> {
  const where = and(scopeOf(caller, query.companyId), ...filtersOf(query));
  const limit = AUDIT_LOGS_PAGE_SIZE;
  const offset = (query.pageNumber - 1) * limit;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ row: auditLogs, companyName: companies.name })
      .from(auditLogs)
      .leftJoin(companies, eq(companies.id, auditLogs.companyId))
      .where(where)
      .orderBy(desc(auditLogs.occurredAt), desc(auditLogs.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return { auditLogs: rows.map((r) => presentAuditLog(r.row, r.companyName)), count: total, hasMore: total > offset + rows.length };
}

/** The users the caller's visible trail names (deleted ones too), and for a super user its companies. */
export async function auditLogFilterOptions(ctx: AppContext, caller: Caller, companyId: number | undefined): Promise<AuditLogFilterOptions> {
  const scope = scopeOf(caller, companyId);
  const users = await ctx.db
    .selectDistinctOn([auditLogs.userId], { id: auditLogs.userId, name: auditLogs.userName })
    .from(auditLogs)
    .where(and(scope, isNotNull(auditLogs.userId)))
    .orderBy(auditLogs.userId, desc(auditLogs.occurredAt));
  const companyRows = caller.super
    ? await ctx.db
        .selectDistinctOn([auditLogs.companyId], { id: auditLogs.companyId, name: sql<string>`coalesce(${companies.name}, ${auditLogs.companyName})` })
        .from(auditLogs)
        .leftJoin(companies, eq(companies.id, auditLogs.companyId))
        .where(isNotNull(auditLogs.companyId))
        .orderBy(auditLogs.companyId, desc(auditLogs.occurredAt))
    : [];
  const byName = (x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name);
  return {
    users: users.map((u) => ({ id: u.id!, name: u.name ?? `#${u.id}` })).sort(byName),
    companies: companyRows.map((c) => ({ id: c.id!, name: c.name ?? `#${c.id}` })).sort(byName),
  };
}
