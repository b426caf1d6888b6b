/** Referral codes, rewards and their limits (docs/rules/loyalty.md#referrals). Isomorphic. */

export const REFERRAL = {
  codeMinLength: 4,
  codeMaxLength: 12,
  /** Database CHECK and client rule alike. */
  codePattern: /^[A-Z0-9]{4,12}$/,
  referrerReward: 500,
  friendReward: 500,
  milestoneReward: 25_000,
  milestoneTradedSek: 5_000,
  /** A referrer earns sign-up rewards for at most this many friends per Stockholm day. */
  dailyReferrerCap: 10,
  /** Lifetime of the `referral_code` cookie (functional consent only, docs/rules/privacy.md#cookie-inventory). */
  cookieMaxAgeDays: 30,
} as const;

/**
 * A referral relation's state (docs/rules/loyalty.md#referrals): `paid` both sides paid (or,
 * for an influencer's code, the friend); `capped` the friend paid, the referrer over the daily
 * cap; `pending_review` nothing paid until staff approve; `rejected` staff refused the rewards.
 */
export const REFERRAL_STATUSES = ["paid", "capped", "pending_review", "rejected"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  paid: "Utbetald",
  capped: "Dagsgräns nådd",
  pending_review: "Väntar på granskning",
  rejected: "Avslagen",
};
export const REFERRAL_SOURCES = ["profile", "signup"] as const;
/** Attempts to enter or create a code per member: guessing codes is slow (docs/rules/loyalty.md#anti-abuse). */
export const REFERRAL_CODE_RATE_LIMIT = { scope: "referral-code", limit: 10, windowMs: 10 * 60_000 } as const;
/** Influencer-link visits recorded per address (docs/rules/loyalty.md#influencer-links). */
export const REFERRAL_VISIT_RATE_LIMIT = { scope: "referral-visit", limit: 30, windowMs: 60 * 60_000 } as const;
