import type { UseFormRegisterReturn } from "react-hook-form";
import { translateValidation } from "../i18n/validation";

/** react-hook-form's register for MUI inputs: the ref goes to the <input>, not the wrapper. */
export function muiRegister(registration: UseFormRegisterReturn) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}

/** `error` and the translated `helperText` of a field (or the hint when it is valid). */
export function fieldError(error: { message?: string } | undefined, hint?: string) {
  return { error: Boolean(error), helperText: error ? translateValidation(error.message) : hint };
}
