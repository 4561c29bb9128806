import { index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";
import { users } from "./users";

/**
 * Internal chats (administration §2 "Internal chat", §3): a titled conversation among users of one
 * company. Only its members read it; its owner alone edits or deletes it.
 */
export const chats = pgTable(
  "chats",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().defaultRandom().unique(),
    companyId: companyColumn(),
    title: text().notNull(),
    /** Null once the owner's user is deleted: then nobody edits the chat any more. */
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    lastMessage: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [index("chats_company_updated_idx").on(t.companyId, t.updatedAt, t.id)],
);

/** The members of a chat, each with the messages not read yet. */
export const chatUsers = pgTable(
  "chat_users",
  {
    companyId: companyColumn(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreads: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_users_user_idx").on(t.companyId, t.userId, t.chatId)],
);

/**
 * A message of a chat: text, an attachment, or both. The attachment is stored like all media (a key
 * under the company, served only with a token to the chat's members).
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** Null once the sender's user is deleted; the message stays. */
    senderId: integer().references(() => users.id, { onDelete: "set null" }),
    message: text().notNull().default(""),
    mediaPath: text(),
    mediaName: text(),
    /** image or document, read from the file's bytes. */
    mediaType: text(),
    ...timestamps,
  },
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.id)],
);
