import { z } from "zod";
import { file, id, looseEntity, messageAnswer, object, timestamp } from "../../http/responses/shapes";
import { ticketView } from "../tickets/responses";

const sender = object({ id, name: z.string() });

const reaction = object({
  by: z.enum(["contact", "user"]),
  userId: id.nullable(),
  name: z.string().nullable(),
  emoji: z.string(),
  at: timestamp,
});

/** A message as the API presents it (presentMessages, MESSAGE_VIEW). */
/** A Cloud API template as campaigns and scheduled messages keep it, with the values of its variables. */
export const templateChoiceAnswer = looseEntity({
  name: z.string(),
  language: z.string(),
  variables: z.array(z.string()),
  headerVariables: z.array(z.string()),
  headerMediaUrl: z.string().optional(),
  buttonVariables: z.array(z.string()),
});

export const messageView = object({
  id,
  ticketId: id,
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaType: z.string().nullable().meta({ description: "image, audio, video, application, document, locationMessage, vcard or call_log." }),
  mediaUrl: z.string().nullable().meta({ description: "/media/messages/{id}: the file, served by the app." }),
  mediaName: z.string().nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  ack: z.number().int().meta({ description: "0 pending, 1 sent, 2 delivered, 3 read, 4/5 played." }),
  sendStatus: z.enum(["pending", "sending", "sent", "failed"]).nullable(),
  quotedMsgId: id.nullable(),
  quotedMsg: object({ id, body: z.string(), fromMe: z.boolean(), mediaType: z.string().nullable(), contact: sender.nullable() }).nullable(),
  contact: sender.nullable(),
  userId: id.nullable(),
  transcript: z.string().nullable().optional(),
  participant: z.string().nullable().optional(),
  reactions: z.array(reaction).meta({ description: "Who reacted with what, oldest first." }),
  edits: z.array(object({ body: z.string(), at: timestamp })).meta({ description: "Its earlier texts, oldest first, when it was edited." }),
  deletedBody: z.string().nullable().meta({ description: "What a message the customer deleted said." }),
  forwarded: z.boolean(),
  quotedStatus: z.string().nullable().meta({ description: "A reply to a status: the status's text." }),
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ description: "A message of a conversation." });

export const messageResponses = {
  page: {
    200: object({ messages: z.array(messageView), count: z.number().int(), ticket: ticketView, hasMore: z.boolean() }).meta({ description: "A page of the ticket's conversation, newest first, with the ticket." }),
  },
  sent: { 200: object({}).meta({ description: "The messages are on their way; they arrive by the socket." }) },
  deleted: { 200: messageAnswer },
  retried: { 200: messageView },
  reacted: { 200: messageView.meta({ description: "The message with its reactions." }) },
  media: { 200: file },
};
