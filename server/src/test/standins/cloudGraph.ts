import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the stand-in received: one Graph request. */
export interface GraphRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  auth?: string;
  contentType?: string;
  json?: any;
  raw: Buffer;
  /** When it arrived (ms). */
  at: number;
}

/** A message template as Graph lists it under `/{waba}/message_templates`. */
export interface GraphTemplate {
  name: string;
  language: string;
  category: string;
  status: string;
  components: Record<string, unknown>[];
  id?: string;
}

/** Meta's limits on interactive messages: 3 buttons of 20 characters, 10 rows of 24 (descriptions of 72), a body. */
function interactiveRefusal(i: any): string | null {
  if (!i?.body?.text) return "body.text is required";
  if (i.type === "button") {
    const buttons = i.action?.buttons ?? [];
    if (buttons.length < 1 || buttons.length > 3) return "buttons: 1 to 3";
    if (buttons.some((b: any) => b.type !== "reply" || !b.reply?.id || !b.reply?.title || b.reply.title.length > 20)) return "button title: 1 to 20 characters";
    if (new Set(buttons.map((b: any) => b.reply.title)).size !== buttons.length) return "button titles must be unique";
    return i.body.text.length > 1024 ? "body too long" : null;
  }
  if (i.type === "list") {
    const rows = (i.action?.sections ?? []).flatMap((sec: any) => sec.rows ?? []);
    if (!i.action?.button || i.action.button.length > 20) return "action.button: 1 to 20 characters";
    if (rows.length < 1 || rows.length > 10) return "rows: 1 to 10";
    if (rows.some((r: any) => !r.id || !r.title || r.title.length > 24 || (r.description ?? "").length > 72)) return "row title 24, description 72";
    if (new Set(rows.map((r: any) => r.id)).size !== rows.length) return "row ids must be unique";
    return i.body.text.length > 4096 ? "body too long" : null;
  }
  return "unknown interactive type";
}

/**
 * A stand-in for graph.facebook.com (Cloud API) that answers the way Meta documents, and refuses what
 * Meta would: the phone number check, media uploads (multipart) and inbound media downloads, message
 * sends (text, media by id, interactive within Meta's limits, reactions, template), read receipts and
 * the business account's templates, page by page with `paging.next`. Refuses a wrong token, and a
 * template message whose template it does not list as APPROVED, or whose body parameters do not
 * match the template's {{n}}, or that leaves a dynamic URL button without its value.
 */
export class CloudGraphStandIn {
  seen: GraphRequest[] = [];
  templates: GraphTemplate[] = [];
  /** Templates per page (Graph pages them; a small page makes a sync follow `paging.next`). */
  pageSize = 25;
  /** The next message send fails with this Graph error code (130429 rate limit, 131047 outside 24 h, …). */
  failNext: number | null = null;
  /** The Retry-After header of the failNext answer. */
  failNextRetryAfter: string | null = null;
  /** Inbound media ids Graph knows, with their bytes; a media id downloaded once is forgotten when `forgetDownloaded`. */
  media = new Map<string, Buffer>();
  forgetDownloaded = false;
  /** The next media downloads fail with a 500. */
  failDownloads = 0;
  url = "";
  private server = http.createServer((req, res) => this.handle(req, res));
  private n = 0;

  constructor(
    readonly opts: {
      phoneNumberId: string;
      accessToken: string;
      businessAccountId?: string;
      version?: string;
      /** The number the phone number check answers (Graph's display form). */
      displayPhoneNumber?: string;
      /** Media ids that stay downloadable even when `forgetDownloaded`. */
      lastingMedia?: Record<string, Buffer>;
    },
  ) {}

  get version() {
    return this.opts.version ?? "v21.0";
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The message sends received (not the read receipts). */
  sends() {
    return this.seen.filter((s) => s.method === "POST" && s.path === `/${this.version}/${this.opts.phoneNumberId}/messages` && s.json?.status !== "read");
  }
  /** The template list reads received. */
  templateReads() {
    return this.seen.filter((s) => s.method === "GET" && s.path === `/${this.version}/${this.opts.businessAccountId}/message_templates`);
  }

  private reply(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
  private error(res: http.ServerResponse, status: number, code: number, message: string) {
    this.reply(res, status, { error: { message, type: "OAuthException", code, error_subcode: 2494010, fbtrace_id: "AbCdEf" } });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url!, this.url);
      const seen: GraphRequest = {
        method: req.method!,
        path: url.pathname,
        query: url.searchParams,
        auth: req.headers.authorization,
        contentType: req.headers["content-type"],
        raw,
        at: Date.now(),
      };
      if (seen.contentType?.startsWith("application/json")) seen.json = JSON.parse(raw.toString());
      this.seen.push(seen);
      if (seen.auth !== `Bearer ${this.opts.accessToken}`) return this.error(res, 401, 190, "Invalid OAuth access token.");
      const v = this.version;

      if (req.method === "GET" && url.pathname === `/${v}/${this.opts.phoneNumberId}`) {
        return this.reply(res, 200, { display_phone_number: this.opts.displayPhoneNumber ?? "+55 11 4000-0000", verified_name: "Loja", id: this.opts.phoneNumberId });
      }
      const mediaId = url.pathname.slice(`/${v}/`.length);
      const lasting = this.opts.lastingMedia?.[mediaId];
      if (req.method === "GET" && url.pathname.startsWith(`/${v}/`) && (lasting || this.media.has(mediaId))) {
        const data = lasting ?? this.media.get(mediaId)!;
        return this.reply(res, 200, { messaging_product: "whatsapp", url: `${this.url}/whatsapp_business/attachments/?mid=${mediaId}`, mime_type: "image/jpeg", file_size: data.length, id: mediaId });
      }
      if (req.method === "GET" && url.pathname === "/whatsapp_business/attachments/") {
        const mid = url.searchParams.get("mid") ?? "";
        if (this.failDownloads > 0) {
          this.failDownloads--;
          return this.error(res, 500, 1, "An unknown error occurred");
        }
        const kept = this.opts.lastingMedia?.[mid];
        if (kept) return res.writeHead(200, { "content-type": "image/jpeg" }).end(kept);
        const data = this.media.get(mid);
        if (!data) return this.error(res, 404, 131052, "Media download error");
        if (this.forgetDownloaded) this.media.delete(mid);
        return res.writeHead(200, { "content-type": "image/jpeg" }).end(data);
      }
      if (req.method === "GET" && url.pathname === `/${v}/${this.opts.businessAccountId}/message_templates`) {
        const fields = (url.searchParams.get("fields") ?? "").split(",");
        const start = Number(url.searchParams.get("after") ?? "0");
        const size = Math.min(this.pageSize, Number(url.searchParams.get("limit") ?? "25"));
        const slice = this.templates.slice(start, start + size);
        const data = slice.map((t, i) => {
          const all: Record<string, unknown> = { ...t, id: t.id ?? `tpl-${start + i}` };
          return Object.fromEntries(Object.entries(all).filter(([k]) => k === "id" || fields.includes(k)));
        });
        const next = new URL(url);
        next.searchParams.set("after", String(start + size));
        const more = start + size < this.templates.length;
        return this.reply(res, 200, { data, paging: { cursors: { before: String(start), after: String(start + size) }, ...(more ? { next: next.toString() } : {}) } });
      }
      if (req.method === "POST" && url.pathname === `/${v}/${this.opts.phoneNumberId}/media`) {
        const text = raw.toString("latin1");
        if (!seen.contentType?.startsWith("multipart/form-data") || !/name="messaging_product"\r\n\r\nwhatsapp/.test(text) || !/name="file"; filename="/.test(text)) {
          return this.error(res, 400, 100, "(#100) Invalid parameter");
        }
        return this.reply(res, 200, { id: `MEDIA-UP-${++this.n}` });
      }
      if (req.method === "POST" && url.pathname === `/${v}/${this.opts.phoneNumberId}/messages`) {
        const b = seen.json;
        if (b?.messaging_product !== "whatsapp") return this.error(res, 400, 100, "(#100) The parameter messaging_product is required.");
        if (b.status === "read") return b.message_id ? this.reply(res, 200, { success: true }) : this.error(res, 400, 100, "(#100) message_id is required");
        if (!/^\d+$/.test(b.to ?? "") || !b.type || typeof b[b.type] !== "object") return this.error(res, 400, 100, "(#100) Invalid parameter");
        if (b.type === "template") {
          const known = this.templates.find((t) => t.name === b.template.name && t.language === b.template.language?.code && t.status === "APPROVED");
          if (!known) return this.error(res, 404, 132001, "(#132001) Template name does not exist in the translation");
          const bodyText = String(known.components.find((c) => c.type === "BODY")?.text ?? "");
          const expected = Math.max(0, ...[...bodyText.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
          const given = (b.template.components ?? []).find((c: { type: string }) => c.type === "body")?.parameters ?? [];
          if (given.length !== expected) return this.error(res, 400, 132000, "(#132000) Number of parameters does not match the expected number of params");
          // a URL button whose address ends in {{1}} takes its suffix at its index
          const buttons = (known.components.find((c) => c.type === "BUTTONS")?.buttons ?? []) as { type: string; url?: string }[];
          for (const [index, button] of buttons.entries()) {
            if (button.type !== "URL" || !/\{\{1\}\}/.test(button.url ?? "")) continue;
            const filled = (b.template.components ?? []).find((c: { type: string; sub_type?: string; index?: string }) => c.type === "button" && c.sub_type === "url" && c.index === String(index));
            if (filled?.parameters?.length !== 1 || typeof filled.parameters[0].text !== "string") return this.error(res, 400, 132000, "(#132000) Number of parameters does not match the expected number of params");
          }
        }
        if (b.type === "interactive") {
          const refused = interactiveRefusal(b.interactive);
          if (refused) return this.error(res, 400, 131009, `(#131009) Parameter value is not valid: ${refused}`);
        }
        if (b.type === "reaction" && (typeof b.reaction.message_id !== "string" || typeof b.reaction.emoji !== "string")) return this.error(res, 400, 100, "(#100) Invalid parameter");
        if (this.failNext) {
          const code = this.failNext;
          this.failNext = null;
          if (this.failNextRetryAfter) res.setHeader("retry-after", this.failNextRetryAfter);
          if (code === 130429) return this.error(res, 400, code, "(#130429) Rate limit hit: Cloud API message throughput has been reached.");
          return this.error(res, 400, code, "(#131047) Message failed to send because more than 24 hours have passed since the customer last replied to this number.");
        }
        return this.reply(res, 200, { messaging_product: "whatsapp", contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.OUT${++this.n}` }] });
      }
      return this.error(res, 404, 803, "Unknown path");
    });
  }
}
