/** Accounts, roles and the abuse limits on the account flows (docs/rules/accounts.md). Isomorphic. */

export const PASSWORD_MIN_LENGTH = 8;

export const WELCOME_DIALOG = { delayMs: 100, suppressForProfilesYoungerThanMs: 5 * 60_000 } as const;

/**
 * Abuse limits on the account flows, per client IP and per email address or signed-in user
 * (decision 010). A successful sign-in clears that address's sign-in counter; checks of a
 * signed-in member's current password (change or verify) count every attempt.
 */
export const AUTH_RATE_LIMITS = {
  signIn: { ip: { limit: 20, windowMs: 15 * 60_000 }, email: { limit: 5, windowMs: 15 * 60_000 } },
  signUp: { ip: { limit: 10, windowMs: 60 * 60_000 }, email: { limit: 3, windowMs: 60 * 60_000 } },
  reset: { ip: { limit: 10, windowMs: 15 * 60_000 }, email: { limit: 3, windowMs: 15 * 60_000 } },
  resend: { ip: { limit: 10, windowMs: 15 * 60_000 }, email: { limit: 3, windowMs: 15 * 60_000 } },
  passwordCheck: { ip: { limit: 20, windowMs: 15 * 60_000 }, user: { limit: 5, windowMs: 15 * 60_000 } },
} as const;
export const ROLES = ["admin", "blog", "seo"] as const;
export const SECURITY_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Role = (typeof ROLES)[number];
