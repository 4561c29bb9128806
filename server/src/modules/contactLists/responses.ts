import { z } from "zod";
import { file, id, messageAnswer, object, page } from "../../http/responses/shapes";

const moment = z.iso.datetime({ offset: true });

/** A contact list with how many contacts it holds. */
export const contactListAnswer = object({
  id,
  name: z.string(),
  contactsCount: z.number().int(),
  companyId: id,
  createdAt: moment,
  updatedAt: moment,
}).meta({ description: "A contact list, a campaign's audience, with its contacts count." });

export const contactListsPage = page("records", contactListAnswer).meta({ description: "A page of contact lists, by name." });
export const contactListOptions = z.array(contactListAnswer).meta({ description: "Every contact list of the company, by name." });
export const contactListDeleted = messageAnswer;
export const exampleSpreadsheet = file;

/** What became of an uploaded spreadsheet's rows. */
export const contactListImportAnswer = object({
  total: z.number().int().meta({ description: "Rows read below the header." }),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  merged: z.number().int().meta({ description: "Rows whose number an earlier row already had." }),
  errors: z.array(object({ row: z.number().int(), field: z.string(), message: z.string() })),
}).meta({ description: "The import's counts and the refused cells (spreadsheet row, field, message)." });

/** One contact of a list. */
export const contactListItemAnswer = object({
  id,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  isWhatsappValid: z.boolean().nullable().meta({ description: "Whether the number is on WhatsApp; null while unknown." }),
  contactListId: id,
  companyId: id,
  createdAt: moment,
  updatedAt: moment,
}).meta({ description: "A contact of a contact list." });

export const contactListItemsPage = page("contacts", contactListItemAnswer).meta({ description: "A page of a list's contacts." });
export const contactListItemDeleted = messageAnswer;
