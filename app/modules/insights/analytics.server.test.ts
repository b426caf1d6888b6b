import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { execCount, queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { loadAnalytics, type AnalyticsData } from "./analytics.server";
import { insertTrade, setMemberCreatedAt } from "./insights-fixtures";

let database: TestDatabase;
const db = () => database.db;
// 11:00 UTC on 15 March 2026 (12:00 in Stockholm).
const NOW = new Date("2026-03-15T11:00:00Z");
let week: AnalyticsData;

async function visit(id: string, input: { at: string; lastSeen?: string; online?: boolean; device?: string; referrer?: string | null; utm?: string | null; pages?: string[] }) {
  await execCount(
    db(),
    sql`INSERT INTO visitor_sessions (session_id, device, referrer, utm_source, is_online, first_seen_at, last_seen_at)
        VALUES (${id}, ${input.device ?? "desktop"}, ${input.referrer ?? null}, ${input.utm ?? null}, ${input.online ?? false},
                ${input.at}::timestamptz, ${input.lastSeen ?? input.at}::timestamptz)`,
  );
  for (const path of input.pages ?? ["/"]) {
    await execCount(db(), sql`INSERT INTO page_views (session_id, path, created_at) VALUES (${id}, ${path}, ${input.at}::timestamptz)`);
  }
}

async function consent(day: string, flags: [boolean, boolean, boolean], count: number) {
  await execCount(
    db(),
    sql`INSERT INTO consent_choice_totals (day, analytics, marketing, functional, count) VALUES (${day}::date, ${flags[0]}, ${flags[1]}, ${flags[2]}, ${count})`,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Online now: seen 2 minutes ago; seen 10 minutes ago is not; gone offline is not.
  await visit("besok-online01", { at: "2026-03-15T10:30:00Z", lastSeen: "2026-03-15T10:58:00Z", online: true, device: "mobile", referrer: "google.com", utm: "tiktok", pages: ["/", "/salja-skins"] });
  await visit("besok-stale001", { at: "2026-03-15T10:00:00Z", lastSeen: "2026-03-15T10:50:00Z", online: true, referrer: "google.com", pages: ["/"] });
  await visit("besok-offline1", { at: "2026-03-14T10:00:00Z", lastSeen: "2026-03-15T10:59:00Z", online: false, device: "tablet", pages: ["/blog", "/"] });
  // 23:30 UTC on 8 March is 00:30 on 9 March in Stockholm: the first day of the last 7.
  await visit("besok-edge0001", { at: "2026-03-08T23:30:00Z", utm: "tiktok", pages: ["/faq"] });
  // Before the 7-day period.
  await visit("besok-old00001", { at: "2026-03-08T22:30:00Z", referrer: "bing.com", pages: ["/om-oss"] });
  // Funnel: two members sign up in the period, one trades for the first time; an old member trading again is no first trade.
  const newTrader = await createMember(db());
  const newQuiet = await createMember(db());
  const veteran = await createMember(db());
  await setMemberCreatedAt(db(), newTrader, "2026-03-10T10:00:00Z");
  await setMemberCreatedAt(db(), newQuiet, "2026-03-12T10:00:00Z");
  await setMemberCreatedAt(db(), veteran, "2025-01-10T10:00:00Z");
  await insertTrade(db(), { userId: newTrader, type: "sale", ore: 10_000, completedAt: "2026-03-11T10:00:00Z" });
  await insertTrade(db(), { userId: veteran, type: "sale", ore: 10_000, completedAt: "2025-02-11T10:00:00Z" });
  await insertTrade(db(), { userId: veteran, type: "sale", ore: 10_000, completedAt: "2026-03-13T10:00:00Z" });
  // Consent totals: 3 accept all, 1 only necessary, 1 analytics only (custom); one day too old.
  await consent("2026-03-14", [true, true, true], 3);
  await consent("2026-03-15", [false, false, false], 1);
  await consent("2026-03-15", [true, false, false], 1);
  await consent("2026-03-01", [false, false, false], 50);
  week = await loadAnalytics(db(), { period: 7, now: NOW });
});
afterAll(async () => {
  await database?.close();
});

describe("Analytics tab figures", () => {
  it("counts visitors online now: seen within the window and not gone offline", () => {
    expect(week.onlineNow).toBe(1);
  });

  it("counts visits and page views per Stockholm day, every day of the period", () => {
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toEqual({ day: "2026-03-09", sessions: 1, pageViews: 1 });
    expect(week.days.find((day) => day.day === "2026-03-15")).toEqual({ day: "2026-03-15", sessions: 2, pageViews: 3 });
    expect(week.totals).toEqual({ sessions: 4, pageViews: 6 });
  });

  it("ranks top pages, referrers, UTM sources and devices", () => {
    expect(week.topPages).toEqual({
      rows: [
        { label: "/", count: 3 },
        { label: "/blog", count: 1 },
        { label: "/faq", count: 1 },
        { label: "/salja-skins", count: 1 },
      ],
      page: 1,
      hasMore: false,
    });
    expect(week.referrers).toEqual([
      { label: "google.com", count: 2 },
      { label: "", count: 2 },
    ]);
    expect(week.utmSources).toEqual([{ label: "tiktok", count: 2 }]);
    expect(week.devices).toEqual([
      { device: "mobile", count: 1 },
      { device: "tablet", count: 1 },
      { device: "desktop", count: 2 },
    ]);
  });

  it("pages the top pages", async () => {
    const first = await loadAnalytics(db(), { period: 7, now: NOW });
    expect(first.topPages.hasMore).toBe(false);
    for (let index = 0; index < 12; index++) {
      await execCount(db(), sql`INSERT INTO page_views (session_id, path, created_at) VALUES ('besok-online01', ${`/sida-${index}`}, ${"2026-03-15T10:40:00Z"}::timestamptz)`);
    }
    const paged = await loadAnalytics(db(), { period: 7, now: NOW });
    expect(paged.topPages.rows).toHaveLength(10);
    expect(paged.topPages.hasMore).toBe(true);
    const second = await loadAnalytics(db(), { period: 7, pagesPage: 2, now: NOW });
    expect(second.topPages.page).toBe(2);
    expect(second.topPages.rows.length).toBeGreaterThan(0);
    expect(second.topPages.hasMore).toBe(false);
    await execCount(db(), sql`DELETE FROM page_views WHERE path LIKE '/sida-%'`);
  });

  it("shows the funnel visit → sign-up → first trade", () => {
    expect(week.funnel).toEqual({ visits: 4, signups: 2, firstTrades: 1 });
  });

  it("sums the consent choices of the period without any identifier", () => {
    expect(week.consent).toEqual({ total: 5, analytics: 4, marketing: 3, functional: 3, acceptAll: 3, onlyNecessary: 1, custom: 1 });
  });

  it("reads a bounded range through the time indexes", async () => {
    // The query plans use the first_seen / created_at indexes once the tables are large enough to matter.
    await execCount(db(), sql`SET enable_seqscan = off`);
    try {
      for (const query of [
        sql`EXPLAIN SELECT count(*) FROM visitor_sessions WHERE first_seen_at >= '2026-03-09'::timestamptz AND first_seen_at < '2026-03-15'::timestamptz`,
        sql`EXPLAIN SELECT count(*) FROM page_views WHERE created_at >= '2026-03-09'::timestamptz AND created_at < '2026-03-15'::timestamptz`,
      ]) {
        const plan = (await queryRows<{ "QUERY PLAN": string }>(db(), query)).map((row) => row["QUERY PLAN"]).join("\n");
        expect(plan).toMatch(/Index/);
      }
    } finally {
      await execCount(db(), sql`SET enable_seqscan = on`);
    }
  });
});
