import { z } from "zod";
import { V } from "./messages";
import { MAX_ID } from "./common";

/** Rows per page of GET /invoices/all. */
export const INVOICES_PAGE_SIZE = 20;

/** Checkout step 1's required fields and the spec's messages for them (administration §5). */
export const CHECKOUT_REQUIRED = {
  firstName: "O nome completo é obrigatório",
  address2: "O Endereço é obrigatório",
  city: "Cidade é obrigatória",
  zipcode: "CEP é obrigatório",
  country: "País é obrigatório",
} as const;

const text = (max: number) => z.string({ error: V.invalidValue }).trim().max(max, V.tooLong).nullish();
const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, V.tooLong);

/**
 * POST /subscription: the checkout's payload (administration §3). The charge is always the
 * invoice's own value: `price`, `plan`, `users` and `connections` are what the client showed,
 * read for nothing; card fields are refused nowhere and kept nowhere (the checkout is Pix).
 */
export const subscriptionBody = z.object({
  invoiceId: z.coerce.number({ error: V.required }).int(V.invalidValue).positive(V.invalidValue).max(MAX_ID, V.invalidValue),
  firstName: required(CHECKOUT_REQUIRED.firstName, 200),
  lastName: text(200),
  address2: required(CHECKOUT_REQUIRED.address2, 300),
  city: required(CHECKOUT_REQUIRED.city, 120),
  state: text(120),
  zipcode: required(CHECKOUT_REQUIRED.zipcode, 20),
  country: required(CHECKOUT_REQUIRED.country, 120),
  /** The billing email; the company's own when absent. */
  email: z.string().trim().email(V.invalidEmail).max(200, V.tooLong).nullish(),
  /** The payer's CPF or CNPJ, digits only once cleaned; some providers require it. */
  taxId: z.string().trim().max(30, V.tooLong).transform((v) => v.replace(/\D/g, "")).nullish(),
  useAddressForPaymentDetails: z.boolean().nullish(),
  plan: z.unknown().optional(),
  price: z.unknown().optional(),
  users: z.unknown().optional(),
  connections: z.unknown().optional(),
  nameOnCard: z.unknown().optional(),
  cardNumber: z.unknown().optional(),
  cvv: z.unknown().optional(),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

/** The Pix charge of an invoice, in the shape the spec's client reads (`qrcode.qrcode`, `valor.original`). */
export interface PixCharge {
  invoiceId: number;
  qrcode: { qrcode: string; imagemQrcode?: string };
  valor: { original: string };
}
