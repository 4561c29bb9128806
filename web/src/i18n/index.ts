import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, STORAGE_KEYS, type Language } from "@balcao/common";
import { pt, type Messages } from "./locales/pt";

export { LANGUAGES, type Language };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Portuguese unless the user chose another language on this browser. */
function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language)?.slice(0, 2);
  return isLanguage(stored) ? stored : "pt";
}

/** Portuguese is built in (it is the fallback); the other languages load when chosen. */
const LOADERS: Record<Exclude<Language, "pt">, () => Promise<Messages>> = {
  en: () => import("./locales/en").then((m) => m.en),
  es: () => import("./locales/es").then((m) => m.es),
};

async function loadLanguage(lng: Language) {
  if (lng === "pt" || i18n.hasResourceBundle(lng, "translation")) return;
  i18n.addResourceBundle(lng, "translation", await LOADERS[lng]());
}

const firstLanguage = initialLanguage();

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt } },
  partialBundledLanguages: true,
  lng: firstLanguage,
  fallbackLng: "pt",
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
});

/**
 * Settles once the first language's texts are in (Portuguese, the fallback, if they fail to load).
 * Choosing the language again once its texts are in makes i18next resolve to it rather than to the fallback.
 */
export const i18nReady: Promise<void> = loadLanguage(firstLanguage)
  .then(() => (firstLanguage === "pt" ? undefined : i18n.changeLanguage(firstLanguage)))
  .then(
    () => undefined,
    () => undefined,
  );

i18n.on("languageChanged", (lng) => {
  localStorage.setItem(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng === "pt" ? "pt-BR" : lng;
});
document.documentElement.lang = i18n.language === "pt" ? "pt-BR" : i18n.language;

export async function changeLanguage(lng: Language) {
  await loadLanguage(lng);
  return i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : "pt";
}

export default i18n;
