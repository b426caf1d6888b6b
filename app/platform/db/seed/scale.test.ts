/**
 * The scale dataset's invariants (docs/decisions/038-scale-dataset-and-exports.md), on a small
 * scale factor. PostgreSQL only: the seeder is for PostgreSQL (DATABASE_URL=… npx vitest run …).
 */
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { levelForXp } from "~/modules/loyalty/levels";
import { reconcileLedger } from "~/modules/loyalty/ledger.server";
import { grantMonthlyVipBonus } from "~/modules/loyalty/monthly-bonus.server";
import { pointsForTrade, tradeExtras, xpForTrade } from "~/modules/trades/trade-rules";
import type { TradeType } from "~/modules/trades/trades-constants";
import { queryRows } from "../client.server";
import { createTestDatabase, type TestDatabase } from "../test-db";
import { SCALE_ADMIN, SCALE_OLDEST_MEMBER, SCALE_TABLES, seedScale, type ScaleCounts } from "./scale";

const onPostgres = Boolean(process.env.DATABASE_URL);
let database: TestDatabase;
let counts: ScaleCounts;
const db = () => database.db;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  counts = await seedScale(db(), { scale: 0.001 });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe.skipIf(!onPostgres)("seedScale (scale 0.001)", () => {
  it("fills every table it reports, in proportion to the scale", () => {
    for (const table of SCALE_TABLES) expect(counts[table], table).toBeGreaterThan(0);
    expect(counts.profiles).toBe(201); // 200 members and the admin
    expect(counts.trades).toBe(300);
    expect(counts.page_views).toBe(1_500);
    expect(counts.blog_post_views).toBe(1_800);
    expect(counts.points_transactions).toBeGreaterThanOrEqual(2_000);
  });

  it("keeps each member's points and XP equal to the sums of their ledger rows", async () => {
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("has members at every level, and gives each trade its member's level, extras and credits by the rules", async () => {
    const levels = await queryRows<{ xp: number }>(db(), sql`SELECT xp FROM profiles`);
    expect(new Set(levels.map((row) => levelForXp(row.xp).id))).toEqual(new Set(["bronze", "silver", "gold", "platinum"]));

    const trades = await queryRows<{
      type: TradeType; status: string; base: string; level: string; xp: number; level_bonus_percent: number; level_bonus_ore: string;
      bulk_bonus_percent: number; bulk_bonus_ore: string; purchase_fee_percent: number; purchase_fee_ore: string; total: string;
      points_credited: number; xp_credited: number;
    }>(
      db(),
      sql`SELECT t.type, t.status, t.base_total_ore AS base, t.level_at_recording AS level, p.xp, t.level_bonus_percent, t.level_bonus_ore,
                 t.bulk_bonus_percent, t.bulk_bonus_ore, t.purchase_fee_percent, t.purchase_fee_ore, t.total_ore AS total,
                 t.points_credited, t.xp_credited
            FROM trades t JOIN profiles p USING (user_id)`,
    );
    for (const trade of trades) {
      const level = levelForXp(trade.xp);
      expect(trade.level).toBe(level.id);
      const extras = tradeExtras({ type: trade.type, baseOre: Number(trade.base), level });
      expect({
        levelBonusPercent: trade.level_bonus_percent, levelBonusOre: Number(trade.level_bonus_ore),
        bulkBonusPercent: trade.bulk_bonus_percent, bulkBonusOre: Number(trade.bulk_bonus_ore),
        purchaseFeePercent: trade.purchase_fee_percent, purchaseFeeOre: Number(trade.purchase_fee_ore), totalOre: Number(trade.total),
      }).toEqual({
        levelBonusPercent: extras.levelBonusPercent, levelBonusOre: extras.levelBonusOre,
        bulkBonusPercent: extras.bulkBonusPercent, bulkBonusOre: extras.bulkBonusOre,
        purchaseFeePercent: extras.purchaseFeePercent, purchaseFeeOre: extras.purchaseFeeOre, totalOre: extras.totalOre,
      });
      const completed = trade.status === "completed";
      expect(trade.points_credited).toBe(completed ? pointsForTrade(trade.type, Number(trade.base)) : 0);
      expect(trade.xp_credited).toBe(completed ? xpForTrade(trade.type, Number(trade.base)) : 0);
    }
    // Each completed trade's credits are one points row and one XP row under its keys.
    const [credited] = await queryRows<{ missing: string }>(
      db(),
      sql`SELECT count(*) AS missing FROM trades t
           WHERE t.status = 'completed' AND (
             NOT EXISTS (SELECT 1 FROM points_transactions pt WHERE pt.idempotency_key = 'trade:' || t.id || ':points' AND pt.amount = t.points_credited)
             OR NOT EXISTS (SELECT 1 FROM xp_transactions x WHERE x.idempotency_key = 'trade:' || t.id || ':xp' AND x.amount = t.xp_credited))`,
    );
    expect(Number(credited!.missing)).toBe(0);
  });

  it("writes through every foreign key and check (none skipped or left unvalidated)", async () => {
    const [constraints] = await queryRows<{ unvalidated: string; foreign: string }>(
      db(),
      sql`SELECT count(*) FILTER (WHERE NOT convalidated) AS unvalidated, count(*) FILTER (WHERE contype = 'f') AS foreign
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public'`,
    );
    expect(Number(constraints!.unvalidated)).toBe(0);
    expect(Number(constraints!.foreign)).toBeGreaterThan(20);
    const [disabled] = await queryRows<{ n: string }>(
      db(),
      sql`SELECT count(*) AS n FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND t.tgenabled = 'D'`,
    );
    expect(Number(disabled!.n)).toBe(0);
    // The referral-code trigger ran for every member's code; every referral names an existing referrer or influencer.
    const [orphans] = await queryRows<{ codes: string; referrals: string }>(
      db(),
      sql`SELECT (SELECT count(*) FROM profiles p WHERE p.referral_code IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM referral_codes c WHERE c.code = p.referral_code AND c.user_id = p.user_id)) AS codes,
                 (SELECT count(*) FROM referrals r JOIN profiles f ON f.user_id = r.friend_id
                   WHERE (r.referrer_id IS NULL) = (r.influencer_id IS NULL)
                      OR f.referred_by IS DISTINCT FROM r.referrer_id OR f.referred_by_influencer_id IS DISTINCT FROM r.influencer_id) AS referrals`,
    );
    expect(orphans).toEqual({ codes: expect.anything(), referrals: expect.anything() });
    expect([Number(orphans!.codes), Number(orphans!.referrals)]).toEqual([0, 0]);
  });

  it("gives member 1 the oldest and longest history, and both accounts their printed passwords", async () => {
    const [oldest] = await queryRows<{ email: string; first: string; rows: string; most: string }>(
      db(),
      sql`SELECT p.email, (SELECT min(created_at) FROM points_transactions WHERE user_id = p.user_id)::text AS first,
                 (SELECT count(*) FROM points_transactions WHERE user_id = p.user_id) AS rows,
                 (SELECT max(n) FROM (SELECT count(*) AS n FROM points_transactions GROUP BY user_id) c) AS most
            FROM profiles p ORDER BY p.created_at LIMIT 1`,
    );
    expect(oldest!.email).toBe(SCALE_OLDEST_MEMBER.email);
    expect(oldest!.rows).toBe(oldest!.most);
    expect(Date.now() - new Date(oldest!.first).getTime()).toBeGreaterThan(700 * 86_400_000);
    const passwords = await queryRows<{ email: string; password: string; admin: boolean }>(
      db(),
      sql`SELECT u.email, a.password, EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') AS admin
            FROM "user" u JOIN account a ON a.user_id = u.id AND a.provider_id = 'credential' ORDER BY u.email`,
    );
    expect(passwords.map((row) => [row.email, row.admin])).toEqual([
      [SCALE_OLDEST_MEMBER.email, false],
      [SCALE_ADMIN.email, true],
    ]);
    const byEmail = new Map(passwords.map((row) => [row.email, row.password]));
    expect(await verifyPassword({ hash: byEmail.get(SCALE_ADMIN.email)!, password: SCALE_ADMIN.password })).toBe(true);
    expect(await verifyPassword({ hash: byEmail.get(SCALE_OLDEST_MEMBER.email)!, password: SCALE_OLDEST_MEMBER.password })).toBe(true);
    expect(await verifyPassword({ hash: await hashPassword("x"), password: SCALE_ADMIN.password })).toBe(false);
  });

  it("leaves this month's VIP bonus to the job, which keeps the ledger invariant", async () => {
    const result = await grantMonthlyVipBonus(db());
    expect(result.granted).toBeGreaterThan(0);
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("refuses a database that already has members", async () => {
    await expect(seedScale(db(), { scale: 0.001 })).rejects.toThrow(/already has members/);
  });
});
