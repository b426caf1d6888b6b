/**
 * The SQL side of keyset paging (app/lib/keyset.ts): the cursor value a row carries, the
 * condition that starts a page after or before a key, and the order to read it in. A list
 * reads `pageSize + 1` rows with these and hands them to `keysetPage`.
 */
import { sql, type SQL } from "drizzle-orm";
import type { KeysetKind, KeysetPosition } from "~/lib/keyset";

export interface KeysetOrder {
  /** The sort column, e.g. sql`t.created_at`. */
  column: SQL;
  kind: KeysetKind;
  /** The tie-breaking id column (uuid). */
  id: SQL;
  direction: "asc" | "desc";
}

/** The row's sort value as a cursor holds it (UTC with microseconds for a time). */
export function cursorValueSql(order: KeysetOrder): SQL {
  return order.kind === "timestamp"
    ? sql`to_char(${order.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`(${order.column})::text`;
}

/**
 * The condition (`TRUE` on the first page) and ORDER BY of one page. Paging back reads the
 * rows before the key in reverse order; `keysetPage` turns them round.
 *
 * The list indexes are built `DESC NULLS LAST` (Drizzle's `.desc()`), and PostgreSQL reads an
 * index for an ORDER BY only when the NULLS placement matches too (a plain `DESC` means
 * NULLS FIRST, which made it sort the whole table instead). So a descending page says
 * NULLS LAST and an ascending one NULLS FIRST: the index forwards or backwards, exactly.
 */
export function keysetSql(order: KeysetOrder, position: KeysetPosition): { where: SQL; orderBy: SQL; terms: SQL } {
  const backwards = position?.direction === "before";
  const ascending = (order.direction === "asc") !== backwards;
  const dir = ascending ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
  // `terms` without the keyword, for a query builder's `.orderBy(…)`.
  const terms = sql`${order.column} ${dir}, ${order.id} ${dir}`;
  const orderBy = sql`ORDER BY ${terms}`;
  if (!position) return { where: sql`TRUE`, orderBy, terms };
  const cast = order.kind === "timestamp" ? sql`::timestamptz` : sql`::bigint`;
  const key = sql`(${position.key.value}${cast}, ${position.key.id}::uuid)`;
  const where = ascending ? sql`(${order.column}, ${order.id}) > ${key}` : sql`(${order.column}, ${order.id}) < ${key}`;
  return { where, orderBy, terms };
}

/** `count(*)` of `from` read up to `cap` rows at most (an index-only walk, not the whole table). */
export function cappedCountSql(from: SQL, cap: number): SQL {
  return sql`SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ${cap + 1}) capped`;
}
