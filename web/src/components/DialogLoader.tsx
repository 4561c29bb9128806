import { Backdrop, CircularProgress } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Shown over the page while a dialog that loads on demand fetches its code. */
export function DialogLoader() {
  const { t } = useTranslation();
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }} data-testid="dialog-loading">
      <CircularProgress color="inherit" aria-label={t("app.loading")} />
    </Backdrop>
  );
}
