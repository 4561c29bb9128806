import type { CloudConfigBody } from "@balcao/common";
import type { Caller } from "../../context";
import type { StoredCloudConfig } from "../../db/schema/whatsapps";
import { AppError } from "../../http/errors";
import { seal, unseal } from "../sealing";
import { DEFAULT_MESSAGES_PER_SECOND } from "./pacing";

export { seal, unseal };

export const DEFAULT_GRAPH_URL = "https://graph.facebook.com";
export const DEFAULT_API_VERSION = "v21.0";

/** Settings ready to use: secrets in clear, defaults applied. */
export interface CloudConfig {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphUrl: string;
  apiVersion: string;
  businessAccountId: string;
  /** Sends a second at most on this number (Meta's throughput). */
  messagesPerSecond: number;
}

export function openCloudConfig(dataDir: string, stored: StoredCloudConfig): CloudConfig {
  return {
    phoneNumberId: stored.phoneNumberId,
    accessToken: unseal(dataDir, stored.accessToken),
    appSecret: unseal(dataDir, stored.appSecret),
    verifyToken: stored.verifyToken,
    graphUrl: (stored.graphUrl || DEFAULT_GRAPH_URL).replace(/\/+$/, ""),
    apiVersion: stored.apiVersion || DEFAULT_API_VERSION,
    businessAccountId: stored.businessAccountId ?? "",
    messagesPerSecond: stored.messagesPerSecond || DEFAULT_MESSAGES_PER_SECOND,
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
    ...(given.businessAccountId ? { businessAccountId: given.businessAccountId } : {}),
    // left out (an older form), the number keeps its rate
    ...((given.messagesPerSecond ?? stored?.messagesPerSecond) ? { messagesPerSecond: given.messagesPerSecond ?? stored?.messagesPerSecond } : {}),
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
    businessAccountId: stored.businessAccountId ?? "",
    messagesPerSecond: stored.messagesPerSecond || DEFAULT_MESSAGES_PER_SECOND,
  };
}
