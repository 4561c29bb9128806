import crypto from "node:crypto";
import type { queueIntegrations } from "../../db/schema";
import type { HandedMessage, IntegrationAction, IntegrationAnswer, OutgoingMessage } from "./answer";
import { requestJson } from "./httpJson";

type IntegrationRow = typeof queueIntegrations.$inferSelect;

/** `sha256=<hex of HMAC-SHA256(secret, raw body)>`, sent as x-balcao-signature (README "Queue integrations"). */
export const integrationSignature = (secret: string, body: string) => `sha256=${crypto.createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;

interface Reply {
  messages?: unknown;
  action?: unknown;
}

const positiveId = (v: unknown) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : undefined);

/** The reply's action, when it is one the product knows; anything else is ignored. */
function actionOf(raw: unknown): IntegrationAction | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const a = raw as Record<string, unknown>;
  switch (a.type) {
    case "transfer": {
      const queueId = positiveId(a.queueId);
      const userId = positiveId(a.userId);
      return queueId || userId ? { type: "transfer", queueId, userId } : undefined;
    }
    case "close":
      return { type: "close" };
    case "handover":
      return { type: "handover" };
    case "tag": {
      const tagId = positiveId(a.tagId);
      return tagId ? { type: "tag", tagId } : undefined;
    }
    default:
      return undefined;
  }
}

/** The reply's messages: strings, or objects with a body (or text) and an optional mediaUrl (the body its caption). */
function messagesOf(raw: unknown): OutgoingMessage[] {
  if (!Array.isArray(raw)) return [];
  const out: OutgoingMessage[] = [];
  for (const m of raw.slice(0, 20)) {
    if (typeof m === "string") {
      if (m.trim()) out.push({ body: m });
      continue;
    }
    if (!m || typeof m !== "object") continue;
    const o = m as { body?: unknown; text?: unknown; mediaUrl?: unknown };
    const body = typeof o.body === "string" ? o.body : typeof o.text === "string" ? o.text : "";
    const mediaUrl = typeof o.mediaUrl === "string" && /^https?:\/\//i.test(o.mediaUrl) ? o.mediaUrl : undefined;
    if (mediaUrl || body.trim()) out.push(mediaUrl ? { body, mediaUrl } : { body });
  }
  return out;
}

/**
 * n8n and webhook integrations: the normalised message and ticket POSTed, signed with the
 * integration's secret; a 2xx JSON reply may carry messages to send and one action.
 */
export async function askWebhook(integration: IntegrationRow, secret: string, handed: HandedMessage, allowPrivate: boolean): Promise<IntegrationAnswer> {
  const body = JSON.stringify({ event: "message.created", integration: { id: integration.id, type: integration.type, name: integration.name }, ...handed });
  const { json } = await requestJson<Reply>({
    url: integration.urlN8N,
    body,
    headers: { "x-balcao-event": "integration.message", "x-balcao-event-id": String(handed.message.id), "x-balcao-signature": integrationSignature(secret, body) },
    allowPrivate,
  });
  const reply = json && typeof json === "object" ? json : {};
  const action = actionOf(reply.action);
  return { messages: messagesOf(reply.messages), action, handOver: action?.type === "handover" };
}
