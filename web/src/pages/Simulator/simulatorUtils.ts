import type { SandboxMessage } from "../../api/sandbox";

/** The server keeps digits only and accepts 8 to 20 of them (sandboxNumberQuery). */
export const onlyDigits = (value: string) => value.replace(/\D/g, "").slice(0, 20);
export const isValidNumber = (digits: string) => digits.length >= 8 && digits.length <= 20;

/** The server's body limit for media (25 MB of file, sent as base64). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** An id of our own for a message the phone sends, so a retry cannot deliver it twice. */
export function newExternalId(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return `SIMIN${Array.from(bytes, (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;
}

/** A file as base64, without the data-URL prefix. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result ?? "");
      const comma = result.indexOf(",");
      resolve(comma >= 0 ? result.slice(comma + 1) : result);
    };
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

/** A file's MIME type, guessed from its name when the browser gives none. */
export function mimeOf(file: { type: string; name: string }): string {
  if (file.type) return file.type;
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  const known: Record<string, string> = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    gif: "image/gif",
    webp: "image/webp",
    mp3: "audio/mpeg",
    ogg: "audio/ogg",
    opus: "audio/ogg",
    m4a: "audio/mp4",
    wav: "audio/wav",
    mp4: "video/mp4",
    pdf: "application/pdf",
    txt: "text/plain",
    csv: "text/csv",
    zip: "application/zip",
  };
  return known[ext] ?? "application/octet-stream";
}

export interface ParsedLocation {
  imageUrl: string;
  link: string;
  description: string;
}

/** Location bodies are "imageUrl|mapsLink|description" (contract). */
export function parseLocation(body: string): ParsedLocation | null {
  const parts = body.split("|");
  if (parts.length < 2) return null;
  const [imageUrl, link, ...rest] = parts;
  if (!/^https?:\/\//.test(link)) return null;
  return { imageUrl, link, description: rest.join("|") };
}

/** Kind of media a message carries, for choosing how to show it. */
export function mediaKind(message: Pick<SandboxMessage, "mediaType" | "mediaName">): "image" | "audio" | "video" | "location" | "document" | null {
  const type = message.mediaType;
  if (type === "locationMessage") return "location";
  if (type === "image" || type === "audio" || type === "video") return type;
  if (type || message.mediaName) return "document";
  return null;
}

/** Adds or replaces messages by external id, keeping the conversation in time order. */
export function mergeMessages(list: SandboxMessage[] | undefined, incoming: SandboxMessage[]): SandboxMessage[] {
  const byId = new Map((list ?? []).map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The attendant's messages the phone has not yet acknowledged up to `ack`. */
export const needingAck = (list: SandboxMessage[] | undefined, ack: number) => (list ?? []).filter((m) => m.direction === "out" && !m.deleted && m.ack < ack);

/** What the simulator remembers between visits (this browser only). */
export interface SimulatorPrefs {
  whatsappId: number | null;
  number: string;
  name: string;
  autoRead: boolean;
}

const PREFS_KEY = "balcao:simulator";

export function loadPrefs(defaults: SimulatorPrefs): SimulatorPrefs {
  try {
    const raw = localStorage.getItem(PREFS_KEY);
    if (!raw) return defaults;
    const saved = JSON.parse(raw) as Partial<SimulatorPrefs>;
    return {
      whatsappId: typeof saved.whatsappId === "number" ? saved.whatsappId : defaults.whatsappId,
      number: typeof saved.number === "string" ? onlyDigits(saved.number) : defaults.number,
      name: typeof saved.name === "string" ? saved.name : defaults.name,
      autoRead: typeof saved.autoRead === "boolean" ? saved.autoRead : defaults.autoRead,
    };
  } catch {
    return defaults;
  }
}

export function savePrefs(prefs: SimulatorPrefs) {
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // storage full or blocked: the simulator still works, it just forgets
  }
}

/** "Sandbox", or "Sandbox 2", "Sandbox 3"… when the name is taken (names are unique per company). */
export function freeName(base: string, taken: string[]): string {
  const names = new Set(taken.map((n) => n.trim().toLowerCase()));
  if (!names.has(base.toLowerCase())) return base;
  for (let i = 2; ; i += 1) if (!names.has(`${base} ${i}`.toLowerCase())) return `${base} ${i}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A message's time on the phone (HH:mm, local). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local day of a message (YYYY-MM-DD), for the day separators. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
