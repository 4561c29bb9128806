import { toast } from "react-toastify";
import { TOAST_AUTO_CLOSE_MS } from "@balcao/common";
import i18n from "../../i18n";
import { errorCode, errorStatus, toastError } from "../../api/errors";

export const toastSent = () => toast.success(i18n.t("messagesApi.sent"));

/** The shared error toast, except a refused connection token: the session's wording would mislead. */
export function toastSendError(err: unknown) {
  if (errorStatus(err) === 401 && errorCode(err) === "ERR_INVALID_TOKEN") {
    toast.error(i18n.t("messagesApi.invalidToken"), { toastId: "api-invalid-token", autoClose: TOAST_AUTO_CLOSE_MS });
    return;
  }
  toastError(err);
}
