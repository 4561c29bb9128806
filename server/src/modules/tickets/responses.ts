import { z } from "zod";
import { TICKET_STATUSES } from "@balcao/common";
import { id, messageAnswer, object, page, timestamp } from "../../http/responses/shapes";
import { contactView } from "../contacts/responses";

/** A tag as a ticket carries it. */
export const tagRef = object({ id, name: z.string(), color: z.string() });

/** A ticket as the API presents it (presentTickets, TICKET_VIEW), with its contact, attendant, queue, connection and tags. */
export const ticketView = object({
  id,
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  unreadMessages: z.number().int(),
  lastMessage: z.string(),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  useIntegration: z.boolean(),
  integrationId: id.nullable(),
  promptId: id.nullable(),
  companyId: id,
  contactId: id,
  userId: id.nullable(),
  queueId: id.nullable(),
  whatsappId: id.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  contact: contactView,
  user: object({ id, name: z.string() }).nullable(),
  queue: object({ id, name: z.string(), color: z.string() }).nullable(),
  whatsapp: object({ id, name: z.string(), status: z.string() }).nullable(),
  tags: z.array(tagRef),
  serviceWindowEndsAt: timestamp
    .nullable()
    .meta({ description: "Cloud API tickets: when the 24-hour customer-service window closes (the customer's last message + 24 h); null on other channels or before the customer wrote." }),
  sla: object({
    firstResponseDueAt: timestamp.nullable(),
    firstResponseMinutes: z.number().int().nullable(),
    firstResponseAt: timestamp.nullable(),
    firstResponseBreached: z.boolean(),
    resolutionDueAt: timestamp.nullable(),
    resolutionMinutes: z.number().int().nullable(),
    resolutionBreached: z.boolean(),
  })
    .nullable()
    .optional()
    .meta({ description: "The running service cycle's SLA: due instants counted in business hours, targets in business minutes, and whether each was missed; null without a target." }),
}).meta({ description: "A ticket with its contact, attendant, queue, connection and tags." });

export const ticketResponses = {
  page: { 200: page("tickets", ticketView).meta({ description: "A page of tickets, newest first." }) },
  one: { 200: ticketView },
  created: { 201: ticketView },
  deleted: { 200: messageAnswer },
};
