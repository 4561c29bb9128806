import i18n from "./index";

/** For keys built at run time (a setting's value, a profile name): the raw text when no translation exists. */
export function translateDynamic(key: string, fallback: string): string {
  return i18n.exists(key) ? i18n.t(key as never) : fallback;
}
