import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Box } from "@mui/material";

const REDIRECT_DELAY_MS = 1000;

/** A page this company or user may not open: say so, then go to / after 1 s. */
export function PermissionRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(t("permission.denied"), { toastId: "permission-denied" });
    const timer = window.setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, t]);
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="warning" data-testid="permission-denied">
        {t("permission.denied")}
      </Alert>
    </Box>
  );
}
