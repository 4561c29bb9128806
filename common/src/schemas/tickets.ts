import { z } from "zod";
import { TICKET_STATUSES } from "../constants";
import { MAX_ID, idParam, optionalId, pageNumberField } from "./common";
import { V } from "./messages";
import { optionalDayField } from "./dates";

/** A JSON array of ids in a query string, as the spec's client sends tags, users and queueIds. */
const jsonIds = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      const parsed: unknown = JSON.parse(v);
      const list = (Array.isArray(parsed) ? parsed : [parsed]).map(Number);
      if (list.some((n) => !Number.isInteger(n) || n <= 0 || n > MAX_ID)) throw new Error();
      return list;
    } catch {
      ctx.addIssue({ code: "custom", message: V.invalidValue });
      return z.NEVER;
    }
  });
const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

export const ticketListQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(200).optional().default(""),
  pageNumber: pageNumberField,
  status: z.enum(TICKET_STATUSES, { error: V.invalidValue }).optional(),
  date: optionalDayField,
  updatedAt: optionalDayField,
  showAll: flag,
  withUnreadMessages: flag,
  queueIds: jsonIds,
  tags: jsonIds,
  users: jsonIds,
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

export const createTicketBody = z.object({
  contactId: idParam,
  queueId: optionalId,
  whatsappId: optionalId,
  userId: optionalId,
  status: z.enum(TICKET_STATUSES).optional(),
});

export const updateTicketBody = z.object({
  status: z.enum(TICKET_STATUSES, { error: V.invalidValue }).optional(),
  userId: optionalId,
  queueId: optionalId,
  whatsappId: optionalId,
  useIntegration: z.boolean().optional(),
  promptId: optionalId,
  integrationId: optionalId,
});
export type UpdateTicketBody = z.infer<typeof updateTicketBody>;

export const ticketIdParams = z.object({ ticketId: idParam });
export const uuidParams = z.object({ uuid: z.uuid(V.invalidValue) });

/**
 * A Cloud API message template to send: `variables` fill the body's {{1}}, {{2}}… in order;
 * `headerVariables` fill a text header's {{1}}…; `headerMediaUrl` is the link of an image, video
 * or document header; `buttonVariables` fill the {{1}} of each URL button whose address ends in
 * one, in the order of the template's buttons.
 */
export const templateSendBody = z.object({
  name: z.string().trim().min(1, V.required).max(512, V.tooLong),
  language: z.string().trim().min(1, V.required).max(20, V.tooLong),
  variables: z.array(z.string().max(1024, V.tooLong)).max(50).optional().default([]),
  headerVariables: z.array(z.string().max(1024, V.tooLong)).max(5).optional().default([]),
  headerMediaUrl: z.url(V.invalidValue).max(2000, V.tooLong).optional(),
  buttonVariables: z.array(z.string().max(2000, V.tooLong)).max(10).optional().default([]),
});
export type TemplateSendBody = z.infer<typeof templateSendBody>;

export const sendMessageBody = z.object({
  body: z.string().max(65_536, V.tooLong).optional().default(""),
  template: templateSendBody.optional(),
  quotedMsg: z.object({ id: idParam }).passthrough().nullish(),
  read: z.unknown().optional(),
  fromMe: z.unknown().optional(),
  mediaUrl: z.unknown().optional(),
});
