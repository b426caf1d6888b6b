/**
 * The site's computed figures against the rollups (docs/decisions/055-site-figures.md): members
 * without the deleted, completed trades, SEK paid out for sales and the 30-day average per day
 * equal a recount of the history; below a minimum a figure is null; the figures are kept in
 * memory until forgotten or a few minutes old.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, stockholmDay, stockholmDayStart } from "~/lib/stockholm-time";
import { insertTrade } from "~/modules/insights/insights-fixtures";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { execCount, queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { computeSiteFigures, forgetSiteFigures, listReviewSources, loadSiteFigures, removeReviewSource, saveReviewSource } from "./site-figures.server";

// Small minimums for this database; read once by config() below.
Object.assign(process.env, {
  SITE_FIGURE_MIN_MEMBERS: "4",
  SITE_FIGURE_MIN_TRADES: "6",
  SITE_FIGURE_MIN_PAID_OUT_SEK: "1000",
  SITE_FIGURE_MIN_TRADES_PER_DAY: "1",
});

let database: TestDatabase;
const db = () => database.db;
const now = new Date("2026-11-28T12:00:00Z");
const today = stockholmDay(now);
/** Noon (Stockholm) of the day `offset` days from today. */
const dayAt = (offset: number) => new Date(stockholmDayStart(addDays(today, offset))!.getTime() + 12 * 3_600_000).toISOString();

let members: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  members = [];
  for (let i = 0; i < 5; i++) members.push(await createMember(db()));
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function recount() {
  const [row] = await queryRows<{ members: number; trades: number; paid: string; recent: number }>(
    db(),
    sql`SELECT (SELECT count(*)::int FROM profiles WHERE deleted_at IS NULL) AS members,
               (SELECT count(*)::int FROM trades WHERE status = 'completed') AS trades,
               (SELECT coalesce(sum(total_ore), 0)::text FROM trades WHERE status = 'completed' AND type = 'sale') AS paid,
               (SELECT count(*)::int FROM trades WHERE status = 'completed'
                  AND completed_at >= ${stockholmDayStart(addDays(today, -30))!.toISOString()}::timestamptz
                  AND completed_at < ${stockholmDayStart(today)!.toISOString()}::timestamptz) AS recent`,
  );
  return {
    members: row!.members,
    trades: row!.trades,
    paidOutSek: Math.floor(Number(row!.paid) / 100),
    tradesPerDay: Math.floor(row!.recent / 30),
  };
}

describe("site figures from the rollups", () => {
  it("equal a recount of the history, the deleted and unfinished left out", async () => {
    const [a, b, c] = members as [string, string, string];
    // 35 completed trades in the 30 whole days before today, one today, one 40 days ago, one pending.
    for (let i = 0; i < 35; i++) await insertTrade(db(), { userId: i % 2 ? a : b, type: i % 3 ? "sale" : "purchase", ore: 10_000_00 + i, completedAt: dayAt(-1 - (i % 30)) });
    await insertTrade(db(), { userId: a, type: "sale", ore: 123_45, completedAt: dayAt(0) });
    await insertTrade(db(), { userId: c, type: "sale", ore: 50_000_00, completedAt: dayAt(-40) });
    await insertTrade(db(), { userId: c, type: "sale", ore: 99_000_00, status: "pending" });
    await execCount(db(), sql`UPDATE profiles SET deleted_at = now() WHERE user_id = ${members[4]!}`);

    const computed = await computeSiteFigures(db(), now);
    expect(computed).toEqual(await recount());
    expect(computed.trades).toBe(37);
    expect(computed.tradesPerDay).toBe(1);
    expect(computed.members).toBe(4);
  });

  it("counts a new account at once and a deleted one no longer", async () => {
    const before = (await computeSiteFigures(db(), now)).members;
    const added = await createMember(db());
    expect((await computeSiteFigures(db(), now)).members).toBe(before + 1);
    await execCount(db(), sql`UPDATE profiles SET deleted_at = now() WHERE user_id = ${added}`);
    expect((await computeSiteFigures(db(), now)).members).toBe(before);
  });

  it("shows a figure from its minimum, null below it", async () => {
    forgetSiteFigures();
    const shown = await loadSiteFigures(db(), now);
    expect(shown).toMatchObject({ members: 4, trades: 37, tradesPerDay: 1 });
    expect(shown.paidOutSek).toBe((await recount()).paidOutSek);

    // One member fewer than the minimum of 4: the figure is gone, the others stay.
    await execCount(db(), sql`UPDATE profiles SET deleted_at = now() WHERE user_id = ${members[3]!}`);
    forgetSiteFigures();
    const below = await loadSiteFigures(db(), now);
    expect(below.members).toBeNull();
    expect(below.trades).toBe(37);
  });

  it("reads the figures at most once per few minutes", async () => {
    forgetSiteFigures();
    const first = await loadSiteFigures(db(), now);
    await insertTrade(db(), { userId: members[0]!, type: "purchase", ore: 500_00, completedAt: dayAt(-2) });
    expect((await loadSiteFigures(db(), new Date(now.getTime() + 60_000))).trades).toBe(first.trades);
    expect((await loadSiteFigures(db(), new Date(now.getTime() + 6 * 60_000))).trades).toBe(first.trades! + 1);
  });

  it("summarizes the configured review sources, audited, and none when none is configured", async () => {
    forgetSiteFigures();
    expect((await loadSiteFigures(db(), now)).reviews).toEqual({ sources: [], total: 0, average: null });
    const actorUserId = await createStaff(db());
    await saveReviewSource(db(), { actorUserId, values: { platform: "Google", rating: 4.2, count: 100, url: "https://g.page/r/skinhamnen" } });
    await saveReviewSource(db(), { actorUserId, values: { platform: "Trustpilot", rating: 4.8, count: 300, url: "https://se.trustpilot.com/review/skinhamnen.se" } });
    expect((await listReviewSources(db())).map((source) => source.platform)).toEqual(["Trustpilot", "Google"]);
    const reviews = (await loadSiteFigures(db(), now)).reviews;
    expect(reviews).toMatchObject({ total: 400, average: 4.6 });
    await removeReviewSource(db(), { actorUserId, platform: "Google" });
    expect((await loadSiteFigures(db(), now)).reviews).toMatchObject({ total: 300, average: 4.8 });
    const audit = await queryRows<{ action: string; entity_id: string }>(
      db(),
      sql`SELECT action, entity_id FROM audit_log WHERE entity_type = 'review_source' ORDER BY created_at, action`,
    );
    expect(audit).toEqual([
      { action: "review_source.save", entity_id: "Google" },
      { action: "review_source.save", entity_id: "Trustpilot" },
      { action: "review_source.remove", entity_id: "Google" },
    ]);
  });
});
