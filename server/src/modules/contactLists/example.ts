import type { CONTACT_LIST_EXAMPLE_LANGUAGES } from "@balcao/common";
import { writeSpreadsheet } from "../contacts/spreadsheet";

type Language = (typeof CONTACT_LIST_EXAMPLE_LANGUAGES)[number];

/** The columns the import reads, in each language it recognises, and two made-up contacts. */
const EXAMPLES: Record<Language, { header: string[]; rows: string[][] }> = {
  pt: {
    header: ["nome", "numero", "email"],
    rows: [
      ["Maria Souza", "5511999990001", "maria@example.com"],
      ["João Lima", "5521988880002", ""],
    ],
  },
  en: {
    header: ["name", "number", "email"],
    rows: [
      ["Mary Smith", "5511999990001", "mary@example.com"],
      ["John Lee", "5521988880002", ""],
    ],
  },
  es: {
    header: ["nombre", "numero", "email"],
    rows: [
      ["María Gómez", "5511999990001", "maria@example.com"],
      ["Juan Pérez", "5521988880002", ""],
    ],
  },
};

/** GET /contact-lists/example: the example spreadsheet the lists page offers (.xlsx). */
export async function exampleSpreadsheet(language: Language) {
  const { header, rows } = EXAMPLES[language];
  return { filename: "planilha.xlsx", data: await writeSpreadsheet(header, rows, "xlsx") };
}
