import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, CircularProgress, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { queueOptionFields, type QueueOptionFieldsInput } from "@balcao/common";
import { fieldError, muiRegister } from "../../../components/formFields";

interface OptionFormValues {
  option: string;
  title: string;
  message: string;
}

interface OptionFormProps {
  initial: OptionFormValues;
  saving: boolean;
  onSubmit(fields: QueueOptionFieldsInput): void;
  onCancel(): void;
}

/** Inline editor of one chatbot option: its number, title and message. */
export function OptionForm({ initial, saving, onSubmit, onCancel }: OptionFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<OptionFormValues, unknown, QueueOptionFieldsInput>({
    resolver: zodResolver(queueOptionFields) as never,
    defaultValues: initial,
  });
  const { errors } = formState;

  return (
    // not a <form>: Enter saves this option and nothing else in the queue dialog
    <Stack
      component="div"
      spacing={1.5}
      sx={{ p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}
      data-testid="option-form"
      onKeyDown={(e) => {
        if (e.key === "Enter" && !(e.target instanceof HTMLTextAreaElement)) {
          e.preventDefault();
          void handleSubmit(onSubmit)();
        }
      }}
    >
      <Stack direction="row" spacing={1.5}>
        <TextField
          {...muiRegister(register("option"))}
          label={t("queues.options.option")}
          size="small"
          sx={{ width: 110 }}
          {...fieldError(errors.option)}
          slotProps={{ htmlInput: { "data-testid": "option-form-option" } }}
        />
        <TextField
          {...muiRegister(register("title"))}
          label={t("queues.options.optionTitle")}
          size="small"
          fullWidth
          autoFocus
          {...fieldError(errors.title)}
          slotProps={{ htmlInput: { "data-testid": "option-form-title" } }}
        />
      </Stack>
      <TextField
        {...muiRegister(register("message"))}
        label={t("queues.options.message")}
        size="small"
        multiline
        minRows={2}
        fullWidth
        {...fieldError(errors.message)}
        slotProps={{ htmlInput: { "data-testid": "option-form-message" } }}
      />
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button size="small" onClick={onCancel} data-testid="option-form-cancel">
          {t("common.cancel")}
        </Button>
        <Button
          size="small"
          variant="contained"
          disabled={saving}
          onClick={() => void handleSubmit(onSubmit)()}
          startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
          data-testid="option-form-save"
        >
          {t("common.save")}
        </Button>
      </Stack>
    </Stack>
  );
}
