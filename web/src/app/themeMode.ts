import { createContext, useContext } from "react";

export type ThemeMode = "light" | "dark";

export interface ThemeModeValue {
  mode: ThemeMode;
  toggle(): void;
}

export const ThemeModeContext = createContext<ThemeModeValue>({ mode: "light", toggle: () => undefined });

export const useThemeMode = () => useContext(ThemeModeContext);
