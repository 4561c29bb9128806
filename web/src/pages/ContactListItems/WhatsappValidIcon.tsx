import { Tooltip } from "@mui/material";
import WhatsApp from "@mui/icons-material/WhatsApp";
import { useTranslation } from "react-i18next";

/** The number's WhatsApp check: green when the connection found it, grey when it did not or nobody could tell yet. */
export function WhatsappValidIcon({ valid, testId }: { valid: boolean | null; testId: string }) {
  const { t } = useTranslation();
  const label = valid === true ? t("contactListItems.whatsapp.valid") : valid === false ? t("contactListItems.whatsapp.invalid") : t("contactListItems.whatsapp.unknown");
  return (
    <Tooltip title={label}>
      <WhatsApp
        fontSize="small"
        role="img"
        aria-label={label}
        data-testid={testId}
        data-valid={valid === null ? "unknown" : String(valid)}
        sx={{ color: valid ? "success.main" : "text.disabled", verticalAlign: "middle" }}
      />
    </Tooltip>
  );
}
