/**
 * The price list's input rules (docs/rules/selling.md#price-list), pure and isomorphic: the CSV
 * import's parser (each row checked, with its line number and the Swedish reason) and the
 * schema of a manual edit. The service imports only rows that pass.
 */
import { PRICE_LIST } from "~/modules/selling/selling-constants";
import { hasControlCharacters } from "~/lib/control-characters";
import { formatNumber } from "~/lib/format";
import { textField } from "~/lib/validation";
import { z } from "~/lib/zod";
import { parseSekToOre } from "~/modules/trades/trade-schema";

export const PRICE_LIST_MESSAGES = {
  csvEmpty: "Klistra in eller välj en CSV-fil med prislistan.",
  csvTooLarge: `CSV-filen får vara högst ${formatNumber(PRICE_LIST.csvMaxBytes / 1024 / 1024)} MB.`,
  csvTooManyRows: `CSV-filen får ha högst ${formatNumber(PRICE_LIST.csvMaxRows)} rader.`,
  csvHeader: "Första raden måste vara rubrikerna market_hash_name och price (pris i kronor).",
  nameMissing: "Namnet (market_hash_name) saknas.",
  nameTooLong: `Namnet får vara högst ${PRICE_LIST.nameMaxLength} tecken.`,
  nameInvalid: "Namnet innehåller tecken som inte är tillåtna.",
  priceInvalid: "Ange ett pris i kronor större än 0, med högst två decimaler.",
  priceTooHigh: `Priset får vara högst ${formatNumber(PRICE_LIST.maxPriceOre / 100)} kr.`,
  duplicate: (line: number) => `Samma namn finns redan på rad ${line}.`,
  columns: "Raden har fel antal kolumner. Sätt citattecken runt ett pris med decimalkomma.",
  quote: "Raden har ett citattecken som inte avslutas.",
} as const;

export interface PriceRow {
  line: number;
  marketHashName: string;
  priceOre: number;
}
export interface PriceRowError {
  line: number;
  /** The row's name as far as it could be read, for the preview. */
  marketHashName: string;
  message: string;
}
export type PriceCsvResult = { ok: true; rows: PriceRow[]; errors: PriceRowError[] } | { ok: false; message: string };

/** One CSV line split into cells (RFC 4180 quotes; the delimiter is `,` or `;`). Null: an open quote. */
function splitCsvLine(line: string, delimiter: string): string[] | null {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === delimiter) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells.map((value) => value.trim());
}

/** A name as Steam writes it: trimmed, 1–200 characters, no control characters; else the reason. */
export function checkMarketHashName(name: string): string | null {
  if (!name) return PRICE_LIST_MESSAGES.nameMissing;
  if (name.length > PRICE_LIST.nameMaxLength) return PRICE_LIST_MESSAGES.nameTooLong;
  if (hasControlCharacters(name)) return PRICE_LIST_MESSAGES.nameInvalid;
  return null;
}

function checkPrice(value: string): { ore: number } | { message: string } {
  const ore = parseSekToOre(value);
  if (ore === null) return { message: PRICE_LIST_MESSAGES.priceInvalid };
  if (ore > PRICE_LIST.maxPriceOre) return { message: PRICE_LIST_MESSAGES.priceTooHigh };
  return { ore };
}

/**
 * The import file: a header row naming `market_hash_name` and `price` (kronor, "12,50" or
 * "12.50"), then one row per item. Comma or semicolon (as Swedish Excel writes) separated;
 * a byte-order mark and blank lines are ignored; other columns are ignored. Every row is
 * checked on its own; a bad row is reported with its line number and does not stop the rest.
 */
export function parsePriceCsv(text: string): PriceCsvResult {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, message: PRICE_LIST_MESSAGES.csvEmpty };
  if (new TextEncoder().encode(body).length > PRICE_LIST.csvMaxBytes) return { ok: false, message: PRICE_LIST_MESSAGES.csvTooLarge };
  const lines = body.split(/\r\n|\n|\r/);
  const headerLine = lines[0] ?? "";
  const delimiter = headerLine.includes(";") && !headerLine.includes(",") ? ";" : ",";
  const header = splitCsvLine(headerLine, delimiter)?.map((cell) => cell.toLowerCase()) ?? [];
  const nameAt = header.indexOf("market_hash_name");
  const priceAt = header.indexOf("price");
  if (nameAt < 0 || priceAt < 0) return { ok: false, message: PRICE_LIST_MESSAGES.csvHeader };
  if (lines.filter((line) => line.trim() !== "").length - 1 > PRICE_LIST.csvMaxRows) {
    return { ok: false, message: PRICE_LIST_MESSAGES.csvTooManyRows };
  }

  const rows: PriceRow[] = [];
  const errors: PriceRowError[] = [];
  const seen = new Map<string, number>();
  for (let index = 1; index < lines.length; index++) {
    const raw = lines[index]!;
    if (raw.trim() === "") continue;
    const line = index + 1;
    const cells = splitCsvLine(raw, delimiter);
    if (!cells) {
      errors.push({ line, marketHashName: "", message: PRICE_LIST_MESSAGES.quote });
      continue;
    }
    // An unquoted decimal comma ("12,50" in a comma-separated file) shows as one column too many.
    if (cells.length !== header.length) {
      errors.push({ line, marketHashName: cells[nameAt] ?? "", message: PRICE_LIST_MESSAGES.columns });
      continue;
    }
    const name = cells[nameAt]!;
    const nameError = checkMarketHashName(name);
    const shownName = nameError === PRICE_LIST_MESSAGES.nameInvalid ? "" : name.slice(0, PRICE_LIST.nameMaxLength);
    if (nameError) {
      errors.push({ line, marketHashName: shownName, message: nameError });
      continue;
    }
    const price = checkPrice(cells[priceAt]!);
    if ("message" in price) {
      errors.push({ line, marketHashName: name, message: price.message });
      continue;
    }
    const earlier = seen.get(name);
    if (earlier !== undefined) {
      errors.push({ line, marketHashName: name, message: PRICE_LIST_MESSAGES.duplicate(earlier) });
      continue;
    }
    seen.set(name, line);
    rows.push({ line, marketHashName: name, priceOre: price.ore });
  }
  return { ok: true, rows, errors };
}

/** Manual edit of one row. */
export const priceEditSchema = z.object({
  market_hash_name: textField(PRICE_LIST.nameMaxLength, { tooLong: PRICE_LIST_MESSAGES.nameTooLong }).min(1, PRICE_LIST_MESSAGES.nameMissing),
  price: z.unknown().transform((value, context) => {
    const checked = checkPrice(typeof value === "string" ? value : "");
    if ("message" in checked) {
      context.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    return checked.ore;
  }),
});

/** /salja/prishistorik's query: one price-list name. */
export const priceHistoryQuerySchema = z.object({
  namn: textField(PRICE_LIST.nameMaxLength, { tooLong: PRICE_LIST_MESSAGES.nameTooLong }).min(1, PRICE_LIST_MESSAGES.nameMissing),
});
