import type { WACallEvent, WAMessage, WAMessageUpdate } from "baileys";

/**
 * Baileys 7 event payloads as the socket emits them (messages.upsert, messages.update, call),
 * written down from the shapes Baileys decodes off the wire. Byte fields are Buffers, as in
 * the decoded protobufs; ids look like WhatsApp's.
 */

export const CUSTOMER = "5511987654321";
export const CUSTOMER_JID = `${CUSTOMER}@s.whatsapp.net`;
export const OUR_JID = "5511940001234:17@s.whatsapp.net";
export const GROUP_JID = "120363041234567890@g.us";
export const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffdb0043000806060706", "hex");
const ts = 1_718_000_000;

const deviceContext = {
  deviceListMetadata: { senderKeyHash: Buffer.from("a1b2c3d4e5f6a7b8c9d0", "hex"), senderTimestamp: ts - 86_400, recipientKeyHash: Buffer.from("0f1e2d3c4b5a69788796", "hex"), recipientTimestamp: ts - 3_600 },
  deviceListMetadataVersion: 2,
};
const mediaFields = (mimetype: string, length: number) => ({
  url: "https://mmg.whatsapp.net/v/t62.7118-24/12345678_1234567890123456_1234567890123456789_n.enc?ccb=11-4&oh=01_Q5AaIExample&oe=66A1B2C3&_nc_sid=5e03e0&mms3=true",
  mimetype,
  fileSha256: Buffer.from("2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881", "hex"),
  fileLength: length,
  mediaKey: Buffer.from("8a1f5c3e7b9d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a", "hex"),
  fileEncSha256: Buffer.from("5f70bf18a086007016e948b04aed3b82103a36bea41755b6cddfaf10ace3c6ef", "hex"),
  directPath: "/v/t62.7118-24/12345678_1234567890123456_1234567890123456789_n.enc?ccb=11-4&oh=01_Q5AaIExample&oe=66A1B2C3&_nc_sid=5e03e0",
  mediaKeyTimestamp: ts - 10,
});

const fromCustomer = (id: string, message: WAMessage["message"], extra: Partial<WAMessage> = {}): WAMessage => ({
  key: { remoteJid: CUSTOMER_JID, fromMe: false, id, addressingMode: "pn" },
  messageTimestamp: ts,
  pushName: "Maria Souza",
  broadcast: false,
  message: { ...message, messageContextInfo: deviceContext },
  ...extra,
});

export const text = fromCustomer("3EB0C431C26A1916E7A0", { conversation: "Olá, bom dia! Vocês abrem sábado?" });

export const quotedReply = fromCustomer("3EB0D5A2B7F04E1C9A11", {
  extendedTextMessage: {
    text: "Sim, esse mesmo 👆",
    previewType: 0,
    contextInfo: { stanzaId: "3EB0C431C26A1916E7A0", participant: CUSTOMER_JID, quotedMessage: { conversation: "Olá, bom dia! Vocês abrem sábado?" } },
    inviteLinkGroupTypeV2: 0,
  },
});

export const image = fromCustomer("3EB0A1F3E2D4C5B6A7F8", {
  imageMessage: { ...mediaFields("image/jpeg", JPEG.length), caption: "Foto do produto com defeito", height: 1280, width: 960, jpegThumbnail: JPEG },
});

export const document = fromCustomer("3EB0B2E4D6F8A0C2E4F6", {
  documentWithCaptionMessage: { message: { documentMessage: { ...mediaFields("application/pdf", 9), title: "nota-fiscal", fileName: "nota fiscal 123.pdf", caption: "Segue a nota" } } },
});

export const voiceNote = fromCustomer("3EB0B3C4D5E6F7A8B9C0", {
  audioMessage: { ...mediaFields("audio/ogg; codecs=opus", 10), seconds: 7, ptt: true, waveform: Buffer.from("00081a2b3c4d5e6f7f6e5d4c3b2a1908", "hex") },
});

export const location = fromCustomer("3EB09C8D7E6F5A4B3C2D", {
  locationMessage: { degreesLatitude: -23.5505199, degreesLongitude: -46.6333094, name: "Praça da Sé", address: "Praça da Sé - Sé, São Paulo - SP, 01001-000", jpegThumbnail: JPEG },
});

export const VCARD = "BEGIN:VCARD\nVERSION:3.0\nN:Lima;João;;;\nFN:João Lima\nitem1.TEL;waid=5511912345678:+55 11 91234-5678\nitem1.X-ABLabel:Celular\nEND:VCARD";
export const contact = fromCustomer("3EB07A6B5C4D3E2F1A0B", { contactMessage: { displayName: "João Lima", vcard: VCARD } });

export const groupText: WAMessage = {
  key: { remoteJid: GROUP_JID, fromMe: false, id: "3EB0E1D2C3B4A5968778", participant: "5511955554444@s.whatsapp.net", addressingMode: "pn" },
  messageTimestamp: ts,
  pushName: "Carlos",
  broadcast: false,
  message: { conversation: "Bom dia, grupo!", messageContextInfo: deviceContext },
};

/** A phone of the company answered from WhatsApp itself, not from Balcão. */
export const fromOurPhone: WAMessage = {
  key: { remoteJid: CUSTOMER_JID, fromMe: true, id: "3EB0F0E1D2C3B4A59687", addressingMode: "pn" },
  messageTimestamp: ts + 5,
  pushName: "Loja Centro",
  broadcast: false,
  status: 2,
  message: { extendedTextMessage: { text: "Abrimos sim, das 9h às 13h." }, messageContextInfo: deviceContext },
};

/** The customer writes from an account WhatsApp addresses by LID, with the phone number alongside. */
export const lidText: WAMessage = {
  key: { remoteJid: "190283746519283@lid", remoteJidAlt: "5521998877665@s.whatsapp.net", fromMe: false, id: "3EB0AA11BB22CC33DD44", addressingMode: "lid" },
  messageTimestamp: ts,
  pushName: "Ana",
  broadcast: false,
  message: { conversation: "Oi, sou a Ana" },
};

export const reaction = fromCustomer("3EB0123456789ABCDEF0", { reactionMessage: { key: { remoteJid: CUSTOMER_JID, fromMe: true, id: "3EB0F0E1D2C3B4A59687" }, text: "👍", senderTimestampMs: (ts + 30) * 1000 } });

export const revoke = (target: string) => fromCustomer("3EB04F2A9C1D7E6B5A31", { protocolMessage: { key: { remoteJid: CUSTOMER_JID, fromMe: false, id: target }, type: 0 } });

export const edit = (target: string, body: string) =>
  fromCustomer("3EB08B7C6D5E4F3A2B19", {
    protocolMessage: { key: { remoteJid: CUSTOMER_JID, fromMe: false, id: target }, type: 14, editedMessage: { conversation: body }, timestampMs: (ts + 60) * 1000 },
  });

/** The older edit envelope: editedMessage wrapping the protocol message. */
export const editEnvelope = (target: string, body: string) =>
  fromCustomer("3EB0A9B8C7D6E5F4A3B2", {
    editedMessage: { message: { protocolMessage: { key: { remoteJid: CUSTOMER_JID, fromMe: false, id: target }, type: 14, editedMessage: { extendedTextMessage: { text: body } } } } },
  });

/** The customer turned disappearing messages on: a protocol message the product has nothing to show for. */
export const ephemeralSetting = fromCustomer("3EB0C1D2E3F4A5B6C7D8", {
  protocolMessage: { key: { remoteJid: CUSTOMER_JID, fromMe: false, id: "3EB07A6B5C4D3E2F1A0B" }, type: 3, ephemeralExpiration: 604_800 },
});

export const statusStory: WAMessage = {
  key: { remoteJid: "status@broadcast", fromMe: false, id: "3EB05E6F7A8B9C0D1E2F", participant: CUSTOMER_JID },
  messageTimestamp: ts,
  pushName: "Maria Souza",
  broadcast: true,
  message: { extendedTextMessage: { text: "Promoção de sábado!", backgroundArgb: 4_282_646_144, font: 1 } },
};

export const receipt = (id: string, status: number): WAMessageUpdate => ({ key: { remoteJid: CUSTOMER_JID, fromMe: true, id }, update: { status } });

export const callOffer = (id: string, from = CUSTOMER_JID): WACallEvent => ({
  chatId: from,
  from,
  id,
  date: new Date(ts * 1000),
  isVideo: false,
  isGroup: false,
  status: "offer",
  offline: false,
});

/** A customer WhatsApp addresses by LID alone: the phone number is not given (a hidden number). */
export const LID_CUSTOMER = "207394851627384";
export const LID_CUSTOMER_PHONE = "5531987650001";
export const lidOnly = (id: string, body: string): WAMessage => ({
  key: { remoteJid: `${LID_CUSTOMER}@lid`, fromMe: false, id, addressingMode: "lid" },
  messageTimestamp: ts,
  pushName: "Bruno",
  broadcast: false,
  message: { conversation: body, messageContextInfo: deviceContext },
});

/** The same customer, later, with the phone number alongside the LID. */
export const lidWithPhone = (id: string, body: string): WAMessage => ({
  key: { remoteJid: `${LID_CUSTOMER}@lid`, remoteJidAlt: `${LID_CUSTOMER_PHONE}@s.whatsapp.net`, fromMe: false, id, addressingMode: "lid" },
  messageTimestamp: ts + 120,
  pushName: "Bruno",
  broadcast: false,
  message: { conversation: body, messageContextInfo: deviceContext },
});

/** `lid-mapping.update`: WhatsApp tells which phone number a LID stands for. */
export const lidMapping = (lid: string, phone: string) => ({ lid: `${lid}@lid`, pn: `${phone}@s.whatsapp.net` });

/** A group message whose sender WhatsApp addresses by LID only. */
export const groupLidText: WAMessage = {
  key: { remoteJid: GROUP_JID, fromMe: false, id: "3EB0E9F8A7B6C5D4E3F2", participant: "118273645546372@lid", addressingMode: "lid" },
  messageTimestamp: ts,
  pushName: "Carla Dias",
  broadcast: false,
  message: { conversation: "Alguém sabe o horário?", messageContextInfo: deviceContext },
};
