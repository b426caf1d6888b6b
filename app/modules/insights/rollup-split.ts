/**
 * How a time range is read from the daily rollups (docs/decisions/040-daily-rollups.md): the
 * whole Stockholm days it covers from the rollup table, the rest — the day in progress, or the
 * part of a day a comparison window ends in — from the raw rows, which is at most about a day
 * through a time index. Isomorphic.
 */
import { addDays, stockholmDay, stockholmDayStart } from "~/lib/stockholm-time";

export interface SplitRange {
  /** Rolled-up days `from` up to `to` (exclusive, `yyyy-mm-dd`); empty when from === to. */
  days: { from: string; to: string };
  /** The raw rows' part: `[start, end)`. Empty when start >= end. */
  raw: { start: Date; end: Date };
}

/**
 * Splits `[start, end)` (start at a Stockholm midnight) into whole days before `end` and no
 * later than `lastRolledDay` (when given: a rollup kept by a job), and the raw rest.
 */
export function splitRange(start: Date, end: Date, lastRolledDay?: string | null): SplitRange {
  const first = stockholmDay(start);
  // The day `end` falls in is not whole (or, when `end` is its midnight, not in the range).
  let to = stockholmDay(end);
  if (lastRolledDay !== undefined) to = lastRolledDay === null ? first : min(to, addDays(lastRolledDay, 1));
  if (to < first) to = first;
  const rawStart = stockholmDayStart(to)!;
  return { days: { from: first, to }, raw: { start: rawStart < start ? start : rawStart, end } };
}

const min = (a: string, b: string) => (a < b ? a : b);
