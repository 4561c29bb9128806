import http from "node:http";
import type { AddressInfo } from "node:net";

/** A 1×1 PNG: what a QR image is, for a stand-in. */
export const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

interface Payment {
  id: string;
  customer: string;
  value: number;
  dueDate: string;
  status: string;
  externalReference?: string;
}

/**
 * A local stand-in for Asaas' API v3, speaking its documented shapes: `access_token` header,
 * customers (found by externalReference), PIX payments, their QR code, their status. `pay`
 * marks one received and sends the payment webhook as Asaas does, with `asaas-access-token`.
 */
export class AsaasStandIn {
  readonly customers = new Map<string, Record<string, unknown>>();
  readonly payments = new Map<string, Payment>();
  readonly requests: { method: string; path: string; body: unknown }[] = [];
  private server!: http.Server;
  url = "";
  private seq = 0;

  constructor(private readonly token: string) {}

  async start() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
        const url = new URL(req.url!, "http://x");
        this.requests.push({ method: req.method!, path: url.pathname, body });
        const [status, answer] = this.answer(req.method!, url, req.headers.access_token as string | undefined, body);
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v3`;
    return this;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The payment is received: Asaas' webhook goes to `webhookUrl` with `webhookToken` (as many times as asked). */
  async pay(paymentId: string, webhookUrl: string, webhookToken: string, deliveries = 1) {
    const payment = this.payments.get(paymentId)!;
    payment.status = "RECEIVED";
    const results: number[] = [];
    const send = () =>
      fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "asaas-access-token": webhookToken },
        body: JSON.stringify({ id: `evt_${++this.seq}`, event: "PAYMENT_RECEIVED", dateCreated: new Date().toISOString(), payment: { object: "payment", ...payment, billingType: "PIX" } }),
      }).then((r) => r.status);
    for (const status of await Promise.all(Array.from({ length: deliveries }, send))) results.push(status);
    return results;
  }

  private answer(method: string, url: URL, token: string | undefined, body: Record<string, unknown> | undefined): [number, unknown] {
    const error = (status: number, code: string, description: string): [number, unknown] => [status, { errors: [{ code, description }] }];
    if (token !== this.token) return error(401, "invalid_access_token", "A chave de API fornecida é inválida");
    const path = url.pathname.replace(/^\/v3/, "");
    if (method === "GET" && path === "/customers") {
      const ref = url.searchParams.get("externalReference");
      return [200, { object: "list", hasMore: false, totalCount: 0, data: [...this.customers.values()].filter((c) => c.externalReference === ref) }];
    }
    if (method === "POST" && path === "/customers") {
      if (!body?.name) return error(400, "invalid_name", "O campo name deve ser informado.");
      const id = `cus_${String(++this.seq).padStart(12, "0")}`;
      this.customers.set(id, { object: "customer", id, ...body });
      return [200, this.customers.get(id)];
    }
    if (method === "POST" && path === "/payments") {
      if (!body || !this.customers.has(String(body.customer))) return error(400, "invalid_customer", "Cliente inexistente.");
      if (body.billingType !== "PIX") return error(400, "invalid_billingType", "Forma de pagamento inválida.");
      if (!(Number(body.value) > 0)) return error(400, "invalid_value", "O valor deve ser maior que 0.");
      const id = `pay_${String(++this.seq).padStart(12, "0")}`;
      this.payments.set(id, { id, customer: String(body.customer), value: Number(body.value), dueDate: String(body.dueDate), status: "PENDING", externalReference: body.externalReference as string | undefined });
      return [200, { object: "payment", ...this.payments.get(id) }];
    }
    const qr = path.match(/^\/payments\/([^/]+)\/pixQrCode$/);
    if (method === "GET" && qr) {
      const payment = this.payments.get(qr[1]);
      if (!payment) return error(404, "not_found", "Cobrança não encontrada.");
      return [200, { encodedImage: TINY_PNG, payload: `00020101021226800014br.gov.bcb.pix2558standin/${payment.id}5204000053039865406${payment.value.toFixed(2)}6304ABCD`, expirationDate: `${payment.dueDate} 23:59:59` }];
    }
    const one = path.match(/^\/payments\/([^/]+)$/);
    if (method === "GET" && one) {
      const payment = this.payments.get(one[1]);
      return payment ? [200, { object: "payment", ...payment }] : error(404, "not_found", "Cobrança não encontrada.");
    }
    return error(404, "not_found", "Recurso não encontrado.");
  }
}
