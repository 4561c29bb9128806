import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

/**
 * File lists (administration §2 "File lists", §3): a named message with files, sent by a campaign
 * after its text. Company data like every other table.
 */
export const fileLists = pgTable(
  "files",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    /** Who last saved it. */
    userId: integer(),
    name: text().notNull(),
    message: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [index("files_company_name_idx").on(t.companyId, t.name)],
);

/**
 * One option of a file list: a name and, once uploaded, its file, stored like all media (a key
 * under the company, served only with a token). Deleted with its list.
 */
export const fileListOptions = pgTable(
  "files_options",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    fileId: integer()
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    name: text().notNull().default(""),
    /** Key of the stored file under the company's media (never a public path); null until uploaded. */
    mediaPath: text(),
    /** The uploaded file's safe name. */
    mediaName: text(),
    /** image, audio, video or document, read from the file's bytes. */
    mediaType: text(),
    /** Where it stands in its list: a campaign sends the files in this order. */
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("files_options_file_idx").on(t.fileId, t.position, t.id)],
);
