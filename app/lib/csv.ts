/**
 * CSV for staff exports: UTF-8 with a byte-order mark (so Excel shows å, ä, ö), comma
 * delimiter with RFC 4180 quoting, CRLF line ends. Text cells that a spreadsheet would run as
 * a formula (starting with = + - @, a tab or a carriage return) get a leading apostrophe
 * (OWASP "CSV injection"); numbers are written as numbers and never altered.
 */
export const CSV_BOM = "\uFEFF";
const CSV_LINE_END = "\r\n";

export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers stay numbers, text is neutralised and quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_LINE_END;
}

/**
 * A streamed export's text chunks: the byte-order mark and header first, then one chunk per
 * batch of rows, so only one batch is ever in memory. Every list export goes through this, or
 * through csvLineChunks (app/platform/db/csv-sql.server.ts) when PostgreSQL writes the lines.
 */
export async function* csvChunks<T>(
  header: readonly string[],
  batches: AsyncIterable<readonly T[]>,
  values: (row: T) => readonly CsvValue[],
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(header);
  for await (const batch of batches) {
    if (batch.length > 0) yield batch.map((row) => csvRow(values(row))).join("");
  }
}

/** A whole document at once (small exports); streams use csvChunks. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = CSV_BOM + csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}
