import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/test-db";
import {
  consumeRateLimit,
  formatRetryAfter,
  rateLimitKey,
  rateLimitMessage,
  resetRateLimit,
  purgeExpiredRateLimits,
} from "./rate-limiter.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const rule = { scope: "test", limit: 3, windowMs: 60_000 };

describe("rate limiter", () => {
  it("allows up to the limit, then refuses with a retry-after", async () => {
    const now = new Date("2026-01-01T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(database.db, rule, "ip", "203.0.113.1", now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[2]!.remaining).toBe(0);
    expect(results[3]!.retryAfterSeconds).toBe(60);
  });

  it("starts a new window when the old one has passed", async () => {
    const start = new Date("2026-01-01T11:00:00Z");
    for (let i = 0; i < 4; i++) await consumeRateLimit(database.db, rule, "ip", "203.0.113.2", start);
    const later = new Date(start.getTime() + 61_000);
    const result = await consumeRateLimit(database.db, rule, "ip", "203.0.113.2", later);
    expect(result.allowed).toBe(true);
    expect(result.count).toBe(1);
  });

  it("keys subjects separately and emails case-insensitively", async () => {
    const now = new Date("2026-01-01T12:00:00Z");
    for (let i = 0; i < 3; i++) await consumeRateLimit(database.db, rule, "email", "Anna@Example.se", now);
    expect((await consumeRateLimit(database.db, rule, "email", "anna@example.se", now)).allowed).toBe(false);
    expect((await consumeRateLimit(database.db, rule, "ip", "anna@example.se", now)).allowed).toBe(true);
    expect(rateLimitKey("test", "email", "Anna@Example.se")).not.toContain("anna");
  });

  it("never lets concurrent attempts slip past the limit", async () => {
    const now = new Date("2026-01-01T13:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeRateLimit(database.db, rule, "user", "u-1", now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it("forgets a counter on reset and purges expired windows", async () => {
    const now = new Date();
    for (let i = 0; i < 4; i++) await consumeRateLimit(database.db, rule, "ip", "198.51.100.7", now);
    await resetRateLimit(database.db, "test", "ip", "198.51.100.7");
    expect((await consumeRateLimit(database.db, rule, "ip", "198.51.100.7", now)).count).toBe(1);
    const purged = await purgeExpiredRateLimits(database.db, new Date(Date.now() + 3_600_000));
    expect(purged).toBeGreaterThan(0);
  });

  it("says when to retry in Swedish", () => {
    expect(formatRetryAfter(1)).toBe("Försök igen om 1 sekund.");
    expect(formatRetryAfter(45)).toBe("Försök igen om 45 sekunder.");
    expect(formatRetryAfter(61)).toBe("Försök igen om 2 minuter.");
    expect(formatRetryAfter(3540)).toBe("Försök igen om 59 minuter.");
    expect(formatRetryAfter(3600)).toBe("Försök igen om 1 timme.");
    expect(formatRetryAfter(3601)).toBe("Försök igen om 2 timmar.");
    expect(rateLimitMessage({ retryAfterSeconds: 120 })).toBe(
      "För många försök. Försök igen om 2 minuter.",
    );
  });
});
