import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { LONGER_INTERVAL_CHOICES, MESSAGE_INTERVAL_CHOICES, type CampaignSettings } from "@balcao/common";
import { PageContainer } from "../../components/PageContainer";
import { CAMPAIGN_SETTINGS_KEY, fetchCampaignSettings, saveCampaignSettings } from "./campaignSettingsApi";
import { IntervalSelect } from "./IntervalSelect";
import { VariablesEditor } from "./VariablesEditor";
import { OptOutWordsEditor } from "./OptOutWordsEditor";

/** /campaigns-config: the company's campaign pacing and variables (administration §2 Campaigns, §9). */
export function CampaignSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey: CAMPAIGN_SETTINGS_KEY, queryFn: fetchCampaignSettings });
  const [draft, setDraft] = useState<CampaignSettings | null>(null);
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);

  const save = useMutation({
    mutationFn: saveCampaignSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(CAMPAIGN_SETTINGS_KEY, saved);
      toast.success(t("campaignSettings.saved"));
    },
  });

  const seconds = (n: number, none: string) => (n === 0 ? none : t("campaignSettings.seconds", { count: n }));
  const set = <K extends keyof CampaignSettings>(key: K, value: CampaignSettings[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));
  const changed = !!draft && !!stored.data && JSON.stringify(draft) !== JSON.stringify(stored.data);

  return (
    <PageContainer title={t("campaignSettings.title")} maxWidth={960}>
      {stored.isError ? (
        <Alert severity="error" action={<Button onClick={() => void stored.refetch()}>{t("common.retry")}</Button>}>
          {t("common.loadFailed")}
        </Alert>
      ) : !draft ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      ) : (
        <Stack spacing={2} component="form" noValidate data-testid="campaign-settings" onSubmit={(e) => (e.preventDefault(), save.mutate(draft))}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="subtitle1" fontWeight={600}>
              {t("campaignSettings.intervalsTitle")}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t("campaignSettings.intervalsHint")}
            </Typography>
            <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
              <IntervalSelect
                name="messageInterval"
                label={t("campaignSettings.messageInterval")}
                value={draft.messageInterval}
                choices={MESSAGE_INTERVAL_CHOICES}
                labelOf={(n) => seconds(n, t("campaignSettings.noInterval"))}
                disabled={save.isPending}
                onChange={(v) => set("messageInterval", v)}
              />
              <IntervalSelect
                name="longerIntervalAfter"
                label={t("campaignSettings.longerIntervalAfter")}
                value={draft.longerIntervalAfter}
                choices={LONGER_INTERVAL_CHOICES}
                labelOf={(n) => (n === 0 ? t("campaignSettings.notSet") : t("campaignSettings.messages", { count: n }))}
                disabled={save.isPending}
                onChange={(v) => set("longerIntervalAfter", v)}
              />
              <IntervalSelect
                name="greaterInterval"
                label={t("campaignSettings.greaterInterval")}
                value={draft.greaterInterval}
                choices={LONGER_INTERVAL_CHOICES}
                labelOf={(n) => seconds(n, t("campaignSettings.noInterval"))}
                disabled={save.isPending}
                onChange={(v) => set("greaterInterval", v)}
              />
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="subtitle1" fontWeight={600}>
              {t("campaignSettings.variablesTitle")}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t("campaignSettings.variablesHint")}
            </Typography>
            <VariablesEditor variables={draft.variables} disabled={save.isPending} onChange={(v) => set("variables", v)} />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="subtitle1" fontWeight={600}>
              {t("campaignSettings.optOutTitle")}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t("campaignSettings.optOutHint")}
            </Typography>
            <OptOutWordsEditor words={draft.optOutWords} disabled={save.isPending} onChange={(v) => set("optOutWords", v)} />
          </Paper>
          <Stack direction="row" alignItems="center" justifyContent="flex-end" spacing={2}>
            {changed && (
              <Typography variant="body2" color="text.secondary" data-testid="campaign-settings-unsaved">
                {t("campaignSettings.unsaved")}
              </Typography>
            )}
            <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="campaign-settings-save">
              {save.isPending ? t("common.saving") : t("common.save")}
            </Button>
          </Stack>
        </Stack>
      )}
    </PageContainer>
  );
}
