import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import { rootCertificates } from "node:tls";
import type { EfiConfig } from "../../../billingConfig";
import { ProviderError, type ChargeRequest, type ChargeState, type PaymentProvider, type PixChargeMade } from "./provider";

const TIMEOUT_MS = 15_000;
/** How long a charge's code stays payable. */
const EXPIRES_IN_SECONDS = 3 * 24 * 60 * 60;

/**
 * Efí (Gerencianet) Pix API: OAuth2 client credentials over mutual TLS (the account's
 * certificate), an immediate charge (`cob`) per txid, and its QR code through its location.
 */
export class EfiProvider implements PaymentProvider {
  readonly name = "efi" as const;
  private static instance: { config: EfiConfig; provider: EfiProvider } | null = null;
  private readonly agent: https.Agent;
  private token: { value: string; until: number } | null = null;

  /** One provider (one TLS agent, one token) per configuration. */
  static shared(config: EfiConfig) {
    if (EfiProvider.instance?.config !== config) EfiProvider.instance = { config, provider: new EfiProvider(config) };
    return EfiProvider.instance.provider;
  }

  constructor(private readonly config: EfiConfig) {
    const cert = fs.readFileSync(config.certPath);
    const tls = /\.(p12|pfx)$/i.test(config.certPath) ? { pfx: cert } : { cert, key: config.keyPath ? fs.readFileSync(config.keyPath) : cert };
    const ca = config.caPath ? { ca: [...rootCertificates, fs.readFileSync(config.caPath, "utf8")] } : {};
    this.agent = new https.Agent({ ...tls, ...ca, keepAlive: true });
  }

  async charge(request: ChargeRequest): Promise<PixChargeMade> {
    const txid = crypto.randomBytes(16).toString("hex");
    const taxId = request.payer.taxId ?? "";
    const debtor = taxId.length === 11 ? { cpf: taxId, nome: request.payer.name } : taxId.length === 14 ? { cnpj: taxId, nome: request.payer.name } : undefined;
    const cob = await this.call<{ txid: string; loc?: { id: number }; pixCopiaECola?: string }>("PUT", `/v2/cob/${txid}`, {
      calendario: { expiracao: EXPIRES_IN_SECONDS },
      ...(debtor ? { devedor: debtor } : {}),
      valor: { original: request.value.toFixed(2) },
      chave: this.config.pixKey,
      solicitacaoPagador: request.description.slice(0, 140),
    });
    if (!cob.loc) throw new ProviderError("efi", "the charge came without a location");
    const qr = await this.call<{ qrcode: string; imagemQrcode?: string }>("GET", `/v2/loc/${cob.loc.id}/qrcode`);
    const image = qr.imagemQrcode?.replace(/^data:image\/png;base64,/, "") ?? null;
    return { chargeId: cob.txid ?? txid, pixCode: qr.qrcode || cob.pixCopiaECola || "", qrImage: image };
  }

  async stateOf(chargeId: string): Promise<ChargeState> {
    const cob = await this.call<{ status?: string }>("GET", `/v2/cob/${encodeURIComponent(chargeId)}`);
    if (cob.status === "CONCLUIDA") return "paid";
    if (cob.status === "ATIVA") return "open";
    return cob.status ? "cancelled" : "unknown";
  }

  private async accessToken() {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const res = await this.request<{ access_token: string; expires_in: number }>("POST", "/oauth/token", { grant_type: "client_credentials" }, `Basic ${basic}`);
    this.token = { value: res.access_token, until: Date.now() + Math.max(0, res.expires_in - 60) * 1000 };
    return this.token.value;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return this.request<T>(method, path, body, `Bearer ${await this.accessToken()}`);
  }

  private request<T>(method: string, path: string, body: unknown, authorization: string): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<T>((resolve, reject) => {
      const req = https.request(
        new URL(path, this.config.apiUrl),
        { method, agent: this.agent, timeout: TIMEOUT_MS, headers: { authorization, "content-type": "application/json", ...(payload ? { "content-length": Buffer.byteLength(payload) } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            let json: Record<string, unknown> = {};
            try {
              json = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
            } catch {
              // an answer that is not JSON is reported by its status
            }
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(json as T);
            else reject(new ProviderError("efi", String(json.mensagem ?? json.error_description ?? json.nome ?? `HTTP ${status}`), status));
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timed out")));
      req.on("error", (err) => reject(new ProviderError("efi", `unreachable: ${err.message}`)));
      req.end(payload);
    });
  }
}
