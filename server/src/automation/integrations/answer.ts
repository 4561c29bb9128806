/** What an integration made of one customer message, for the engine to send and apply. */
/** A message a bot says: a text, or a file by its address with the text as caption. */
export interface OutgoingMessage {
  body: string;
  mediaUrl?: string;
  /** What the file must be (a Typebot image, video or audio bubble); any file when not said. */
  kind?: MediaKind;
}

export type MediaKind = "image" | "video" | "audio";

export interface IntegrationAnswer {
  messages: OutgoingMessage[];
  /** Pause between two of the messages (Typebot's typebotDelayMessage). */
  delayMs?: number;
  /** The bot is done: a person takes the ticket over (pending in its queue, integration off). */
  handOver?: boolean;
  action?: IntegrationAction;
  /** The Typebot session after this message: kept, replaced, or ended (null). */
  session?: { sessionId: string | null; choices: string[] };
}

export type IntegrationAction = { type: "transfer"; queueId?: number; userId?: number } | { type: "close" } | { type: "tag"; tagId: number } | { type: "handover" };

/** The ticket and message handed to an integration, as the webhook receives them. */
export interface HandedMessage {
  ticket: { id: number; uuid: string; status: string; queueId: number | null; whatsappId: number | null; contact: { id: number; name: string; number: string } };
  message: { id: number; body: string; mediaType: string | null; createdAt: string };
}
