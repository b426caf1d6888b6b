/**
 * The marketing claims (docs/rules/site.md#marketing-claims) and the hero counters. Static,
 * not computed; every page words its figures from here. Isomorphic.
 */

export const MARKETING = {
  customers: 15_000,
  trades: 150_000,
  rating: 5.0,
  tradedSekMillions: 250,
  communityMembers: 25_000,
  tradesPerDay: 500,
  securePercent: 100,
  feePercent: 0,
  bulkBonusPercentRange: [2, 5] as const,
  bigInventoryValuationMinutes: 30,
  manualReviewAboveSek: 1_000,
  skinConditions: ["FN", "MW", "FT", "WW", "BS"] as const,
} as const;

/** Hero counters (docs/rules/site.md#hero-counters): start 500 ms after load, rating 4.0 → 5.0 in 0.1 steps every 100 ms. */
export const HERO_COUNTERS = {
  startDelayMs: 500,
  customersTarget: MARKETING.customers,
  ratingFrom: 4.0,
  ratingTo: MARKETING.rating,
  ratingStep: 0.1,
  ratingTickMs: 100,
  /** How long the customer count runs (chosen to end with the rating). */
  customersDurationMs: 1_000,
  /** Customer counts from this number up are shown in thousands ("15K+"). */
  thousandsFrom: 1_000,
} as const;
