import { useState } from "react";
import { Alert, Box, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import { DayField } from "../../components/dates/DateFields";
import { ReportExportButtons } from "./ReportExportButtons";
import { formatSeconds, quickRange } from "./reportFormat";

interface SlaTarget {
  met: number;
  breached: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
}
interface SlaRow {
  day: string;
  queue: { id: number; name: string | null } | null;
  user: { id: number; name: string | null } | null;
  cycles: number;
  firstResponse: SlaTarget;
  resolution: SlaTarget;
}
interface SlaReportData {
  timeZone: string;
  from: string;
  to: string;
  rows: SlaRow[];
}

async function fetchSlaReport(params: { from: string; to: string }): Promise<SlaReportData> {
  const { data } = await api.get<SlaReportData>("/reports/sla", { params });
  return data;
}

/**
 * The SLA report: per queue, attendant and day, the first-response and resolution targets met and
 * missed with median and p90 times. The period comes from the props, or its own pickers (last 30 days).
 */
export function SlaReport(props: { from?: string; to?: string }) {
  const { t } = useTranslation();
  const [own, setOwn] = useState(() => quickRange(30));
  const range = props.from && props.to ? { from: props.from, to: props.to } : own;
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const query = useQuery({ queryKey: ["reports", "sla", range], queryFn: () => fetchSlaReport(range), enabled: valid, placeholderData: (previous) => previous });
  const rows = query.data?.rows ?? [];
  const seconds = (s: number | null) => formatSeconds(s, t);
  const target = (x: SlaTarget) => [x.met, x.breached, seconds(x.medianSeconds), seconds(x.p90Seconds)];

  return (
    <Box data-testid="sla-report">
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} alignItems={{ sm: "center" }} justifyContent="space-between">
          {!(props.from && props.to) && (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
              <DayField size="small" label={t("sla.report.from")} value={own.from} onChange={(from) => setOwn((r) => ({ ...r, from }))} testId="sla-report-from" />
              <DayField size="small" label={t("sla.report.to")} value={own.to} onChange={(to) => setOwn((r) => ({ ...r, to }))} testId="sla-report-to" />
            </Stack>
          )}
          <ReportExportButtons path="/reports/sla" params={range} disabled={!valid || !query.data} />
        </Stack>
      </Paper>
      {query.isPending && valid && <CircularProgress size={24} />}
      {query.data && rows.length === 0 && <Alert severity="info">{t("sla.report.empty")}</Alert>}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: "auto" }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell rowSpan={2}>{t("sla.report.queue")}</TableCell>
                <TableCell rowSpan={2}>{t("sla.report.attendant")}</TableCell>
                <TableCell rowSpan={2}>{t("sla.report.day")}</TableCell>
                <TableCell rowSpan={2} align="right">
                  {t("sla.report.cycles")}
                </TableCell>
                <TableCell colSpan={4} align="center">
                  {t("sla.firstResponse")}
                </TableCell>
                <TableCell colSpan={4} align="center">
                  {t("sla.resolution")}
                </TableCell>
              </TableRow>
              <TableRow>
                {[0, 1].flatMap((i) =>
                  (["met", "breached", "median", "p90"] as const).map((k) => (
                    <TableCell key={`${i}-${k}`} align="right">
                      {t(`sla.report.${k}`)}
                    </TableCell>
                  )),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={`${r.queue?.id ?? "-"}-${r.user?.id ?? "-"}-${r.day}`} data-testid="sla-report-row">
                  <TableCell>{r.queue ? (r.queue.name ?? `#${r.queue.id}`) : t("sla.report.noQueue")}</TableCell>
                  <TableCell>{r.user ? (r.user.name ?? `#${r.user.id}`) : t("sla.report.noAttendant")}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{r.day}</TableCell>
                  <TableCell align="right">{r.cycles}</TableCell>
                  {[...target(r.firstResponse), ...target(r.resolution)].map((v, i) => (
                    <TableCell key={i} align="right" sx={{ whiteSpace: "nowrap", color: i % 4 === 1 && Number(v) > 0 ? "error.main" : undefined }}>
                      {v}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
