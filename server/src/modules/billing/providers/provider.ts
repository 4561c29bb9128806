/** Who pays an invoice, as the checkout collected it. */
export interface Payer {
  name: string;
  email: string | null;
  /** CPF or CNPJ, digits only. */
  taxId: string | null;
  address: string;
  /** The address' complement (apartment, suite). */
  complement: string | null;
  city: string;
  state: string | null;
  zipcode: string;
  country: string;
}

export interface ChargeRequest {
  invoiceId: number;
  companyId: number;
  value: number;
  dueDate: string;
  description: string;
  payer: Payer;
}

/** A Pix charge made at the provider: its id there and the code the payer copies or scans. */
export interface PixChargeMade {
  chargeId: string;
  pixCode: string;
  /** The QR code as a PNG, base64 (without the data: prefix), when the provider draws it. */
  qrImage: string | null;
}

export type ChargeState = "paid" | "open" | "cancelled" | "unknown";

/**
 * A payment provider behind one interface: the checkout makes a Pix charge, a webhook says a
 * charge changed, and the provider itself is asked whether it was paid (a webhook is a hint,
 * never proof).
 */
export interface PaymentProvider {
  readonly name: "asaas" | "efi";
  charge(request: ChargeRequest): Promise<PixChargeMade>;
  stateOf(chargeId: string): Promise<ChargeState>;
}

/** The provider answered with an error, or could not be reached: the checkout says so, nothing changes. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
