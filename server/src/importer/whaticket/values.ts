/** Plain values out of a source row: Whaticket's columns as this workspace reads them. */

export const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
export const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
export const date = (v: unknown) => (v instanceof Date ? v : v ? new Date(String(v)) : new Date());
export const json = <T>(v: unknown, fallback: T): T => {
  if (typeof v !== "string") return (v ?? fallback) as T;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
};

/** Whaticket's message types, by what they name, as this workspace's (null: plain text). */
export function mediaTypeOf(type: unknown): string | null {
  const t = str(type);
  if (["image", "imageMessage", "sticker", "stickerMessage"].includes(t)) return "image";
  if (["audio", "ptt", "audioMessage"].includes(t)) return "audio";
  if (["video", "videoMessage", "gif"].includes(t)) return "video";
  if (["application", "document", "documentMessage", "documentWithCaptionMessage"].includes(t)) return "application";
  if (["vcard", "contactMessage", "multi_vcard", "contactsArrayMessage"].includes(t)) return "vcard";
  if (["location", "locationMessage", "liveLocationMessage"].includes(t)) return "locationMessage";
  if (t === "call_log") return "call_log";
  return null;
}

/** Ticket statuses beyond open, pending and closed (group, lgpd, nps…) have no place here: they are closed. */
export const ticketStatusOf = (status: unknown) => (["open", "pending", "closed"].includes(str(status)) ? str(status) : "closed");

/** Digits only for a person's number; a group keeps its id without the @g.us. Null when unusable. */
export function contactNumberOf(number: unknown, isGroup: boolean): string | null {
  const n = str(number)
    .trim()
    .replace(/@(g\.us|s\.whatsapp\.net|c\.us)$/, "");
  if (isGroup) return /^\d[\d-]{4,60}$/.test(n) ? n : null;
  const digits = n.replace(/[\s+\-().]/g, "");
  return /^\d{6,20}$/.test(digits) ? digits : null;
}

/** The file a mediaUrl names, relative to the old public folder (it may hold a full URL or /public/ before it). */
export function mediaRelativePath(mediaUrl: unknown): string | null {
  let p = str(mediaUrl).trim();
  if (!p) return null;
  try {
    if (/^https?:\/\//i.test(p)) p = decodeURIComponent(new URL(p).pathname);
  } catch {
    return null;
  }
  p = p.replace(/^\/+/, "").replace(/^public\//, "");
  const parts = p.split("/");
  if (parts.some((s) => s === "" || s === "." || s === ".." || s.includes("\\"))) return null;
  return p;
}
