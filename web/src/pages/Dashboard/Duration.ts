import { useTranslation } from "react-i18next";
import { splitMinutes } from "./dashboardFormat";

/** Formats minutes as "1h 05m" in the current language. */
export function useDuration() {
  const { t } = useTranslation();
  return (minutes: number) => t("dashboard.duration", splitMinutes(minutes));
}
