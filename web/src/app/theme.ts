import { createTheme, type Theme } from "@mui/material/styles";
import { enUS, esES, ptBR } from "@mui/material/locale";
import type { Language } from "../i18n";
import type { ThemeMode } from "./themeMode";

const MUI_LOCALES = { pt: ptBR, en: enUS, es: esES } as const;

export const DRAWER_WIDTH = 240;
export const DRAWER_MINI_WIDTH = 64;

export function createAppTheme(mode: ThemeMode, language: Language): Theme {
  const dark = mode === "dark";
  return createTheme(
    {
      palette: {
        mode,
        primary: { main: dark ? "#3fb68b" : "#0b6e4f", contrastText: "#ffffff" },
        secondary: { main: dark ? "#7cc4fa" : "#1f5f99" },
        background: dark ? { default: "#101416", paper: "#182024" } : { default: "#f3f6f5", paper: "#ffffff" },
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: '"Inter", "Roboto", "Helvetica", "Arial", sans-serif' },
      components: {
        MuiAppBar: { styleOverrides: { root: { backgroundImage: "none" } } },
        MuiButton: { styleOverrides: { root: { textTransform: "none", fontWeight: 600 } } },
        MuiTab: { styleOverrides: { root: { textTransform: "none", fontWeight: 600 } } },
      },
    },
    MUI_LOCALES[language],
  );
}
