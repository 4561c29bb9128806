import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ServiceReportRow } from "./reportsApi";
import { formatSeconds, formatShare } from "./reportFormat";

interface Props {
  rows: { name: string; row: ServiceReportRow }[];
  totals: ServiceReportRow;
}

const COLUMNS = ["conversations", "resolved", "firstResponseAvg", "firstResponseMedian", "firstResponseP90", "resolutionAvg", "resolutionMedian", "resolutionP90", "ratings", "ratedShare", "averageRating"] as const;

/** The report's table: one line per group, the total last; scrolls sideways on narrow screens, the group column staying in view. */
export function ServiceReportTable({ rows, totals }: Props) {
  const { t } = useTranslation();
  const cells = (row: ServiceReportRow) => [
    row.conversations,
    row.resolved,
    formatSeconds(row.firstResponse.avgSeconds, t),
    formatSeconds(row.firstResponse.medianSeconds, t),
    formatSeconds(row.firstResponse.p90Seconds, t),
    formatSeconds(row.resolution.avgSeconds, t),
    formatSeconds(row.resolution.medianSeconds, t),
    formatSeconds(row.resolution.p90Seconds, t),
    `${row.ratings[1]} / ${row.ratings[2]} / ${row.ratings[3]}`,
    formatShare(row.ratedShare),
    row.averageRating === null ? "—" : row.averageRating.toFixed(2),
  ];
  const sticky = { position: "sticky", left: 0, bgcolor: "background.paper", zIndex: 1, minWidth: 120 } as const;
  const line = (name: string, row: ServiceReportRow, testId: string, bold = false) => (
    <TableRow key={testId} data-testid={testId} hover>
      <TableCell component="th" scope="row" sx={{ ...sticky, fontWeight: bold ? 700 : undefined }}>
        {name}
      </TableCell>
      {cells(row).map((value, i) => (
        <TableCell key={COLUMNS[i]} align="right" sx={{ whiteSpace: "nowrap", fontWeight: bold ? 700 : undefined }}>
          {value}
        </TableCell>
      ))}
    </TableRow>
  );

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: "auto" }} data-testid="reports-table">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={sticky}>{t("reports.columns.group")}</TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c} align="right" sx={{ whiteSpace: "nowrap" }}>
                {t(`reports.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ name, row }, i) => line(name, row, `reports-row-${i}`))}
          {line(t("reports.columns.total"), totals, "reports-row-total", true)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
