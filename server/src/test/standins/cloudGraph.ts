import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the stand-in received: one Graph request. */
export interface GraphRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  auth?: string;
  json?: any;
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

/**
 * A stand-in for graph.facebook.com (Cloud API): the phone number check, message sends (text,
 * media by id, template) and the business account's templates, page by page with `paging.next`
 * as Meta documents. Refuses a wrong token, and a template message whose template it does not list
 * as APPROVED, or whose body parameters do not match the template's {{n}}.
 */
export class CloudGraphStandIn {
  seen: GraphRequest[] = [];
  templates: GraphTemplate[] = [];
  /** Templates per page (Graph pages them; a small page makes a sync follow `paging.next`). */
  pageSize = 25;
  url = "";
  private server = http.createServer((req, res) => this.handle(req, res));
  private n = 0;

  constructor(readonly opts: { phoneNumberId: string; accessToken: string; businessAccountId: string; version?: string }) {}

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
    this.reply(res, status, { error: { message, type: "OAuthException", code, fbtrace_id: "AbCdEf" } });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url!, this.url);
      const seen: GraphRequest = { method: req.method!, path: url.pathname, query: url.searchParams, auth: req.headers.authorization };
      if (req.headers["content-type"]?.startsWith("application/json")) seen.json = JSON.parse(raw.toString());
      this.seen.push(seen);
      if (seen.auth !== `Bearer ${this.opts.accessToken}`) return this.error(res, 401, 190, "Invalid OAuth access token.");
      const v = this.version;

      if (req.method === "GET" && url.pathname === `/${v}/${this.opts.phoneNumberId}`) {
        return this.reply(res, 200, { display_phone_number: "+55 11 4000-0000", verified_name: "Loja", id: this.opts.phoneNumberId });
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
        return this.reply(res, 200, { id: `MEDIA-UP-${++this.n}` });
      }
      if (req.method === "POST" && url.pathname === `/${v}/${this.opts.phoneNumberId}/messages`) {
        const b = seen.json;
        if (b?.messaging_product !== "whatsapp") return this.error(res, 400, 100, "(#100) The parameter messaging_product is required.");
        if (b.status === "read") return this.reply(res, 200, { success: true });
        if (!/^\d+$/.test(b.to ?? "") || !b.type || typeof b[b.type] !== "object") return this.error(res, 400, 100, "(#100) Invalid parameter");
        if (b.type === "template") {
          const known = this.templates.find((t) => t.name === b.template.name && t.language === b.template.language?.code && t.status === "APPROVED");
          if (!known) return this.error(res, 404, 132001, "(#132001) Template name does not exist in the translation");
          const bodyText = String(known.components.find((c) => c.type === "BODY")?.text ?? "");
          const expected = Math.max(0, ...[...bodyText.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
          const given = (b.template.components ?? []).find((c: { type: string }) => c.type === "body")?.parameters ?? [];
          if (given.length !== expected) return this.error(res, 400, 132000, "(#132000) Number of parameters does not match the expected number of params");
        }
        return this.reply(res, 200, { messaging_product: "whatsapp", contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.OUT${++this.n}` }] });
      }
      return this.error(res, 404, 803, "Unknown path");
    });
  }
}
