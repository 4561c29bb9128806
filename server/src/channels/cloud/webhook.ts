import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import { messages, whatsapps } from "../../db/schema";
import { mediaTypeOf } from "../../media/store";
import type { ChannelEvent, InboundMessage } from "../contract";
import type { CloudAdapter } from "./adapter";
import { openCloudConfig, type CloudConfig } from "./config";
import { menuKeyOf } from "./interactive";
import { tooDeepPath } from "../../http/jsonDepth";

const params = z.object({ whatsappId: z.coerce.number().int().positive().max(2_147_483_647) });

/** A list of Meta's payload; anything else there (a malformed delivery) is read as an empty one. */
const listOf = (value: unknown): any[] => (Array.isArray(value) ? value : []);

const ACKS: Record<string, number> = { sent: 1, delivered: 2, read: 3 };
const EXT: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "audio/ogg": "ogg", "audio/mpeg": "mp3", "audio/mp4": "m4a", "video/mp4": "mp4", "application/pdf": "pdf" };

/** Constant-time check of X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256(appSecret, raw body). */
export function validSignature(raw: Buffer, header: unknown, appSecret: string) {
  if (typeof header !== "string" || !header.startsWith("sha256=") || !appSecret) return false;
  const given = Buffer.from(header.slice(7), "hex");
  const expected = crypto.createHmac("sha256", appSecret).update(raw).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

async function loadCloud(ctx: AppContext, whatsappId: number) {
  const [row] = await ctx.db.select({ id: whatsapps.id, companyId: whatsapps.companyId, channel: whatsapps.channel, cloud: whatsapps.cloud }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
  if (!row || row.channel !== "cloud" || !row.cloud) return null;
  return { row, config: openCloudConfig(ctx.config.dataDir, row.cloud) };
}

function vcardOf(contact: any) {
  const name = String(contact?.name?.formatted_name ?? contact?.name?.first_name ?? "");
  const phones = listOf(contact?.phones) as { phone?: string; wa_id?: string }[];
  const tels = phones.map((p) => `TEL;type=CELL${p.wa_id ? `;waid=${p.wa_id}` : ""}:${p.phone ?? p.wa_id ?? ""}`);
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${name};;;`, `FN:${name}`, ...tels, "END:VCARD"].join("\n");
}

/** Whether a message of this connection is stored already: a delivery Meta repeats downloads no media again. */
type Stored = (externalId: string) => Promise<boolean>;

/** One Cloud API message as the inbound pipeline's message; null for kinds the product does not show. */
async function toInbound(adapter: CloudAdapter, msg: any, names: Map<string, string>, raw: unknown, stored?: Stored): Promise<InboundMessage | null> {
  const base: InboundMessage = {
    raw,
    externalId: String(msg.id),
    number: String(msg.from),
    name: names.get(String(msg.from)),
    body: "",
    quotedExternalId: msg.context?.id,
    forwarded: msg.context?.forwarded === true || msg.context?.frequently_forwarded === true || undefined,
    timestamp: Number(msg.timestamp) ? new Date(Number(msg.timestamp) * 1000) : undefined,
  };
  switch (msg.type) {
    case "text":
      return { ...base, body: String(msg.text?.body ?? "") };
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker": {
      const item = msg[msg.type] ?? {};
      // the media was downloaded and stored with the message: Graph's media id may have expired since
      if (stored && (await stored(base.externalId))) return null;
      const file = await adapter.downloadMedia(String(item.id));
      const mimetype = String(item.mime_type ?? file.mimetype)
        .split(";")[0]
        .trim();
      const filename = item.filename || `${msg.type}-${msg.id}.${EXT[mimetype] ?? mimetype.split("/")[1] ?? "bin"}`;
      return { ...base, body: String(item.caption ?? ""), mediaType: mediaTypeOf(mimetype), media: { data: file.data, filename, mimetype } };
    }
    case "location": {
      const { latitude, longitude, name, address } = msg.location ?? {};
      return { ...base, mediaType: "locationMessage", body: `|https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17|${[name, address].filter(Boolean).join(" - ")}` };
    }
    case "contacts":
      return { ...base, mediaType: "vcard", body: listOf(msg.contacts).map(vcardOf).join("\n") };
    // a tap on a menu's button or row reads as the choice's key, as if the customer typed it
    case "button":
      return { ...base, body: menuKeyOf(msg.button?.payload) ?? String(msg.button?.text ?? msg.button?.payload ?? "") };
    case "interactive": {
      const reply = msg.interactive?.button_reply ?? msg.interactive?.list_reply;
      return { ...base, body: menuKeyOf(reply?.id) ?? String(reply?.title ?? "") };
    }
    default:
      return null; // system notices, unsupported
  }
}

/** Normalized events of one webhook delivery, for the phone number this connection serves. */
export async function eventsOf(adapter: CloudAdapter, config: CloudConfig, payload: any, stored?: Stored): Promise<ChannelEvent[]> {
  const events: ChannelEvent[] = [];
  for (const entry of Array.isArray(payload?.entry) ? payload.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      if (change?.field !== "messages" || !value) continue;
      if (value.metadata?.phone_number_id && String(value.metadata.phone_number_id) !== config.phoneNumberId) continue;
      const names = new Map<string, string>(
        listOf(value.contacts)
          .filter((c: any) => c?.wa_id && c?.profile?.name)
          .map((c: any) => [String(c.wa_id), String(c.profile.name)]),
      );
      for (const msg of listOf(value.messages)) {
        // the message as Meta sent it, with its sender's profile
        const raw = { contacts: listOf(value.contacts).filter((c: any) => String(c?.wa_id) === String(msg?.from)), messages: [msg] };
        if (msg?.type === "reaction") {
          const target = msg.reaction?.message_id;
          if (target) events.push({ type: "reaction", externalId: String(target), emoji: String(msg.reaction?.emoji ?? ""), from: String(msg.from), name: names.get(String(msg.from)) });
          continue;
        }
        const message = await toInbound(adapter, msg, names, raw, stored);
        if (message) events.push({ type: "message", message });
      }
      for (const status of listOf(value.statuses)) {
        const ack = ACKS[status?.status];
        if (ack && status.id) events.push({ type: "ack", externalId: String(status.id), ack });
      }
    }
  }
  return events;
}

/**
 * Meta's webhook for Cloud API connections, public and authenticated by its signature.
 * A delivery is handled before answering: a failure answers 500 and Meta delivers again,
 * which is safe because the inbound pipeline stores each message id once. A message that cannot
 * be stored at all is kept as a dead letter and answered 200, so Meta stops delivering it.
 */
export function cloudWebhookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // the signature covers the exact bytes Meta sent: keep them raw in this scope only
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

    app.get("/webhooks/whatsapp-cloud/:whatsappId", { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const { whatsappId } = params.parse(request.params);
      const query = request.query as Record<string, string | undefined>;
      const found = await loadCloud(ctx, whatsappId);
      const token = query["hub.verify_token"] ?? "";
      const ok = !!found && query["hub.mode"] === "subscribe" && token.length === found.config.verifyToken.length && crypto.timingSafeEqual(Buffer.from(token), Buffer.from(found.config.verifyToken));
      if (!ok) return reply.status(403).send({ error: "ERR_NO_PERMISSION" });
      return reply.type("text/plain").send(String(query["hub.challenge"] ?? ""));
    });

    app.post("/webhooks/whatsapp-cloud/:whatsappId", { config: { public: true, channelInput: true }, schema: { hide: true } }, async (request, reply) => {
      const { whatsappId } = params.parse(request.params);
      const found = await loadCloud(ctx, whatsappId);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!found || !validSignature(raw, request.headers["x-hub-signature-256"], found.config.appSecret)) {
        return reply.status(401).send({ error: "ERR_INVALID_TOKEN" });
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString("utf8"));
      } catch {
        return reply.status(400).send({ error: "ERR_VALIDATION", message: "body: Invalid JSON" });
      }
      if (tooDeepPath(payload) !== null) return reply.status(400).send({ error: "ERR_VALIDATION", message: "body: Nested too deeply" });
      const adapter = ctx.channels.adapterFor(found.row) as CloudAdapter;
      const stored: Stored = async (externalId) =>
        (
          await ctx.db
            .select({ id: messages.id })
            .from(messages)
            .where(and(eq(messages.whatsappId, found.row.id), eq(messages.externalId, externalId)))
            .limit(1)
        ).length > 0;
      // media are downloaded before answering: a failed download answers 500 and Meta delivers again
      const events = await eventsOf(adapter, found.config, payload, stored);
      for (const event of events) await ctx.channels.handle(found.row.id, found.row.companyId, event);
      return reply.status(200).send({ ok: true });
    });
  };
}
