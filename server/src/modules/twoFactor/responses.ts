import { z } from "zod";
import { object, timestamp } from "../../http/responses/shapes";
import { authAnswer } from "../auth/responses";

/** The password was right; the sign-in goes on with POST /auth/login/2fa (no token nor cookie yet). */
export const twoFactorChallenge = object({
  twoFactorRequired: z.literal(true),
  enrolmentRequired: z.literal(true).optional().meta({ description: "The user must set up an authenticator first (POST /auth/login/2fa/enrol)." }),
  challenge: z.string().meta({ description: "Names this sign-in for 5 minutes; spent by its first right code." }),
}).meta({ description: "A second factor is asked." });

export const loginAnswer = z.union([authAnswer, twoFactorChallenge]);

export const recoveryCodes = z.array(z.string()).meta({ description: "Ten single-use recovery codes, shown this once." });

export const secondStepAnswer = authAnswer.extend({ recoveryCodes: recoveryCodes.optional() });

export const enrolment = object({
  uri: z.string().meta({ description: "The otpauth:// URI to draw as a QR code." }),
  secret: z.string().meta({ description: "The same secret in base32, for manual entry." }),
});

export const recoveryCodesAnswer = object({ recoveryCodes });

export const disabled = object({ enabled: z.literal(false) });

export const twoFactorStatus = object({
  enabled: z.boolean(),
  enabledAt: timestamp.nullable(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
  companyRequired: z.boolean(),
  platformRequired: z.boolean(),
});

export const twoFactorPolicy = object({ companyRequired: z.boolean(), platformRequired: z.boolean() });
