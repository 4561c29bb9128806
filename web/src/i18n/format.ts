import i18next from "i18next";
import { parseISO } from "date-fns";

/** The locale each language writes dates in. */
const LOCALES: Record<string, string> = { pt: "pt-BR", en: "en-US", es: "es-ES" };

export type DateStyle = "date" | "dayMonth" | "dateTime" | "dateTimeSeconds" | "shortDateTime" | "time" | "weekday";

const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };
const DAY: Intl.DateTimeFormatOptions = { day: "2-digit", month: "2-digit", year: "numeric" };

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: DAY,
  dayMonth: { day: "2-digit", month: "2-digit" },
  dateTime: { ...DAY, ...TIME },
  dateTimeSeconds: { ...DAY, ...TIME, second: "2-digit" },
  shortDateTime: { ...DAY, year: "2-digit", ...TIME },
  time: TIME,
  weekday: { weekday: "short" },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The locale of a language code ("pt", "en-US"…); Portuguese (Brazil) when unknown. */
export const localeOf = (language: string | undefined) => LOCALES[language?.slice(0, 2) ?? ""] ?? LOCALES.pt;

// read from i18next itself rather than ../i18n, so that pure helpers importing this stay free of its start-up
const currentLanguage = () => i18next.resolvedLanguage ?? i18next.language;

/** A date (Date, ISO text or YYYY-MM-DD, read as a local day) in the current language's way; text that is not a date is returned as it is. */
export function formatDateAs(value: string | Date, style: DateStyle, language: string | undefined = currentLanguage()): string {
  const date = typeof value === "string" ? parseISO(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === "string" ? value : "";
  const locale = localeOf(language);
  const key = `${locale}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, STYLES[style])));
  return formatter.format(date);
}

/** 03/11/2026 in Portuguese and Spanish, 11/03/2026 in English. */
export const formatDate = (value: string | Date, language?: string) => formatDateAs(value, "date", language);
/** The day and the time: 03/11/2026, 14:05 or 11/03/2026, 02:05 PM. */
export const formatDateTime = (value: string | Date, language?: string) => formatDateAs(value, "dateTime", language);
/** The time of day: 14:05 or 02:05 PM. */
export const formatTime = (value: string | Date, language?: string) => formatDateAs(value, "time", language);
