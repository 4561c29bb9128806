import { and, eq } from "drizzle-orm";
import type { AnyMessageContent, WAMessage, WAMessageKey } from "baileys";
import type { Db } from "../../db/client";
import { messages } from "../../db/schema";
import { mediaTypeOf, mimeOf } from "../../media/store";
import type { MediaFile } from "../contract";
import { jidOf } from "./jid";

/**
 * What Baileys sends for a file, by its type: a picture, a video, a voice note (ogg, which
 * WhatsApp plays as recorded audio) or other audio, or a document that keeps its file name.
 * Audio carries no caption in WhatsApp.
 */
export function mediaContent(file: MediaFile, caption: string): AnyMessageContent {
  const mimetype = !file.mimetype || file.mimetype.includes("*") ? mimeOf(file.filename) : file.mimetype;
  const text = caption || undefined;
  switch (mediaTypeOf(mimetype)) {
    case "image":
      return { image: file.data, caption: text, mimetype };
    case "video":
      return { video: file.data, caption: text, mimetype };
    case "audio":
      return mimetype === "audio/ogg" ? { audio: file.data, mimetype: "audio/ogg; codecs=opus", ptt: true } : { audio: file.data, mimetype };
    default:
      return { document: file.data, fileName: file.filename, mimetype, caption: text };
  }
}

/** The message a reply quotes, rebuilt from what we stored of it (Baileys needs its sender and text). */
export async function quotedMessage(db: Db, whatsappId: number, jid: string, externalId: string | undefined): Promise<WAMessage | undefined> {
  if (!externalId) return undefined;
  const [row] = await db
    .select({ body: messages.body, fromMe: messages.fromMe, participant: messages.participant })
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, externalId)));
  const participant = row?.participant ? jidOf(row.participant) : undefined;
  return { key: { remoteJid: jid, id: externalId, fromMe: row?.fromMe ?? false, participant }, message: { conversation: row?.body ?? "" } };
}

/** What WhatsApp asks for again when a recipient could not decrypt one of our messages. */
export async function retryContent(db: Db, whatsappId: number, key: WAMessageKey) {
  if (!key.id) return undefined;
  const [row] = await db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, key.id), eq(messages.fromMe, true)));
  return row?.body ? { conversation: row.body } : undefined;
}
