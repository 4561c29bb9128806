import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { STORAGE_KEYS } from "@balcao/common";
import { pt } from "./locales/pt";
import { en } from "./locales/en";
import { es } from "./locales/es";

export const LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Portuguese unless the user chose another language on this browser. */
function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language)?.slice(0, 2);
  return isLanguage(stored) ? stored : "pt";
}

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } },
  lng: initialLanguage(),
  fallbackLng: "pt",
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
});

i18n.on("languageChanged", (lng) => {
  localStorage.setItem(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng === "pt" ? "pt-BR" : lng;
});
document.documentElement.lang = i18n.language === "pt" ? "pt-BR" : i18n.language;

export function changeLanguage(lng: Language) {
  return i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : "pt";
}

export default i18n;
