import type { MessageView, QuotedMessage } from "@balcao/common";
import { contacts, messages } from "../../db/schema";
import { viewShape } from "../../db/viewShape";

/** A message's sender as its view names them: the contact's id and name. */
export const MESSAGE_SENDER = viewShape<NonNullable<MessageView["contact"]>>()(contacts, () => ({ id: "id", name: "name" }));

/** The message a message answers, as shown above it: deleted, its body is blank; sent by us, it has no sender. */
export const QUOTED_VIEW = viewShape<QuotedMessage, { contact: QuotedMessage["contact"] }>()(messages, (f) => ({
  id: "id",
  body: f.unless("isDeleted", "", "body"),
  fromMe: "fromMe",
  mediaType: "mediaType",
  contact: f.unless("fromMe", null, f.part("contact")),
}));

export interface MessageViewParts {
  quotedMsg: MessageView["quotedMsg"];
  contact: MessageView["contact"];
}

/** The message's view: the one declaration its presenter and the statements that build it in SQL share. */
export const MESSAGE_VIEW = viewShape<MessageView, MessageViewParts>()(messages, (f) => ({
  id: "id",
  ticketId: "ticketId",
  body: f.unless("isDeleted", "", "body"),
  fromMe: "fromMe",
  read: "read",
  mediaType: "mediaType",
  // the file is served by the app, never its storage path; a deleted message has none
  mediaUrl: {
    sql: (s) => `case when ${s.col("isDeleted")} or ${s.col("mediaPath")} is null then null else '/media/messages/' || ${s.col("id")} end`,
    value: (m) => (m.isDeleted || m.mediaPath === null ? null : `/media/messages/${m.id}`),
    reads: ["isDeleted", "mediaPath", "id"],
  },
  mediaName: "mediaName",
  isDeleted: "isDeleted",
  isEdited: "isEdited",
  ack: "ack",
  sendStatus: "sendStatus",
  quotedMsgId: "quotedMsgId",
  quotedMsg: f.part("quotedMsg"),
  contact: f.unless("fromMe", null, f.part("contact")),
  userId: "userId",
  transcript: f.unless("isDeleted", null, "transcript"),
  participant: "participant",
  reactions: "reactions",
  edits: "editHistory",
  // the company still reads what the customer deleted (not an erased message: its body is gone)
  deletedBody: {
    sql: (s) => `case when ${s.col("isDeleted")} and not ${s.col("fromMe")} and ${s.col("erasedAt")} is null then ${s.col("body")} else null end`,
    value: (m) => (m.isDeleted && !m.fromMe && m.erasedAt === null ? m.body : null),
    reads: ["isDeleted", "fromMe", "erasedAt", "body"],
  },
  forwarded: "forwarded",
  quotedStatus: "quotedStatus",
  createdAt: f.iso("createdAt"),
  updatedAt: f.iso("updatedAt"),
}));
