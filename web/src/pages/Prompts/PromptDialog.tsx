import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { PROMPT_DEFAULTS, promptBody, type PromptBody, type PromptFormInput, type PromptRecord } from "@balcao/common";
import { FullPageLoader } from "../../components/FullPageLoader";
import { fieldError, muiRegister } from "../../components/formFields";
import { fetchQueues } from "../../api/resources";
import { queryKeys } from "../../api/queryKeys";
import { PromptModelFields } from "./PromptModelFields";
import { fetchPrompt, savePrompt } from "./promptsApi";

interface Props {
  open: boolean;
  /** null: a new prompt. */
  promptId: number | null;
  onClose(): void;
  onSaved(record: PromptRecord): void;
}

const EMPTY: PromptFormInput = {
  name: "",
  prompt: "",
  queueId: "" as unknown as number,
  maxTokens: PROMPT_DEFAULTS.maxTokens,
  temperature: PROMPT_DEFAULTS.temperature,
  maxMessages: PROMPT_DEFAULTS.maxMessages,
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: "",
  voiceRegion: "",
  apiKey: "",
  baseUrl: "",
  model: "",
};

/** The form of a stored prompt: its keys stay on the server (left empty, they are kept). */
const formOf = (r: PromptRecord): PromptFormInput => ({
  ...EMPTY,
  name: r.name,
  prompt: r.prompt,
  queueId: r.queueId ?? ("" as unknown as number),
  maxTokens: r.maxTokens,
  temperature: r.temperature,
  maxMessages: r.maxMessages,
  voice: r.voice as PromptFormInput["voice"],
  voiceRegion: r.voiceRegion ?? "",
  baseUrl: r.baseUrl ?? "",
  model: r.model ?? "",
});

/** Adds or edits an AI prompt with every field of the spec and its defaults (administration §3, §9). */
export function PromptDialog({ open, promptId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = promptId !== null;
  const record = useQuery({ queryKey: ["prompts", "record", promptId], queryFn: () => fetchPrompt(promptId!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const queues = useQuery({ queryKey: queryKeys.queues, queryFn: fetchQueues, enabled: open, meta: { silent: true } });
  const { register, control, handleSubmit, reset, formState } = useForm<PromptFormInput, unknown, PromptBody>({ resolver: zodResolver(promptBody), defaultValues: EMPTY });

  useEffect(() => {
    if (open) reset(editing && record.data ? formOf(record.data) : EMPTY);
  }, [open, editing, record.data, reset]);

  const save = useMutation({
    mutationFn: (body: PromptFormInput) => savePrompt(promptId, body),
    onSuccess: (saved) => {
      toast.success(t("prompts.saved"));
      onSaved(saved);
      onClose();
    },
  });

  const loading = editing && record.isPending;
  const failed = editing && record.isError;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="prompt-dialog">
      <DialogTitle>{editing ? t("prompts.dialog.editTitle") : t("prompts.dialog.addTitle")}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((body) => save.mutate(body as PromptFormInput))}>
        <DialogContent dividers>
          {loading && <FullPageLoader inline />}
          {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
          {!loading && !failed && (
            <Stack spacing={2}>
              <TextField
                {...muiRegister(register("name"))}
                label={t("prompts.dialog.name")}
                size="small"
                fullWidth
                autoFocus
                {...fieldError(formState.errors.name)}
                slotProps={{ htmlInput: { "data-testid": "prompt-name" } }}
              />
              <TextField
                {...muiRegister(register("prompt"))}
                label={t("prompts.dialog.prompt")}
                size="small"
                fullWidth
                multiline
                minRows={5}
                maxRows={14}
                {...fieldError(formState.errors.prompt, t("prompts.dialog.promptHint"))}
                slotProps={{ htmlInput: { "data-testid": "prompt-text" } }}
              />
              <Controller
                name="queueId"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t("prompts.dialog.queue")}
                    size="small"
                    fullWidth
                    value={field.value ?? ""}
                    onChange={(e) => field.onChange(e.target.value === "" ? "" : Number(e.target.value))}
                    {...fieldError(formState.errors.queueId)}
                    slotProps={{ select: { SelectDisplayProps: { "data-testid": "prompt-queue" } as object } }}
                  >
                    {(queues.data ?? []).map((q) => (
                      <MenuItem key={q.id} value={q.id} data-testid={`prompt-queue-${q.id}`}>
                        {q.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <PromptModelFields register={register} control={control} errors={formState.errors} stored={record.data ?? null} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
          <Button onClick={onClose} data-testid="prompt-cancel">
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || failed || save.isPending} data-testid="prompt-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {save.isPending ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
