import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/platform/db/client.server";
import { profiles, xp_transactions } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { REALTIME_CHANNEL, type RealtimeEvent } from "~/platform/realtime/events";
import { reconcileLedger } from "./ledger.server";
import { grantMonthlyVipBonus, monthlyBonusKey } from "./monthly-bonus.server";
import { createMember } from "./test-fixtures";
import { LEVELS } from "./loyalty-constants";
import { levelForXp } from "./levels";

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function xpOf(userId: string) {
  const [row] = await db().select({ xp: profiles.xp }).from(profiles).where(eq(profiles.user_id, userId));
  return row!.xp;
}

describe("grantMonthlyVipBonus (docs/rules/loyalty.md#monthly-bonus: Silver 500, Gold 2,000, Platinum 10,000)", () => {
  let bronze: string;
  let silver: string;
  let gold: string;
  let platinum: string;
  let almostGold: string;

  beforeAll(async () => {
    bronze = await createMember(db(), { xp: 4_999 });
    silver = await createMember(db(), { xp: 5_000 });
    gold = await createMember(db(), { xp: 100_000 });
    platinum = await createMember(db(), { xp: 600_000 });
    // 98,500 + 500 would reach Gold after the bonus; the bonus is Silver's, read before it is added.
    almostGold = await createMember(db(), { xp: 99_500 });
  });

  it("grants each member their level's bonus once in a month, keyed by month and member", async () => {
    const june = new Date("2025-06-15T10:00:00Z");
    const first = await grantMonthlyVipBonus(db(), june);
    expect(first.month).toBe("2025-06");
    expect(await xpOf(bronze)).toBe(4_999);
    expect(await xpOf(silver)).toBe(5_500);
    expect(await xpOf(gold)).toBe(102_000);
    expect(await xpOf(platinum)).toBe(610_000);
    expect(await xpOf(almostGold)).toBe(100_000);
    const [row] = await db()
      .select()
      .from(xp_transactions)
      .where(eq(xp_transactions.idempotency_key, monthlyBonusKey("2025-06", gold)));
    expect(row).toMatchObject({ user_id: gold, amount: 2_000, reason: "Månatlig VIP-bonus (Gold)" });
    expect(first.granted).toBe(4);
    expect(first.xp).toBe(500 + 2_000 + 10_000 + 500);
  });

  it("grants nothing when run again in the same month", async () => {
    const again = await grantMonthlyVipBonus(db(), new Date("2025-06-30T21:59:00Z"));
    expect(again).toEqual({ month: "2025-06", granted: 0, xp: 0 });
    expect(await xpOf(silver)).toBe(5_500);
  });

  it("grants again the next month, at the level reached since", async () => {
    const july = await grantMonthlyVipBonus(db(), new Date("2025-06-30T22:30:00Z"));
    expect(july.month).toBe("2025-07");
    expect(await xpOf(silver)).toBe(6_000);
    // Reached Gold with June's bonus, so July pays Gold's.
    expect(await xpOf(almostGold)).toBe(102_000);
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("grants once when two runs race for the same month", async () => {
    const member = await createMember(db(), { xp: 5_000 });
    const august = new Date("2025-08-10T10:00:00Z");
    const runs = await Promise.all([grantMonthlyVipBonus(db(), august), grantMonthlyVipBonus(db(), august)]);
    expect(runs.reduce((sum, run) => sum + run.granted, 0)).toBe(5);
    expect(await xpOf(member)).toBe(5_500);
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("announces each grant to the member's tabs as an XP change", async () => {
    const member = await createMember(db(), { xp: 100_000 });
    const events: RealtimeEvent[] = [];
    const listening = database.listen(REALTIME_CHANNEL, {
      onPayload: (payload) => {
        const event = JSON.parse(payload) as RealtimeEvent;
        if ("userId" in event && event.userId === member) events.push(event);
      },
      onReconnect: () => {},
    });
    await listening.ready();
    try {
      await grantMonthlyVipBonus(db(), new Date("2025-09-10T10:00:00Z"));
      await expect.poll(() => events.length, { timeout: 5_000 }).toBe(1);
      const [row] = await db()
        .select()
        .from(xp_transactions)
        .where(eq(xp_transactions.idempotency_key, monthlyBonusKey("2025-09", member)));
      expect(events[0]).toEqual({ type: "xp", userId: member, rowId: row!.id, amount: 2_000, xp: 102_000 });
    } finally {
      await listening.close();
    }
  });
});

describe("the bonus on random members equals a recount member by member", () => {
  it("grants each member who had not yet had the month's bonus their level's, read from the XP before it", async () => {
    // A fixed seed: members at every level and on each boundary, some already granted this month.
    let seed = 20_311;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const month = new Date("2031-03-15T10:00:00Z");
    const boundaries = LEVELS.flatMap((level) => [level.minXP - 1, level.minXP]).filter((xp) => xp >= 0);
    for (let i = 0; i < 60; i += 1) {
      const xp = i < boundaries.length ? boundaries[i]! : Math.floor(next() ** 3 * 700_000);
      const member = await createMember(db(), { xp });
      if (next() < 0.2) {
        await db().insert(xp_transactions).values({ user_id: member, amount: 1, reason: "Tidigare", idempotency_key: monthlyBonusKey("2031-03", member) });
        await db().update(profiles).set({ xp: sql`${profiles.xp} + 1` }).where(eq(profiles.user_id, member));
      }
    }
    const before = await queryRows<{ user_id: string; xp: number; granted: boolean }>(
      db(),
      sql`SELECT p.user_id, p.xp, EXISTS (SELECT 1 FROM xp_transactions x WHERE x.idempotency_key = ${monthlyBonusKey("2031-03", "")} || p.user_id::text) AS granted
            FROM profiles p`,
    );
    const expected = new Map(before.map((row) => [row.user_id, row.granted ? 0 : levelForXp(row.xp).monthlyBonusXP]));

    const result = await grantMonthlyVipBonus(db(), month);

    const after = await queryRows<{ user_id: string; xp: number }>(db(), sql`SELECT user_id, xp FROM profiles`);
    const byMember = new Map(before.map((row) => [row.user_id, row.xp]));
    expect(Object.fromEntries(after.map((row) => [row.user_id, row.xp - byMember.get(row.user_id)!]))).toEqual(Object.fromEntries(expected));
    const paid = [...expected.values()].filter((amount) => amount > 0);
    expect(result).toEqual({ month: "2031-03", granted: paid.length, xp: paid.reduce((sum, amount) => sum + amount, 0) });
    expect(paid.length).toBeGreaterThan(20);
    expect(await reconcileLedger(db())).toEqual([]);
  });
});

describe("the storage the bonus's writes need (docs/decisions/038-scale-dataset-and-exports.md)", () => {
  it("leaves room on each page of profiles and member_values for a changed row's new version", async () => {
    const rows = await queryRows<{ relname: string; reloptions: string[] | null }>(
      db(),
      sql`SELECT relname, reloptions FROM pg_class WHERE relname IN ('profiles', 'member_values') AND relkind = 'r' ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: "member_values", reloptions: ["fillfactor=80"] },
      { relname: "profiles", reloptions: ["fillfactor=60"] },
    ]);
  });
});
