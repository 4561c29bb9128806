import { z } from "zod";
import { file, id, messageAnswer, object, page } from "../../http/responses/shapes";

const moment = z.iso.datetime({ offset: true });

/** A member of a chat, with their unreads in it. */
const chatMember = object({ chatId: id, userId: id, unreads: z.number().int(), user: object({ id, name: z.string() }) });

/** An internal chat with its members. */
export const chatAnswer = object({
  id,
  uuid: z.string(),
  title: z.string(),
  ownerId: id.nullable().meta({ description: "Null once the owner's user is deleted." }),
  lastMessage: z.string(),
  createdAt: moment,
  updatedAt: moment,
  users: z.array(chatMember),
}).meta({ description: "An internal chat with its members and their unreads." });

export const chatsPage = page("records", chatAnswer).meta({ description: "A page of the caller's chats, most recently updated first." });
export const chatDeleted = messageAnswer;

/** A message of an internal chat; mediaPath is read with the bearer token. */
export const chatMessageAnswer = object({
  id,
  chatId: id,
  senderId: id.nullable(),
  sender: object({ id, name: z.string() }).nullable(),
  message: z.string(),
  mediaPath: z.string().nullable().meta({ description: "The attachment's address, read with the bearer token." }),
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
  createdAt: moment,
  updatedAt: moment,
}).meta({ description: "A message of an internal chat." });

export const chatMessagesPage = page("records", chatMessageAnswer).meta({ description: "A page of a chat's messages, oldest first." });
export const chatMedia = file;
