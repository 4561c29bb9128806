import type { proto, WACallEvent, WAMessage, WAMessageContent, WAMessageUpdate } from "baileys";
import { mediaTypeOf } from "../../media/store";
import type { ChannelEvent, InboundMessage } from "../contract";
import { identityOf, isGroupJid, phoneJid, userOf } from "./jid";
import type { BaileysLibrary } from "./library";

/** A group message's sender: the phone number, or else (a LID only) the name the sender gave. */
function participantOf(msg: WAMessage) {
  const { number, lid } = identityOf(msg.key.participant, msg.key.participantAlt);
  return number || msg.pushName?.trim() || lid || undefined;
}

/** Baileys' WAMessageStatus → the product's ack (1 sent, 2 delivered, 3 read, 4 played). */
function ackOfStatus({ proto }: BaileysLibrary, status: number): number | undefined {
  const { SERVER_ACK, DELIVERY_ACK, READ, PLAYED } = proto.WebMessageInfo.Status;
  return { [SERVER_ACK]: 1, [DELIVERY_ACK]: 2, [READ]: 3, [PLAYED]: 4 }[status];
}

const MEDIA_KINDS = ["imageMessage", "videoMessage", "audioMessage", "documentMessage", "stickerMessage"] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];

const EXT: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "audio/ogg": "ogg", "audio/mpeg": "mp3", "audio/mp4": "m4a", "video/mp4": "mp4", "application/pdf": "pdf" };

/** Fetches the bytes of a media message (injected: the socket's download, or a test's). */
export type Download = (message: WAMessage) => Promise<Buffer>;

/** Chats the product does not serve: status stories, broadcast lists, channels. */
const ignoredChat = (jid: string) => jid === "status@broadcast" || jid.endsWith("@broadcast") || jid.endsWith("@newsletter");

function textOf({ normalizeMessageContent }: BaileysLibrary, content: WAMessageContent | null | undefined): string | undefined {
  const c = normalizeMessageContent(content);
  const text = c?.conversation ?? c?.extendedTextMessage?.text ?? c?.imageMessage?.caption ?? c?.videoMessage?.caption ?? c?.documentMessage?.caption;
  return text ?? undefined;
}

function timestampOf(value: WAMessage["messageTimestamp"]) {
  const seconds = typeof value === "number" ? value : value ? Number(value.toString()) : 0;
  return seconds > 0 ? new Date(seconds * 1000) : undefined;
}

/** The location body the spec describes: image | link | description, separated by '|'. */
export function locationBody(location: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage) {
  const thumb = location.jpegThumbnail?.length ? `data:image/jpeg;base64,${Buffer.from(location.jpegThumbnail).toString("base64")}` : "";
  const link = `https://maps.google.com/maps?q=${location.degreesLatitude ?? 0},${location.degreesLongitude ?? 0}&z=17`;
  const { name, address } = location as proto.Message.ILocationMessage;
  const description = [name, address].filter(Boolean).join(" - ").replace(/\|/g, "/");
  return `${thumb}|${link}|${description}`;
}

/**
 * One message of `messages.upsert` as the pipeline's event: a message, an edit, a delete, a
 * reaction, or null for what the product does not show (other protocol messages, status stories).
 */
export async function eventOfMessage(baileys: BaileysLibrary, msg: WAMessage, download: Download): Promise<ChannelEvent | null> {
  const { getContentType, normalizeMessageContent, proto } = baileys;
  const remoteJid = msg.key?.remoteJid ?? "";
  const id = msg.key?.id;
  if (!remoteJid || !id || ignoredChat(remoteJid)) return null;
  const content = normalizeMessageContent(msg.message);
  const type = getContentType(content ?? undefined);
  if (!content || !type) return null;

  if (type === "protocolMessage") {
    const protocol = content.protocolMessage!;
    const target = protocol.key?.id;
    if (!target) return null;
    const { REVOKE, MESSAGE_EDIT } = proto.Message.ProtocolMessage.Type;
    // decoded protobufs leave the default (0, REVOKE) implicit
    const kind = protocol.type ?? REVOKE;
    if (kind === REVOKE) return { type: "delete", externalId: target };
    if (kind === MESSAGE_EDIT) {
      const body = textOf(baileys, protocol.editedMessage);
      return body === undefined ? null : { type: "edit", externalId: target, body };
    }
    return null;
  }

  const group = isGroupJid(remoteJid);
  const fromMe = !!msg.key.fromMe;
  const chat = group ? remoteJid : phoneJid(remoteJid, msg.key.remoteJidAlt);
  const base: InboundMessage = {
    externalId: id,
    ...(group ? { number: userOf(chat) } : identityOf(remoteJid, msg.key.remoteJidAlt)),
    // the push name is the sender's: not the group's, and on our own messages our own
    name: group || fromMe ? undefined : msg.pushName?.trim() || undefined,
    isGroup: group || undefined,
    participant: group ? participantOf(msg) : undefined,
    username: (!group && msg.key.remoteJidUsername?.trim()) || undefined,
    body: "",
    fromMe: fromMe || undefined,
    timestamp: timestampOf(msg.messageTimestamp),
    raw: msg,
  };
  if (type === "reactionMessage") {
    // the company's own reactions from the phone are not the customer's
    const target = content.reactionMessage?.key?.id;
    if (!target || fromMe) return null;
    return { type: "reaction", externalId: target, emoji: content.reactionMessage?.text ?? "", from: group ? base.participant || base.number : base.number, name: msg.pushName?.trim() || undefined };
  }
  const inner = (content as Record<string, any>)[type];
  const context = inner?.contextInfo as proto.IContextInfo | undefined;
  if (context?.isForwarded || (context?.forwardingScore ?? 0) > 0) base.forwarded = true;
  if (context?.remoteJid === "status@broadcast") {
    // a reply to a status: the status is no message of the ticket, its text goes with the reply
    base.quotedStatus = textOf(baileys, context.quotedMessage) ?? "";
  } else if (context?.stanzaId) base.quotedExternalId = String(context.stanzaId);

  switch (type) {
    case "conversation":
      return { type: "message", message: { ...base, body: content.conversation ?? "" } };
    case "extendedTextMessage":
      return { type: "message", message: { ...base, body: content.extendedTextMessage?.text ?? "" } };
    case "locationMessage":
      return { type: "message", message: { ...base, mediaType: "locationMessage", body: locationBody(content.locationMessage!) } };
    case "liveLocationMessage":
      return { type: "message", message: { ...base, mediaType: "locationMessage", body: locationBody(content.liveLocationMessage!) } };
    case "contactMessage":
      return { type: "message", message: { ...base, mediaType: "vcard", body: content.contactMessage?.vcard ?? "" } };
    case "contactsArrayMessage":
      return {
        type: "message",
        message: {
          ...base,
          mediaType: "vcard",
          body: (content.contactsArrayMessage?.contacts ?? [])
            .map((c) => c.vcard ?? "")
            .filter(Boolean)
            .join("\n"),
        },
      };
  }
  if ((MEDIA_KINDS as readonly string[]).includes(type)) return { type: "message", message: await withMedia(base, msg, type as MediaKind, inner, download) };
  return null; // polls, system notices: nothing to show in a ticket
}

async function withMedia(base: InboundMessage, msg: WAMessage, kind: MediaKind, media: proto.Message.IDocumentMessage, download: Download): Promise<InboundMessage> {
  const mimetype = (media.mimetype ?? "application/octet-stream").split(";")[0].trim();
  const caption = kind === "audioMessage" || kind === "stickerMessage" ? "" : (media.caption ?? "");
  const filename = (kind === "documentMessage" && media.fileName) || `${kind.replace("Message", "")}-${base.externalId}.${EXT[mimetype] ?? mimetype.split("/")[1] ?? "bin"}`;
  try {
    const data = await download(msg);
    return { ...base, body: caption, mediaType: mediaTypeOf(mimetype), media: { data, filename, mimetype } };
  } catch {
    // the file expired or WhatsApp refused it: keep the message, without its file
    return { ...base, body: caption || filename };
  }
}

/** A receipt of `messages.update`: our message reached the server, the phone, was read or played. */
export function ackOf(baileys: BaileysLibrary, update: WAMessageUpdate): ChannelEvent | null {
  const status = update.update?.status;
  const id = update.key?.id;
  if (status === undefined || status === null || !id) return null;
  const ack = ackOfStatus(baileys, status);
  return ack ? { type: "ack", externalId: id, ack } : null;
}

/** A ringing call (an offer) as the pipeline's call event; the other call states are noise. */
export function callOf(call: WACallEvent): ChannelEvent | null {
  if (call.status !== "offer") return null;
  const pn = call.callerPn ? (call.callerPn.includes("@") ? call.callerPn : `${call.callerPn}@s.whatsapp.net`) : undefined;
  const { number, lid } = identityOf(call.from, pn);
  return { type: "call", externalId: call.id, number, ...(lid ? { lid } : {}) };
}
