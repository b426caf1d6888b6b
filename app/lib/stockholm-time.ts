/**
 * Calendar months and days in the business's time zone (Stockholm), whatever the server's
 * own zone. Isomorphic.
 */

/**
 * The business's calendar: monthly VIP bonus months (docs/rules/loyalty.md#monthly-bonus) and
 * the days of date filters are Stockholm's.
 */
export const BUSINESS_TIME_ZONE = "Europe/Stockholm";

// The one Intl.DateTimeFormat outside app/lib/format.ts (allowed in eslint.config.js): it reads a
// moment's wall-clock parts in Stockholm for time-zone arithmetic, never text for people.
function parts(at: Date): Record<"year" | "month" | "day" | "hour" | "minute" | "second", number> {
  const values = new Intl.DateTimeFormat("en-CA", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => Number(values.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** `yyyy-mm` of a moment in Stockholm. */
export function stockholmMonth(at: Date): string {
  const { year, month } = parts(at);
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** `yyyy-mm-dd` of a moment in Stockholm. */
export function stockholmDay(at: Date): string {
  const { year, month, day } = parts(at);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Stockholm's UTC offset at a moment, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(at: Date): number {
  const p = parts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a Stockholm calendar day (`yyyy-mm-dd`) begins; null for a malformed or impossible date. */
export function stockholmDayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, date);
  const check = new Date(utcMidnight);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  // Midnight never falls in a DST gap in Stockholm (changes happen at 02:00/03:00).
  const guess = utcMidnight - offsetAt(new Date(utcMidnight));
  return new Date(utcMidnight - offsetAt(new Date(guess)));
}

/** The instant the Stockholm day after `day` begins: the exclusive end of a date filter. */
export function stockholmDayEnd(day: string): Date | null {
  const start = stockholmDayStart(day);
  if (!start) return null;
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1));
  return stockholmDayStart(next.toISOString().slice(0, 10));
}

/** `yyyy-mm-dd` plus a number of calendar days (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + days));
  return date.toISOString().slice(0, 10);
}

/** The instants a Stockholm calendar month (`yyyy-mm`) begins and ends (exclusive); null for a malformed month. */
export function stockholmMonthRange(month: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return null;
  const next = new Date(Date.UTC(Number(match[1]), Number(match[2]), 1)).toISOString().slice(0, 7);
  const start = stockholmDayStart(`${month}-01`);
  const end = stockholmDayStart(`${next}-01`);
  return start && end ? { start, end } : null;
}

/** `yyyy-mm-ddThh:mm` of a moment in Stockholm: the value of a `datetime-local` input. */
export function stockholmDateTimeInput(at: Date): string {
  const p = parts(at);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The instant a Stockholm wall-clock time (`yyyy-mm-ddThh:mm`) names; null when malformed. */
export function fromStockholmDateTimeInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall) || new Date(wall).getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return null;
  const guess = wall - offsetAt(new Date(wall));
  return new Date(wall - offsetAt(new Date(guess)));
}
