import { MenuItem, Select, type SelectChangeEvent } from "@mui/material";
import TranslateIcon from "@mui/icons-material/Translate";
import { useTranslation } from "react-i18next";
import { LANGUAGES, changeLanguage, currentLanguage, isLanguage } from "../i18n";

/** pt / en / es, kept on this browser. */
export function LanguageSelect({ onDark = false }: { onDark?: boolean }) {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  const handleChange = (event: SelectChangeEvent) => {
    if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
  };
  return (
    <Select
      size="small"
      value={value}
      onChange={handleChange}
      data-testid="language-select"
      inputProps={{ "aria-label": t("language.label") }}
      startAdornment={<TranslateIcon fontSize="small" sx={{ mr: 1, color: onDark ? "inherit" : "action.active" }} />}
      sx={{
        minWidth: 130,
        ...(onDark && {
          color: "inherit",
          ".MuiOutlinedInput-notchedOutline": { borderColor: "rgba(255,255,255,0.4)" },
          ".MuiSvgIcon-root": { color: "inherit" },
        }),
      }}
    >
      {LANGUAGES.map((lng) => (
        <MenuItem key={lng} value={lng} data-testid={`language-option-${lng}`}>
          {t(`language.${lng}`)}
        </MenuItem>
      ))}
    </Select>
  );
}
