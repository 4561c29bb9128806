import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { CloudConfigBody } from "@balcao/common";
import type { Caller } from "../../context";
import type { StoredCloudConfig } from "../../db/schema/whatsapps";
import { AppError } from "../../http/errors";

export const DEFAULT_GRAPH_URL = "https://graph.facebook.com";
export const DEFAULT_API_VERSION = "v21.0";

/** Settings ready to use: secrets in clear, defaults applied. */
export interface CloudConfig { phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string; graphUrl: string; apiVersion: string }

const PREFIX = "gcm1:";
const keys = new Map<string, Buffer>();

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

export function unseal(dataDir: string, sealed: string) {
  if (!sealed.startsWith(PREFIX)) return sealed;
  const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  const decipher = crypto.createDecipheriv("aes-256-gcm", channelKey(dataDir), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

export function openCloudConfig(dataDir: string, stored: StoredCloudConfig): CloudConfig {
  return {
    phoneNumberId: stored.phoneNumberId,
    accessToken: unseal(dataDir, stored.accessToken),
    appSecret: unseal(dataDir, stored.appSecret),
    verifyToken: stored.verifyToken,
    graphUrl: (stored.graphUrl || DEFAULT_GRAPH_URL).replace(/\/+$/, ""),
    apiVersion: stored.apiVersion || DEFAULT_API_VERSION,
  };
}

const invalid = (field: string, message = "Required") => new AppError("ERR_VALIDATION", 400, { field, message: `${field}: ${message}` });

/**
 * The `cloud` column for a create or update: undefined leaves it as it is. Blank secrets keep the
 * stored ones; a connection of the cloud channel cannot be left without its settings. Pointing a
 * connection at another Graph URL makes the server call that address, so only super users may.
 */
export function cloudColumn(dataDir: string, caller: Caller, channel: string, given: CloudConfigBody | undefined, stored: StoredCloudConfig | null): StoredCloudConfig | undefined {
  if (channel !== "cloud") return undefined;
  if (!given) {
    if (stored) return undefined;
    throw invalid("cloud");
  }
  const graphUrl = given.graphUrl?.replace(/\/+$/, "");
  if (graphUrl && graphUrl !== DEFAULT_GRAPH_URL && graphUrl !== stored?.graphUrl && !caller.super) throw invalid("cloud.graphUrl", "Invalid value");
  const accessToken = given.accessToken ? seal(dataDir, given.accessToken) : stored?.accessToken;
  const appSecret = given.appSecret ? seal(dataDir, given.appSecret) : stored?.appSecret;
  if (!accessToken) throw invalid("cloud.accessToken");
  if (!appSecret) throw invalid("cloud.appSecret");
  return {
    phoneNumberId: given.phoneNumberId,
    accessToken,
    appSecret,
    verifyToken: given.verifyToken,
    ...(graphUrl && graphUrl !== DEFAULT_GRAPH_URL ? { graphUrl } : {}),
    ...(given.apiVersion ? { apiVersion: given.apiVersion } : {}),
  };
}

/** What GET /whatsapp shows: never the secrets; the verify token to admins only. */
export function presentCloud(stored: StoredCloudConfig | null, opts: { showToken: boolean }) {
  if (!stored) return null;
  return {
    phoneNumberId: stored.phoneNumberId,
    accessToken: "",
    appSecret: "",
    hasAccessToken: !!stored.accessToken,
    hasAppSecret: !!stored.appSecret,
    verifyToken: opts.showToken ? stored.verifyToken : "",
    graphUrl: stored.graphUrl || DEFAULT_GRAPH_URL,
    apiVersion: stored.apiVersion || DEFAULT_API_VERSION,
  };
}
