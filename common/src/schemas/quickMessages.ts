import { z } from "zod";
import { listQuery } from "./common";
import { V } from "./messages";

/** GET /quick-messages/list: the client sends companyId and userId; the server uses the caller's own. */
export const quickMessagesListQuery = z.object({ companyId: z.unknown().optional(), userId: z.unknown().optional() });

/** Rows per page of GET /quick-messages. */
export const QUICK_MESSAGES_PAGE_SIZE = 20;

/** GET /quick-messages: searchParam, pageNumber; userId is sent by the client and ignored (the caller's own is used). */
export const quickMessagesQuery = listQuery.extend({ userId: z.unknown().optional(), companyId: z.unknown().optional() });

/** Accepts a boolean or its usual text forms (forms and the original client send either). */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "enabled", "disabled"]), z.literal(1), z.literal(0)], { error: V.invalidValue })
  .transform((v) => v === true || v === "true" || v === "1" || v === 1 || v === "enabled");

/**
 * POST /quick-messages (administration §5: shortcode 'Obrigatório').
 * isMedia and mediaPath are accepted for the original client's sake but ignored: the attachment
 * changes only through the media-upload endpoints.
 */
export const quickMessageBody = z.object({
  shortcode: z.string({ error: V.requiredPt }).trim().min(1, V.requiredPt).max(100, V.tooLong),
  message: z
    .string()
    .max(10_000, V.tooLong)
    .nullish()
    .transform((v) => v ?? ""),
  // company-wide unless the author chooses otherwise: a private reply by default is invisible to attendants
  geral: flag.optional().default(true),
  status: flag.optional().default(true),
  isMedia: z.unknown().optional(),
  mediaPath: z.unknown().optional(),
  userId: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type QuickMessageBody = z.infer<typeof quickMessageBody>;

/** PUT /quick-messages/:id: the same fields; a missing geral keeps the stored choice. */
export const quickMessageUpdateBody = quickMessageBody.extend({ geral: flag.optional() });
export type QuickMessageUpdateBody = z.infer<typeof quickMessageUpdateBody>;
export type QuickMessageFormInput = z.input<typeof quickMessageBody>;
