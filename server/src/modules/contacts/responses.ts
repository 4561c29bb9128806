import { z } from "zod";
import { id, messageAnswer, object, page, timestamp, file } from "../../http/responses/shapes";

/** A contact as the API presents it (presentContact, CONTACT_VIEW). */
export const contactView = object({
  id,
  name: z.string(),
  number: z.string(),
  lid: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string(),
  profilePicUrl: z.string(),
  urlPicture: z.string(),
  isGroup: z.boolean(),
  extraInfo: z.array(object({ name: z.string(), value: z.string() })),
  whatsappId: id.nullable(),
  companyId: id,
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ description: "A contact." });

/** GET /contacts/list: the short shape selects use. */
export const contactOption = object({ id, name: z.string(), number: z.string(), email: z.string(), profilePicUrl: z.string() });

export const contactPage = page("contacts", contactView).meta({ description: "A page of contacts, newest first." });

export const contactImportResult = object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(object({ row: z.number().int(), field: z.string(), message: z.string() })),
}).meta({ description: "Counts of the rows read, stored and refused, with each refused cell." });

export const contactResponses = {
  page: { 200: contactPage },
  options: { 200: z.array(contactOption).meta({ description: "Contacts for a select." }) },
  export: { 200: file },
  import: { 200: contactImportResult },
  one: { 200: contactView },
  created: { 201: contactView },
  deleted: { 200: messageAnswer },
};
