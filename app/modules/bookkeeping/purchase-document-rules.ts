/**
 * Purchase documents (avräkningsnotor, decision 047): what one says and how it is named. Pure and
 * isomorphic; the PDF is drawn from these parts on the server when the document is issued.
 */
import { formatSek } from "~/lib/format";
import { stockholmDay } from "~/lib/stockholm-time";
import { PAYOUT_LABELS, type PayoutMethod } from "~/modules/selling/selling-constants";
import type { SaleAmounts } from "~/modules/trades/trade-rules";

/** The one gapless series every purchase document takes its number from. */
export const PURCHASE_DOCUMENT_SERIES = "avrakningsnota";

/** "AVR-000042": the number as printed and in file names. */
export function documentNumberLabel(number: number): string {
  return `AVR-${String(number).padStart(6, "0")}`;
}

export function documentFilename(number: number): string {
  return `avrakningsnota-${documentNumberLabel(number)}.pdf`;
}

/**
 * The seller's name on a purchase document (decision 047): the name BankID verified, which a
 * profile edit cannot change; for a seller without one (an order from before the rule, paid
 * through a gateway without the key), what the profile holds (first and last name, else the
 * account name).
 */
export function sellerLegalName(
  profile: { firstName: string | null; lastName: string | null; accountName: string },
  verifiedName: string | null = null,
): string {
  if (verifiedName?.trim()) return verifiedName.trim();
  const full = [profile.firstName?.trim(), profile.lastName?.trim()].filter(Boolean).join(" ");
  return full || profile.accountName.trim();
}

export interface PurchaseDocumentContent extends Omit<SaleAmounts, "points" | "xp"> {
  company: { name: string; orgNumber: string };
  number: number;
  /** The purchase's date (when the order was paid). */
  paidAt: Date;
  issuedAt: Date;
  seller: { name: string; personnummer: string | null };
  order: { id: string; securityCode: string };
  items: readonly { name: string; priceOre: number }[];
  payout: { method: PayoutMethod; masked: string | null; reference: string };
  /** A correction: the document it corrects and why. */
  corrects?: { number: number; note: string } | null;
}

/** The label/value lines under the heading, in print order. */
export function documentFacts(content: PurchaseDocumentContent): [string, string][] {
  return [
    ["Nummer", documentNumberLabel(content.number)],
    ["Datum", stockholmDay(content.paidAt)],
    ["Säljare", content.seller.name],
    ...(content.seller.personnummer ? [["Personnummer", content.seller.personnummer] as [string, string]] : []),
    ["Order", `${content.order.id} (${content.order.securityCode})`],
  ];
}

/** The amount lines: bonuses only where they apply, then the total. */
export function documentAmounts(content: PurchaseDocumentContent): [string, string][] {
  return [
    ["Föremål", formatSek(content.baseTotalOre)],
    ...(content.levelBonusOre > 0 ? [[`Nivåbonus ${content.levelBonusPercent} %`, formatSek(content.levelBonusOre)] as [string, string]] : []),
    ...(content.bulkBonusOre > 0 ? [[`Volymbonus ${content.bulkBonusPercent} %`, formatSek(content.bulkBonusOre)] as [string, string]] : []),
    ["Totalt", formatSek(content.totalOre)],
  ];
}

export function payoutDescription(payout: PurchaseDocumentContent["payout"]): string {
  return `${PAYOUT_LABELS[payout.method]}${payout.masked ? ` ${payout.masked}` : ""}`;
}
