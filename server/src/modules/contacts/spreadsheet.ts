import type { ParsingOptions, WorkBook } from "@e965/xlsx";
import type { ZodType } from "zod";
import { CONTACT_IMPORT_MAX_ROWS, V, type ContactImportFileProblem } from "@balcao/common";
import { UNSTORABLE } from "../../channels/storableText";
import { AppError } from "../../http/errors";
import { declaredUnzippedSize } from "./archiveSize";
import { loadXlsx, type Xlsx } from "../../lib/xlsx";

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
}

/** One data row of the sheet, cells as text; `row` is the spreadsheet's own row number (header = 1). */
export interface SheetContact {
  row: number;
  name: string;
  number: string;
  email: string;
}

/** A row's refused field: the row, the field and the reason, as the import report lists them. */
export interface RowRefusal {
  row: number;
  field: string;
  message: string;
}

/** "5.51199E+12": a phone number a spreadsheet program turned into a rounded number. */
const SCIENTIFIC = /^\d+([.,]\d+)?e\+?\d+$/i;

/**
 * A sheet row checked by the contact form's rules (`schema`, spec §5): its parsed fields, or null
 * with one refusal per refused field added to `refusals`. A rounded number or a cell the database
 * cannot store (a NUL, half a surrogate pair) refuses its row, as the form would.
 */
export function checkSheetRow<T>(sheetRow: SheetContact, schema: ZodType<T>, refusals: RowRefusal[]): T | null {
  if (SCIENTIFIC.test(sheetRow.number)) {
    refusals.push({ row: sheetRow.row, field: "number", message: V.invalidValue });
    return null;
  }
  const unstorable = (["name", "number", "email"] as const).find((field) => UNSTORABLE.test(sheetRow[field]));
  if (unstorable) {
    refusals.push({ row: sheetRow.row, field: unstorable, message: V.invalidValue });
    return null;
  }
  const parsed = schema.safeParse({ name: sheetRow.name, number: sheetRow.number, email: sheetRow.email });
  if (parsed.success) return parsed.data;
  const fields = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "name");
    if (!fields.has(field)) refusals.push({ row: sheetRow.row, field, message: issue.message });
    fields.add(field);
  }
  return null;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An .xlsx of 10 MB unpacks to far less than this; more is a decompression bomb. */
const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;

/** Headers recognised in English, Portuguese or Spanish, compared without case, accents or punctuation. */
const HEADERS: Record<string, keyof Omit<SheetContact, "row">> = {
  name: "name",
  nome: "name",
  nombre: "name",
  number: "number",
  numero: "number",
  phone: "number",
  telefone: "number",
  celular: "number",
  whatsapp: "number",
  telefono: "number",
  email: "email",
  mail: "email",
  correo: "email",
};

export function fileProblem(problem: ContactImportFileProblem, detail: string) {
  return new AppError("ERR_VALIDATION", 400, { field: "file", message: `file: ${detail}`, problem });
}

const normalizeHeader = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** A cell as text: whole numbers without exponent or decimals (phone numbers typed as numbers). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

function isCsv(file: UploadedFile) {
  return /\.csv$/i.test(file.filename) || /csv/i.test(file.mimetype);
}

/** CSV text: UTF-8 (BOM optional), or Latin-1 as older spreadsheet programs save it; binary is refused. */
function decodeText(data: Buffer): string | null {
  if (data.subarray(0, 8192).includes(0)) return null;
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return body.toString("latin1");
  }
}

const parsing: ParsingOptions = {
  dense: true,
  sheets: 0,
  // rows past this are not even parsed; the sheet then reads as too long
  sheetRows: CONTACT_IMPORT_MAX_ROWS + 50,
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellDates: false,
};

/** The workbook, told apart by content (.xlsx is a ZIP, .xls a compound file) or as CSV text. */
function readWorkbook(XLSX: Xlsx, file: UploadedFile): WorkBook {
  const head = file.data.subarray(0, 8);
  let read: () => WorkBook;
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) {
    const size = declaredUnzippedSize(file.data);
    if (size === null) throw fileProblem("unreadable", "The spreadsheet could not be read");
    if (size > MAX_UNZIPPED_BYTES) throw fileProblem("tooLarge", "The spreadsheet is too large");
    read = () => XLSX.read(file.data, { ...parsing, type: "buffer" });
  } else if (head.equals(CFB_MAGIC)) {
    read = () => XLSX.read(file.data, { ...parsing, type: "buffer" });
  } else if (isCsv(file)) {
    const text = decodeText(file.data);
    if (text === null) throw fileProblem("unsupported", "Send an .xlsx, .xls or .csv spreadsheet");
    read = () => XLSX.read(text, { ...parsing, type: "string", raw: true });
  } else {
    throw fileProblem("unsupported", "Send an .xlsx, .xls or .csv spreadsheet");
  }
  try {
    const book = read();
    if (book.SheetNames.length === 0) throw new Error("no sheet");
    return book;
  } catch {
    throw fileProblem("unreadable", "The spreadsheet could not be read");
  }
}

/**
 * The contacts of the file's first sheet: the first non-empty row is the header (name/nome,
 * number/numero, email), every later row with something in those columns is a contact.
 */
export async function readContactRows(file: UploadedFile): Promise<SheetContact[]> {
  if (file.data.length === 0) throw fileProblem("empty", "The file is empty");
  const XLSX = await loadXlsx();
  const book = readWorkbook(XLSX, file);
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet?.["!ref"]) throw fileProblem("empty", "The spreadsheet has no rows");
  const read = XLSX.utils.decode_range(sheet["!ref"]);
  const cut = !!sheet["!fullref"] && XLSX.utils.decode_range(sheet["!fullref"]).e.r > read.e.r;
  const firstRow = read.s.r;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: true });

  const headerIndex = grid.findIndex((cells) => cells.some((c) => cellText(c) !== ""));
  if (headerIndex < 0) throw fileProblem("empty", "The spreadsheet has no rows");
  const columns = new Map<keyof Omit<SheetContact, "row">, number>();
  grid[headerIndex].forEach((cell, index) => {
    const field = HEADERS[normalizeHeader(cellText(cell))];
    if (field && !columns.has(field)) columns.set(field, index);
  });
  if (!columns.has("name")) throw fileProblem("noNameColumn", "The first row must name the columns: name (nome), number (numero), email");

  const at = (cells: unknown[], field: keyof Omit<SheetContact, "row">) => {
    const index = columns.get(field);
    return index === undefined ? "" : cellText(cells[index]);
  };
  const rows: SheetContact[] = [];
  grid.slice(headerIndex + 1).forEach((cells, offset) => {
    const contact = { row: firstRow + headerIndex + offset + 2, name: at(cells, "name"), number: at(cells, "number"), email: at(cells, "email") };
    if (contact.name || contact.number || contact.email) rows.push(contact);
  });
  if (cut || rows.length > CONTACT_IMPORT_MAX_ROWS) throw fileProblem("tooManyRows", `At most ${CONTACT_IMPORT_MAX_ROWS} contacts per file`);
  if (rows.length === 0) throw fileProblem("empty", "The spreadsheet has no contacts below the header");
  return rows;
}

/** Text that may start a formula in a spreadsheet program opening a CSV (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The export: one row per contact, as .xlsx or as UTF-8 CSV (with BOM, so Excel reads accents). */
export async function writeSpreadsheet(header: string[], rows: string[][], format: "xlsx" | "csv"): Promise<Buffer> {
  const XLSX = await loadXlsx();
  if (format === "csv") {
    const safe = rows.map((cells) => cells.map((c) => (FORMULA_START.test(c) ? `'${c}` : c)));
    const csv = XLSX.utils.sheet_to_csv(XLSX.utils.aoa_to_sheet([header, ...safe]), { blankrows: true });
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, "utf8")]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), "Contacts");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
