import axios from "axios";
import { toast } from "react-toastify";
import { ERROR_CODES, TOAST_AUTO_CLOSE_MS, type ErrorBody, type ErrorCode } from "@balcao/common";
import i18n from "../i18n";
import { translateValidation } from "../i18n/validation";

const isErrorCode = (value: unknown): value is ErrorCode => ERROR_CODES.includes(value as ErrorCode);

/** Errors already reported to the user (the session-expired toast, for one). */
const handled = new WeakSet<object>();
export const markHandled = (err: unknown) => {
  if (err && typeof err === "object") handled.add(err);
};

/** An error body; a few carry details in `error` and the code in `code` (ERR_OTHER_OPEN_TICKET). */
type ResponseBody = Omit<ErrorBody, "error"> & { error?: unknown; code?: unknown };

/**
 * The ERR_… code of a failed call: `error`, or `code` when `error` holds details instead;
 * 429 from the HTTP rate limiter counts as too many attempts.
 */
export function errorCode(err: unknown): ErrorCode | undefined {
  if (!axios.isAxiosError<ResponseBody>(err)) return undefined;
  if (err.response?.status === 429) return "ERR_TOO_MANY_ATTEMPTS";
  const body = err.response?.data;
  if (isErrorCode(body?.error)) return body.error;
  return isErrorCode(body?.code) ? body.code : undefined;
}

export const errorStatus = (err: unknown) => (axios.isAxiosError(err) ? err.response?.status : undefined);

/** Text for a failure: the translation of its code, a validation message naming the field, or the raw text. */
export function errorMessage(err: unknown): string | undefined {
  if (!axios.isAxiosError<ResponseBody>(err)) return undefined;
  const code = errorCode(err);
  const body = err.response?.data;
  if (code === "ERR_VALIDATION" && body?.field && body.message) {
    const detail = body.message.startsWith(`${body.field}: `) ? body.message.slice(body.field.length + 2) : body.message;
    return i18n.t("common.invalidField", { field: body.field, message: translateValidation(detail) });
  }
  if (code) return i18n.t(`errors.${code}`);
  if (typeof body?.error === "string") return body.error;
  return undefined;
}

/** The shared handler: a translated toast when there is something to say, otherwise a console note. */
export function toastError(err: unknown) {
  if (err && typeof err === "object" && handled.has(err)) return;
  const message = errorMessage(err);
  if (message) {
    toast.error(message, { toastId: message, autoClose: TOAST_AUTO_CLOSE_MS });
    return;
  }
  if (typeof err === "string") console.error(err);
  else console.error(i18n.t("common.genericError", { lng: "en" }), err);
}
