import { z } from "zod";
import { id, messageAnswer, object, timestamp } from "../../http/responses/shapes";

/** A connection as the API presents it (presentWhatsapps): its token for admins only, channel secrets never. */
export const whatsappView = object({
  id,
  companyId: id,
  name: z.string(),
  channel: z.string().meta({ description: "sandbox, baileys or cloud." }),
  status: z.string(),
  qrcode: z.string(),
  retries: z.number().int(),
  isDefault: z.boolean(),
  number: z.string().nullable(),
  token: z.string().optional().meta({ description: "The connection's bearer token, shown to admins only." }),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  transferQueueId: id.nullable(),
  timeToTransfer: z.number().int().nullable(),
  promptId: id.nullable(),
  integrationId: id.nullable(),
  expiresTicket: z.number().int(),
  expiresInactiveMessage: z.string(),
  cloud: object({
    phoneNumberId: z.string(),
    accessToken: z.string(),
    appSecret: z.string(),
    hasAccessToken: z.boolean(),
    hasAppSecret: z.boolean(),
    verifyToken: z.string(),
    graphUrl: z.string(),
    apiVersion: z.string(),
    businessAccountId: z.string().meta({ description: "The WhatsApp Business Account whose templates are read; blank when not set." }),
    messagesPerSecond: z.number().int().meta({ description: "Sends a second at most on this number (Meta's default: 80)." }),
  })
    .nullable()
    .meta({ description: "Cloud API settings (secrets blank), null for other channels." }),
  createdAt: timestamp,
  updatedAt: timestamp,
  queues: z.array(object({ id, name: z.string(), color: z.string() })),
}).meta({ description: "A WhatsApp connection with its queues." });

/** A Cloud API message template of a connection (presentTemplate). */
export const templateView = object({
  id,
  whatsappId: id,
  name: z.string(),
  language: z.string().meta({ description: "Graph's language code, e.g. pt_BR." }),
  category: z.string().meta({ description: "MARKETING, UTILITY or AUTHENTICATION." }),
  status: z.string().meta({ description: "APPROVED, PENDING, REJECTED, PAUSED…: only APPROVED ones can be sent." }),
  components: z.array(
    object({
      type: z.string().meta({ description: "HEADER, BODY, FOOTER or BUTTONS." }),
      format: z.string().optional().meta({ description: "A header's format: TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION." }),
      text: z.string().optional().meta({ description: "The text, with its variables as {{1}}, {{2}}…" }),
      buttons: z
        .array(
          object({
            type: z.string().meta({ description: "QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE…" }),
            text: z.string(),
            url: z.string().optional().meta({ description: "A URL button's address; a final {{1}} is filled when sending." }),
          }),
        )
        .optional()
        .meta({ description: "A BUTTONS component's buttons." }),
    }),
  ),
  updatedAt: timestamp,
}).meta({ description: "A message template as last read from the connection's WhatsApp Business Account." });

export const whatsappResponses = {
  templates: { 200: z.array(templateView).meta({ description: "The connection's templates, by name and language." }) },
  list: { 200: z.array(whatsappView) },
  one: { 200: whatsappView },
  created: { 201: whatsappView },
  acknowledged: { 200: messageAnswer },
};
