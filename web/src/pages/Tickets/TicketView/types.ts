/** The records the ticket view reads, as the server presents them. */
export type { ContactView, MessageView, QuotedMessage, TagRef, TicketView } from "@balcao/common";
import type { MessageView, TagRef } from "@balcao/common";

export interface MessagesPage {
  messages: MessageView[];
  count: number;
  hasMore: boolean;
}

export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number;
  user: { id: number; name: string } | null;
  createdAt: string;
}

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
}

export interface Tag extends TagRef {
  kanban?: number | boolean;
}

/** What the composer quotes when replying. */
export type ReplyTarget = Pick<MessageView, "id" | "body" | "fromMe" | "mediaType" | "contact">;
