import { z } from "zod";
import { CHANNELS, SCHEDULE_STATUSES, TICKET_STATUSES, WEBHOOK_EVENT_TYPES, type ContactView, type MessageView, type ScheduleView, type TicketView, type WebhookEventType } from "@balcao/common";
import type { safeWhatsapp } from "./payload";

/**
 * What each outgoing webhook carries, as zod schemas: the OpenAPI document's `webhooks` section is
 * built from them (toJSONSchema). The records are checked against the view types the presenters
 * build (a field added, removed or retyped there does not compile here), and the table of events is
 * keyed by WEBHOOK_EVENT_TYPES, so a new event type without its payload does not compile either.
 */

/** Both ways assignable: the schema's output is exactly the type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exact =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { "the schema differs from the view type": T })) =>
    schema;

const id = z.number().int();
const iso = z.string().meta({ format: "date-time" });
const MEDIA = ["image", "audio", "video", "application", "document", "locationMessage", "vcard", "call_log"] as const;
const ref = z.object({ id, name: z.string() });

const contactRecord = exact<ContactView>()(
  z
    .object({
      id,
      name: z.string(),
      number: z.string().meta({ description: "Digits only (a group keeps its id)." }),
      lid: z.string().nullable().meta({ description: "WhatsApp's LID (digits), when known." }),
      username: z.string().nullable().meta({ description: "The WhatsApp username the customer chose, when known." }),
      email: z.string(),
      profilePicUrl: z.string(),
      urlPicture: z.string(),
      isGroup: z.boolean(),
      extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
      whatsappId: id.nullable(),
      companyId: id,
      createdAt: iso,
      updatedAt: iso,
    })
    .meta({ description: "The contact as the app shows it." }),
);

const ticketRecord = exact<TicketView>()(
  z
    .object({
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
      createdAt: iso,
      updatedAt: iso,
      contact: contactRecord,
      user: ref.nullable(),
      queue: z.object({ id, name: z.string(), color: z.string() }).nullable(),
      whatsapp: z.object({ id, name: z.string(), status: z.string() }).nullable(),
      tags: z.array(z.object({ id, name: z.string(), color: z.string() })),
      serviceWindowEndsAt: iso.nullable().meta({ description: "Cloud API tickets: when the 24-hour customer-service window closes; null on other channels or before the customer wrote." }),
      sla: z
        .object({
          firstResponseDueAt: iso.nullable(),
          firstResponseMinutes: z.number().int().nullable(),
          firstResponseAt: iso.nullable(),
          firstResponseBreached: z.boolean(),
          resolutionDueAt: iso.nullable(),
          resolutionMinutes: z.number().int().nullable(),
          resolutionBreached: z.boolean(),
        })
        .nullable()
        .optional()
        .meta({ description: "The running service cycle's SLA: due instants in business time, targets in business minutes, and whether they were missed; null without a target." }),
    })
    .meta({ description: "The ticket as the app shows it, with its contact." }),
);

const messageRecord = exact<MessageView>()(
  z
    .object({
      id,
      ticketId: id,
      body: z.string(),
      fromMe: z.boolean(),
      read: z.boolean(),
      mediaType: z.enum(MEDIA).nullable(),
      mediaUrl: z.string().nullable().meta({ description: "Where the file is read with an access token." }),
      mediaName: z.string().nullable(),
      isDeleted: z.boolean(),
      isEdited: z.boolean(),
      ack: z.number().int().meta({ description: "0 pending, 1 sent, 2 delivered, 3 read, 4/5 played." }),
      sendStatus: z.enum(["pending", "sending", "sent", "failed"]).nullable(),
      quotedMsgId: id.nullable(),
      quotedMsg: z.object({ id, body: z.string(), fromMe: z.boolean(), mediaType: z.enum(MEDIA).nullable(), contact: ref.nullable() }).nullable(),
      contact: ref.nullable(),
      userId: id.nullable(),
      transcript: z.string().nullable().optional(),
      participant: z.string().nullable().optional().meta({ description: "In a group: the sender's number, or their name when WhatsApp hides the number." }),
      reactions: z
        .array(z.object({ by: z.enum(["contact", "user"]), userId: id.nullable(), name: z.string().nullable(), emoji: z.string(), at: iso }))
        .meta({ description: "Who reacted with what, oldest first: the customer (contact) or an attendant (user)." }),
      edits: z.array(z.object({ body: z.string(), at: iso })).meta({ description: "Its earlier texts, oldest first, when it was edited." }),
      deletedBody: z.string().nullable().meta({ description: "What a message the customer deleted said." }),
      forwarded: z.boolean(),
      quotedStatus: z.string().nullable().meta({ description: "A reply to a status: the status's text." }),
      createdAt: iso,
      updatedAt: iso,
    })
    .meta({ description: "The message as the app shows it." }),
);

const scheduleRecord = exact<ScheduleView>()(
  z
    .object({
      id,
      body: z.string(),
      sendAt: iso,
      sentAt: iso.nullable(),
      status: z.enum(SCHEDULE_STATUSES),
      contactId: id,
      ticketId: id.nullable(),
      userId: id.nullable(),
      companyId: id,
      mediaPath: z.string().nullable(),
      mediaName: z.string().nullable(),
      template: z
        .object({ name: z.string(), language: z.string(), variables: z.array(z.string()), headerVariables: z.array(z.string()), headerMediaUrl: z.string().optional(), buttonVariables: z.array(z.string()) })
        .nullable(),
      failure: z.string().nullable(),
      createdAt: iso,
      updatedAt: iso,
      contact: ref.nullable(),
      user: ref.nullable(),
    })
    .meta({ description: "The scheduled message as the app shows it." }),
);

type SafeWhatsapp = { [K in keyof ReturnType<typeof safeWhatsapp>]: unknown };
const whatsappRecord = z
  .object({
    id,
    name: z.string(),
    channel: z.enum(CHANNELS),
    status: z.string().meta({ description: "CONNECTED, DISCONNECTED, qrcode, OPENING, TIMEOUT…" }),
    number: z.string().nullable(),
    isDefault: z.boolean(),
  } satisfies Record<keyof SafeWhatsapp, z.ZodType>)
  .meta({ description: "The connection, without its token, secrets, QR code or session." });

const placement = { status: z.enum(TICKET_STATUSES), queueId: id.nullable(), userId: id.nullable() };
/** A record read when the delivery was made: absent when it no longer existed. */
const present = <S extends z.ZodType>(schema: S) => schema.optional();

/** The `data` of each event type: the event's facts, plus the record as the app shows it. */
export const WEBHOOK_DATA = {
  "ticket.updated": z.object({
    ticketId: id,
    before: z.object(placement).optional().meta({ description: "Where the ticket was, when it moved (status, queue or user)." }),
    ticket: present(ticketRecord),
  }),
  "ticket.deleted": z.object({ ticketId: id, ...placement }),
  "message.created": z.object({ messageId: id, ticketId: id, fromMe: z.boolean(), message: present(messageRecord) }),
  "message.updated": z.object({ messageId: id, ticketId: id, message: present(messageRecord) }),
  "contact.created": z.object({ contactId: id, name: z.string(), contact: present(contactRecord) }),
  "contact.updated": z.object({ contactId: id, name: z.string(), changed: z.array(z.string()).meta({ description: "The fields that changed." }), contact: present(contactRecord) }),
  "contact.deleted": z.object({ contactId: id, name: z.string(), number: z.string() }),
  "contacts.imported": z.object({
    count: z.number().int().meta({ description: "Contacts created or updated." }),
    rows: z.number().int().meta({ description: "Rows the spreadsheet had." }),
    created: z.number().int(),
    updated: z.number().int(),
    createdIds: z.array(id).optional().meta({ description: "Present when at most 50 contacts changed." }),
    updatedIds: z.array(id).optional(),
  }),
  "whatsapp.session": z.object({ whatsappId: id, status: z.string(), whatsapp: present(whatsappRecord) }),
  "schedule.created": z.object({ scheduleId: id, contactId: id, status: z.enum(SCHEDULE_STATUSES), schedule: present(scheduleRecord) }),
  "schedule.updated": z.object({
    scheduleId: id,
    contactId: id,
    status: z.enum(SCHEDULE_STATUSES),
    changed: z.array(z.string()).optional().meta({ description: "The fields an attendant changed; absent when it was sent." }),
    schedule: present(scheduleRecord),
  }),
  "schedule.deleted": z.object({ scheduleId: id, contactId: id }),
} satisfies Record<WebhookEventType, z.ZodObject>;

const WHAT: Record<WebhookEventType, string> = {
  "ticket.updated": "A ticket changed: status, queue, attendant, tags, unread count or last message.",
  "ticket.deleted": "A ticket was deleted; data says where it was.",
  "message.created": "A message was stored in a ticket: a customer's, an attendant's, a bot's or the API's.",
  "message.updated": "A message changed: its delivery receipt, its text (edited), its reactions, or it was deleted.",
  "contact.created": "A contact was created.",
  "contact.updated": "A contact changed.",
  "contact.deleted": "A contact was deleted.",
  "contacts.imported": "A spreadsheet of contacts was imported.",
  "whatsapp.session": "A connection's session changed status (connected, disconnected, waiting for its QR code…).",
  "schedule.created": "A scheduled message was created.",
  "schedule.updated": "A scheduled message changed, or was sent (status ENVIADA) or failed (ERRO).",
  "schedule.deleted": "A scheduled message was deleted.",
};

/** The body of one event: the envelope every delivery shares, with that event's data. */
export const webhookEnvelope = (type: WebhookEventType) =>
  z.object({
    id: z.number().int().meta({ description: "The event's id: the same on every retry and on “send again”, to ignore repeats." }),
    type: z.literal(type),
    occurredAt: iso,
    companyId: id,
    data: WEBHOOK_DATA[type],
  });

export const SIGNATURE_HEADER = "X-Balcao-Signature";
export const SIGNATURE_DESCRIPTION =
  "`sha256=` followed by the hex HMAC-SHA256 of the raw request body, keyed with the endpoint's secret (shown once, when the endpoint is created). " +
  "Recompute it over the bytes received, before parsing them, and compare in constant time.";

/** The OpenAPI 3.1 `webhooks` object: one POST per event type, with its body, headers and the answer expected. */
export function webhooksDocument() {
  const header = (name: string, description: string, example?: string) => ({ name, in: "header" as const, required: true, description, schema: { type: "string" as const, ...(example ? { example } : {}) } });
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\W/g, "_")}`,
          tags: ["webhooks"],
          summary: type,
          description: `${WHAT[type]} Sent to each enabled endpoint of the company that chose \`${type}\` (Settings › Webhooks, or /webhook-endpoints).`,
          security: [{ webhookSignature: [] }],
          parameters: [
            header("X-Balcao-Event", "The event's type.", type),
            header("X-Balcao-Event-Id", "The event's id, as in the body."),
            header(SIGNATURE_HEADER, SIGNATURE_DESCRIPTION, "sha256=5d41402abc4b2a76b9719d911017c592…"),
          ],
          requestBody: { required: true, content: { "application/json": { schema: z.toJSONSchema(webhookEnvelope(type), { target: "draft-2020-12", io: "input" }) as Record<string, unknown> } } },
          responses: {
            "2XX": { description: "Received. Any other answer, or none within 10 s, is tried again after 30 s, then 1, 2, 4 … minutes, at most an hour apart, for 24 hours. Redirects are not followed." },
          },
        },
      },
    ]),
  );
}

/** The security scheme the webhooks' operations name: how a receiver knows a delivery came from us. */
export const webhookSignatureScheme = { type: "apiKey", in: "header", name: SIGNATURE_HEADER, description: SIGNATURE_DESCRIPTION } as const;
