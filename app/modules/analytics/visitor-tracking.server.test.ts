import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { VISITOR_TRACKING } from "~/modules/analytics/analytics-constants";
import { queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { consentChoiceSchema, deviceFromUserAgent, visitorOfflineSchema, visitorReportSchema, type VisitorReport } from "./visitor-schema";
import { markVisitorOffline, pathOnly, recordConsentChoice, recordVisitorReport, referrerHost } from "./visitor-tracking.server";

let database: TestDatabase;
const db = () => database.db;
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
let ipCounter = 0;
const client = (extra: Partial<{ ip: string; userAgent: string; now: Date }> = {}) => ({
  ip: `10.0.0.${++ipCounter}`,
  userAgent: CHROME,
  ownHost: "skinhamnen.se",
  ...extra,
});
const report = (input: Partial<VisitorReport> & { sessionId: string }): VisitorReport =>
  visitorReportSchema.parse({ event: "load", path: "/", ...input });

async function count(table: string, where = sql`TRUE`): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(db(), sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE ${where}`);
  return Number(row!.n);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await db().execute(sql`TRUNCATE visitor_sessions, page_views, consent_choice_totals, rate_limits CASCADE`);
});

describe("visitor reports", () => {
  it("opens a visit on load with its path (no query), referring host, device and campaign, and counts the page", async () => {
    const outcome = await recordVisitorReport(
      db(),
      report({
        sessionId: "besok-aaaaaaaa",
        path: "/salja-skins?token=hemligt#x",
        referrer: "https://www.google.com/search?q=skins",
        utmSource: "tiktok",
        utmMedium: "video",
        utmCampaign: "host",
      }),
      client({ userAgent: IPHONE }),
    );
    expect(outcome).toEqual({ result: "recorded" });
    const [visit] = await queryRows<Record<string, unknown>>(db(), sql`SELECT * FROM visitor_sessions`);
    expect(visit).toMatchObject({
      session_id: "besok-aaaaaaaa",
      current_page: "/salja-skins",
      landing_page: "/salja-skins",
      referrer: "google.com",
      device: "mobile",
      utm_source: "tiktok",
      utm_medium: "video",
      utm_campaign: "host",
      is_online: true,
      user_id: null,
    });
    const views = await queryRows<{ path: string }>(db(), sql`SELECT path FROM page_views`);
    expect(views).toEqual([{ path: "/salja-skins" }]);
  });

  it("keeps a visit online on a heartbeat without counting a page, and counts client-side navigations", async () => {
    const start = new Date("2026-05-01T10:00:00Z");
    await recordVisitorReport(db(), report({ sessionId: "besok-bbbbbbbb" }), client({ now: start }));
    const later = new Date(start.getTime() + VISITOR_TRACKING.heartbeatMs);
    await recordVisitorReport(db(), report({ sessionId: "besok-bbbbbbbb", event: "heartbeat", path: "/blog" }), client({ now: later }));
    expect(await count("page_views")).toBe(1);
    const [afterBeat] = await queryRows<{ current_page: string; last_seen_at: Date | string }>(
      db(),
      sql`SELECT current_page, last_seen_at FROM visitor_sessions`,
    );
    expect(afterBeat!.current_page).toBe("/");
    expect(new Date(afterBeat!.last_seen_at).toISOString()).toBe(later.toISOString());
    await recordVisitorReport(db(), report({ sessionId: "besok-bbbbbbbb", event: "page_view", path: "/faq" }), client({ now: later }));
    expect(await count("page_views")).toBe(2);
    expect(await count("visitor_sessions", sql`current_page = '/faq'`)).toBe(1);
  });

  it("never records bots or a missing user agent", async () => {
    expect(await recordVisitorReport(db(), report({ sessionId: "besok-cccccccc" }), client({ userAgent: GOOGLEBOT }))).toEqual({ result: "bot" });
    expect(await recordVisitorReport(db(), report({ sessionId: "besok-cccccccc" }), client({ userAgent: " " }))).toEqual({ result: "bot" });
    expect(await markVisitorOffline(db(), "besok-cccccccc", client({ userAgent: GOOGLEBOT }))).toEqual({ result: "bot" });
    expect(await recordConsentChoice(db(), { analytics: true, marketing: true, functional: true }, client({ userAgent: GOOGLEBOT }))).toEqual({ result: "bot" });
    expect(await count("visitor_sessions")).toBe(0);
    expect(await count("consent_choice_totals")).toBe(0);
  });

  it("rate-limits reports per client IP with the one limiter", async () => {
    const ip = "192.0.2.77";
    for (let index = 0; index < VISITOR_TRACKING.rateLimit.limit; index++) {
      const outcome = await recordVisitorReport(db(), report({ sessionId: "besok-dddddddd", event: "heartbeat" }), client({ ip }));
      expect(outcome.result).toBe("recorded");
    }
    const refused = await recordVisitorReport(db(), report({ sessionId: "besok-dddddddd" }), client({ ip }));
    expect(refused.result).toBe("limited");
    if (refused.result === "limited") expect(refused.limit.retryAfterSeconds).toBeGreaterThan(0);
    expect(await count("page_views")).toBe(0);
    // Another address is not affected.
    expect((await recordVisitorReport(db(), report({ sessionId: "besok-eeeeeeee" }), client())).result).toBe("recorded");
  });

  it("records concurrent reports of one new visit as one visit", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => recordVisitorReport(db(), report({ sessionId: "besok-ffffffff" }), client())),
    );
    expect(outcomes.every((outcome) => outcome.result === "recorded")).toBe(true);
    expect(await count("visitor_sessions")).toBe(1);
    expect(await count("page_views")).toBe(20);
  });

  it("takes a visit offline on the beacon, and ignores an unknown visit", async () => {
    await recordVisitorReport(db(), report({ sessionId: "besok-gggggggg" }), client());
    expect(await markVisitorOffline(db(), "besok-gggggggg", client())).toEqual({ result: "recorded" });
    expect(await count("visitor_sessions", sql`is_online`)).toBe(0);
    expect(await markVisitorOffline(db(), "besok-gggggggg", client())).toEqual({ result: "ignored" });
    expect(await markVisitorOffline(db(), "besok-okand-id", client())).toEqual({ result: "ignored" });
    // The next report brings it back online.
    await recordVisitorReport(db(), report({ sessionId: "besok-gggggggg", event: "heartbeat" }), client());
    expect(await count("visitor_sessions", sql`is_online`)).toBe(1);
  });
});

describe("consent choices as anonymous totals", () => {
  it("adds one to the day's counter for the combination, with nothing that identifies the visitor", async () => {
    const now = new Date("2026-05-01T22:30:00Z"); // 00:30 on 2 May in Stockholm
    await recordConsentChoice(db(), { analytics: true, marketing: true, functional: true }, client({ now }));
    await recordConsentChoice(db(), { analytics: true, marketing: true, functional: true }, client({ now }));
    await recordConsentChoice(db(), { analytics: false, marketing: false, functional: false }, client({ now }));
    const rows = await queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, analytics, marketing, functional, count FROM consent_choice_totals ORDER BY count DESC`,
    );
    expect(rows).toEqual([
      { day: "2026-05-02", analytics: true, marketing: true, functional: true, count: 2 },
      { day: "2026-05-02", analytics: false, marketing: false, functional: false, count: 1 },
    ]);
    const columns = await queryRows<{ column_name: string }>(
      db(),
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'consent_choice_totals' ORDER BY column_name`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(["analytics", "count", "day", "functional", "marketing"]);
  });

  it("rate-limits saved choices per client IP", async () => {
    const ip = "192.0.2.88";
    for (let index = 0; index < VISITOR_TRACKING.consentRateLimit.limit; index++) {
      await recordConsentChoice(db(), { analytics: true, marketing: false, functional: false }, client({ ip }));
    }
    expect((await recordConsentChoice(db(), { analytics: true, marketing: false, functional: false }, client({ ip }))).result).toBe("limited");
    expect(await count("consent_choice_totals")).toBe(1);
  });
});

describe("the shared schema refuses hostile input", () => {
  const valid = { sessionId: "besok-12345678", event: "load", path: "/" };
  it.each([
    ["a NUL byte in the path", { ...valid, path: "/a\u0000b" }],
    ["a path that is not ours", { ...valid, path: "https://evil.example/" }],
    ["a protocol-relative path", { ...valid, path: "//evil.example/" }],
    ["an oversize path", { ...valid, path: `/${"a".repeat(VISITOR_TRACKING.maxPathLength)}` }],
    ["an unknown event", { ...valid, event: "purchase" }],
    ["a session id of the wrong type", { ...valid, sessionId: 12345678 }],
    ["a too short session id", { ...valid, sessionId: "kort" }],
    ["a session id with odd characters", { ...valid, sessionId: "besok'; DROP TABLE--" }],
    ["an object as referrer", { ...valid, referrer: { href: "x" } }],
    ["an oversize utm value", { ...valid, utmSource: "x".repeat(VISITOR_TRACKING.maxUtmLength + 1) }],
  ])("%s", (_name, input) => {
    const result = visitorReportSchema.safeParse(input);
    expect(result.success).toBe(false);
  });

  it("answers in Swedish", () => {
    const result = visitorReportSchema.safeParse({ ...valid, event: "purchase" });
    expect(result.error?.issues[0]?.message).toBe("Okänd händelse.");
    expect(visitorOfflineSchema.safeParse({ sessionId: "x" }).error?.issues[0]?.message).toBe("Ogiltigt besöks-id.");
    expect(consentChoiceSchema.safeParse({ analytics: "true", marketing: false, functional: false }).error?.issues[0]?.message).toBe(
      "Ogiltigt cookie-val.",
    );
  });

  it("reads empty optional fields as none", () => {
    expect(visitorReportSchema.parse({ ...valid, referrer: "", utmSource: "" })).toMatchObject({ referrer: null, utmSource: null });
  });
});

describe("helpers", () => {
  it("keeps the path alone and the referring host, never our own", () => {
    expect(pathOnly("/auth?token=abc")).toBe("/auth");
    expect(pathOnly("/?ref=KOD")).toBe("/");
    expect(referrerHost("https://www.skinhamnen.se/blog", "skinhamnen.se")).toBeNull();
    expect(referrerHost("http://localhost:3000/", "localhost")).toBeNull();
    expect(referrerHost("javascript:alert(1)", "skinhamnen.se")).toBeNull();
    expect(referrerHost("inte en adress", "skinhamnen.se")).toBeNull();
    expect(referrerHost("https://t.co/abc", "skinhamnen.se")).toBe("t.co");
  });

  it("tells phones, tablets and computers apart", () => {
    expect(deviceFromUserAgent(IPHONE)).toBe("mobile");
    expect(deviceFromUserAgent("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceFromUserAgent("Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36")).toBe("tablet");
    expect(deviceFromUserAgent("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36")).toBe("mobile");
    expect(deviceFromUserAgent(CHROME)).toBe("desktop");
  });
});
