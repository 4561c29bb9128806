import { z } from "zod";

/** Spreadsheets the contacts page imports (administration §5: .xls and .xlsx; .csv as well). */
export const CONTACT_IMPORT_EXTENSIONS = [".xlsx", ".xls", ".csv"] as const;
export const CONTACT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 10_000;

/** Why a file was refused as a whole (400 naming `file`); the web translates each. */
export const CONTACT_IMPORT_FILE_PROBLEMS = ["missing", "unsupported", "unreadable", "tooLarge", "tooManyRows", "empty", "noNameColumn"] as const;
export type ContactImportFileProblem = (typeof CONTACT_IMPORT_FILE_PROBLEMS)[number];

/** Row messages beyond the form's validation texts: the number repeats an earlier row of the file. */
export const CONTACT_IMPORT_REPEATED_NUMBER = "Repeated number";

/** One refused cell: the spreadsheet row (header = 1), the contact field and the form's message or an ERR_ code. */
export type ContactImportRowError = {
  row: number;
  field: string;
  message: string;
};

/** POST /contacts/import: counts of the rows read, stored and refused. */
export type ContactImportResult = {
  total: number;
  created: number;
  updated: number;
  /** Rows that matched an existing contact with the same name and email. */
  unchanged: number;
  errors: ContactImportRowError[];
};

export const CONTACT_EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ContactExportFormat = (typeof CONTACT_EXPORT_FORMATS)[number];

/** GET /contacts/export */
export const contactExportQuery = z.object({ format: z.enum(CONTACT_EXPORT_FORMATS).optional().default("xlsx") });
