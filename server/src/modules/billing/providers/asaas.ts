import { ProviderError, type ChargeRequest, type ChargeState, type PaymentProvider, type PixChargeMade } from "./provider";

/** Asaas' production API; its sandbox or a stand-in is set with ASAAS_API_URL. */
export const ASAAS_API_URL = "https://api.asaas.com/v3";
const TIMEOUT_MS = 15_000;

/** Payment statuses of Asaas that mean the money arrived. */
const PAID = new Set(["RECEIVED", "CONFIRMED", "RECEIVED_IN_CASH"]);
const CANCELLED = new Set(["REFUNDED", "REFUND_REQUESTED", "DELETED", "CHARGEBACK_REQUESTED"]);

/**
 * Asaas (REST, `access_token` header): a customer per company (found again by its
 * externalReference), a PIX payment per charge, and its QR code.
 */
export class AsaasProvider implements PaymentProvider {
  readonly name = "asaas" as const;

  constructor(
    private readonly token: string,
    private readonly baseUrl = ASAAS_API_URL,
  ) {}

  async charge(request: ChargeRequest): Promise<PixChargeMade> {
    const customer = await this.customerOf(request);
    const payment = await this.call<{ id: string }>("POST", "/payments", {
      customer,
      billingType: "PIX",
      value: request.value,
      dueDate: request.dueDate,
      description: request.description,
      externalReference: `invoice:${request.invoiceId}`,
    });
    const qr = await this.call<{ payload: string; encodedImage?: string }>("GET", `/payments/${encodeURIComponent(payment.id)}/pixQrCode`);
    return { chargeId: payment.id, pixCode: qr.payload, qrImage: qr.encodedImage ?? null };
  }

  async stateOf(chargeId: string): Promise<ChargeState> {
    const payment = await this.call<{ status?: string }>("GET", `/payments/${encodeURIComponent(chargeId)}`);
    if (payment.status && PAID.has(payment.status)) return "paid";
    if (payment.status && CANCELLED.has(payment.status)) return "cancelled";
    return payment.status ? "open" : "unknown";
  }

  /** The company's customer at Asaas, made on its first charge. */
  private async customerOf({ companyId, payer }: ChargeRequest) {
    const reference = `company:${companyId}`;
    const found = await this.call<{ data?: { id: string }[] }>("GET", `/customers?externalReference=${encodeURIComponent(reference)}&limit=1`);
    if (found.data?.[0]) return found.data[0].id;
    const made = await this.call<{ id: string }>("POST", "/customers", {
      name: payer.name,
      email: payer.email ?? undefined,
      cpfCnpj: payer.taxId ?? undefined,
      address: payer.address,
      complement: payer.complement ?? undefined,
      province: payer.city,
      postalCode: payer.zipcode.replace(/\D/g, ""),
      externalReference: reference,
      notificationDisabled: true,
    });
    return made.id;
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { access_token: this.token, "content-type": "application/json", "user-agent": "Balcao" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderError("asaas", `unreachable: ${(err as Error).message}`);
    }
    const json = (await res.json().catch(() => ({}))) as T & { errors?: { description?: string }[] };
    if (!res.ok) throw new ProviderError("asaas", json.errors?.[0]?.description ?? `HTTP ${res.status}`, res.status);
    return json;
  }
}
