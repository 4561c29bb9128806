import type { AuditLogView } from "@balcao/common";
import type { auditLogs } from "../../db/schema";

type AuditLogRow = typeof auditLogs.$inferSelect;

/** An audit log row as admins read it; `companyName` is the company's name now, or as recorded when it is gone. */
export function presentAuditLog(row: AuditLogRow, currentCompanyName: string | null): AuditLogView {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: currentCompanyName ?? row.companyName,
    userId: row.userId,
    userName: row.userName,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    details: row.details,
    ip: row.ip,
    occurredAt: row.occurredAt.toISOString(),
  };
}
