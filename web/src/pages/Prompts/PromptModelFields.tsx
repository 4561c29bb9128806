import { Controller, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MenuItem, Stack, TextField } from "@mui/material";
import { PROMPT_VOICES, type PromptFormInput, type PromptRecord } from "@balcao/common";
import { fieldError, muiRegister } from "../../components/formFields";

interface Props {
  register: UseFormRegister<PromptFormInput>;
  control: Control<PromptFormInput>;
  errors: FieldErrors<PromptFormInput>;
  /** The prompt as stored, when editing: its keys are shown by their last 4 characters only. */
  stored: PromptRecord | null;
}

/** A voice's label: 'Texto' or the voice's own name (pt-BR-FranciscaNeural → Francisca). */
const voiceName = (voice: string) => voice.replace(/^pt-BR-/, "").replace(/Neural$/, "");

/** The model's settings, its key and endpoint, and the voice that speaks its replies. */
export function PromptModelFields({ register, control, errors, stored }: Props) {
  const { t } = useTranslation();
  const keyHint = (last4: string | null | undefined) => (last4 ? t("prompts.dialog.keyStored", { last4 }) : undefined);
  return (
    <>
      <TextField
        {...muiRegister(register("apiKey"))}
        type="password"
        autoComplete="off"
        label={t("prompts.dialog.apiKey")}
        size="small"
        fullWidth
        {...fieldError(errors.apiKey, keyHint(stored?.apiKey))}
        slotProps={{ htmlInput: { "data-testid": "prompt-api-key" } }}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          {...muiRegister(register("baseUrl"))}
          label={t("prompts.dialog.baseUrl")}
          placeholder="https://api.openai.com/v1"
          size="small"
          fullWidth
          {...fieldError(errors.baseUrl, t("prompts.dialog.baseUrlHint"))}
          slotProps={{ htmlInput: { "data-testid": "prompt-base-url" } }}
        />
        <TextField
          {...muiRegister(register("model"))}
          label={t("prompts.dialog.model")}
          placeholder="gpt-4o-mini"
          size="small"
          fullWidth
          {...fieldError(errors.model)}
          slotProps={{ htmlInput: { "data-testid": "prompt-model" } }}
        />
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          {...muiRegister(register("maxTokens"))}
          type="number"
          label={t("prompts.dialog.maxTokens")}
          size="small"
          fullWidth
          {...fieldError(errors.maxTokens)}
          slotProps={{ htmlInput: { "data-testid": "prompt-max-tokens", min: 1 } }}
        />
        <TextField
          {...muiRegister(register("temperature"))}
          type="number"
          label={t("prompts.dialog.temperature")}
          size="small"
          fullWidth
          {...fieldError(errors.temperature)}
          slotProps={{ htmlInput: { "data-testid": "prompt-temperature", min: 0, max: 2, step: 0.1 } }}
        />
        <TextField
          {...muiRegister(register("maxMessages"))}
          type="number"
          label={t("prompts.dialog.maxMessages")}
          size="small"
          fullWidth
          {...fieldError(errors.maxMessages)}
          slotProps={{ htmlInput: { "data-testid": "prompt-max-messages", min: 1 } }}
        />
      </Stack>
      <Controller
        name="voice"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={t("prompts.dialog.voice")}
            size="small"
            fullWidth
            value={field.value ?? "texto"}
            onChange={field.onChange}
            {...fieldError(errors.voice)}
            slotProps={{ select: { SelectDisplayProps: { "data-testid": "prompt-voice" } as object } }}
          >
            {PROMPT_VOICES.map((v) => (
              <MenuItem key={v} value={v} data-testid={`prompt-voice-${v}`}>
                {v === "texto" ? t("prompts.dialog.textOnly") : voiceName(v)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          {...muiRegister(register("voiceKey"))}
          type="password"
          autoComplete="off"
          label={t("prompts.dialog.voiceKey")}
          size="small"
          fullWidth
          {...fieldError(errors.voiceKey, keyHint(stored?.voiceKey))}
          slotProps={{ htmlInput: { "data-testid": "prompt-voice-key" } }}
        />
        <TextField
          {...muiRegister(register("voiceRegion"))}
          label={t("prompts.dialog.voiceRegion")}
          placeholder="brazilsouth"
          size="small"
          fullWidth
          {...fieldError(errors.voiceRegion)}
          slotProps={{ htmlInput: { "data-testid": "prompt-voice-region" } }}
        />
      </Stack>
    </>
  );
}
