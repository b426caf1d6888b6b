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
  /** Codes from the authenticator app or a backup code, at sign-in and at step-up. */
  twoFactor: { ip: { limit: 20, windowMs: 15 * 60_000 }, user: { limit: 5, windowMs: 15 * 60_000 } },
} as const;

/**
 * Step-up (decision 046): a sensitive action needs a confirmation this recent, in the same
 * session. The methods a step-up may be made with; BankID joins them when it is built.
 */
export const TWO_FACTOR_RULES = {
  backupCodes: 10,
  /** Consecutive wrong codes at sign-in before the account's codes are refused for a while. */
  lockAfterFailures: 10,
  lockSeconds: 15 * 60,
} as const;
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;
export const STEP_UP_METHODS = ["totp", "backup_code", "password", "bankid"] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];
/** The methods that count as a second factor for staff (a password is the first). */
export const SECOND_FACTOR_METHODS: readonly StepUpMethod[] = ["totp", "backup_code"];
export const ROLES = ["admin", "blog", "seo"] as const;
export const SECURITY_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Role = (typeof ROLES)[number];

/** The pages of two-factor sign-in (decision 046). */
export const TWO_FACTOR_PATHS = {
  /** Set up the authenticator app (staff are sent here until they have). */
  setup: "/profile/tvastegsverifiering",
  /** Confirm again: a code, or the password for an account without a second factor. */
  stepUp: "/profile/bekrafta",
} as const;
