/**
 * The one way numbers, money, points, dates and times are written in Swedish (sv-SE, Stockholm
 * time): every page, chart, mail and message formats through here, and ESLint refuses
 * toLocale*String and Intl.NumberFormat/DateTimeFormat anywhere else (decision 032). Money is
 * whole öre in code (docs/rules/loyalty.md#money). Dates and times are the business's
 * (Europe/Stockholm), so server and browser render the same text.
 */
import { BUSINESS_TIME_ZONE } from "~/lib/stockholm-time";

const NUMBER = new Intl.NumberFormat("sv-SE");
const SEK_WHOLE = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 });
const SEK_ORE = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", minimumFractionDigits: 2 });

/** "150 000", "1 234,568" (at most three decimals). */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** A number with up to `maximumFractionDigits` decimals, e.g. a skin's float "0,123456". */
export function formatDecimal(value: number, maximumFractionDigits: number): string {
  return new Intl.NumberFormat("sv-SE", { maximumFractionDigits }).format(value);
}

/** A change to a balance: "+1 500" or "−30" (a true minus sign). */
export function formatSigned(value: number): string {
  return `${value > 0 ? "+" : "−"}${formatNumber(Math.abs(value))}`;
}

/** "12,5 %": a percentage given as its number of per cent. */
export function formatPercent(value: number): string {
  return `${formatNumber(value)} %`;
}

/** An amount in öre as kronor: "1 250 kr", or "1 249,50 kr" when there are öre. */
export function formatSek(ore: number): string {
  return ore % 100 === 0 ? SEK_WHOLE.format(ore / 100) : SEK_ORE.format(ore / 100);
}

/** "1 500 poäng". */
export function formatPoints(points: number): string {
  return `${formatNumber(points)} poäng`;
}

// Dates and times, always as Stockholm reads them.
const inStockholm = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("sv-SE", { ...options, timeZone: BUSINESS_TIME_ZONE });
const DATE = inStockholm({ dateStyle: "short" });
const TIME = inStockholm({ timeStyle: "short" });
const MEDIUM_DATE = inStockholm({ dateStyle: "medium" });
const MEDIUM_DATE_TIME = inStockholm({ dateStyle: "medium", timeStyle: "short" });
const LONG_DATE = inStockholm({ day: "numeric", month: "long", year: "numeric" });
const LONG_DATE_TIME = inStockholm({ day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });
const MONTH = inStockholm({ month: "short", year: "numeric" });

/** "2026-11-14". */
export function formatDate(at: Date | string): string {
  return DATE.format(new Date(at));
}

/** "03:18". */
export function formatTime(at: Date | string): string {
  return TIME.format(new Date(at));
}

/** "2026-11-14 03:18". */
export function formatDateTime(at: Date | string): string {
  return `${formatDate(at)} ${formatTime(at)}`;
}

/** "14 nov. 2026". */
export function formatMediumDate(at: Date | string): string {
  return MEDIUM_DATE.format(new Date(at));
}

/** "14 nov. 2026 03:18". */
export function formatMediumDateTime(at: Date | string): string {
  return MEDIUM_DATE_TIME.format(new Date(at));
}

/** "12 mars 2025"; a bare `yyyy-mm-dd` is that calendar day (docs/rules/blog.md#post-page). */
export function formatLongDate(at: Date | string): string {
  return LONG_DATE.format(new Date(at));
}

/** "24 november 2026 kl. 15:30". */
export function formatLongDateTime(at: Date | string): string {
  return LONG_DATE_TIME.format(new Date(at));
}

/** A calendar day `yyyy-mm-dd` as a chart's short label: "2026-12-04" → "4/12". */
export function formatDayMonth(day: string): string {
  return `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;
}

/** A calendar month `yyyy-mm` as "nov. 2026". */
export function formatMonth(month: string): string {
  return MONTH.format(new Date(`${month}-15T12:00:00Z`));
}
