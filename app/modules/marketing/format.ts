/** Swedish number formatting for marketing copy (spec §9: numbers in Swedish locale). */
export function formatNumber(value: number): string {
  return value.toLocaleString("sv-SE");
}

/** "15 000+" style claim. */
export function formatPlus(value: number): string {
  return `${formatNumber(value)}+`;
}

/** A range such as [5, 15] → "5–15". */
export function formatRange(range: readonly [number, number]): string {
  return `${range[0]}–${range[1]}`;
}
