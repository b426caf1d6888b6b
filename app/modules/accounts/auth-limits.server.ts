/**
 * Abuse limits on Better Auth's endpoints, counted by the one database-backed limiter
 * (decision 010) per client IP and per email address or signed-in user. Applied in a
 * `hooks.before`, so route actions and any other caller are limited alike.
 */
import { AUTH_RATE_LIMITS } from "~/modules/accounts/accounts-constants";
import type { Db } from "~/platform/db/client.server";
import {
  consumeRateLimit,
  resetRateLimit,
  type RateLimitResult,
  type RateLimitRule,
  type RateLimitSubject,
} from "~/platform/rate-limit/rate-limiter.server";

type LimitName = keyof typeof AUTH_RATE_LIMITS;
type LimitRules = Partial<Record<RateLimitSubject, Omit<RateLimitRule, "scope">>>;

/** Better Auth endpoint path → the limit that guards it. */
const AUTH_LIMITED_PATHS: Readonly<Record<string, LimitName>> = {
  "/sign-in/email": "signIn",
  "/sign-up/email": "signUp",
  "/request-password-reset": "reset",
  "/send-verification-email": "resend",
  // Every endpoint that checks a signed-in member's current password.
  "/change-password": "passwordCheck",
  "/verify-password": "passwordCheck",
  "/delete-user": "passwordCheck",
  "/two-factor/enable": "passwordCheck",
  "/two-factor/disable": "passwordCheck",
  // A code at sign-in (no session yet: per IP, and the plugin's own per-challenge and account
  // lockout) or at step-up (per signed-in user as well).
  "/two-factor/verify-totp": "twoFactor",
  "/two-factor/verify-backup-code": "twoFactor",
};

/** Whether the endpoint's limit is counted per signed-in user (so the caller must look one up). */
export function limitsPerUser(path: string | undefined): boolean {
  const name = path ? AUTH_LIMITED_PATHS[path] : undefined;
  return Boolean(name && "user" in AUTH_RATE_LIMITS[name]);
}

const scopeOf = (name: LimitName) => `auth_${name}`;

/**
 * Counts one attempt against every limit of the endpoint that has a subject (IP, address,
 * user). Returns the refusal with the longest wait, or null when the attempt may go ahead.
 */
export async function consumeAuthLimit(
  db: Db,
  path: string | undefined,
  subject: { ip: string; email?: string | null; userId?: string | null },
): Promise<RateLimitResult | null> {
  const name = path ? AUTH_LIMITED_PATHS[path] : undefined;
  if (!name) return null;
  const rules: LimitRules = AUTH_RATE_LIMITS[name];
  const ids: Record<RateLimitSubject, string | null | undefined> = {
    ip: subject.ip,
    email: subject.email?.trim().toLowerCase(),
    user: subject.userId,
  };
  const results: RateLimitResult[] = [];
  for (const key of ["ip", "email", "user"] as const) {
    const rule = rules[key];
    const id = ids[key];
    if (rule && id) results.push(await consumeRateLimit(db, { scope: scopeOf(name), ...rule }, key, id));
  }
  const refused = results.filter((result) => !result.allowed);
  if (!refused.length) return null;
  return refused.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
}

/** A successful sign-in forgets that address's failed attempts. */
export async function clearSignInLimit(db: Db, email: string): Promise<void> {
  await resetRateLimit(db, scopeOf("signIn"), "email", email.trim().toLowerCase());
}
