import type { ConnectionStatus } from "@balcao/common";

/** A file carried by a message, in memory. */
export interface MediaFile {
  data: Buffer;
  filename: string;
  mimetype: string;
}

export type InboundMediaType = "image" | "audio" | "video" | "application" | "document" | "locationMessage" | "vcard" | "call_log";

/** A customer's message as every channel reports it. */
export interface InboundMessage {
  externalId: string;
  /** Digits of the sender (or the group id for group messages). */
  number: string;
  /**
   * WhatsApp's LID of the sender (digits of "…@lid"), when the channel addresses it so; `number`
   * is then "" when the phone number is not known. At least one of the two is given.
   */
  lid?: string;
  /** The sender's WhatsApp username, when the channel tells it. */
  username?: string;
  name?: string;
  isGroup?: boolean;
  /** Sender inside a group. */
  participant?: string;
  body: string;
  mediaType?: InboundMediaType;
  media?: MediaFile;
  quotedExternalId?: string;
  /** Forwarded from another conversation. */
  forwarded?: boolean;
  /** A reply to a status: the status's text or caption. */
  quotedStatus?: string;
  /** Sent from the company's own phone (another device), not by the customer. */
  fromMe?: boolean;
  timestamp?: Date;
  /** What the channel delivered, as it came: kept with the message's dead letter when it cannot be stored. */
  raw?: unknown;
}

/** Normalized events a channel delivers to the inbound pipeline. */
export type ChannelEvent =
  | { type: "message"; message: InboundMessage }
  /** The channel learned that a LID and a phone number are one account (automation/identities.ts). */
  | { type: "identity"; lid: string; number: string }
  | { type: "ack"; externalId: string; ack: number }
  | { type: "edit"; externalId: string; body: string }
  | { type: "delete"; externalId: string }
  | { type: "call"; externalId: string; number: string; lid?: string; name?: string }
  /** The customer reacted to a message (`externalId`); an empty emoji takes the reaction back. */
  | { type: "reaction"; externalId: string; emoji: string; from: string; name?: string }
  | { type: "status"; status: ConnectionStatus; qrcode?: string; number?: string };

export interface SendOptions {
  quotedExternalId?: string;
}
/** The message a reaction is for: its channel id, whether the company sent it, and its sender in a group. */
export interface ReactionTarget {
  externalId: string;
  fromMe: boolean;
  participant?: string;
}
export interface SentMessage {
  externalId: string;
}
/** An approved message template to send (Cloud API): its name, language and the components carrying its parameters, as Graph takes them. */
export interface TemplateMessage {
  name: string;
  language: string;
  components: Record<string, unknown>[];
}

/**
 * What the product needs from a WhatsApp channel. One adapter instance serves one connection.
 * Implementations: sandbox (built in), baileys (WhatsApp Web), cloud (official Cloud API).
 */
export interface ChannelAdapter {
  readonly kind: string;
  connect(): Promise<void>;
  /** Logs the session out: the connection becomes DISCONNECTED. */
  disconnect(): Promise<void>;
  /** Releases resources (sockets, timers) without changing the session, on shutdown or deletion. */
  close(): Promise<void>;
  sendText(to: string, body: string, options?: SendOptions): Promise<SentMessage>;
  sendMedia(to: string, file: MediaFile, caption: string, options?: SendOptions): Promise<SentMessage>;
  deleteMessage(to: string, externalId: string): Promise<void>;
  markRead(from: string, externalIds: string[]): Promise<void>;
  /** Sends a message template, allowed outside the 24-hour window; absent where the channel has none (only cloud has). */
  sendTemplate?(to: string, template: TemplateMessage, options?: SendOptions): Promise<SentMessage>;
  /** Reacts to a message of the conversation (`emoji` "" takes the reaction back); absent where the channel cannot. */
  sendReaction?(to: string, target: ReactionTarget, emoji: string): Promise<void>;
  /** Whether the number has WhatsApp; absent where the channel cannot tell before a conversation (cloud). */
  checkNumber?(number: string): Promise<boolean>;
  /** Sends a menu the customer answers with a tap (cloud: reply buttons or a list); absent: the menu goes as its text. */
  sendInteractive?(to: string, menu: Menu, options?: SendOptions): Promise<SentMessage>;
}

/** One choice of a menu: what the customer would type to pick it, and what it says. */
export interface MenuChoice {
  key: string;
  title: string;
}

/** A menu of choices, and the same menu as the text that channels without taps send. */
export interface Menu {
  /** What comes before the choices (a greeting, the option's message). */
  intro: string;
  choices: MenuChoice[];
  /** What comes after the choices (how to go back to the start). */
  outro: string;
  text: string;
}

/**
 * The channel turned a send back because of its rate limits, and nothing went out: the message
 * is tried again later, no sooner than `afterMs` when the channel said how long to wait.
 */
export class SendLater extends Error {
  constructor(
    readonly afterMs?: number,
    readonly reason = "rate limited",
  ) {
    super(`send later: ${reason}`);
  }
}
