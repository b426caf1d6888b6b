/**
 * Money on screen: amounts are whole öre everywhere else (DESIGN.md), and only the UI turns
 * them into kronor, with Swedish formatting ("1 249,50 kr").
 */
const SEK = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SEK_WHOLE = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "1 249,50 kr"; whole kronor without decimals when `compact` ("1 249 kr"). */
export function formatSek(ore: number, options: { compact?: boolean } = {}): string {
  const kronor = ore / 100;
  return (options.compact && Number.isInteger(kronor) ? SEK_WHOLE : SEK).format(kronor);
}
