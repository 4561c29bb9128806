import { z } from "zod";
import { V } from "./messages";
import { MAX_ID } from "./common";
import { BILLING_MAX, taxIdField } from "./companies";

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

/** The payer's name as the checkout's first and last names make it. */
export const billingNameOf = (b: { firstName: string; lastName?: string | null }) => [b.firstName, b.lastName].filter(Boolean).join(" ");

const text = (max: number) => z.string({ error: V.invalidValue }).trim().max(max, V.tooLong).nullish();
const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, V.tooLong);

/**
 * POST /subscription: the checkout's payload (administration §3). The charge is always the
 * invoice's own value: `price`, `plan`, `users` and `connections` are what the client showed,
 * read for nothing; card fields are refused nowhere and kept nowhere (the checkout is Pix).
 */
export const subscriptionBody = z
  .object({
    invoiceId: z.coerce.number({ error: V.required }).int(V.invalidValue).positive(V.invalidValue).max(MAX_ID, V.invalidValue),
    firstName: required(CHECKOUT_REQUIRED.firstName, BILLING_MAX.name),
    lastName: text(BILLING_MAX.name),
    /** The street and number (the spec's client names it address2). */
    address2: required(CHECKOUT_REQUIRED.address2, BILLING_MAX.address),
    /** The address' complement (apartment, suite), kept as the company's billingAddress2. */
    complement: text(BILLING_MAX.address2),
    city: required(CHECKOUT_REQUIRED.city, BILLING_MAX.city),
    state: text(BILLING_MAX.state),
    zipcode: required(CHECKOUT_REQUIRED.zipcode, BILLING_MAX.zipcode),
    country: required(CHECKOUT_REQUIRED.country, BILLING_MAX.country),
    /** The billing email; the company's own when absent. */
    email: z.string().trim().email(V.invalidEmail).max(200, V.tooLong).nullish(),
    /** The payer's CPF or CNPJ, digits only once cleaned; some providers require it. */
    taxId: taxIdField,
    useAddressForPaymentDetails: z.boolean().nullish(),
    plan: z.unknown().optional(),
    price: z.unknown().optional(),
    users: z.unknown().optional(),
    connections: z.unknown().optional(),
    nameOnCard: z.unknown().optional(),
    cardNumber: z.unknown().optional(),
    cvv: z.unknown().optional(),
  })
  // the name is kept as the company's billing name: first and last together fit it
  .refine((b) => billingNameOf(b).length <= BILLING_MAX.name, { message: V.tooLong, path: ["lastName"] });
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

/** The Pix charge of an invoice, in the shape the spec's client reads (`qrcode.qrcode`, `valor.original`). */
export interface PixCharge {
  invoiceId: number;
  qrcode: { qrcode: string; imagemQrcode?: string };
  valor: { original: string };
}

/** An invoice as `GET /invoices/all` and `/invoices/:id` answer it (administration §3): never the provider's ids. */
export interface Invoice {
  id: number;
  companyId: number;
  /** The plan's name when the invoice was made. */
  detail: string;
  value: number;
  /** The company's due date it renews (YYYY-MM-DD). */
  dueDate: string;
  /** "paid" once a provider confirmed it; "open" until then. */
  status: string;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
}
