import { TableCell, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { AuditLogView } from "@balcao/common";
import { PHONE_TITLE } from "../../components/phoneTable";
import { formatDateAs } from "../../i18n/format";
import { actionLabel, recordLabel } from "./auditLogsApi";

/** One act of the trail: when, (the company,) who, what, on which record, the details and the address. */
export function AuditLogRow({ row, showCompany }: { row: AuditLogView; showCompany: boolean }) {
  const { t } = useTranslation();
  const who = row.userName ?? (row.userId ? `#${row.userId}` : t("audit.nobody"));
  return (
    <TableRow hover data-testid={`audit-row-${row.id}`} data-action={row.action}>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <time dateTime={row.occurredAt}>{formatDateAs(row.occurredAt, "dateTimeSeconds")}</time>
      </TableCell>
      {showCompany && <TableCell data-testid={`audit-company-${row.id}`}>{row.companyName ?? "—"}</TableCell>}
      <TableCell data-testid={`audit-user-${row.id}`}>{who}</TableCell>
      {/* on phones the action heads the card */}
      <TableCell className={PHONE_TITLE} sx={{ order: { xs: -1, sm: 0 } }} data-testid={`audit-action-${row.id}`}>
        {actionLabel(row.action)}
      </TableCell>
      <TableCell data-testid={`audit-record-${row.id}`}>{recordLabel(row)}</TableCell>
      <TableCell sx={{ maxWidth: 320 }} data-testid={`audit-details-${row.id}`}>
        {row.summary}
      </TableCell>
      <TableCell>
        <Typography variant="caption" color="text.secondary" data-testid={`audit-ip-${row.id}`}>
          {row.ip ?? ""}
        </Typography>
      </TableCell>
    </TableRow>
  );
}
