import type { ResetPasswordBody } from "@balcao/common";
import { publicApi } from "../../api/http";
import { currentLanguage } from "../../i18n";

/** The spec's call; the mail comes in the language the page is shown in. */
export async function requestResetCode(email: string) {
  await publicApi.post(`/forgetpassword/${encodeURIComponent(email)}`, undefined, { headers: { "Accept-Language": currentLanguage() } });
}

/** The body form of the reset: the code and the new password never travel in a URL. */
export async function resetPassword(body: ResetPasswordBody) {
  await publicApi.post("/resetpasswords", body);
}
