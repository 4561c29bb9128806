import { z } from "zod";
import { boundedString, listQuery } from "./common";
import { V } from "./messages";
import { optionalDayField } from "./dates";

const digitsOf = (v: string) => v.replace(/\D/g, "");

/** Optional phone number: any formatting is stripped to digits; when given, 8 to 50 digits. */
export const contactNumberField = z
  .string({ error: V.invalidValue })
  .nullable()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || digitsOf(v).length >= 8, V.tooShort)
  .refine((v) => digitsOf(v).length <= 50, V.tooLong)
  .transform(digitsOf);

/** Optional email: blank is allowed, anything else must be valid. */
export const contactEmailField = z
  .string({ error: V.invalidEmail })
  .nullable()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || z.email().safeParse(v).success, V.invalidEmail);

const infoText = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()], { error: V.invalidValue })
    .optional()
    .transform((v) => (v === undefined || v === null ? "" : String(v).trim()))
    .pipe(z.string().max(max, V.tooLong));

/** Extra info rows (name/value pairs); other keys the client sends (id, contactId…) are dropped. */
export const extraInfoField = z.array(z.object({ name: infoText(100), value: infoText(2000) }), { error: V.invalidValue }).max(100, V.tooLong);

/** The contact form (spec 5): the same rules in the contact modal and on POST /contacts. */
export const contactFormSchema = z.object({
  name: boundedString(2, 50),
  number: contactNumberField.default(""),
  email: contactEmailField.default(""),
  extraInfo: extraInfoField.default([]),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;

/** @alias The API's name for the form's schema: one shape for both. */
export const createContactBody = contactFormSchema;
export type CreateContactBody = z.infer<typeof createContactBody>;

/** PUT /contacts/:id: the same fields; an absent field is kept. */
export const updateContactBody = z.object({
  name: boundedString(2, 50).optional(),
  number: contactNumberField.optional(),
  email: contactEmailField.optional(),
  extraInfo: extraInfoField.optional(),
});
export type UpdateContactBody = z.infer<typeof updateContactBody>;

/** GET /contacts: search (name or number), page, and creation-day filters. */
export const contactsQuery = listQuery.extend({ date: optionalDayField, dateStart: optionalDayField, dateEnd: optionalDayField });
export type ContactsQuery = z.infer<typeof contactsQuery>;

/** GET /contacts/list: optional search for selects (companyId is the caller's, whatever is sent). */
export const contactsListQuery = listQuery.pick({ searchParam: true });
export type ContactsListQuery = z.infer<typeof contactsListQuery>;
