/**
 * CSV lines written by the database (docs/decisions/038-scale-dataset-and-exports.md): for an
 * export of hundreds of thousands of rows the query returns one text column per row, the whole
 * line as `csvRow` (app/lib/csv.ts) would write it, so the server neither builds a row object
 * of twenty columns nor formats a cell per value; it joins the lines of a batch and sends them.
 * The rules are csv.ts's: formula neutralisation first, then RFC 4180 quoting when the text
 * holds a quote, comma or line break or has white space at either end (`String#trim`'s set).
 */
import { sql, type SQL } from "drizzle-orm";
import { CSV_BOM, csvCell, csvRow } from "~/lib/csv";
import type { Db } from "./client.server";
import { cursorBatches } from "./cursor.server";

/** The characters `String#trim` removes (ECMAScript WhiteSpace and LineTerminator). */
const JS_TRIMMED = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

const bracket = `[${JS_TRIMMED}]`;
/** A cell starting like a formula gets a leading apostrophe (`'\\1`: the character kept). */
const FORMULA_START = "^([=+@\t\r-])";
/** Quoted when it holds a quote, comma or line break, or starts or ends with white space. */
const NEEDS_QUOTES = `[",\r\n]|^${bracket}|${bracket}$`;

/**
 * A text cell, as `csvCell` writes a string (NULL is the empty cell). Doubling the quotes before
 * the test changes neither whether one is there nor the ends, so the test reads the doubled text.
 */
export function csvTextSql(value: SQL): SQL {
  const text = sql`replace(regexp_replace(${value}, ${FORMULA_START}, ${"'\\1"}), '"', '""')`;
  return sql`COALESCE(CASE WHEN ${text} ~ ${NEEDS_QUOTES} THEN '"' || ${text} || '"' ELSE ${text} END, '')`;
}

/** A whole number, as `csvCell` writes a number. */
export const csvNumberSql = (value: SQL): SQL => sql`COALESCE((${value})::bigint::text, '')`;

/** Öre as kronor with two decimals (`(öre / 100).toFixed(2)`, a text cell: a minus sign is neutralised). */
export const csvKronorSql = (ore: SQL): SQL =>
  sql`(CASE WHEN ${ore} < 0 THEN '''' ELSE '' END || ((${ore})::numeric / 100)::numeric(20, 2)::text)`;

/** A fixed label per value (an enum's Swedish names), each cell written once here; other values are empty. */
export function csvLabelSql(value: SQL, labels: Readonly<Record<string, string>>): SQL {
  const cases = Object.entries(labels).map(([key, label]) => sql`WHEN ${key} THEN ${csvCell(label)}::text`);
  return sql`COALESCE(CASE (${value})::text ${sql.join(cases, sql` `)} END, '')`;
}

/** The cells joined as one line (the `\r\n` included); every cell must already be text, never NULL. */
export const csvLineSql = (cells: readonly SQL[]): SQL => sql`${sql.join([...cells], sql` || ',' || `)} || E'\\r\\n'`;

/**
 * A streamed export of `query`, which selects one column `line` (csvLineSql) per row in the file's
 * order: the byte-order mark and header first, then one chunk per FETCH through one cursor.
 */
export async function* csvLineChunks(db: Db, header: readonly string[], query: SQL, batchSize: number): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(header);
  for await (const rows of cursorBatches<{ line: string }>(db, query, batchSize)) {
    let chunk = "";
    for (const row of rows) chunk += row.line;
    yield chunk;
  }
}
