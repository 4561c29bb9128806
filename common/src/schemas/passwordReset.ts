import { z } from "zod";
import { emailField } from "./common";
import { V } from "./messages";

/** The code mailed for a password reset: six digits, valid 15 minutes, dead after 5 wrong tries. */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;

/** The spec's strength rule for a new password: at least 8 characters, an uppercase letter, a lowercase letter and a digit. */
export const strongPassword = z
  .string({ error: V.required })
  .min(1, V.required)
  .max(50, V.tooLong)
  .refine((v) => v.length >= 8 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v), V.weakPassword);

export const resetCodeField = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), V.invalidValue);

/** POST /forgetpassword/:email */
export const forgetPasswordParams = z.object({ email: emailField });

/** POST /resetpasswords/:email/:token/:newPassword, as the spec's client calls it. */
export const resetPasswordParams = z.object({ email: emailField, token: resetCodeField, newPassword: strongPassword });

/** POST /resetpasswords with the same facts in the body (our client: nothing secret in the path). */
export const resetPasswordBody = z.object({ email: emailField, token: resetCodeField, password: strongPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** The reset form's second step: code, new password and its confirmation. */
export const resetPasswordFormSchema = z
  .object({ token: resetCodeField, password: strongPassword, confirmation: z.string() })
  .refine((v) => v.password === v.confirmation, { message: V.passwordsDiffer, path: ["confirmation"] });
