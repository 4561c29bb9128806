import type { AuditLogFilterOptions, AuditLogsPage, AuditLogView } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";
import { translateDynamic } from "../../i18n/dynamic";

/** The page's filters as the fields hold them ("" for none). */
export interface AuditFilter {
  companyId: string;
  userId: string;
  action: string;
  dateFrom: string;
  dateTo: string;
}

export const NO_FILTER: AuditFilter = { companyId: "", userId: "", action: "", dateFrom: "", dateTo: "" };

/** The list's cache key; the filters and the search, as one JSON text, end it. */
export const AUDIT_LOGS_KEY = ["auditLogs", "page"] as const;

/** `query` is the JSON of the filters and the search (the paged list keys its cache by it). */
export async function fetchAuditLogsPage(query: string, pageNumber: number): Promise<ListPage<AuditLogView>> {
  const { search, ...filter } = JSON.parse(query) as AuditFilter & { search: string };
  const params: Record<string, string | number> = { pageNumber };
  for (const [name, value] of Object.entries(filter)) if (value) params[name] = value;
  if (search) params.searchParam = search;
  const { data } = await api.get<AuditLogsPage>("/audit-logs", { params });
  return { items: data.auditLogs, count: data.count, hasMore: data.hasMore };
}

export async function fetchAuditFilterOptions(companyId: string): Promise<AuditLogFilterOptions> {
  const { data } = await api.get<AuditLogFilterOptions>("/audit-logs/filters", { params: companyId ? { companyId } : {} });
  return data;
}

/** `user.updated` → its family, `user`. */
export const familyOf = (action: string) => action.split(".")[0];

/** An action in the reader's language; an action without a translation shows as it is. */
export const actionLabel = (action: string) => translateDynamic(`audit.actions.${action}`, action);
export const familyLabel = (family: string) => translateDynamic(`audit.families.${family}`, family);

/** The record a row is about: "Usuário #12", or the type alone. */
export function recordLabel(row: Pick<AuditLogView, "entityType" | "entityId">): string {
  if (!row.entityType) return "";
  const type = translateDynamic(`audit.entities.${row.entityType}`, row.entityType);
  return row.entityId ? `${type} #${row.entityId}` : type;
}
