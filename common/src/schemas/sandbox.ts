import { z } from "zod";
import { V } from "./messages";

const MEDIA_TYPES = ["image", "audio", "video", "application", "document", "locationMessage", "vcard"] as const;

/** A customer's message delivered to a sandbox connection (POST /sandbox/:whatsappId/inbound). */
export const sandboxInboundBody = z
  .object({
    id: z.string().trim().min(1).max(128).optional(),
    number: z
      .string({ error: V.invalidValue })
      .transform((v) => v.replace(/\D/g, ""))
      .pipe(
        z
          .string()
          .max(20, V.tooLong)
          .refine((v) => v === "" || v.length >= 8, V.tooShort),
      )
      .optional()
      .default(""),
    /** WhatsApp's LID of the customer (digits of "…@lid"), beside or instead of the number. */
    lid: z
      .string({ error: V.invalidValue })
      .transform((v) => v.replace(/\D/g, ""))
      .pipe(z.string().min(8, V.tooShort).max(20, V.tooLong))
      .optional(),
    name: z.string().trim().max(100, V.tooLong).optional(),
    body: z.string().max(65_536, V.tooLong).optional().default(""),
    mediaType: z.enum(MEDIA_TYPES, { error: V.invalidValue }).optional(),
    media: z
      .object({
        data: z.base64(V.invalidValue).max(25 * 1024 * 1024 * 1.37, V.tooLong),
        filename: z.string().min(1, V.required).max(200, V.tooLong),
        mimetype: z.string().min(3, V.required).max(100, V.tooLong),
      })
      .optional(),
    location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180), description: z.string().max(500).optional() }).optional(),
    quotedId: z.string().max(128).optional(),
    isGroup: z.boolean().optional(),
  })
  .refine((b) => b.body.trim() !== "" || b.media || b.location, { message: V.required, path: ["body"] })
  .refine((b) => b.number !== "" || b.lid, { message: V.required, path: ["number"] });
export type SandboxInboundBody = z.infer<typeof sandboxInboundBody>;

export const sandboxAckBody = z.object({ id: z.string().min(1).max(128), ack: z.number().int().min(0).max(5) });
export const sandboxNumberQuery = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().min(8, V.tooShort).max(20, V.tooLong)),
});

export const sandboxEditBody = z.object({ id: z.string().min(1).max(128), body: z.string().trim().min(1, V.required).max(65_536, V.tooLong) });
export const sandboxCallBody = z.object({
  number: z
    .string({ error: V.required })
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().min(8, V.tooShort).max(20, V.tooLong)),
  name: z.string().trim().max(100, V.tooLong).optional(),
});
