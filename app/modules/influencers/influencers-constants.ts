/** Influencer rows (docs/rules/loyalty.md#influencer-links). Isomorphic. */

export const INFLUENCER_STATUSES = ["active", "inactive"] as const;
