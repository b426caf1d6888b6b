/**
 * The daily rollups (docs/decisions/040-daily-rollups.md) equal a full recount of the history
 * after a random mix of writes: trades recorded, completed, cancelled and reversed through the
 * trade service (cancelling a completed one claws its points back), corrections and deletions written
 * straight to the table, ledger rows, XP and sign-up times changed, a member deleted with
 * everything they had. And the view rollup job counts each day once, however often it runs.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollUpViews } from "~/modules/analytics/view-rollups.server";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { grantMonthlyVipBonus } from "~/modules/loyalty/monthly-bonus.server";
import { LEVELS } from "~/modules/loyalty/loyalty-constants";
import type { TradeListQuery } from "~/modules/trades/trade-schema";
import { cancelTrade, completeTrade, listTrades, recordTrade, reverseTrade } from "~/modules/trades/trades.server";
import { stockholmDayEnd, stockholmDayStart } from "~/lib/stockholm-time";
import { execCount, queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { loadAnalytics } from "./analytics.server";
import { insertTrade } from "./insights-fixtures";

let database: TestDatabase;
const db = () => database.db;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const tz = sql.raw(`'Europe/Stockholm'`);
/** The lowest XP of the level `xp` reaches, written from LEVELS (the rollups key members by it; migration 0044). */
const levelFloor = (xp: SQL) =>
  sql`CASE ${sql.join(
    [...LEVELS].sort((a, b) => b.minXP - a.minXP).map((level) => sql`WHEN ${xp} >= ${level.minXP} THEN ${level.minXP}::int`),
    sql` `,
  )} END`;

/** Each rollup table and the same figures counted from the history, as sorted JSON lines. */
async function pairs(): Promise<Array<[string, string[], string[]]>> {
  const rows = async (query: ReturnType<typeof sql>) => (await queryRows<Record<string, unknown>>(db(), query)).map((row) => JSON.stringify(row)).sort();
  return [
    [
      "daily_trades",
      await rows(sql`SELECT day::text, type, trades::int, total_ore::bigint::text AS total FROM daily_trades WHERE trades <> 0 OR total_ore <> 0`),
      await rows(sql`SELECT (completed_at AT TIME ZONE ${tz})::date::text AS day, type, count(*)::int AS trades, sum(total_ore)::bigint::text AS total
                       FROM trades WHERE status = 'completed' GROUP BY 1, 2`),
    ],
    [
      "daily_trade_totals",
      await rows(sql`SELECT day::text, type, status, trades::int, base_total_ore::text, total_ore::text, bonus_ore::text,
                            purchase_fee_ore::text, points_credited::text, xp_credited::text
                       FROM daily_trade_totals
                      WHERE trades <> 0 OR base_total_ore <> 0 OR total_ore <> 0 OR bonus_ore <> 0 OR purchase_fee_ore <> 0
                         OR points_credited <> 0 OR xp_credited <> 0`),
      await rows(sql`SELECT (created_at AT TIME ZONE ${tz})::date::text AS day, type, status, count(*)::int AS trades,
                            sum(base_total_ore)::text AS base_total_ore, sum(total_ore)::text AS total_ore,
                            sum(level_bonus_ore + bulk_bonus_ore + perk_bonus_ore)::text AS bonus_ore,
                            sum(purchase_fee_ore)::text AS purchase_fee_ore, sum(points_credited)::text AS points_credited,
                            sum(xp_credited)::text AS xp_credited
                       FROM trades GROUP BY 1, 2, 3`),
    ],
    [
      "daily_points",
      await rows(sql`SELECT day::text, issued::text, spent::text FROM daily_points WHERE issued <> 0 OR spent <> 0`),
      await rows(sql`SELECT (created_at AT TIME ZONE ${tz})::date::text AS day, sum(GREATEST(amount, 0))::bigint::text AS issued,
                            sum(GREATEST(-amount, 0))::bigint::text AS spent
                       FROM points_transactions GROUP BY 1 HAVING sum(GREATEST(amount, 0)) <> 0 OR sum(GREATEST(-amount, 0)) <> 0`),
    ],
    [
      "member_values",
      await rows(sql`SELECT user_id, xp, sold_ore::text, bought_ore::text, value_ore::text, trades, first_trade_at, last_trade_at,
                            value_1m_ore::text, value_3m_ore::text, value_6m_ore::text, value_12m_ore::text FROM member_values`),
      await rows(sql`SELECT p.user_id, ${levelFloor(sql`p.xp`)} AS xp,
                            COALESCE(sum(t.total_ore) FILTER (WHERE t.type = 'sale'), 0)::text AS sold_ore,
                            COALESCE(sum(t.total_ore) FILTER (WHERE t.type = 'purchase'), 0)::text AS bought_ore,
                            sum(t.total_ore)::text AS value_ore, count(*)::int AS trades,
                            min(t.completed_at) AS first_trade_at, max(t.completed_at) AS last_trade_at,
                            COALESCE(sum(t.total_ore) FILTER (WHERE t.completed_at < p.created_at + interval '1 month'), 0)::text AS value_1m_ore,
                            COALESCE(sum(t.total_ore) FILTER (WHERE t.completed_at < p.created_at + interval '3 months'), 0)::text AS value_3m_ore,
                            COALESCE(sum(t.total_ore) FILTER (WHERE t.completed_at < p.created_at + interval '6 months'), 0)::text AS value_6m_ore,
                            COALESCE(sum(t.total_ore) FILTER (WHERE t.completed_at < p.created_at + interval '12 months'), 0)::text AS value_12m_ore
                       FROM trades t JOIN profiles p ON p.user_id = t.user_id WHERE t.status = 'completed' GROUP BY p.user_id, p.xp`),
    ],
    [
      "cohort_months",
      await rows(sql`SELECT month::text, members, traders, value_12m_ore::text AS v12, value_1m_ore::text AS v1 FROM cohort_months
                      WHERE members <> 0 OR traders <> 0 OR value_1m_ore <> 0 OR value_12m_ore <> 0`),
      await rows(sql`SELECT date_trunc('month', p.created_at AT TIME ZONE ${tz})::date::text AS month, count(*)::int AS members,
                            count(v.user_id)::int AS traders, COALESCE(sum(v.value_12m_ore), 0)::text AS v12, COALESCE(sum(v.value_1m_ore), 0)::text AS v1
                       FROM profiles p LEFT JOIN member_values v ON v.user_id = p.user_id GROUP BY 1`),
    ],
    [
      "xp_values",
      await rows(sql`SELECT xp, members, traders, value_ore::text FROM xp_values WHERE members <> 0 OR traders <> 0 OR value_ore <> 0`),
      await rows(sql`SELECT ${levelFloor(sql`p.xp`)} AS xp, count(*)::int AS members, count(v.user_id)::int AS traders, COALESCE(sum(v.value_ore), 0)::text AS value_ore
                       FROM profiles p LEFT JOIN member_values v ON v.user_id = p.user_id GROUP BY 1`),
    ],
  ];
}

async function expectRollupsEqualRecount(): Promise<void> {
  for (const [name, rolled, recounted] of await pairs()) {
    expect({ name, rows: rolled }).toEqual({ name, rows: recounted });
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("money and ledger rollups", () => {
  it("equal a full recount after a random mix of writes, corrections, clawbacks and deletions", async () => {
    const next = random(20_261_127);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const staff = await createStaff(db());
    const members: string[] = [];
    for (let index = 0; index < 6; index += 1) members.push(await createMember(db(), { firstName: `M${index}`, xp: Math.floor(next() * 3_000) }));
    const tradeIds: string[] = [];
    const base = Date.parse("2026-01-10T12:00:00Z");
    const at = () => new Date(base + Math.floor(next() * 90) * 86_400_000 + Math.floor(next() * 86_400_000));

    for (let step = 0; step < 120; step += 1) {
      const action = next();
      const member = pick(members);
      const trade = tradeIds.length > 0 ? pick(tradeIds) : null;
      if (action < 0.3) {
        const type = next() < 0.6 ? "sale" : "purchase";
        const result = await recordTrade(db(), {
          actorUserId: staff,
          now: at(),
          input: {
            memberId: member,
            type,
            items: [{ skinName: "AK-47 | Redline", wear: "FT", price: String(100 + Math.floor(next() * 5_000)) }],
            ...(type === "sale" ? { payoutMethod: "swish" } : { paymentMethod: "Swish" }),
          },
        });
        if (result.ok) tradeIds.push(result.trade.id);
      } else if (action < 0.52 && trade) {
        await completeTrade(db(), { actorUserId: staff, tradeId: trade, now: at() });
      } else if (action < 0.55 && trade) {
        await reverseTrade(db(), { actorUserId: staff, tradeId: trade, now: at() });
      } else if (action < 0.63 && trade) {
        // Cancelling a completed trade claws back the points and XP its completion credited.
        await cancelTrade(db(), { actorUserId: staff, tradeId: trade, now: at() });
      } else if (action < 0.69 && trade) {
        // A correction: another amount and another completion time.
        const ore = 10_000 + Math.floor(next() * 500_000);
        await execCount(db(), sql`UPDATE trades SET base_total_ore = ${ore}, total_ore = ${ore} + level_bonus_ore + bulk_bonus_ore + perk_bonus_ore + purchase_fee_ore,
                                                  completed_at = CASE WHEN completed_at IS NULL THEN NULL ELSE ${at().toISOString()}::timestamptz END,
                                                  created_at = created_at - ${Math.floor(next() * 5)} * interval '1 day'
                                   WHERE id = ${trade}`);
      } else if (action < 0.72 && trade) {
        await execCount(db(), sql`DELETE FROM trades WHERE id = ${trade}`);
        tradeIds.splice(tradeIds.indexOf(trade), 1);
      } else if (action < 0.8) {
        tradeIds.push(await insertTrade(db(), { userId: member, type: pick(["sale", "purchase"] as const), ore: 1_000 + Math.floor(next() * 90_000), completedAt: at().toISOString() }));
      } else if (action < 0.9) {
        const amount = next() < 0.7 ? 1 + Math.floor(next() * 400) : -(1 + Math.floor(next() * 100));
        await execCount(db(), sql`INSERT INTO points_transactions (user_id, amount, reason, created_at) VALUES (${member}, ${amount}, 'test', ${at().toISOString()}::timestamptz)`);
      } else if (action < 0.94) {
        await execCount(db(), sql`UPDATE profiles SET created_at = ${at().toISOString()}::timestamptz WHERE user_id = ${member}`);
      } else if (action < 0.97) {
        await execCount(db(), sql`UPDATE profiles SET xp = ${Math.floor(next() * 20_000)} WHERE user_id = ${member}`);
      } else if (members.length > 3) {
        // A member deleted with their trades and ledger (the cascade bypasses every service).
        await execCount(db(), sql`DELETE FROM "user" WHERE id = ${member}`);
        members.splice(members.indexOf(member), 1);
        const left = await queryRows<{ id: string }>(db(), sql`SELECT id FROM trades`);
        tradeIds.splice(0, tradeIds.length, ...left.map((row) => row.id));
      }
      if (step % 30 === 29) await expectRollupsEqualRecount();
    }
    // Statements that change many profiles at once: a bulk XP change, then the monthly bonus.
    await execCount(db(), sql`UPDATE profiles SET xp = xp + 5000`);
    // One member just under gold, whom the bonus lifts across (a level's row moves).
    await execCount(db(), sql`UPDATE profiles SET xp = 99900 WHERE user_id = ${members[0]!}`);
    expect((await grantMonthlyVipBonus(db(), at())).granted).toBeGreaterThan(1);
    await expectRollupsEqualRecount();
    const [counts] = await queryRows<{ completed: number; clawbacks: number; ledger: number }>(
      db(),
      sql`SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed,
                 (SELECT count(*)::int FROM points_transactions WHERE amount < 0 AND reference_id IS NOT NULL) AS clawbacks,
                 (SELECT count(*)::int FROM points_transactions) AS ledger FROM trades`,
    );
    // The mix did exercise what it claims to.
    expect(counts!.completed).toBeGreaterThan(5);
    expect(counts!.clawbacks).toBeGreaterThan(0);
    expect(counts!.ledger).toBeGreaterThan(5);
    await expectRollupsEqualRecount();

    // The Transactions list's totals come from daily_trade_totals for these filters: equal to the trades summed.
    const filters: TradeListQuery[] = [{}, { type: "sale" }, { status: "completed" }, { from: "2026-02-01", to: "2026-03-15" }, { type: "purchase", status: "pending", from: "2026-01-20" }];
    for (const filter of filters) {
      const from = filter.from ? stockholmDayStart(filter.from)!.toISOString() : null;
      const to = filter.to ? stockholmDayEnd(filter.to)!.toISOString() : null;
      const [scanned] = await queryRows<Record<string, string>>(
        db(),
        sql`SELECT count(*)::int AS count, COALESCE(sum(base_total_ore), 0)::int AS "baseTotalOre", COALESCE(sum(total_ore), 0)::int AS "totalOre",
                   COALESCE(sum(level_bonus_ore + bulk_bonus_ore + perk_bonus_ore), 0)::int AS "bonusOre", COALESCE(sum(purchase_fee_ore), 0)::int AS "feeOre",
                   COALESCE(sum(points_credited), 0)::int AS "pointsCredited", COALESCE(sum(xp_credited), 0)::int AS "xpCredited"
              FROM trades
             WHERE (${filter.type ?? null}::text IS NULL OR type = ${filter.type ?? null}) AND (${filter.status ?? null}::text IS NULL OR status = ${filter.status ?? null})
               AND (${from}::timestamptz IS NULL OR created_at >= ${from}::timestamptz) AND (${to}::timestamptz IS NULL OR created_at < ${to}::timestamptz)`,
      );
      expect((scanned as unknown as { count: number }).count).toBeGreaterThan(0);
      expect({ filter, totals: (await listTrades(db(), filter)).totals }).toEqual({ filter, totals: scanned });
    }
  });
});

describe("view rollups", () => {
  const NOW = new Date("2026-03-20T09:00:00Z");

  it("count each finished day once however often the job runs, and Analytics shows the same figures", async () => {
    const next = random(7);
    for (let index = 0; index < 40; index += 1) {
      const seen = new Date(NOW.getTime() - Math.floor(next() * 10 * 86_400_000));
      const session = `rollup-session-${index}`;
      await execCount(
        db(),
        sql`INSERT INTO visitor_sessions (session_id, referrer, device, utm_source, is_online, first_seen_at, last_seen_at)
            VALUES (${session}, ${next() < 0.5 ? null : "google.com"}, ${next() < 0.5 ? "mobile" : "desktop"}, ${next() < 0.3 ? "tiktok" : null},
                    false, ${seen.toISOString()}::timestamptz, ${seen.toISOString()}::timestamptz)`,
      );
      for (let view = 0; view < 3; view += 1) {
        await execCount(
          db(),
          sql`INSERT INTO page_views (session_id, path, created_at)
              VALUES (${session}, ${`/sida-${Math.floor(next() * 4)}`}, ${new Date(seen.getTime() + view * 3_600_000).toISOString()}::timestamptz)`,
        );
      }
    }
    const live = await loadAnalytics(db(), { period: 30, now: NOW });

    const first = await rollUpViews(db(), NOW);
    expect(first.days).toBeGreaterThanOrEqual(9);
    const snapshot = async () => ({
      views: await queryRows(db(), sql`SELECT day::text, path, views FROM daily_page_views ORDER BY day, path`),
      visits: await queryRows(db(), sql`SELECT day::text, device, referrer, utm_source, visits FROM daily_visits ORDER BY day, device, referrer, utm_source`),
    });
    const once = await snapshot();
    expect(await rollUpViews(db(), NOW)).toEqual({ days: 0 });
    expect(await snapshot()).toEqual(once);

    // Every rolled-up day equals its raw rows, and the tab's figures did not move.
    const [raw] = await queryRows<{ views: number }>(
      db(),
      sql`SELECT count(*)::int AS views FROM page_views WHERE created_at < ${"2026-03-20T00:00:00+01:00"}::timestamptz`,
    );
    expect(once.views.reduce((sum: number, row) => sum + Number((row as { views: number }).views), 0)).toBe(raw!.views);
    expect(await loadAnalytics(db(), { period: 30, now: NOW })).toEqual(live);
    expect(live.totals.pageViews).toBe(120);
  });
});
