/**
 * The bookkeeping export as an SIE 4 file (decision 047): one verification per purchase document
 * in the period — purchases of goods debited, the payout method's account credited — with the
 * header records an accounting program needs to import it. Pure: the text is built here and
 * encoded in code page 437 (#FORMAT PC8) by the server.
 */
import type { PayoutMethod } from "~/modules/selling/selling-constants";
import { SIE_ACCOUNT_NAMES, SIE_SERIES } from "./bookkeeping-constants";
import { documentNumberLabel } from "./purchase-document-rules";

export interface SieAccounts {
  purchases: string;
  payout: Record<PayoutMethod, string>;
}

export interface SiePurchase {
  number: number;
  /** yyyy-mm-dd (Stockholm). */
  date: string;
  sellerName: string;
  totalOre: number;
  payoutMethod: PayoutMethod;
  reference: string;
}

export interface SieInput {
  program: { name: string; version: string };
  company: { name: string; orgNumber: string };
  /** yyyy-mm-dd: the day the file is made. */
  generated: string;
  /** yyyy-mm-dd, the financial year (#RAR 0) the period lies in. */
  financialYear: { start: string; end: string };
  accounts: SieAccounts;
  purchases: readonly SiePurchase[];
}

/** A field in quotes, with quotes and backslashes escaped and control characters removed. */
export function sieText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

const sieDate = (day: string) => day.replaceAll("-", "");

/** Öre as SIE's amount: kronor with a point and two decimals, a minus for credit. */
export function sieAmount(ore: number): string {
  const sign = ore < 0 ? "-" : "";
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function buildSie(input: SieInput): string {
  const accounts = [...new Set([input.accounts.purchases, ...Object.values(input.accounts.payout)])].sort();
  const lines = [
    "#FLAGGA 0",
    "#FORMAT PC8",
    "#SIETYP 4",
    `#PROGRAM ${sieText(input.program.name)} ${sieText(input.program.version)}`,
    `#GEN ${sieDate(input.generated)}`,
    `#FNAMN ${sieText(input.company.name)}`,
    `#ORGNR ${input.company.orgNumber}`,
    `#RAR 0 ${sieDate(input.financialYear.start)} ${sieDate(input.financialYear.end)}`,
    ...accounts.map((account) => `#KONTO ${account} ${sieText(SIE_ACCOUNT_NAMES[account] ?? `Konto ${account}`)}`),
  ];
  for (const purchase of input.purchases) {
    const date = sieDate(purchase.date);
    lines.push(
      `#VER ${SIE_SERIES} ${purchase.number} ${date} ${sieText(`Avräkningsnota ${documentNumberLabel(purchase.number)} ${purchase.sellerName}, ref ${purchase.reference}`)}`,
      "{",
      `   #TRANS ${input.accounts.purchases} {} ${sieAmount(purchase.totalOre)}`,
      `   #TRANS ${input.accounts.payout[purchase.payoutMethod]} {} ${sieAmount(-purchase.totalOre)}`,
      "}",
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
