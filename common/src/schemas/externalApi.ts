import { z } from "zod";
import { V } from "./messages";

/** Digits of a number with country code, area code and subscriber number (E.164 allows up to 15). */
export const EXTERNAL_API_NUMBER_MIN = 10;
export const EXTERNAL_API_NUMBER_MAX = 15;
export const EXTERNAL_API_BODY_MAX = 4096;
/** Files one multipart request may carry in `medias`. */
export const EXTERNAL_API_MAX_FILES = 10;
/** Default sends per minute allowed to one connection token. */
export const EXTERNAL_API_MAX_PER_MINUTE = 60;

/** "+55 (11) 99999-0001" → "5511999990001": the API accepts a masked number and keeps its digits. */
export const externalApiNumber = z
  .string({ error: V.required })
  .transform((v) => v.replace(/\D/g, ""))
  .pipe(z.string().min(1, V.required).min(EXTERNAL_API_NUMBER_MIN, V.tooShort).max(EXTERNAL_API_NUMBER_MAX, V.tooLong));

/** What POST /api/messages/send reads from JSON or from multipart fields (files are checked apart). */
export const externalApiSendFields = z.object({
  number: externalApiNumber,
  body: z.string().max(EXTERNAL_API_BODY_MAX, V.tooLong).optional().default(""),
});
export type ExternalApiSendFields = z.infer<typeof externalApiSendFields>;

/** JSON body: the text is required (media goes through multipart). */
export const externalApiTextBody = externalApiSendFields.refine((b) => b.body.trim() !== "", { message: V.required, path: ["body"] });

/** The page's test forms: the token is typed in, the number has no mask. */
const token = z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong);
export const externalApiTextForm = z.object({
  token,
  number: externalApiNumber,
  body: z.string({ error: V.required }).trim().min(1, V.required).max(EXTERNAL_API_BODY_MAX, V.tooLong),
});
export type ExternalApiTextForm = z.input<typeof externalApiTextForm>;

export const externalApiMediaForm = z.object({
  token,
  number: externalApiNumber,
  body: z.string().max(EXTERNAL_API_BODY_MAX, V.tooLong).optional().default(""),
  file: z.custom<File>((v) => typeof File !== "undefined" && v instanceof File, { message: V.required }),
});
export type ExternalApiMediaForm = z.input<typeof externalApiMediaForm>;
