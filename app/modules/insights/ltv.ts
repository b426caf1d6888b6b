/** The LTV Analytics tab's shape, shared by its service and its page (docs/rules/admin.md#ltv-analytics). */
export const LTV_TOP = 50;
/** Months after sign-up the cohort table shows the average value at. */
export const COHORT_HORIZONS = [1, 3, 6, 12] as const;
