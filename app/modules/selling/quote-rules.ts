/**
 * How a quote prices a member's items (docs/rules/selling.md#quote-prices), pure and isomorphic.
 * Each item: refused when it is not tradable (or still under Trade Protection, with its date),
 * has no reference price, or is worth less than the minimum after the buy rate; else its price
 * is the reference × its category's buy rate, half-up to whole öre once. The totals use the
 * trade rules (level sale bonus, bulk bonus, points and XP) exactly as a completed sale does.
 */
import type { LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import { BUY_RATE_PERCENT, SELL_MIN_ITEM_VALUE_ORE, type PriceSourceId, type SellQuoteRefusal } from "~/modules/selling/selling-constants";
import { formatLongDateTime } from "~/lib/format";
import { baseTotalOre, percentOfOre, pointsForTrade, type SaleAmounts, tradeExtras, xpForTrade } from "~/modules/trades/trade-rules";
import { isTradeProtected, type InventoryItem } from "./inventory-items";

export type QuotableItem = Pick<InventoryItem, "tradable" | "tradableAfter" | "category">;

export interface PricedItem {
  referencePriceOre: number | null;
  buyRatePercent: number | null;
  /** What we pay; null when refused. */
  priceOre: number | null;
  refusal: SellQuoteRefusal | null;
  /** For `trade_protected`: when the item becomes sellable (ISO). */
  tradableAfter: string | null;
}

/** One item's price or refusal. */
export function priceItem(item: QuotableItem, referencePriceOre: number | null, now: Date): PricedItem {
  const buyRatePercent = BUY_RATE_PERCENT[item.category];
  const base = { referencePriceOre, buyRatePercent: referencePriceOre === null ? null : buyRatePercent, tradableAfter: null };
  if (isTradeProtected(item, now)) return { ...base, priceOre: null, refusal: "trade_protected", tradableAfter: item.tradableAfter };
  if (!item.tradable) return { ...base, priceOre: null, refusal: "not_tradable" };
  if (referencePriceOre === null || referencePriceOre <= 0) return { ...base, priceOre: null, refusal: "no_price" };
  const priceOre = percentOfOre(referencePriceOre, buyRatePercent);
  if (priceOre < SELL_MIN_ITEM_VALUE_ORE) return { ...base, priceOre: null, refusal: "below_minimum" };
  return { ...base, priceOre, refusal: null };
}

export interface QuoteTotals extends SaleAmounts {
  acceptedCount: number;
}

/** The totals of the accepted items for a member at `level` with a points multiplier in force. */
export function quoteTotals(items: readonly PricedItem[], level: LevelDefinition, pointsMultiplier = 1): QuoteTotals {
  const accepted = items.filter((item) => item.priceOre !== null).map((item) => ({ priceOre: item.priceOre! }));
  const baseOre = baseTotalOre(accepted);
  const extras = tradeExtras({ type: "sale", baseOre, level });
  return {
    baseTotalOre: baseOre,
    levelBonusPercent: extras.levelBonusPercent,
    levelBonusOre: extras.levelBonusOre,
    bulkBonusPercent: extras.bulkBonusPercent,
    bulkBonusOre: extras.bulkBonusOre,
    totalOre: extras.totalOre,
    points: pointsForTrade("sale", baseOre, pointsMultiplier),
    xp: xpForTrade("sale", baseOre),
    acceptedCount: accepted.length,
  };
}

/**
 * The share of the accepted items' reference prices the member gets, bonuses included, in whole
 * percent (half up); null without accepted items (docs/rules/selling.md#quote-prices).
 */
export function shareOfReferencePercent(items: readonly Pick<PricedItem, "referencePriceOre" | "priceOre">[], totalOre: number): number | null {
  const referenceOre = items.reduce((sum, item) => (item.priceOre !== null && item.referencePriceOre !== null ? sum + item.referencePriceOre : sum), 0);
  return referenceOre > 0 ? Math.round((totalOre * 100) / referenceOre) : null;
}

/** Where a reference price came from, as a quote explains it. */
export const PRICE_SOURCE_TEXTS: Record<PriceSourceId, string> = {
  skinport: "Skinport (hämtat automatiskt)",
  csv: "importerat av Skinhamnen",
  manual: "satt av Skinhamnen",
};

/** The Swedish reason an item is not accepted. */
export function refusalText(refusal: SellQuoteRefusal, tradableAfter: string | null): string {
  switch (refusal) {
    case "no_price":
      return "Vi har inget pris för föremålet just nu.";
    case "below_minimum":
      return `Värdet är under vår minsta gräns på ${SELL_MIN_ITEM_VALUE_ORE / 100} kr per föremål.`;
    case "not_tradable":
      return "Föremålet går inte att byta på Steam.";
    case "trade_protected":
      return tradableAfter
        ? `Under Trade Protection – kan säljas från ${formatLongDateTime(tradableAfter)}.`
        : "Under Trade Protection.";
  }
}

