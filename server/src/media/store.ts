import crypto from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError } from "../http/errors";

export interface StoredMedia {
  key: string;
  filename: string;
}

/** A stored file to serve: its bytes as they come, and its length when the store knows it. */
export interface MediaFile {
  stream: Readable;
  size?: number;
}

/**
 * Where uploaded and received media live: on local disk (diskStore.ts) or in an S3-compatible
 * bucket (s3Store.ts). Never served as a public folder: every read names the company, and a key of
 * another company (or a path trick) is not found.
 */
export interface MediaStore {
  save(companyId: number, data: Buffer, filename: string): Promise<StoredMedia>;
  /** The whole file, for a channel that sends it on. */
  read(companyId: number, key: string): Promise<Buffer>;
  /** The file as a stream, to serve it without holding it in memory. */
  open(companyId: number, key: string): Promise<MediaFile>;
  remove(companyId: number, key: string): Promise<void>;
  /** Every file of the company (its deletion). */
  removeCompany(companyId: number): Promise<void>;
}

/** Safe file name: no folders, spaces as underscores (as the spec's client does), no odd characters. */
export function safeFileName(name: string) {
  const base = path
    .basename(name || "file")
    .replace(/\s+/g, "_")
    .replace(/[^\w.\-()]/g, "");
  return base.slice(-120) || "file";
}

/** A new key: {companyId}/{yyyy-mm}/{uuid}-{safe name}. */
export function newMediaKey(companyId: number, filename: string): StoredMedia {
  const name = safeFileName(filename);
  return { key: `${companyId}/${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}-${name}`, filename: name };
}

/** The key itself when it is one of this company's; anything else is not found. */
export function companyKey(companyId: number, key: string) {
  const segments = key.split("/");
  const plain = segments.every((s) => s !== "" && s !== "." && s !== ".." && !s.includes("\\"));
  if (!plain || segments.length < 2 || segments[0] !== String(companyId)) throw new AppError("ERR_NOT_FOUND", 404);
  return key;
}

export const missingMedia = () => new AppError("ERR_WAPP_DOWNLOAD_MEDIA", 404);

const TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".wav": "audio/wav",
  ".m4a": "audio/mp4",
  ".webm": "audio/webm",
  ".mp4": "video/mp4",
  ".pdf": "application/pdf",
  ".txt": "text/plain",
  ".vcf": "text/vcard",
};

export const mimeOf = (filename: string) => TYPES[path.extname(filename).toLowerCase()] ?? "application/octet-stream";

/** The usual extension of a MIME type ("" when unknown), for a file that came without one. */
export const extensionFor = (mimetype: string) => Object.keys(TYPES).find((ext) => TYPES[ext] === mimetype.toLowerCase()) ?? "";

/** The spec's media types from a MIME type. */
export function mediaTypeOf(mimetype: string): "image" | "audio" | "video" | "application" {
  const top = mimetype.split("/")[0];
  return top === "image" || top === "audio" || top === "video" ? top : "application";
}
