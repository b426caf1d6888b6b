/**
 * The fixed marketing rules (docs/rules/site.md#marketing-claims) and the hero counters. The
 * site's figures are not here: they are computed from our data or configured by staff with
 * their source (site-figures.server.ts, docs/decisions/055-site-figures.md). Isomorphic.
 */

export const MARKETING = {
  feePercent: 0,
  manualReviewAboveSek: 1_000,
  skinConditions: ["FN", "MW", "FT", "WW", "BS"] as const,
} as const;

/** The review platforms staff may configure, each with its public page (https only). */
export const REVIEW_PLATFORMS = ["Trustpilot", "Google"] as const;
export type ReviewPlatform = (typeof REVIEW_PLATFORMS)[number];

/** A configured review source's limits: rating 1,0–5,0 in tenths, count and link length. */
export const REVIEW_SOURCE_LIMITS = {
  minRating: 1,
  maxRating: 5,
  maxCount: 10_000_000,
  urlMaxLength: 500,
} as const;

/**
 * Hero counters (docs/rules/site.md#hero-counters): start 500 ms after load, the member count
 * runs up to the computed figure, the rating 4.0 → the configured average in 0.1 steps every 100 ms.
 */
export const HERO_COUNTERS = {
  startDelayMs: 500,
  ratingFrom: 4.0,
  ratingStep: 0.1,
  ratingTickMs: 100,
  /** How long the member count runs (chosen to end with a rating of 5,0). */
  customersDurationMs: 1_000,
} as const;
