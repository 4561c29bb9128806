import { z } from "zod";
import { RECURRENCES, type Recurrence } from "../constants";
import { MAX_ID, boundedString, emailField, idParam, listQuery } from "./common";
import { V } from "./messages";

/** Digits of a Brazilian phone as masked by '(99) 99999-9999'. */
export const phoneField = z
  .string({ error: V.required })
  .transform((v) => v.replace(/\D/g, ""))
  .pipe(z.string().min(1, V.required).min(10, V.tooShort).max(11, V.tooLong));

/**
 * Public sign-up (POST /companies/cadastro). The client also sends recurrence, dueDate,
 * status and campaignsEnabled; the server decides the trial itself and ignores them.
 * userName names the company's first admin; the original client sends none, so the company's name does.
 */
export const signupBody = z.object({
  name: boundedString(2, 50),
  userName: boundedString(2, 50).optional(),
  email: emailField,
  phone: phoneField,
  password: z.string({ error: V.required }).min(5, V.tooShort).max(50, V.tooLong),
  planId: z.coerce.number({ error: V.required }).int(V.required).positive(V.required).max(MAX_ID, V.invalidValue),
  recurrence: z.string().optional(),
  dueDate: z.string().nullish(),
  status: z.union([z.string(), z.boolean()]).optional(),
  campaignsEnabled: z.union([z.string(), z.boolean()]).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const companyIdParams = z.object({ companyId: idParam });

/** The sign-up form's own fields, with the same rules as signupBody (the client fills in the rest); the form asks for the person's name. */
export const signupFormSchema = signupBody.pick({ name: true, userName: true, email: true, phone: true, password: true, planId: true }).required({ userName: true });
export type SignupFormInput = z.input<typeof signupFormSchema>;

/** Rows per page of GET /companies. */
export const COMPANIES_PAGE_SIZE = 20;
export const companiesQuery = listQuery;

/** A due date as YYYY-MM-DD; empty or not a real date is null (section 5: sent as null). */
export const dueDateField = z
  .union([z.string(), z.null()], { error: V.invalidValue })
  .optional()
  .transform((v) => {
    const day = typeof v === "string" ? v.trim().slice(0, 10) : "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
    const parsed = new Date(`${day}T12:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
  });

const statusField = z.union([z.boolean(), z.enum(["true", "false", "t", "f"])], { error: V.invalidValue }).transform((v) => v === true || v === "true" || v === "t");

/** Longest value of each billing field, the company's and the checkout's alike. */
export const BILLING_MAX = { name: 200, document: 20, address: 200, address2: 100, city: 120, state: 60, zipcode: 20, country: 60 } as const;

/** An optional billing text: trimmed; empty or null clears it (null); absent leaves the stored value as it is. */
const billingText = (max: number) =>
  z
    .string({ error: V.invalidValue })
    .trim()
    .max(max, V.tooLong)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A CPF (11 digits) or a CNPJ (14), punctuation dropped; empty is none. */
export const taxIdField = z
  .string({ error: V.invalidValue })
  .trim()
  .max(BILLING_MAX.document, V.tooLong)
  .transform((v) => v.replace(/[.\-/\s]/g, ""))
  .refine((v) => v === "" || /^(\d{11}|\d{14})$/.test(v), V.invalidValue)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** The company's billing name and address (administration §3), prefilled in the checkout and kept by it. */
export const companyBillingShape = {
  billingName: billingText(BILLING_MAX.name),
  /** CPF or CNPJ, digits only once cleaned. */
  billingDocument: taxIdField,
  /** Street and number. */
  billingAddress: billingText(BILLING_MAX.address),
  /** Complement: apartment, suite, block. */
  billingAddress2: billingText(BILLING_MAX.address2),
  billingCity: billingText(BILLING_MAX.city),
  billingState: billingText(BILLING_MAX.state),
  billingZipcode: billingText(BILLING_MAX.zipcode),
  billingCountry: billingText(BILLING_MAX.country),
};
export const BILLING_FIELDS = Object.keys(companyBillingShape) as (keyof typeof companyBillingShape)[];
export type BillingField = (typeof BILLING_FIELDS)[number];
/** A company's stored billing fields, each null when not given. */
export type CompanyBilling = Record<BillingField, string | null>;

/** The super user's company form (POST /companies, PUT /companies/:id): email and plan required. */
export const companyBody = z.object({
  name: boundedString(2, 50),
  email: emailField,
  phone: z
    .string({ error: V.invalidValue })
    .nullish()
    .transform((v) => (v ?? "").replace(/\D/g, ""))
    .pipe(
      z
        .string()
        .max(11, V.tooLong)
        .refine((v) => v === "" || v.length >= 10, V.tooShort),
    )
    .transform((v) => v || null),
  planId: z.coerce.number({ error: V.required }).int(V.required).positive(V.required).max(MAX_ID, V.invalidValue),
  status: statusField.default(true),
  campaignsEnabled: statusField.default(false),
  dueDate: dueDateField,
  recurrence: z.enum(RECURRENCES, { error: V.invalidValue }).default("MENSAL"),
  /** The first admin's password (the admin signs in with the company's email); asked on creation only. */
  password: z.string({ error: V.invalidValue }).min(5, V.tooShort).max(50, V.tooLong).optional(),
  ...companyBillingShape,
});
export type CompanyBody = z.infer<typeof companyBody>;
export type CompanyFormInput = z.input<typeof companyBody>;

/** One company as the super user's table shows it. */
export interface CompanyRecord extends CompanyBilling {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  dueDate: string | null;
  recurrence: string | null;
  planId: number | null;
  plan: { id: number; name: string } | null;
  campaignsEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CompaniesPage {
  companies: CompanyRecord[];
  count: number;
  hasMore: boolean;
}

const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** '+ Vencimento' (section 4): the due date moved on by the recurrence's months, the day kept or the month's last. */
export function advanceDueDate(dueDate: string, recurrence: string | null): string {
  const months = RECURRENCE_MONTHS[(recurrence ?? "MENSAL") as Recurrence] ?? 1;
  const [y, m, d] = dueDate.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whole days from `today` to `dueDate` (both YYYY-MM-DD); negative when past. */
export function daysUntil(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export type DueDateTint = "yellow" | "orange" | "red" | null;

/** Section 4: exactly 5 days to the due date yellow; from -3 to 4 orange; exactly -4 red; otherwise none. */
export function dueDateTint(days: number | null): DueDateTint {
  if (days === null) return null;
  if (days === 5) return "yellow";
  if (days >= -3 && days <= 4) return "orange";
  if (days === -4) return "red";
  return null;
}
