import { useCallback, useMemo, useState, type ReactNode } from "react";
import { CssBaseline, ThemeProvider } from "@mui/material";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "@balcao/common";
import { isLanguage } from "../i18n";
import { createAppTheme } from "./theme";
import { ThemeModeContext, type ThemeMode } from "./themeMode";

const storedMode = (): ThemeMode => (localStorage.getItem(STORAGE_KEYS.theme) === "dark" ? "dark" : "light");

/** Light or dark, chosen by the user and kept on this browser; MUI texts follow the language. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(storedMode);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;

  const toggle = useCallback(() => {
    setMode((current) => {
      const next = current === "dark" ? "light" : "dark";
      localStorage.setItem(STORAGE_KEYS.theme, next);
      return next;
    });
  }, []);

  const theme = useMemo(() => createAppTheme(mode, isLanguage(language) ? language : "pt"), [mode, language]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
