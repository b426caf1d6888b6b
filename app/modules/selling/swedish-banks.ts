/**
 * Swedish clearing-number ranges and how each bank's account numbers are checked, after
 * Bankgirot's "Bankernas kontonummeruppbyggnad" (docs/rules/selling.md#bank-accounts). This is
 * the one table the bank-account rule reads; a range not listed here is refused as unknown.
 *
 * Kinds (Bankgirot's "typ" and "kommentar"):
 * - `1-1`: type 1, comment 1 — 4-digit clearing, 7-digit account; modulus 11 over the last three
 *   clearing digits and the account (10 digits).
 * - `1-2`: type 1, comment 2 — as 1-1, but modulus 11 over all four clearing digits and the
 *   account (11 digits).
 * - `2-1`: type 2, comment 1 — 10-digit account, modulus 10 over the account alone.
 * - `2-2`: type 2, comment 2 (Handelsbanken) — 9-digit account (8 accepted, zero-filled),
 *   modulus 11 over the account alone.
 * - `2-3`: type 2, comment 3 (Swedbank 8xxx-x, Nordea/Plusgirot) — up to 10 digits, zero-filled
 *   on the left, modulus 10 over the account alone. Swedbank's fifth clearing digit is a
 *   modulus-10 check digit over the clearing number.
 *
 * Not covered: banks that have left the clearing system or have no public ranges; a member
 * with such an account can give its IBAN instead.
 */
export type BankAccountKind = "1-1" | "1-2" | "2-1" | "2-2" | "2-3";

export interface ClearingRange {
  from: number;
  to: number;
  bank: string;
  kind: BankAccountKind;
}

const SWEDISH_CLEARING_RANGES: readonly ClearingRange[] = [
  { from: 1100, to: 1199, bank: "Nordea", kind: "1-1" },
  { from: 1200, to: 1399, bank: "Danske Bank", kind: "1-1" },
  { from: 1400, to: 2099, bank: "Nordea", kind: "1-1" },
  { from: 2300, to: 2399, bank: "Ålandsbanken", kind: "1-2" },
  { from: 2400, to: 2499, bank: "Danske Bank", kind: "1-1" },
  { from: 3000, to: 3299, bank: "Nordea", kind: "1-1" },
  { from: 3300, to: 3300, bank: "Nordea (personkonto)", kind: "2-1" },
  { from: 3301, to: 3399, bank: "Nordea", kind: "1-1" },
  { from: 3400, to: 3409, bank: "Länsförsäkringar Bank", kind: "1-1" },
  { from: 3410, to: 3781, bank: "Nordea", kind: "1-1" },
  { from: 3782, to: 3782, bank: "Nordea (personkonto)", kind: "2-1" },
  { from: 3783, to: 3999, bank: "Nordea", kind: "1-1" },
  { from: 4000, to: 4999, bank: "Nordea", kind: "1-2" },
  { from: 5000, to: 5999, bank: "SEB", kind: "1-1" },
  { from: 6000, to: 6999, bank: "Handelsbanken", kind: "2-2" },
  { from: 7000, to: 7999, bank: "Swedbank", kind: "1-1" },
  { from: 8000, to: 8999, bank: "Swedbank", kind: "2-3" },
  { from: 9020, to: 9029, bank: "Länsförsäkringar Bank", kind: "1-2" },
  { from: 9040, to: 9049, bank: "Citibank", kind: "1-2" },
  { from: 9060, to: 9069, bank: "Länsförsäkringar Bank", kind: "1-1" },
  { from: 9070, to: 9079, bank: "Multitude Bank", kind: "1-1" },
  { from: 9100, to: 9109, bank: "Nordnet Bank", kind: "1-2" },
  { from: 9120, to: 9124, bank: "SEB", kind: "1-1" },
  { from: 9130, to: 9149, bank: "SEB", kind: "1-1" },
  { from: 9150, to: 9169, bank: "Skandiabanken", kind: "1-2" },
  { from: 9170, to: 9179, bank: "Ikano Bank", kind: "1-1" },
  { from: 9180, to: 9189, bank: "Danske Bank", kind: "2-1" },
  { from: 9190, to: 9199, bank: "DNB Bank", kind: "1-2" },
  { from: 9230, to: 9239, bank: "Marginalen Bank", kind: "1-1" },
  { from: 9250, to: 9259, bank: "SBAB Bank", kind: "1-1" },
  { from: 9260, to: 9269, bank: "DNB Bank", kind: "1-2" },
  { from: 9270, to: 9279, bank: "ICA Banken", kind: "1-1" },
  { from: 9280, to: 9289, bank: "Resurs Bank", kind: "1-1" },
  { from: 9300, to: 9349, bank: "Swedbank (f.d. Sparbanken Öresund)", kind: "2-1" },
  { from: 9390, to: 9399, bank: "Landshypotek", kind: "1-2" },
  { from: 9400, to: 9449, bank: "Forex Bank", kind: "1-1" },
  { from: 9460, to: 9469, bank: "Santander Consumer Bank", kind: "1-1" },
  { from: 9470, to: 9479, bank: "BNP Paribas", kind: "1-2" },
  { from: 9500, to: 9549, bank: "Nordea (Plusgirot)", kind: "2-3" },
  { from: 9550, to: 9569, bank: "Avanza Bank", kind: "1-2" },
  { from: 9570, to: 9579, bank: "Sparbanken Syd", kind: "2-1" },
  { from: 9580, to: 9589, bank: "Aion Bank", kind: "1-1" },
  { from: 9590, to: 9599, bank: "Erik Penser Bank", kind: "1-2" },
  { from: 9630, to: 9639, bank: "Lån & Spar Bank", kind: "1-1" },
  { from: 9640, to: 9649, bank: "NOBA Bank", kind: "1-2" },
  { from: 9650, to: 9659, bank: "MedMera Bank", kind: "1-2" },
  { from: 9660, to: 9669, bank: "Svea Bank", kind: "1-2" },
  { from: 9670, to: 9679, bank: "JAK Medlemsbank", kind: "1-2" },
  { from: 9680, to: 9689, bank: "Bluestep Bank", kind: "1-1" },
  { from: 9700, to: 9709, bank: "Ekobanken", kind: "1-2" },
  { from: 9750, to: 9759, bank: "Northmill Bank", kind: "1-2" },
  { from: 9780, to: 9789, bank: "Klarna Bank", kind: "1-2" },
  { from: 9880, to: 9889, bank: "Riksgälden", kind: "1-2" },
  { from: 9890, to: 9899, bank: "Riksgälden", kind: "2-1" },
  { from: 9960, to: 9969, bank: "Nordea (Plusgirot)", kind: "2-3" },
];

export function clearingRangeOf(clearing4: number): ClearingRange | null {
  return SWEDISH_CLEARING_RANGES.find((range) => clearing4 >= range.from && clearing4 <= range.to) ?? null;
}
