/**
 * Browser storage keys and cookie names (docs/rules/privacy.md#cookie-inventory), one list for
 * the theme, consent, analytics and referral code. Isomorphic.
 */

export const STORAGE_KEYS = {
  theme: "theme",
  referralCode: "referral_code",
  visitorSessionId: "visitor_session_id",
  cookieConsent: "cookie-consent",
  cookieConsentDate: "cookie-consent-date",
  analyticsConsentFlag: "cookie_consent",
  welcomeShownPrefix: "welcome_shown_",
} as const;
