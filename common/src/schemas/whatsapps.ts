import { z } from "zod";
import { boundedString, idList, optionalId } from "./common";
import { V } from "./messages";

export const CHANNELS = ["sandbox", "baileys", "cloud"] as const;

const text = z.string().max(4000, V.tooLong).optional();

/**
 * Settings of a WhatsApp Cloud API connection. Secrets (accessToken, appSecret) are never
 * sent back: GET presents them as ""; an update that leaves them blank keeps the stored ones.
 */
export const cloudConfigBody = z.object({
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, V.invalidValue),
  accessToken: z.string().trim().max(2000, V.tooLong).optional(),
  appSecret: z.string().trim().max(200, V.tooLong).optional(),
  verifyToken: z.string().trim().min(8, V.tooShort).max(200, V.tooLong),
  graphUrl: z
    .string()
    .trim()
    .url(V.invalidValue)
    .regex(/^https?:\/\//, V.invalidValue)
    .max(200, V.tooLong)
    .optional(),
  apiVersion: z
    .string()
    .trim()
    .regex(/^v\d{1,3}\.\d{1,3}$/, V.invalidValue)
    .optional(),
  /** The WhatsApp Business Account whose message templates the connection reads and sends. */
  businessAccountId: z
    .string()
    .trim()
    .regex(/^\d{0,30}$/, V.invalidValue)
    .optional(),
  /** Sends a second at most on this number: Meta's default is 80, and a higher tier allows up to 1000. */
  messagesPerSecond: z.number().int(V.invalidValue).min(1, V.invalidValue).max(1000, V.invalidValue).optional(),
});
export type CloudConfigBody = z.infer<typeof cloudConfigBody>;

/** The connection dialog's fields (administration spec, Connections). */
export const whatsappBody = z.object({
  name: boundedString(2, 50),
  channel: z.enum(CHANNELS, { error: V.invalidValue }).optional(),
  isDefault: z.boolean().optional(),
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  /**
   * The connection's bearer token for its HTTP interfaces: long enough not to be guessed. Blank, as
   * the original dialog sends it untouched, means none given: a new one is made, a stored one kept.
   */
  token: z
    .string()
    .max(200, V.tooLong)
    .refine((v) => v === "" || v.length >= 32, V.tooShort)
    .optional()
    .transform((v) => v || undefined),
  queueIds: idList(200).optional(),
  promptId: optionalId,
  integrationId: optionalId,
  transferQueueId: optionalId,
  timeToTransfer: z.union([z.literal(""), z.null(), z.coerce.number().int().min(0).max(100_000)]).optional(),
  expiresTicket: z.union([z.literal(""), z.null(), z.coerce.number().int().min(0).max(100_000)]).optional(),
  expiresInactiveMessage: text,
  /** Required when channel is "cloud". */
  cloud: cloudConfigBody.optional(),
});
export type WhatsappBody = z.infer<typeof whatsappBody>;
export const whatsappUpdateBody = whatsappBody.partial();
