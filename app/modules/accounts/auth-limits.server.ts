/**
 * Abuse limits on Better Auth's endpoints, counted by the one database-backed limiter
 * (decision 010) per client IP and per email address. Applied in a `hooks.before`, so route
 * actions and direct calls to /api/auth are limited alike.
 */
import { AUTH_RATE_LIMITS } from "~/constants";
import type { Db } from "~/platform/db/client.server";
import {
  consumeRateLimit,
  resetRateLimit,
  type RateLimitResult,
} from "~/platform/rate-limit/rate-limiter.server";

type LimitName = keyof typeof AUTH_RATE_LIMITS;

/** Better Auth endpoint path → the limit that guards it. */
export const AUTH_LIMITED_PATHS: Readonly<Record<string, LimitName>> = {
  "/sign-in/email": "signIn",
  "/sign-up/email": "signUp",
  "/request-password-reset": "reset",
  "/send-verification-email": "resend",
};

const scopeOf = (name: LimitName) => `auth_${name}`;

/**
 * Counts one attempt against the IP and the email limit of the endpoint. Returns the refusal
 * with the longest wait, or null when the attempt may go ahead.
 */
export async function consumeAuthLimit(
  db: Db,
  path: string,
  subject: { ip: string; email?: string | null },
): Promise<RateLimitResult | null> {
  const name = AUTH_LIMITED_PATHS[path];
  if (!name) return null;
  const rules = AUTH_RATE_LIMITS[name];
  const results = [await consumeRateLimit(db, { scope: scopeOf(name), ...rules.ip }, "ip", subject.ip)];
  const email = subject.email?.trim().toLowerCase();
  if (email) results.push(await consumeRateLimit(db, { scope: scopeOf(name), ...rules.email }, "email", email));
  const refused = results.filter((result) => !result.allowed);
  if (!refused.length) return null;
  return refused.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
}

/** A successful sign-in forgets that address's failed attempts. */
export async function clearSignInLimit(db: Db, email: string): Promise<void> {
  await resetRateLimit(db, scopeOf("signIn"), "email", email.trim().toLowerCase());
}
