/** Cookie categories and the consent layer's events (docs/rules/privacy.md#cookie-consent). Isomorphic. */

export const COOKIE_CATEGORIES = ["necessary", "analytics", "marketing", "functional"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** Window events of the consent layer (docs/rules/privacy.md#cookie-consent): saved choice, and "open the settings". */
export const CONSENT_EVENTS = {
  updated: "cookie-consent-updated",
  openSettings: "cookie-settings:open",
} as const;

/** A saved choice older than this is asked for again (consent must stay current). */
export const CONSENT_RENEW_AFTER_DAYS = 365;
