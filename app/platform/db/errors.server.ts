/**
 * PostgreSQL error codes the services turn into a Swedish answer instead of a 500. Drizzle
 * wraps the driver's error (node-postgres or PGlite), so the code is looked for down the
 * `cause` chain.
 */
const UNIQUE_VIOLATION = "23505";

function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint refused the write (e.g. a referral code already taken). */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === UNIQUE_VIOLATION;
}
