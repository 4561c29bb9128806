import { Button, InputAdornment, TextField } from "@mui/material";
import type { WhatsappBody } from "@balcao/common";
import { type Control, type FieldErrors, type UseFormRegister, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fieldError, muiRegister } from "../../components/formFields";
import { generateToken, type ConnectionFormValues } from "./connectionForm";

interface MessageFieldsProps {
  register: UseFormRegister<ConnectionFormValues>;
  control: Control<ConnectionFormValues, unknown, WhatsappBody>;
  errors: FieldErrors<ConnectionFormValues>;
}

const MESSAGES = ["greetingMessage", "complationMessage", "outOfHoursMessage", "ratingMessage"] as const;
const TEST_IDS: Record<(typeof MESSAGES)[number], string> = {
  greetingMessage: "connection-greeting",
  complationMessage: "connection-complation",
  outOfHoursMessage: "connection-out-of-hours",
  ratingMessage: "connection-rating",
};

/** The automatic messages and the connection's API token. */
export function MessageFields({ register, control, errors }: MessageFieldsProps) {
  const { t } = useTranslation();
  const token = useController({ name: "token", control });
  return (
    <>
      {MESSAGES.map((name) => (
        <TextField
          key={name}
          {...muiRegister(register(name))}
          label={t(`connections.form.${name}`)}
          multiline
          minRows={2}
          fullWidth
          {...fieldError(errors[name])}
          slotProps={{ htmlInput: { "data-testid": TEST_IDS[name] } }}
        />
      ))}
      <TextField
        label={t("connections.form.token")}
        value={token.field.value}
        onChange={token.field.onChange}
        onBlur={token.field.onBlur}
        inputRef={token.field.ref}
        fullWidth
        {...fieldError(errors.token, t("connections.form.tokenHint"))}
        slotProps={{
          htmlInput: { "data-testid": "connection-token" },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Button size="small" onClick={() => token.field.onChange(generateToken())} data-testid="connection-token-generate">
                  {t("connections.form.generateToken")}
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
    </>
  );
}
