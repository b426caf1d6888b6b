/**
 * PostgreSQL error codes as both drivers report them (node-postgres and PGlite set `code`;
 * Drizzle may wrap the driver's error in `cause`).
 */
export const PG_ERRORS = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
} as const;

/** True when the error, or one it wraps, carries this SQLSTATE. */
export function hasPgCode(error: unknown, code: string): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
