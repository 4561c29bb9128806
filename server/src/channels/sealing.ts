import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Secrets of the channels at rest (Cloud API tokens, WhatsApp Web sessions), sealed with one key per DATA_DIR. */

const PREFIX = "gcm1:";
const keys = new Map<string, Buffer>();

/** CHANNEL_KEY, when given, seals and opens the secrets of this DATA_DIR instead of its channel.key file. */
export function useChannelKey(dataDir: string, key: Buffer | undefined) {
  if (key) keys.set(dataDir, key);
  else keys.delete(dataDir); // read the file again: an earlier app in this process may have used another key
}

/** The channel key: 32 random bytes kept in DATA_DIR/channel.key (mode 0600), made on first use. */
function channelKey(dataDir: string): Buffer {
  const cached = keys.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, "channel.key");
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e; // another process won the race
    }
    key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  }
  if (key.length !== 32) throw new Error("channel.key must hold 32 bytes (base64)");
  keys.set(dataDir, key);
  return key;
}

/** AES-256-GCM: "gcm1:" + base64url(iv | tag | ciphertext). */
export function seal(dataDir: string, plain: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", channelKey(dataDir), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
}

/** The plain text of a sealed value; a value stored before sealing existed is returned as it is. */
export function unseal(dataDir: string, sealed: string) {
  if (!sealed.startsWith(PREFIX)) return sealed;
  const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  const decipher = crypto.createDecipheriv("aes-256-gcm", channelKey(dataDir), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** Whether a stored value opens with this DATA_DIR's key (a value stored before sealing always does). */
export function opens(dataDir: string, sealed: string) {
  try {
    unseal(dataDir, sealed);
    return true;
  } catch {
    return false;
  }
}
