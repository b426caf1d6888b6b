/**
 * Trades, buying and Trade Protection (docs/rules/loyalty.md#trades, docs/rules/trades.md#payout):
 * types, statuses and their transitions, item wear and variants, bulk bonus and limits. Isomorphic.
 */
import { MARKETING } from "../marketing/marketing-constants";

// ---------------------------------------------------------------------------
// Buying (docs/rules/site.md#marketing-claims) and Trade Protection (docs/rules/trades.md#payout)
// ---------------------------------------------------------------------------
export const BUYER_PAYMENT_METHODS = ["Swish", "Kort", "Apple Pay", "Google Pay", "Klarna"] as const;

/**
 * Valve's CS2 Trade Protection: a traded item can be reversed by its sender for this many
 * days, so a sale is paid out when the protection period has ended.
 */
export const TRADE_PROTECTION_DAYS = 7;
/**
 * The one way pages state when a seller is paid (docs/rules/trades.md#payout): the payout
 * itself is fast, and it happens once the protection period has ended.
 */
export const PAYOUT_AFTER_PROTECTION = `när Steams ${TRADE_PROTECTION_DAYS} dagar med Trade Protection har gått`;

// ---------------------------------------------------------------------------
// Trades (docs/rules/loyalty.md#trades)
// ---------------------------------------------------------------------------
export const TRADE_TYPES = ["sale", "purchase"] as const;
export type TradeType = (typeof TRADE_TYPES)[number];
export const TRADE_TYPE_LABELS: Record<TradeType, string> = { sale: "Försäljning", purchase: "Köp" };

/**
 * A sale waits under Trade Protection (`pending`) until the seller is paid (`completed`),
 * unless the seller rolls it back (`reversed`) or staff cancel it. A purchase is `pending`
 * until delivered. Staff may cancel a completed trade as a correction (docs/rules/loyalty.md#trades).
 */
export const TRADE_STATUSES = ["pending", "completed", "reversed", "cancelled"] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export const TRADE_STATUSES_BY_TYPE = {
  sale: ["pending", "completed", "reversed", "cancelled"],
  purchase: ["pending", "completed", "cancelled"],
} as const satisfies Record<TradeType, readonly TradeStatus[]>;
export const TRADE_TRANSITIONS = {
  sale: { pending: ["completed", "reversed", "cancelled"], completed: ["cancelled"], reversed: [], cancelled: [] },
  purchase: { pending: ["completed", "cancelled"], completed: ["cancelled"], cancelled: [] },
} as const;
export const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  pending: "Väntande",
  completed: "Genomförd",
  reversed: "Återförd",
  cancelled: "Annullerad",
};

/** Skin condition (wear) of a traded item, best first (docs/rules/site.md#marketing-claims). */
export const SKIN_WEARS = MARKETING.skinConditions;
export type SkinWear = (typeof SKIN_WEARS)[number];

/** StatTrak™ and Souvenir items are priced apart from the plain skin. */
export const SKIN_VARIANTS = ["stattrak", "souvenir"] as const;
export type SkinVariant = (typeof SKIN_VARIANTS)[number];
export const SKIN_VARIANT_LABELS: Record<SkinVariant, string> = { stattrak: "StatTrak™", souvenir: "Souvenir" };

export type BuyerPaymentMethod = (typeof BUYER_PAYMENT_METHODS)[number];

/**
 * Bulk bonus on a sale by its base total (marketing: +2-5 %), highest tier first
 * (docs/rules/loyalty.md#bulk-bonus). Amounts in öre.
 */
export const BULK_BONUS_TIERS = [
  { minOre: 50_000_00, percent: 5 },
  { minOre: 30_000_00, percent: 4 },
  { minOre: 15_000_00, percent: 3 },
  { minOre: 5_000_00, percent: 2 },
] as const;

/** Limits on one recorded trade (what staff can type; far above any real trade). */
export const TRADE_LIMITS = {
  maxItems: 100,
  // Keeps points (int4) far from overflow even for the largest trade under a multiplier perk.
  maxItemPriceOre: 1_000_000_00,
  skinNameMaxLength: 200,
  noteMaxLength: 1_000,
  /** Why a trade was cancelled or reversed (kept in the audit log). */
  reasonMaxLength: 500,
} as const;
