/**
 * Facts the legal pages share: when they were last revised, and retention periods that are
 * ours to decide (docs/rules/privacy.md#retention); business numbers stay in the areas' constants files.
 */

/** ISO date of the last revision of the cookie policy, privacy policy and terms. */
export const LEGAL_LAST_UPDATED = "2026-11-23";

/** The Swedish Authority for Privacy Protection, where a data subject may complain. */
export const IMY = {
  name: "Integritetsskyddsmyndigheten (IMY)",
  url: "https://www.imy.se",
  host: "imy.se",
  postalAddress: "Box 8114, 104 20 Stockholm",
} as const;

/** The National Board for Consumer Disputes, for consumer disputes out of court. */
export const ARN = {
  name: "Allmänna reklamationsnämnden (ARN)",
  url: "https://www.arn.se",
  host: "arn.se",
} as const;

/** Retention per data category (privacy policy). */
export const RETENTION = {
  bookkeepingYears: 7,
  accountDeletionDays: 30,
  contactMessagesMonths: 24,
  securityEventsMonths: 12,
  pageViewsMonths: 13,
  analyticsMonths: 14,
  launchNotificationMonths: 12,
} as const;
