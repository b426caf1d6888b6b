/**
 * The one rate limiter: fixed windows counted in the database, so every app instance
 * shares the same counters. Callers name what they limit by (IP, email, user).
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { execCount, queryRows, type Db } from "../db/client.server";

export type RateLimitSubject = "ip" | "email" | "user";

export interface RateLimitRule {
  /** What is limited, e.g. `contact` or `signin`. */
  scope: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  remaining: number;
  resetAt: Date;
  /** Whole seconds until the window resets (0 when allowed). */
  retryAfterSeconds: number;
}

/** Email addresses are keyed case-insensitively and never stored in clear. */
export function rateLimitKey(scope: string, subject: RateLimitSubject, id: string): string {
  const normalised = subject === "email" ? id.trim().toLowerCase() : id;
  const stored =
    subject === "email" ? createHash("sha256").update(normalised).digest("base64url") : normalised;
  return `${scope}:${subject}:${stored}`;
}

/**
 * Counts one attempt and tells whether it is within the rule. One atomic upsert: concurrent
 * requests on any instance can never both slip under the limit.
 */
export async function consumeRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: RateLimitSubject,
  id: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const key = rateLimitKey(rule.scope, subject, id);
  const resetAt = new Date(now.getTime() + rule.windowMs);
  const rows = await queryRows<{ count: number; reset_at: Date | string }>(db, sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, ${resetAt.toISOString()})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now.toISOString()} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now.toISOString()} THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING count, reset_at
  `);
  const row = rows[0]!;
  const count = Number(row.count);
  const windowEnd = new Date(row.reset_at);
  const allowed = count <= rule.limit;
  return {
    allowed,
    count,
    remaining: Math.max(0, rule.limit - count),
    resetAt: windowEnd,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)),
  };
}

/** Forgets a subject's counter, e.g. after a successful sign-in. */
export async function resetRateLimit(db: Db, scope: string, subject: RateLimitSubject, id: string) {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${rateLimitKey(scope, subject, id)}`);
}

/** Removes expired windows; run from a periodic cleanup. */
export async function purgeExpiredRateLimits(db: Db, now: Date = new Date()): Promise<number> {
  return execCount(db, sql`DELETE FROM rate_limits WHERE reset_at <= ${now.toISOString()}`);
}

/** Swedish "try again in …" for a retry-after in seconds. */
export function formatRetryAfter(seconds: number): string {
  if (seconds < 60) return `Försök igen om ${seconds} ${seconds === 1 ? "sekund" : "sekunder"}.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `Försök igen om ${minutes} ${minutes === 1 ? "minut" : "minuter"}.`;
  const hours = Math.ceil(minutes / 60);
  return `Försök igen om ${hours} ${hours === 1 ? "timme" : "timmar"}.`;
}

/** The Swedish message shown when a limit is hit. */
export function rateLimitMessage(result: Pick<RateLimitResult, "retryAfterSeconds">): string {
  return `För många försök. ${formatRetryAfter(result.retryAfterSeconds)}`;
}
