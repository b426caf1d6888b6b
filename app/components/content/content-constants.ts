/** Figures only the public content pages show (docs/rules/site.md#marketing-claims). */

/** The about page's timeline (docs/rules/site.md#pages): founding, growth, today. */
export const TIMELINE_YEARS = [2019, 2021, 2023, 2025] as const;
