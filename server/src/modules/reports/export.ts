import type { FastifyReply } from "fastify";
import { loadXlsx } from "../../lib/xlsx";

/** How a report table is downloaded. */
export type TableFormat = "csv" | "xlsx";

/** A column of an exported table: the row's field and the header written above it. */
export interface TableColumn {
  key: string;
  header: string;
}

/** A cell: numbers stay numbers in .xlsx; null and undefined are empty cells. */
type Cell = string | number | boolean | null | undefined;

const CONTENT_TYPES: Record<TableFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Text a spreadsheet program would run as a formula (CSV/formula injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text cells starting like a formula get a leading apostrophe; numbers (even negative) are left alone. */
function neutralised(value: Cell): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sheet's name: Excel allows 31 characters and none of : \ / ? * [ ]. */
function sheetName(filename: string): string {
  return (
    filename
      .replace(/\.[a-z0-9]+$/i, "")
      .replace(/[:\\/?*[\]]/g, " ")
      .slice(0, 31) || "Report"
  );
}

/**
 * The table as a file: CSV (RFC 4180, CRLF, UTF-8 with BOM so Excel reads accents) or .xlsx
 * (first sheet, numbers as numbers). Text cells that could start a formula are neutralised in both.
 */
async function tableFile(format: TableFormat, filename: string, columns: TableColumn[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const grid = rows.map((row) => columns.map((column) => neutralised(row[column.key] as Cell)));
  const header = columns.map((column) => neutralised(column.header));
  if (format === "csv") {
    const lines = [header, ...grid].map((cells) => cells.map(csvField).join(","));
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join("\r\n") + "\r\n", "utf8")]);
  }
  const XLSX = await loadXlsx();
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...grid]), sheetName(filename));
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

/**
 * Answers a report table as a download: `filename` without extension (it is added), `columns` in
 * order, `rows` keyed by the columns' `key`. Sets Content-Type, Content-Disposition (attachment,
 * ASCII name plus UTF-8 `filename*`) and Content-Length, so the browser can show the progress.
 */
export async function sendTable(reply: FastifyReply, format: TableFormat, filename: string, columns: TableColumn[], rows: Record<string, unknown>[]): Promise<FastifyReply> {
  const data = await tableFile(format, filename, columns, rows);
  const name = `${filename}.${format}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return reply
    .header("content-type", CONTENT_TYPES[format])
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header("content-length", data.length)
    .header("cache-control", "private, no-store")
    .send(data);
}
