/** Cookie categories and the consent layer's events (docs/rules/privacy.md#cookie-consent). Isomorphic. */

export const COOKIE_CATEGORIES = ["necessary", "analytics", "marketing", "functional"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** Window events of the consent layer (docs/rules/privacy.md#cookie-consent): a saved choice. */
export const CONSENT_EVENTS = {
  updated: "cookie-consent-updated",
} as const;

/**
 * The settings' element id: every "Cookie-inställningar" button opens it as a popover
 * (`popovertarget`), which needs no script.
 */
export const COOKIE_SETTINGS_ID = "cookie-settings";

/** A saved choice older than this is asked for again (consent must stay current). */
export const CONSENT_RENEW_AFTER_DAYS = 365;
