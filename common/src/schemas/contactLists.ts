import { z } from "zod";
import { boundedString, idParam, listQuery } from "./common";
import { contactEmailField } from "./contacts";
import { V } from "./messages";

/** Rows per page of GET /contact-lists/ and GET /contact-list-items. */
export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 20;

/** Contact list (administration §5): name required, 2 to 50. */
export const contactListBody = z.object({
  name: boundedString(2, 50),
  /** The original client sends it; the caller's own company is used. */
  companyId: z.unknown().optional(),
});
export type ContactListBody = z.infer<typeof contactListBody>;

/** GET /contact-lists/: searchParam (the list's name) and pageNumber. */
export const contactListsQuery = listQuery.extend({ companyId: z.unknown().optional() });

/** GET /contact-lists/list: every list of the company, optionally searched by name. */
export const contactListOptionsQuery = listQuery.pick({ searchParam: true }).extend({ companyId: z.unknown().optional() });

const digitsOf = (v: string) => v.replace(/\D/g, "");

/**
 * A list item's number (§5: 8 to 50): required, formatting stripped to its digits as contacts'
 * numbers are, so "+55 (11) 98888-1001" and "5511988881001" are the same item of a list.
 */
export const contactListItemNumberField = z
  .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.invalidValue) })
  .transform((v) => String(v).trim())
  .refine((v) => v !== "", V.required)
  .refine((v) => v === "" || digitsOf(v).length >= 8, V.tooShort)
  .refine((v) => digitsOf(v).length <= 50, V.tooLong)
  .transform(digitsOf);

/** The contact dialog of a list (§5): name 2-50 ('Too Short!', 'Too Long!', 'Required'), number 8-50, email valid. */
export const contactListItemFormSchema = z.object({
  name: boundedString(2, 50),
  number: contactListItemNumberField,
  email: contactEmailField.optional().transform((v) => v ?? ""),
});
export type ContactListItemFormInput = z.input<typeof contactListItemFormSchema>;

/** POST /contact-list-items: the form plus its list; companyId is the caller's, whatever is sent. */
export const createContactListItemBody = contactListItemFormSchema.extend({
  contactListId: idParam,
  companyId: z.unknown().optional(),
});
export type CreateContactListItemBody = z.infer<typeof createContactListItemBody>;

/** PUT /contact-list-items/:id: the form's fields; an item stays in its list (contactListId is ignored). */
export const updateContactListItemBody = contactListItemFormSchema.extend({
  contactListId: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type UpdateContactListItemBody = z.infer<typeof updateContactListItemBody>;

/** GET /contact-list-items: the list's items, searched by name or number, a page at a time. */
export const contactListItemsQuery = listQuery.extend({ contactListId: idParam, companyId: z.unknown().optional() });

/** POST /contact-lists/:id/upload?importId=: the id the uploading page gave the import, echoed by its progress events. */
export const contactListUploadQuery = z.object({
  importId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, V.invalidValue)
    .optional(),
});

/** GET /contact-lists/example: the example spreadsheet, its headers in the reader's language. */
export const CONTACT_LIST_EXAMPLE_LANGUAGES = ["pt", "en", "es"] as const;
export const contactListExampleQuery = z.object({ lang: z.enum(CONTACT_LIST_EXAMPLE_LANGUAGES, { error: V.invalidValue }).optional().default("pt") });

/** A contact list as its page and its events show it. */
export interface ContactListRecord {
  id: number;
  name: string;
  contactsCount: number;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * One contact of a list. isWhatsappValid: true when the connection found the number on WhatsApp,
 * false when it did not, null while unknown (not checked yet, or no connection can check it).
 */
export interface ContactListItemRecord {
  id: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
  contactListId: number;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** POST /contact-lists/:id/upload: what became of the file's rows. */
export interface ContactListImportResult {
  /** Rows read below the header. */
  total: number;
  /** New items of the list. */
  created: number;
  /** Items already in the list (same number) whose name or email the file changed. */
  updated: number;
  /** Items already in the list exactly as the file has them. */
  unchanged: number;
  /** Rows whose number an earlier row of the file already had: merged into that item. */
  merged: number;
  /** Refused cells: spreadsheet row (header = 1), field and the form's message. */
  errors: { row: number; field: string; message: string }[];
}

/** `company-{id}-ContactListImport`, to the uploading user: how far the import of a file is. */
export interface ContactListImportProgress {
  contactListId: number;
  importId: string | null;
  /** Valid rows stored so far, out of `total`. */
  processed: number;
  total: number;
}

/** The per-list channel of item events, beside the company's `company-{id}-ContactListItem`. */
export const contactListItemChannel = (companyId: number, contactListId: number) => `company-${companyId}-ContactListItem-${contactListId}`;
