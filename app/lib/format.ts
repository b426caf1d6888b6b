/**
 * The one way numbers, money and points are written in Swedish (sv-SE): every page, mail and
 * message formats through here. Money is whole öre in code (docs/rules/loyalty.md#money).
 */
const NUMBER = new Intl.NumberFormat("sv-SE");
const SEK_WHOLE = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 });
const SEK_ORE = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", minimumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** An amount in öre as kronor: "1 250 kr", or "1 249,50 kr" when there are öre. */
export function formatSek(ore: number): string {
  return ore % 100 === 0 ? SEK_WHOLE.format(ore / 100) : SEK_ORE.format(ore / 100);
}

/** "1 500 poäng". */
export function formatPoints(points: number): string {
  return `${formatNumber(points)} poäng`;
}

/** "15 000+" style claim. */
export function formatPlus(value: number): string {
  return `${formatNumber(value)}+`;
}

/** A range such as [5, 15] → "5–15". */
export function formatRange(range: readonly [number, number]): string {
  return `${range[0]}–${range[1]}`;
}
