import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Box, Button, Card, CardContent, Chip, Grid, LinearProgress, Stack, Typography } from "@mui/material";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { useTranslation } from "react-i18next";
import type { CampaignDetail } from "@balcao/common";
import { errorStatus } from "../../api/errors";
import { FullPageLoader } from "../../components/FullPageLoader";
import { PageContainer } from "../../components/PageContainer";
import { formatDateTime } from "../../i18n/format";
import { useCompanyEvent } from "../../realtime/socketContext";
import { campaignKey, fetchCampaign } from "./campaignsApi";
import type { CampaignEvent } from "./useCampaigns";
import { statusColor } from "./campaignStatus";

/** §4, §9: a campaign that finished is read again this long after its event, once its last sends are counted. */
export const FINISHED_RELOAD_MS = 5_000;
/** While it runs, its counts come with each contact's event; read again this often in case the socket dropped one. */
const RUNNING_REFRESH_MS = 60_000;

/** Delivered out of valid contacts, 0 to 100. */
export const deliveredPercent = (detail: Pick<CampaignDetail, "counts">) => (detail.counts.validContacts > 0 ? Math.min(100, Math.round((detail.counts.delivered / detail.counts.validContacts) * 100)) : 0);

function ReportCard({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" data-testid={testId} sx={{ overflowWrap: "anywhere" }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** /campaign/:campaignId/report: how far a campaign went, live (administration §2 "Report"). */
export function CampaignReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const campaignId = Number(useParams().campaignId);
  const report = useQuery({
    queryKey: campaignKey(campaignId),
    queryFn: () => fetchCampaign(campaignId),
    enabled: campaignId > 0,
    staleTime: 0,
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data?.status === "EM_ANDAMENTO" ? RUNNING_REFRESH_MS : false),
  });
  const [deleted, setDeleted] = useState(false);
  const finishTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(finishTimer.current), []);

  useCompanyEvent<CampaignEvent>("campaign", (event) => {
    if (event.action === "delete") {
      if (Number(event.id) === campaignId) setDeleted(true);
      return;
    }
    if (event.action === "progress") {
      if (event.campaignId === campaignId) queryClient.setQueryData<CampaignDetail>(campaignKey(campaignId), (old) => (old ? { ...old, counts: event.counts } : old));
      return;
    }
    if (event.record?.id !== campaignId) return;
    const { record } = event;
    // the record carries the campaign, not the counts: it shows at once, the counts are read again
    queryClient.setQueryData<CampaignDetail>(campaignKey(campaignId), (old) => (old ? { ...old, ...record, contactList: old.contactList } : old));
    if (record.status === "FINALIZADA") {
      window.clearTimeout(finishTimer.current);
      finishTimer.current = window.setTimeout(() => void report.refetch(), FINISHED_RELOAD_MS);
    } else void report.refetch();
  });

  const gone = deleted || errorStatus(report.error) === 404 || !(campaignId > 0);
  const detail = deleted ? undefined : report.data;
  const back = (
    <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate("/campaigns")} data-testid="campaign-report-back" sx={{ whiteSpace: "nowrap" }}>
      {t("common.back")}
    </Button>
  );
  const percent = detail ? deliveredPercent(detail) : 0;
  const none = t("campaigns.notSet");

  return (
    <PageContainer title={detail ? t("campaigns.report.title", { name: detail.name }) : t("campaigns.title")} actions={back}>
      {report.isPending && !gone && <FullPageLoader inline />}
      {(report.isError || gone) && (
        <Alert severity="warning" data-testid="campaign-report-error">
          {gone ? t("campaigns.report.gone") : t("common.loadFailed")}
        </Alert>
      )}
      {detail && (
        <Stack spacing={3} data-testid="campaign-report">
          <Box>
            <Stack direction="row" flexWrap="wrap" alignItems="center" gap={1} sx={{ mb: 1 }}>
              <Typography variant="subtitle1">{t("campaigns.columns.status")}:</Typography>
              <Chip color={statusColor(detail.status)} label={t(`campaigns.status.${detail.status}`)} data-testid="campaign-report-status" data-status={detail.status} />
            </Stack>
            <Typography variant="body1" data-testid="campaign-report-summary" sx={{ mb: 1 }}>
              {t("campaigns.report.delivered", { delivered: detail.counts.delivered, valid: detail.counts.validContacts })}
            </Typography>
            <Stack direction="row" alignItems="center" gap={1}>
              <LinearProgress variant="determinate" value={percent} sx={{ flex: 1, height: 10, borderRadius: 5 }} data-testid="campaign-report-progress" aria-valuenow={percent} />
              <Typography variant="body2" data-testid="campaign-report-percent">
                {percent}%
              </Typography>
            </Stack>
          </Box>
          <Grid container spacing={2}>
            {[
              { key: "validContacts", label: t("campaigns.report.validContacts"), value: detail.counts.validContacts },
              { key: "confirmationRequested", label: t("campaigns.report.confirmationRequested"), value: detail.counts.confirmationRequested },
              { key: "confirmed", label: t("campaigns.report.confirmed"), value: detail.counts.confirmed },
              { key: "delivered", label: t("campaigns.report.deliveredCard"), value: detail.counts.delivered },
              { key: "connection", label: t("campaigns.report.connection"), value: detail.whatsapp?.name ?? none },
              { key: "contactList", label: t("campaigns.report.contactList"), value: detail.contactList?.name ?? none },
              { key: "schedule", label: t("campaigns.report.schedule"), value: detail.scheduledAt ? formatDateTime(detail.scheduledAt) : t("campaigns.notScheduled") },
              { key: "completion", label: t("campaigns.report.completion"), value: detail.completedAt ? formatDateTime(detail.completedAt) : t("campaigns.notCompleted") },
              ...(detail.counts.failed > 0 ? [{ key: "failed", label: t("campaigns.report.failed"), value: detail.counts.failed }] : []),
              ...(detail.counts.optedOut > 0 ? [{ key: "optedOut", label: t("campaigns.report.optedOut"), value: detail.counts.optedOut }] : []),
            ].map((card) => (
              <Grid key={card.key} size={{ xs: 12, sm: 6, md: 3 }}>
                <ReportCard label={card.label} value={card.value} testId={`campaign-report-${card.key}`} />
              </Grid>
            ))}
          </Grid>
        </Stack>
      )}
    </PageContainer>
  );
}
