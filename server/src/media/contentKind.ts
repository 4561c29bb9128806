import path from "node:path";

/** What a stored file is, read from its bytes: its MIME type and the family WhatsApp sends it as. */
export interface ContentKind {
  mimetype: string;
  mediaType: "image" | "audio" | "video" | "document";
}

const startsWith = (data: Buffer, bytes: readonly number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (data: Buffer, text: string, at = 0) => startsWith(data, [...Buffer.from(text, "latin1")], at);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

const isPng = (d: Buffer) => startsWith(d, PNG);
const isJpeg = (d: Buffer) => startsWith(d, JPEG);
const isGif = (d: Buffer) => ascii(d, "GIF87a") || ascii(d, "GIF89a");
const isRiff = (d: Buffer, form: string) => ascii(d, "RIFF") && ascii(d, form, 8);
const isOgg = (d: Buffer) => ascii(d, "OggS");
/** An ID3 tag, or an MPEG audio frame's sync bits. */
const isMp3 = (d: Buffer) => ascii(d, "ID3") || (d.length >= 2 && d[0] === 0xff && (d[1] & 0xe0) === 0xe0 && (d[1] & 0x06) !== 0);
const isIsoMedia = (d: Buffer) => ascii(d, "ftyp", 4);
const isPdf = (d: Buffer) => ascii(d, "%PDF-");
const isZip = (d: Buffer) => startsWith(d, ZIP);
const isOle = (d: Buffer) => startsWith(d, OLE);

/** Plain text: no NUL byte and valid UTF-8 (a cut multi-byte character at the very end is allowed). */
function isText(d: Buffer) {
  if (d.includes(0)) return false;
  const sample = d.subarray(0, 64 * 1024);
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample.length < d.length ? sample.subarray(0, sample.length - 4) : sample);
    return true;
  } catch {
    return false;
  }
}

type Rule = { test(data: Buffer): boolean } & ContentKind;
const rule = (mimetype: string, mediaType: ContentKind["mediaType"], test: (d: Buffer) => boolean): Rule => ({ mimetype, mediaType, test });

/** Each extension and what its bytes must be. */
const BY_EXTENSION: Record<string, Rule> = {
  ".png": rule("image/png", "image", isPng),
  ".jpg": rule("image/jpeg", "image", isJpeg),
  ".jpeg": rule("image/jpeg", "image", isJpeg),
  ".gif": rule("image/gif", "image", isGif),
  ".webp": rule("image/webp", "image", (d) => isRiff(d, "WEBP")),
  ".mp3": rule("audio/mpeg", "audio", isMp3),
  ".ogg": rule("audio/ogg", "audio", isOgg),
  ".oga": rule("audio/ogg", "audio", isOgg),
  ".opus": rule("audio/ogg", "audio", isOgg),
  ".wav": rule("audio/wav", "audio", (d) => isRiff(d, "WAVE")),
  ".m4a": rule("audio/mp4", "audio", isIsoMedia),
  ".mp4": rule("video/mp4", "video", isIsoMedia),
  ".webm": rule("video/webm", "video", (d) => startsWith(d, EBML)),
  ".pdf": rule("application/pdf", "document", isPdf),
  ".txt": rule("text/plain", "document", isText),
  ".csv": rule("text/csv", "document", isText),
  ".doc": rule("application/msword", "document", isOle),
  ".xls": rule("application/vnd.ms-excel", "document", isOle),
  ".ppt": rule("application/vnd.ms-powerpoint", "document", isOle),
  ".docx": rule("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "document", isZip),
  ".xlsx": rule("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "document", isZip),
  ".pptx": rule("application/vnd.openxmlformats-officedocument.presentationml.presentation", "document", isZip),
  ".odt": rule("application/vnd.oasis.opendocument.text", "document", isZip),
  ".ods": rule("application/vnd.oasis.opendocument.spreadsheet", "document", isZip),
  ".zip": rule("application/zip", "document", isZip),
};

/**
 * What the file is, when its name's extension is one of `allowed` and its bytes are what that
 * extension says (a .png is a PNG, a .pdf a PDF); null otherwise: a name alone proves nothing.
 */
export function contentKindOf(data: Buffer, filename: string, allowed: readonly string[]): ContentKind | null {
  const ext = path.extname(filename).toLowerCase();
  const found = allowed.includes(ext) ? BY_EXTENSION[ext] : undefined;
  if (!found || data.length === 0 || !found.test(data)) return null;
  return { mimetype: found.mimetype, mediaType: found.mediaType };
}

/** An image's kind by its first bytes (PNG or JPEG), whatever its name. */
export function imageKindOf(data: Buffer): "png" | "jpeg" | null {
  if (isPng(data)) return "png";
  if (isJpeg(data)) return "jpeg";
  return null;
}
