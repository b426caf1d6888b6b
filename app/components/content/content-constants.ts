/** Figures only the public content pages show (docs/rules/site.md#marketing-claims). */

/** The about page's timeline (docs/rules/site.md#pages): founding, growth, today. */
export const TIMELINE_YEARS = [2019, 2021, 2023, 2025] as const;

export const REVIEWS = {
  platforms: [
    { name: "Trustpilot", count: 2_847, rating: 5.0 },
    { name: "Google", count: 1_394, rating: 5.0 },
  ],
  total: 4_241,
} as const;
