import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { TINY_PNG } from "./asaas";
import type { TestCertificates } from "./certificates";

interface Cob {
  txid: string;
  locId: number;
  valor: string;
  chave: string;
  status: string;
  devedor?: unknown;
}

/**
 * A local stand-in for Efí's Pix API: mutual TLS (a request without the client certificate
 * fails the handshake), OAuth2 client credentials, immediate charges (`PUT /v2/cob/:txid`),
 * QR codes by location and charge status. `pay` settles a charge and posts Efí's Pix webhook
 * to the registered address with "/pix" added, as Efí does.
 */
export class EfiStandIn {
  readonly cobs = new Map<string, Cob>();
  readonly tokens = new Set<string>();
  tokenRequests = 0;
  private server!: https.Server;
  url = "";
  private seq = 0;

  constructor(
    private readonly certs: TestCertificates,
    private readonly client: { id: string; secret: string },
  ) {}

  async start() {
    this.server = https.createServer(
      { cert: fs.readFileSync(this.certs.serverCert), key: fs.readFileSync(this.certs.serverKey), ca: fs.readFileSync(this.certs.ca), requestCert: true, rejectUnauthorized: true },
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
          const authorized = (req.socket as TLSSocket).authorized;
          const [status, answer] = authorized ? this.answer(req.method!, new URL(req.url!, "https://x").pathname, req.headers.authorization, body) : [401, { nome: "unauthorized" }];
          res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
        });
      },
    );
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The charge is paid: Efí posts `{ pix: [...] }` to the webhook address plus "/pix". */
  async pay(txid: string, webhookUrl: string, deliveries = 1) {
    const cob = this.cobs.get(txid)!;
    cob.status = "CONCLUIDA";
    const pix = [{ endToEndId: `E${String(++this.seq).padStart(31, "0")}`, txid, chave: cob.chave, valor: cob.valor, horario: new Date().toISOString() }];
    const send = () => fetch(`${webhookUrl}/pix`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pix }) }).then((r) => r.status);
    return Promise.all(Array.from({ length: deliveries }, send));
  }

  private answer(method: string, path: string, authorization: string | undefined, body: Record<string, any> | undefined): [number, unknown] {
    if (method === "POST" && path === "/oauth/token") {
      this.tokenRequests++;
      const basic = `Basic ${Buffer.from(`${this.client.id}:${this.client.secret}`).toString("base64")}`;
      if (authorization !== basic || body?.grant_type !== "client_credentials") return [401, { error: "invalid_client", error_description: "Invalid or inactive credentials" }];
      const token = `tok${++this.seq}`;
      this.tokens.add(token);
      return [200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: "cob.write cob.read pix.read" }];
    }
    if (!authorization?.startsWith("Bearer ") || !this.tokens.has(authorization.slice(7))) return [401, { nome: "unauthorized", mensagem: "Token inválido" }];
    const cob = path.match(/^\/v2\/cob\/([^/]+)$/);
    if (method === "PUT" && cob) {
      const txid = cob[1];
      if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) return [400, { nome: "documento_bloqueado", mensagem: "txid inválido" }];
      if (!/^\d+\.\d{2}$/.test(String(body?.valor?.original))) return [400, { nome: "valor_invalido", mensagem: "Campo valor.original inválido" }];
      if (!body?.chave) return [400, { nome: "chave_invalida", mensagem: "Chave não informada" }];
      const locId = ++this.seq;
      this.cobs.set(txid, { txid, locId, valor: body.valor.original, chave: body.chave, status: "ATIVA", devedor: body.devedor });
      return [
        201,
        {
          calendario: { criacao: new Date().toISOString(), expiracao: body.calendario?.expiracao ?? 3600 },
          txid,
          revisao: 0,
          loc: { id: locId, location: `standin/qr/v2/${txid}`, tipoCob: "cob" },
          status: "ATIVA",
          valor: body.valor,
          chave: body.chave,
        },
      ];
    }
    if (method === "GET" && cob) {
      const found = this.cobs.get(cob[1]);
      return found ? [200, { txid: found.txid, status: found.status, valor: { original: found.valor }, chave: found.chave }] : [404, { nome: "cobranca_nao_encontrada", mensagem: "Cobrança não encontrada" }];
    }
    const qr = path.match(/^\/v2\/loc\/(\d+)\/qrcode$/);
    if (method === "GET" && qr) {
      const found = [...this.cobs.values()].find((c) => c.locId === Number(qr[1]));
      if (!found) return [404, { nome: "location_nao_encontrada", mensagem: "Location não encontrada" }];
      return [
        200,
        {
          qrcode: `00020101021226830014BR.GOV.BCB.PIX2561standin/qr/v2/${found.txid}5204000053039865406${found.valor}6304EFI0`,
          imagemQrcode: `data:image/png;base64,${TINY_PNG}`,
          linkVisualizacao: `standin/${found.txid}`,
        },
      ];
    }
    return [404, { nome: "nao_encontrado", mensagem: "Recurso não encontrado" }];
  }
}
