import { useCallback, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import axios from "axios";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from "@mui/material";
import type { CampaignRecord, ErrorBody } from "@balcao/common";
import { channelPauseSeconds } from "@balcao/common";
import { toastError } from "../../api/errors";
import { FullPageLoader } from "../../components/FullPageLoader";
import { CampaignAttachment } from "./CampaignAttachment";
import { CampaignFields } from "./CampaignFields";
import { campaignFormValues, campaignPayload, type CampaignFormValues } from "./campaignForm";
import { CampaignMessages } from "./CampaignMessages";
import { TemplateChoice } from "../../components/TemplateChoice";
import type { TemplateChoiceValue } from "../../components/templateChoiceValues";
import { campaignKey, deleteCampaignMedia, fetchCampaign, saveCampaign, uploadCampaignMedia } from "./campaignsApi";
import { isCampaignEditable } from "./campaignStatus";
import { PaceWarningDialog, type PaceWarning } from "./PaceWarningDialog";
import { useCampaignOptions } from "./useCampaignOptions";

const FORM_FIELDS = Object.keys(campaignFormValues(null)) as (keyof CampaignFormValues)[];

interface CampaignDialogProps {
  open: boolean;
  /** null: a new campaign. */
  campaignId: number | null;
  onClose(): void;
  onSaved(record: CampaignRecord): void;
}

/** Adds or edits a campaign (administration §2, §4): read-only once it may no longer change. */
export function CampaignDialog({ open, campaignId, onClose, onSaved }: CampaignDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const editing = campaignId !== null;
  const record = useQuery({ queryKey: campaignKey(campaignId ?? 0), queryFn: () => fetchCampaign(campaignId!), enabled: open && editing, staleTime: 0 });
  const { options, pace, loading: optionsLoading, failed: optionsFailed } = useCampaignOptions(open);
  const { register, control, handleSubmit, reset, setError, watch, setValue, formState } = useForm<CampaignFormValues>({ defaultValues: campaignFormValues(null) });
  // a Cloud API connection sends an approved template instead of the messages
  const chosenConnection = options.connections.find((c) => String(c.id) === watch("whatsappId"));
  const cloudId = chosenConnection?.channel === "cloud" ? chosenConnection.id : null;
  const chooseTemplate = useCallback(
    (choice: TemplateChoiceValue) => {
      setValue("templateKey", choice.key);
      setValue("templateVariables", choice.variables);
    },
    [setValue],
  );
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [removeSaved, setRemoveSaved] = useState(false);
  const [warning, setWarning] = useState<PaceWarning | null>(null);

  const current = editing ? (record.data ?? null) : null;
  useEffect(() => {
    if (!open) return;
    reset(campaignFormValues(current));
    setPendingFile(null);
    setRemoveSaved(false);
    setWarning(null);
  }, [open, current, reset]);

  const save = useMutation({
    meta: { silent: true },
    mutationFn: async (values: CampaignFormValues) => {
      let saved = await saveCampaign(campaignId, campaignPayload(values, cloudId !== null));
      if (removeSaved && saved.mediaName) saved = await deleteCampaignMedia(saved.id);
      if (pendingFile) saved = await uploadCampaignMedia(saved.id, pendingFile);
      return saved;
    },
    onSuccess: (saved) => {
      toast.success(t("campaigns.saved"));
      onSaved(saved);
      onClose();
    },
    onError: (err) => {
      const body = axios.isAxiosError<ErrorBody>(err) ? err.response?.data : undefined;
      const named = body?.field ?? "";
      // the template's own fields (template, template.variables…) show under its select
      const field = (named.startsWith("template") ? "templateKey" : named) as keyof CampaignFormValues;
      if (err && axios.isAxiosError(err) && err.response?.status === 400 && named && FORM_FIELDS.includes(field)) {
        const message = body?.message ?? "";
        setError(field, { message: message.startsWith(`${named}: `) ? message.slice(named.length + 2) : message });
        return;
      }
      toastError(err);
    },
  });

  const submit = (values: CampaignFormValues) => {
    const connection = options.connections.find((c) => String(c.id) === values.whatsappId);
    if (!warning && connection?.channel === "baileys" && values.scheduledAt && pace) {
      const list = options.contactLists.find((l) => String(l.id) === values.contactListId);
      // the pace the sender keeps: the settings', or the channel's floor where that is slower
      const kept = { ...pace, messageInterval: channelPauseSeconds(pace.messageInterval, "baileys"), greaterInterval: channelPauseSeconds(pace.greaterInterval, "baileys") };
      setWarning({ values, contacts: list?.contactsCount ?? 0, pace: kept });
      return;
    }
    setWarning(null);
    save.mutate(values);
  };

  const loading = (editing && record.isPending) || optionsLoading;
  const failed = (editing && record.isError) || optionsFailed;
  const editable = isCampaignEditable(current);
  const readOnly = !loading && !failed && !editable;
  const confirmation = watch("confirmation") === "true";
  const title = !editing ? t("campaigns.dialog.addTitle") : readOnly ? t("campaigns.dialog.viewTitle") : t("campaigns.dialog.editTitle");

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} data-testid="campaign-dialog">
      <DialogTitle>{title}</DialogTitle>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent dividers>
          {loading && <FullPageLoader inline />}
          {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
          {!loading && !failed && (
            <Stack spacing={2}>
              {readOnly && (
                <Alert severity="info" data-testid="campaign-read-only">
                  {t("campaigns.dialog.readOnly")}
                </Alert>
              )}
              <CampaignFields control={control} register={register} errors={formState.errors} options={options} disabled={readOnly} />
              {cloudId !== null && (
                <TemplateChoice
                  whatsappId={cloudId}
                  value={{ key: watch("templateKey"), variables: watch("templateVariables") }}
                  onChange={chooseTemplate}
                  disabled={readOnly}
                  error={formState.errors.templateKey?.message}
                  intro={t("campaigns.template.intro")}
                  variableHint={t("campaigns.template.variableHint")}
                  testId="campaign"
                />
              )}
              <CampaignMessages register={register} errors={formState.errors} confirmation={confirmation} disabled={readOnly} />
              <CampaignAttachment
                savedName={removeSaved ? null : (current?.mediaName ?? null)}
                pending={pendingFile}
                disabled={readOnly}
                onPick={(file) => setPendingFile(file)}
                onRemove={() => (pendingFile ? setPendingFile(null) : setRemoveSaved(true))}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="campaign-cancel">
            {readOnly ? t("campaigns.dialog.close") : t("common.cancel")}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={loading || failed || save.isPending} data-testid="campaign-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {save.isPending ? t("common.saving") : t("common.save")}
            </Button>
          )}
        </DialogActions>
      </form>
      <PaceWarningDialog warning={warning} onCancel={() => setWarning(null)} onConfirm={() => warning && submit(warning.values)} />
    </Dialog>
  );
}
