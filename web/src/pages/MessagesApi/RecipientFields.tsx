import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextField } from "@mui/material";
import { fieldError, muiRegister } from "../../components/formFields";

interface Props {
  token: UseFormRegisterReturn;
  number: UseFormRegisterReturn;
  errors: { token?: { message?: string }; number?: { message?: string } };
  /** Prefix of the fields' test ids: "api-text" or "api-media". */
  testIdPrefix: string;
}

/** The connection token and the recipient's number, the same in both test forms. */
export function RecipientFields({ token, number, errors, testIdPrefix }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        {...muiRegister(token)}
        label={t("messagesApi.token")}
        required
        fullWidth
        autoComplete="off"
        {...fieldError(errors.token, t("messagesApi.tokenHelp"))}
        slotProps={{ htmlInput: { "data-testid": `${testIdPrefix}-token` } }}
      />
      <TextField
        {...muiRegister(number)}
        label={t("messagesApi.number")}
        required
        fullWidth
        {...fieldError(errors.number, t("messagesApi.numberHelp"))}
        slotProps={{ htmlInput: { "data-testid": `${testIdPrefix}-number`, inputMode: "numeric" } }}
      />
    </>
  );
}
