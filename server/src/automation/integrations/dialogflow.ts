import crypto from "node:crypto";
import type { ServiceAccount } from "../../modules/queueIntegrations/secrets";
import { IntegrationCallError, requestJson } from "./httpJson";

const SCOPE = "https://www.googleapis.com/auth/cloud-platform";
const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The JWT bearer assertion of a service account (RFC 7523), signed RS256 with its private key. */
export function serviceAccountAssertion(account: ServiceAccount, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = b64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: account.token_uri || GOOGLE_TOKEN_URI, iat, exp: iat + 3600 }));
  const signature = crypto.sign("RSA-SHA256", Buffer.from(`${header}.${claims}`), account.private_key);
  return `${header}.${claims}.${b64url(signature)}`;
}

/** Tokens per service account, reused until a minute before they expire. */
const tokens = new Map<string, { token: string; until: number }>();

async function accessToken(account: ServiceAccount, allowPrivate: boolean) {
  const key = crypto
    .createHash("sha256")
    .update(`${account.client_email}|${account.token_uri ?? ""}|${account.private_key}`)
    .digest("hex");
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const form = new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: serviceAccountAssertion(account) }).toString();
  const { json } = await requestJson<{ access_token?: string; expires_in?: number }>({
    url: account.token_uri || GOOGLE_TOKEN_URI,
    body: form,
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(form)) },
    allowPrivate,
  });
  if (!json.access_token) throw new IntegrationCallError("no access token");
  tokens.set(key, { token: json.access_token, until: Date.now() + Math.max(0, (json.expires_in ?? 3600) - 60) * 1000 });
  return json.access_token;
}

export interface DetectIntentAnswer {
  texts: string[];
  /** The agent ended the conversation: a person takes over. */
  ended: boolean;
  intent: string | null;
}

interface QueryResult {
  fulfillmentText?: string;
  fulfillmentMessages?: { text?: { text?: string[] } }[];
  intent?: { displayName?: string; endInteraction?: boolean };
  diagnosticInfo?: { end_conversation?: boolean };
}

/** Dialogflow ES detectIntent for one text of a session, in the integration's language. */
export async function detectIntent(opts: { apiUrl: string; projectName: string; account: ServiceAccount; language: string; sessionId: string; text: string; allowPrivate: boolean }): Promise<DetectIntentAnswer> {
  const token = await accessToken(opts.account, opts.allowPrivate);
  const path = `/v2/projects/${encodeURIComponent(opts.projectName)}/agent/sessions/${encodeURIComponent(opts.sessionId)}:detectIntent`;
  const { json } = await requestJson<{ queryResult?: QueryResult }>({
    url: opts.apiUrl + path,
    body: JSON.stringify({ queryInput: { text: { text: opts.text.slice(0, 256), languageCode: opts.language || "pt-BR" } } }),
    headers: { authorization: `Bearer ${token}` },
    allowPrivate: opts.allowPrivate,
  });
  const result = json.queryResult ?? {};
  const fromMessages = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim());
  const texts = fromMessages.length ? fromMessages : result.fulfillmentText?.trim() ? [result.fulfillmentText] : [];
  const ended = result.intent?.endInteraction === true || result.diagnosticInfo?.end_conversation === true;
  return { texts, ended, intent: result.intent?.displayName ?? null };
}
