/**
 * Keyset paging for the staff lists (docs/decisions/039-keyset-lists-and-search.md): a page
 * is named by the (sort key, id) of the row it follows (`?efter=`) or precedes (`?fore=`), an
 * opaque cursor in the URL. A cursor is checked strictly; one that does not decode to a key of
 * the list's kind means the first page, never an error. Isomorphic.
 */
import { z } from "~/lib/zod";
import { KEYSET_PARAMS } from "./keyset-params";

/** What a list sorts by: a point in time (microseconds, UTC) or a whole number. */
export type KeysetKind = "timestamp" | "integer";

export interface KeysetKey {
  value: string;
  id: string;
}

/** Where a page starts: after or before a key; null is the first page. */
export type KeysetPosition = { direction: "after" | "before"; key: KeysetKey } | null;

/** The links a page offers: null when there is nothing that way. */
export interface KeysetLinks {
  first: boolean;
  previous: string | null;
  next: string | null;
}

const VALUE_PATTERNS: Record<KeysetKind, RegExp> = {
  // As the database writes it for a cursor (to_char in UTC, microseconds).
  timestamp: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  // Within bigint.
  integer: /^-?\d{1,18}$/,
};
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SEPARATOR = "~";
const MAX_CURSOR_LENGTH = 200;

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}

export function encodeCursor(key: KeysetKey): string {
  return toBase64Url(`${key.value}${SEPARATOR}${key.id}`);
}

/** The key in `cursor` if it is one of `kind`, else null. */
function decodeCursor(cursor: string, kind: KeysetKind): KeysetKey | null {
  if (cursor.length > MAX_CURSOR_LENGTH) return null;
  const text = fromBase64Url(cursor);
  if (text === null) return null;
  const parts = text.split(SEPARATOR);
  if (parts.length !== 2) return null;
  const [value, id] = parts as [string, string];
  if (!VALUE_PATTERNS[kind].test(value) || !ID.test(id)) return null;
  if (kind === "timestamp" && Number.isNaN(Date.parse(value))) return null;
  return { value, id };
}

const cursorParam = z.string().max(MAX_CURSOR_LENGTH).optional().catch(undefined);

/** The URL's two cursor params, for a list's zod schema. */
export const keysetParamsSchema = z.object({ efter: cursorParam, fore: cursorParam });

/** A list's position from its two cursor params: `efter` wins over `fore`; anything malformed is the first page. */
export function keysetPosition(raw: { efter?: string; fore?: string }, kind: KeysetKind): KeysetPosition {
  if (raw.efter !== undefined) {
    const key = decodeCursor(raw.efter, kind);
    return key ? { direction: "after", key } : null;
  }
  if (raw.fore !== undefined) {
    const key = decodeCursor(raw.fore, kind);
    return key ? { direction: "before", key } : null;
  }
  return null;
}

/** A list's position from its URL (see keysetPosition). */
export function parseKeyset(params: URLSearchParams, kind: KeysetKind): KeysetPosition {
  return keysetPosition(
    keysetParamsSchema.parse({ efter: params.get(KEYSET_PARAMS.after) ?? undefined, fore: params.get(KEYSET_PARAMS.before) ?? undefined }),
    kind,
  );
}

/**
 * One page out of the up to `pageSize + 1` rows read in the direction of `position` (reversed
 * order when paging back), with the links to its neighbours.
 */
export function keysetPage<Row>(
  fetched: Row[],
  pageSize: number,
  position: KeysetPosition,
  keyOf: (row: Row) => KeysetKey,
): { rows: Row[]; links: KeysetLinks } {
  const more = fetched.length > pageSize;
  const visible = fetched.slice(0, pageSize);
  if (position?.direction === "before") visible.reverse();
  const firstRow = visible[0];
  const lastRow = visible.at(-1);
  if (position === null) {
    return { rows: visible, links: { first: false, previous: null, next: more && lastRow ? encodeCursor(keyOf(lastRow)) : null } };
  }
  if (position.direction === "after") {
    return {
      rows: visible,
      links: {
        first: true,
        // An empty page (its rows deleted, or a hand-made cursor) offers the first page only.
        previous: firstRow ? encodeCursor(keyOf(firstRow)) : null,
        next: more && lastRow ? encodeCursor(keyOf(lastRow)) : null,
      },
    };
  }
  return {
    rows: visible,
    links: {
      first: true,
      previous: more && firstRow ? encodeCursor(keyOf(firstRow)) : null,
      next: lastRow ? encodeCursor(keyOf(lastRow)) : null,
    },
  };
}

/** A count read only up to a cap: "fler än N" past it. */
export interface CappedCount {
  count: number;
  capped: boolean;
}

/**
 * How far a staff list counts its matches. Counting further costs a walk over every match
 * (205 ms for 10 000 of 200 000 members at load, 20 ms for 1 000; decision 039).
 */
export const LIST_COUNT_CAP = 1_000;

/** A count read with `cappedCountSql(…, LIST_COUNT_CAP)` as the list shows it. */
export function cappedCount(counted: number | string | undefined): CappedCount {
  const n = Number(counted ?? 0);
  return { count: Math.min(n, LIST_COUNT_CAP), capped: n > LIST_COUNT_CAP };
}
