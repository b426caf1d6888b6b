/**
 * What a trade pays, costs and earns (docs/rules/loyalty.md#trades). Pure and isomorphic:
 * the trade service fixes these numbers when a trade is recorded or completed, and the
 * staff form previews them with the same functions.
 *
 * Money is integer öre; a percentage is rounded half-up to whole öre once, when the amount
 * is fixed. Points and XP come from the base total only: bonuses and fees earn nothing.
 */
import { POINTS_PER_SEK, XP_PER_SEK, type LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import {
  BULK_BONUS_TIERS,
  TRADE_TRANSITIONS,
  type TradeStatus,
  type TradeType,
} from "~/modules/trades/trades-constants";

/** `percent` % of an amount in öre, rounded half-up to whole öre. */
export function percentOfOre(amountOre: number, percent: number): number {
  if (!Number.isSafeInteger(amountOre) || amountOre < 0) throw new RangeError("amount must be whole öre ≥ 0");
  if (!Number.isInteger(percent) || percent < 0) throw new RangeError("percent must be a whole number ≥ 0");
  return Math.floor((amountOre * percent + 50) / 100);
}

export function baseTotalOre(items: readonly { priceOre: number }[]): number {
  return items.reduce((sum, item) => sum + item.priceOre, 0);
}

/** Level sale bonus: Silver 1 %, Gold 2 %, Platinum 3 % (docs/rules/loyalty.md#levels). */
function levelSaleBonusPercent(level: LevelDefinition): number {
  return level.saleBonusPercent;
}

/** Bulk bonus tier reached by a sale's base total (docs/rules/loyalty.md#bulk-bonus). */
export function bulkBonusPercent(baseOre: number): number {
  return BULK_BONUS_TIERS.find((tier) => baseOre >= tier.minOre)?.percent ?? 0;
}

/** Purchase fee by level; lower for Gold and Platinum (docs/rules/loyalty.md#purchase-fee). */
function purchaseFeePercent(level: LevelDefinition): number {
  return level.purchaseFeePercent;
}

/**
 * What a sale pays and earns, fixed once: on the quote, copied to the sell order, and credited as
 * they are at payout (docs/rules/selling.md#quotes).
 */
export interface SaleAmounts {
  baseTotalOre: number;
  levelBonusPercent: number;
  levelBonusOre: number;
  bulkBonusPercent: number;
  bulkBonusOre: number;
  totalOre: number;
  points: number;
  xp: number;
}

export interface TradeExtras {
  levelBonusPercent: number;
  levelBonusOre: number;
  bulkBonusPercent: number;
  bulkBonusOre: number;
  perkBonusPercent: number;
  perkBonusOre: number;
  purchaseFeePercent: number;
  purchaseFeeOre: number;
  /** Sale: base + bonuses (paid to the seller). Purchase: base + fee (paid by the buyer). */
  totalOre: number;
}

/**
 * The extras fixed when a trade is recorded. A sale gets the level bonus of `level` (the
 * member's effective level), the bulk bonus and a one-off perk bonus, each a percentage of
 * the base; a purchase gets the level's fee.
 */
export function tradeExtras(input: {
  type: TradeType;
  baseOre: number;
  level: LevelDefinition;
  /** A one-off sale bonus perk being used on this sale. */
  perkBonusPercent?: number;
}): TradeExtras {
  const { type, baseOre, level } = input;
  if (type === "sale") {
    const levelBonusPercent = levelSaleBonusPercent(level);
    const bulk = bulkBonusPercent(baseOre);
    const perk = input.perkBonusPercent ?? 0;
    const levelBonusOre = percentOfOre(baseOre, levelBonusPercent);
    const bulkBonusOre = percentOfOre(baseOre, bulk);
    const perkBonusOre = percentOfOre(baseOre, perk);
    return {
      levelBonusPercent,
      levelBonusOre,
      bulkBonusPercent: bulk,
      bulkBonusOre,
      perkBonusPercent: perk,
      perkBonusOre,
      purchaseFeePercent: 0,
      purchaseFeeOre: 0,
      totalOre: baseOre + levelBonusOre + bulkBonusOre + perkBonusOre,
    };
  }
  const fee = purchaseFeePercent(level);
  const feeOre = percentOfOre(baseOre, fee);
  return {
    levelBonusPercent: 0,
    levelBonusOre: 0,
    bulkBonusPercent: 0,
    bulkBonusOre: 0,
    perkBonusPercent: 0,
    perkBonusOre: 0,
    purchaseFeePercent: fee,
    purchaseFeeOre: feeOre,
    totalOre: baseOre + feeOre,
  };
}

/** floor(base SEK × points rate), times an active points multiplier perk. */
export function pointsForTrade(type: TradeType, baseOre: number, multiplier = 1): number {
  return Math.floor((baseOre * POINTS_PER_SEK[type]) / 100) * multiplier;
}

/** floor(base SEK × XP rate); perks never change XP. */
export function xpForTrade(type: TradeType, baseOre: number): number {
  return Math.floor((baseOre * XP_PER_SEK[type]) / 100);
}

export function allowedTransitions(type: TradeType, from: TradeStatus): readonly TradeStatus[] {
  const byStatus = TRADE_TRANSITIONS[type] as Partial<Record<TradeStatus, readonly TradeStatus[]>>;
  return byStatus[from] ?? [];
}

export function canTransition(type: TradeType, from: TradeStatus, to: TradeStatus): boolean {
  return allowedTransitions(type, from).includes(to);
}
