import type { TicketStatus } from "./constants";
import type { QueueRef } from "./types";

/** Records as the API presents them: the server's presenters build them, the web reads them. */
export type ExtraInfo = { name: string; value: string };

export type ContactView = {
  id: number;
  name: string;
  number: string;
  /** WhatsApp's LID (digits), when the channel told it. */
  lid: string | null;
  /** The WhatsApp username the customer chose, when the channel told it. */
  username: string | null;
  email: string;
  profilePicUrl: string;
  urlPicture: string;
  isGroup: boolean;
  extraInfo: ExtraInfo[];
  whatsappId: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

export type TagRef = { id: number; name: string; color: string };

export type TicketView = {
  id: number;
  uuid: string;
  status: TicketStatus;
  unreadMessages: number;
  lastMessage: string;
  isGroup: boolean;
  chatbot: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  companyId: number;
  contactId: number;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  createdAt: string;
  updatedAt: string;
  contact: ContactView;
  user: { id: number; name: string } | null;
  queue: QueueRef | null;
  whatsapp: { id: number; name: string; status: string } | null;
  tags: TagRef[];
  /** Cloud API tickets: when the 24-hour customer-service window closes (the customer's last message + 24 h); null elsewhere or before the customer wrote. */
  serviceWindowEndsAt: string | null;
  /** The running service cycle's SLA (due instants in business time); null without a target or a running cycle. */
  sla?: TicketSla | null;
};

/** A ticket's SLA: when the first response and the resolution are due, their targets in business minutes, and whether they were missed. */
export type TicketSla = {
  firstResponseDueAt: string | null;
  firstResponseMinutes: number | null;
  firstResponseAt: string | null;
  firstResponseBreached: boolean;
  resolutionDueAt: string | null;
  resolutionMinutes: number | null;
  resolutionBreached: boolean;
};

/** A Cloud API message template of a connection, as last read from Graph. */
export type WhatsappTemplateView = {
  id: number;
  whatsappId: number;
  name: string;
  language: string;
  category: string;
  status: string;
  components: { type: string; format?: string; text?: string; buttons?: { type: string; text: string; url?: string }[] }[];
  updatedAt: string;
};

export type MediaType = "image" | "audio" | "video" | "application" | "document" | "locationMessage" | "vcard" | "call_log";

export type QuotedMessage = {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: MediaType | null;
  contact: { id: number; name: string } | null;
};

/** A reaction to a message: the customer's ("contact") or an attendant's ("user", with their id and name). */
export type MessageReaction = {
  by: "contact" | "user";
  userId: number | null;
  name: string | null;
  emoji: string;
  at: string;
};

/** A text a message had before an edit, and when it was replaced. */
export type MessageEdit = { body: string; at: string };

export type MessageView = {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: MediaType | null;
  mediaUrl: string | null;
  mediaName: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  /** 0 pending, 1 sent, 2 delivered, 3 read, 4/5 played. */
  ack: number;
  sendStatus: "pending" | "sending" | "sent" | "failed" | null;
  quotedMsgId: number | null;
  quotedMsg: QuotedMessage | null;
  contact: { id: number; name: string } | null;
  userId: number | null;
  /** What a customer's audio says, as the AI prompt's transcription read it. */
  transcript?: string | null;
  /** In a group: who sent it, by phone number, or by the name they gave when WhatsApp hides the number. */
  participant?: string | null;
  /** Who reacted with what, oldest first. */
  reactions: MessageReaction[];
  /** Its earlier texts, oldest first, when it was edited. */
  edits: MessageEdit[];
  /** What a message the customer deleted said. */
  deletedBody: string | null;
  /** The customer forwarded it. */
  forwarded: boolean;
  /** A reply to a status: the status's text. */
  quotedStatus: string | null;
  createdAt: string;
  updatedAt: string;
};
