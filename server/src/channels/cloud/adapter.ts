import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import { mediaTypeOf, mimeOf } from "../../media/store";
import { SendLater, type ChannelAdapter, type ChannelEvent, type MediaFile, type Menu, type SendOptions, type SentMessage, type TemplateMessage } from "../contract";
import { openCloudConfig, type CloudConfig } from "./config";
import { interactiveOf } from "./interactive";
import { cloudPacing } from "./pacing";
import { syncTemplates } from "./templates";

type Sink = (event: ChannelEvent) => Promise<void>;

const TIMEOUT_MS = 20_000;

/** A failed Graph call, with Meta's error object (code 131047: outside the 24-hour window). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    readonly graphMessage: string,
    /** The answer's Retry-After, when it had one. */
    readonly retryAfterMs?: number,
  ) {
    super(`Graph API ${status}${code ? ` (${code})` : ""}: ${graphMessage}`);
  }
}

/**
 * The official WhatsApp Business Cloud API. Sending is plain HTTPS to the Graph API with the
 * connection's access token; receiving comes through the signed webhook (./webhook.ts).
 * Settings are read on every call, so an edited connection takes effect at once.
 */
export class CloudAdapter implements ChannelAdapter {
  readonly kind = "cloud";

  constructor(
    private readonly ctx: AppContext,
    private readonly whatsapp: { id: number; companyId: number },
    private readonly sink: Sink,
  ) {}

  private async config(): Promise<CloudConfig> {
    const [row] = await this.ctx.db.select({ cloud: whatsapps.cloud }).from(whatsapps).where(eq(whatsapps.id, this.whatsapp.id));
    if (!row?.cloud) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    return openCloudConfig(this.ctx.config.dataDir, row.cloud);
  }

  /** One Graph call; `path` is below the version (e.g. "{phoneNumberId}/messages"). */
  async graph<T = any>(path: string, init: { method?: string; json?: unknown; form?: FormData } = {}, config?: CloudConfig): Promise<T> {
    const c = config ?? (await this.config());
    const headers: Record<string, string> = { authorization: `Bearer ${c.accessToken}` };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${c.graphUrl}/${c.apiVersion}/${path}`, {
      method: init.method ?? (init.json !== undefined || init.form ? "POST" : "GET"),
      headers,
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    if (!res.ok || body.error) throw new GraphError(res.status, body.error?.code, String(body.error?.message ?? res.statusText), retryAfterOf(res.headers.get("retry-after")));
    return body as T;
  }

  /** Downloads an inbound media: its metadata first, then the file from the short-lived URL, both with the token. */
  async downloadMedia(mediaId: string): Promise<{ data: Buffer; mimetype: string }> {
    const c = await this.config();
    const meta = await this.graph<{ url: string; mime_type?: string }>(encodeURIComponent(mediaId), {}, c);
    const res = await fetch(meta.url, { headers: { authorization: `Bearer ${c.accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new GraphError(res.status, undefined, "media download failed");
    return { data: Buffer.from(await res.arrayBuffer()), mimetype: meta.mime_type ?? res.headers.get("content-type") ?? "application/octet-stream" };
  }

  /** Checks the phone number and the token with Graph: CONNECTED, or DISCONNECTED and the reason. */
  async connect() {
    try {
      const c = await this.config();
      const phone = await this.graph<{ display_phone_number?: string }>(`${encodeURIComponent(c.phoneNumberId)}?fields=display_phone_number,verified_name`, {}, c);
      await this.sink({ type: "status", status: "CONNECTED", number: phone.display_phone_number?.replace(/\D/g, "") || undefined });
      // the business account's templates are read again at each connection
      await syncTemplates(this.ctx, this.whatsapp).catch(() => undefined);
    } catch (err) {
      await this.sink({ type: "status", status: "DISCONNECTED" });
      throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, { message: err instanceof GraphError ? err.graphMessage : "Cloud API unreachable" });
    }
  }

  async disconnect() {
    await this.sink({ type: "status", status: "DISCONNECTED" });
  }

  async close() {
    // nothing to release: every call is a plain HTTPS request
  }

  /** What a failed send throws: SendLater when Graph asked to slow down (nothing went out), else the send failed. */
  private sendError(err: unknown) {
    if (err instanceof AppError || err instanceof SendLater) return err;
    const later = err instanceof GraphError ? cloudPacing(this.ctx).laterFor(err) : undefined;
    if (later) return later;
    return new AppError("ERR_SENDING_WAPP_MSG", 400, err instanceof GraphError && err.code ? { graphCode: err.code } : {});
  }

  private async send(to: string, payload: Record<string, unknown>, options?: SendOptions, config?: CloudConfig): Promise<SentMessage> {
    try {
      const c = config ?? (await this.config());
      const body = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: to.replace(/\D/g, ""),
        ...(options?.quotedExternalId ? { context: { message_id: options.quotedExternalId } } : {}),
        ...payload,
      };
      // paced to the number's rate and the pair rate to this customer; a long wait goes back to the outbox
      await cloudPacing(this.ctx).turn(this.whatsapp.id, body.to, c.messagesPerSecond);
      const sent = await this.graph<{ messages?: { id: string }[] }>(`${encodeURIComponent(c.phoneNumberId)}/messages`, { json: body }, c);
      const externalId = sent.messages?.[0]?.id;
      if (!externalId) throw new GraphError(200, undefined, "no message id in the answer");
      return { externalId };
    } catch (err) {
      throw this.sendError(err);
    }
  }

  /** A message template: the only kind Meta delivers outside the 24-hour customer-service window. */
  sendTemplate(to: string, template: TemplateMessage, options?: SendOptions) {
    const components = template.components.length ? { components: template.components } : {};
    return this.send(to, { type: "template", template: { name: template.name, language: { code: template.language }, ...components } }, options);
  }

  /** A menu as reply buttons or a list, the customer's tap answering with the choice's key (see webhook.ts); as text when it fits neither. */
  sendInteractive(to: string, menu: Menu, options?: SendOptions) {
    const interactive = interactiveOf(menu);
    if (!interactive) return this.sendText(to, menu.text, options);
    return this.send(to, { type: "interactive", interactive }, options);
  }

  sendText(to: string, body: string, options?: SendOptions) {
    return this.send(to, { type: "text", text: { preview_url: false, body } }, options);
  }

  /** Uploads the file to Graph, then sends it by id; audio carries no caption in WhatsApp. */
  async sendMedia(to: string, file: MediaFile, caption: string, options?: SendOptions) {
    let c: CloudConfig;
    let mediaId: string;
    const mimetype = !file.mimetype || file.mimetype.includes("*") ? mimeOf(file.filename) : file.mimetype;
    try {
      c = await this.config();
      const form = new FormData();
      form.append("messaging_product", "whatsapp");
      form.append("type", mimetype);
      form.append("file", new Blob([new Uint8Array(file.data)], { type: mimetype }), file.filename);
      mediaId = (await this.graph<{ id: string }>(`${encodeURIComponent(c.phoneNumberId)}/media`, { form }, c)).id;
    } catch (err) {
      throw this.sendError(err);
    }
    const kind = mediaTypeOf(mimetype) === "application" ? "document" : mediaTypeOf(mimetype);
    const media: Record<string, string> = { id: mediaId };
    if (caption && kind !== "audio") media.caption = caption;
    if (kind === "document") media.filename = file.filename;
    return this.send(to, { type: kind, [kind]: media }, options, c);
  }

  /** The Cloud API has no way to delete a sent message. */
  async deleteMessage(): Promise<void> {
    throw new AppError("ERR_DELETE_WAPP_MSG", 400);
  }

  /** Marking the latest message read marks the earlier ones too. */
  /** A reaction to a message of the conversation; an empty emoji takes it back. */
  async sendReaction(to: string, target: Parameters<NonNullable<ChannelAdapter["sendReaction"]>>[1], emoji: string) {
    await this.send(to, { type: "reaction", reaction: { message_id: target.externalId, emoji } });
  }

  async markRead(_from: string, externalIds: string[]) {
    const last = externalIds.at(-1);
    if (!last) return;
    const c = await this.config();
    await this.graph(`${encodeURIComponent(c.phoneNumberId)}/messages`, { json: { messaging_product: "whatsapp", status: "read", message_id: last } }, c);
  }
}

/** Retry-After in seconds or as a date, in milliseconds; undefined when absent or unreadable. */
function retryAfterOf(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 3_600_000) : undefined;
}
