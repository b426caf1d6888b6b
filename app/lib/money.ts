/**
 * Money is whole öre everywhere but on screen (DESIGN.md "Business rules decided"): this is
 * where öre become Swedish kronor text. Whole amounts show no decimals; others show two.
 */
const whole = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", minimumFractionDigits: 2 });

export function formatSekFromOre(ore: number): string {
  const value = Number.isFinite(ore) ? Math.trunc(ore) : 0;
  return value % 100 === 0 ? whole.format(value / 100) : exact.format(value / 100);
}
