import { V } from "@balcao/common";
import i18n from "./index";

/** The spec's validation messages (from the shared zod schemas) and their keys under `validation.*`. */
const KEYS = {
  [V.tooShort]: "validation.tooShort",
  [V.tooLong]: "validation.tooLong",
  [V.required]: "validation.required",
  [V.invalidEmail]: "validation.invalidEmail",
  [V.invalidValue]: "validation.invalidValue",
} as const;

type ValidationMessage = keyof typeof KEYS;

const isKnown = (message: string): message is ValidationMessage => message in KEYS;

/** Translates a validation message of the shared schemas; other text is returned as it is. */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return message;
  return isKnown(message) ? i18n.t(KEYS[message]) : message;
}
