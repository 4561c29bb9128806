import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "../http/errors";

export interface StoredMedia { key: string; filename: string }

/** Safe file name: no folders, spaces as underscores (as the spec's client does), no odd characters. */
export function safeFileName(name: string) {
  const base = path.basename(name || "file").replace(/\s+/g, "_").replace(/[^\w.\-()]/g, "");
  return base.slice(-120) || "file";
}

/**
 * Media under DATA_DIR/media/{companyId}/…, never served as a public folder: every read
 * names the company, and a key of another company (or a path trick) is not found.
 */
export class MediaStore {
  constructor(private readonly root: string) {}

  async save(companyId: number, data: Buffer, filename: string): Promise<StoredMedia> {
    const name = safeFileName(filename);
    const key = `${companyId}/${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}-${name}`;
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data, { mode: 0o600 });
    return { key, filename: name };
  }

  resolve(companyId: number, key: string) {
    const file = path.resolve(this.root, key);
    const companyRoot = path.resolve(this.root, String(companyId)) + path.sep;
    if (!file.startsWith(companyRoot)) throw new AppError("ERR_NOT_FOUND", 404);
    return file;
  }

  async read(companyId: number, key: string) {
    try {
      return await fs.readFile(this.resolve(companyId, key));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", 404);
    }
  }

  async remove(companyId: number, key: string) {
    await fs.rm(this.resolve(companyId, key), { force: true });
  }
}

const TYPES: Record<string, string> = {
  ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp",
  ".mp3": "audio/mpeg", ".ogg": "audio/ogg", ".oga": "audio/ogg", ".wav": "audio/wav", ".m4a": "audio/mp4", ".webm": "audio/webm",
  ".mp4": "video/mp4", ".pdf": "application/pdf", ".txt": "text/plain", ".vcf": "text/vcard",
};

export const mimeOf = (filename: string) => TYPES[path.extname(filename).toLowerCase()] ?? "application/octet-stream";

/** The spec's media types from a MIME type. */
export function mediaTypeOf(mimetype: string): "image" | "audio" | "video" | "application" {
  const top = mimetype.split("/")[0];
  return top === "image" || top === "audio" || top === "video" ? top : "application";
}
