import { useState } from "react";
import { TableCell, TableRow } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AuditLogView } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { usePagedList } from "../../hooks/usePagedList";
import { AuditLogFilters } from "./AuditLogFilters";
import { AuditLogRow } from "./AuditLogRow";
import { AUDIT_LOGS_KEY, fetchAuditFilterOptions, fetchAuditLogsPage, NO_FILTER, type AuditFilter } from "./auditLogsApi";

/** /audit-logs (admins): who did what to which record, when and from where; a super user sees every company's. */
export function AuditLogsPage() {
  const { t } = useTranslation();
  const showCompany = useSessionUser().super;
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const dateToInvalid = Boolean(filter.dateFrom && filter.dateTo && filter.dateTo < filter.dateFrom);
  const sent = { ...filter, dateTo: dateToInvalid ? "" : filter.dateTo, search };
  const list = usePagedList<AuditLogView>({ baseKey: AUDIT_LOGS_KEY, search: JSON.stringify(sent), fetchPage: fetchAuditLogsPage });
  const options = useQuery({ queryKey: ["auditLogs", "filters", filter.companyId], queryFn: () => fetchAuditFilterOptions(filter.companyId) });
  const columns = showCompany ? 7 : 6;

  return (
    <PageContainer title={t("audit.title")} subtitle={t("audit.subtitle")} actions={<ListSearchField value={searchText} onChange={setSearchText} label={t("audit.search")} testId="audit-search" />}>
      <AuditLogFilters filter={filter} onChange={setFilter} options={options.data} showCompany={showCompany} dateToInvalid={dateToInvalid} />
      <PagedTable
        testId="audit-logs-list"
        columns={columns}
        head={
          <TableRow>
            <TableCell>{t("audit.columns.when")}</TableCell>
            {showCompany && <TableCell>{t("audit.columns.company")}</TableCell>}
            <TableCell>{t("audit.columns.who")}</TableCell>
            <TableCell>{t("audit.columns.action")}</TableCell>
            <TableCell>{t("audit.columns.record")}</TableCell>
            <TableCell>{t("audit.columns.details")}</TableCell>
            <TableCell>{t("audit.columns.ip")}</TableCell>
          </TableRow>
        }
        list={list}
        emptyText={t("audit.empty")}
        loadingMoreText={t("audit.loadingMore")}
      >
        {list.items.map((row) => (
          <AuditLogRow key={row.id} row={row} showCompany={showCompany} />
        ))}
      </PagedTable>
    </PageContainer>
  );
}
