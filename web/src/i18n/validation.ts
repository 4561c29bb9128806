import { V } from "@balcao/common";
import i18n from "./index";

/**
 * The spec's validation messages (from the shared zod schemas) and their keys under `validation.*`.
 * The Portuguese ones are the spec's texts for tags and schedules; other languages translate them too.
 */
const KEYS = {
  [V.tooShort]: "validation.tooShort",
  [V.tooLong]: "validation.tooLong",
  [V.required]: "validation.required",
  [V.invalidEmail]: "validation.invalidEmail",
  [V.invalidValue]: "validation.invalidValue",
  [V.tooShortPt]: "validation.messageTooShort",
  [V.requiredPt]: "validation.required",
  [V.weakPassword]: "validation.weakPassword",
  [V.passwordsDiffer]: "validation.passwordsDiffer",
} as const;

type ValidationMessage = keyof typeof KEYS;

const isKnown = (message: string): message is ValidationMessage => Object.hasOwn(KEYS, message);

/** Translates a validation message of the shared schemas into the current language; other text is returned as it is. */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return message;
  return isKnown(message) ? i18n.t(KEYS[message]) : message;
}
