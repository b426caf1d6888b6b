import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LEVEL_TEXT } from "~/modules/loyalty/loyalty-constants";
import { purchaseItem } from "~/modules/shop/shop.server";
import { completeTrade, recordTrade } from "~/modules/trades/trades.server";
import { point_shop_items } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { grantPerk } from "./perks.server";
import { getLoyaltySummary, listPointsHistory, listXpHistory, loadProfileLoyalty } from "./profile-loyalty.server";
import { createMember, createStaff } from "./test-fixtures";

let database: TestDatabase;
const db = () => database.db;
let staffId: string;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  staffId = await createStaff(db());
});
afterAll(async () => {
  await database?.close();
});

async function trade(memberId: string, type: "sale" | "purchase", price: string, complete: boolean, at: Date) {
  const result = await recordTrade(db(), {
    actorUserId: staffId,
    input: {
      memberId,
      type,
      items: [{ skinName: "M4A4 | Howl", wear: "MW", price }],
      payoutMethod: "crypto",
      paymentMethod: "Swish",
    },
    now: at,
  });
  if (!result.ok) throw new Error(result.message);
  if (complete) await completeTrade(db(), { actorUserId: staffId, tradeId: result.trade.id, now: at });
  return result.trade;
}

describe("a new member's summary", () => {
  it("is Bronze with no statistics and no perks", async () => {
    const memberId = await createMember(db());
    const summary = await getLoyaltySummary(db(), memberId);
    expect(summary).toMatchObject({
      points: 0,
      xp: 0,
      progress: { level: { id: "bronze" }, next: { id: "silver" }, progressPercent: 0, xpLeft: 5_000 },
      statistics: { totalSoldOre: 0, totalBoughtOre: 0, lastActivityAt: null },
      perks: [],
    });
  });

  it("is null for a user without a profile", async () => {
    expect(await getLoyaltySummary(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("an active member's profile", () => {
  let memberId: string;

  beforeAll(async () => {
    memberId = await createMember(db(), { xp: 600_000 });
    await trade(memberId, "sale", "1000", true, new Date("2025-05-01T10:00:00Z"));
    await trade(memberId, "sale", "250,50", true, new Date("2025-05-02T10:00:00Z"));
    await trade(memberId, "sale", "9999", false, new Date("2025-05-03T10:00:00Z"));
    await trade(memberId, "purchase", "400", true, new Date("2025-05-04T10:00:00Z"));
  });

  it("sums completed sales and purchases only, and knows the last activity", async () => {
    const summary = await getLoyaltySummary(db(), memberId);
    expect(summary?.statistics).toMatchObject({
      totalSoldOre: 1_250_50,
      totalBoughtOre: 400_00,
      completedSales: 2,
      completedPurchases: 1,
    });
    expect(summary?.statistics.lastActivityAt).toBeInstanceOf(Date);
    expect(summary?.progress).toMatchObject({ maxReached: true, label: MAX_LEVEL_TEXT, progressPercent: 100 });
    // 2,000 + 501 for the sales, 400 for the purchase
    expect(summary?.points).toBe(2_901);
  });

  it("pages the points and XP history newest first", async () => {
    const first = await listPointsHistory(db(), memberId, { pageSize: 2 });
    expect(first.entries.map((entry) => entry.amount)).toEqual([400, 501]);
    expect(first.hasMore).toBe(true);
    const second = await listPointsHistory(db(), memberId, { pageSize: 2, page: 2 });
    expect(second.entries.map((entry) => entry.amount)).toEqual([2_000]);
    expect(second.hasMore).toBe(false);
    const xp = await listXpHistory(db(), memberId, { pageSize: 50 });
    expect(xp.entries.map((entry) => entry.amount)).toEqual([800, 501, 2_000, 600_000]);
  });

  it("loads trades with items and status, orders and perks for /profile in one call", async () => {
    const [item] = await db()
      .insert(point_shop_items)
      .values({ name: "Klistermärke", point_cost: 100, category: "other" })
      .returning();
    await purchaseItem(db(), memberId, item!.id, { mail: false });
    await db().transaction((tx) =>
      grantPerk(tx, {
        userId: memberId,
        effect: { kind: "points_multiplier", multiplier: 2, days: 7 },
        sourceOrderId: null,
      }),
    );
    const profile = await loadProfileLoyalty(db(), memberId);
    expect(profile?.trades.trades.map((t) => [t.type, t.status, t.items[0]?.skinName])).toEqual([
      ["purchase", "completed", "M4A4 | Howl"],
      ["sale", "pending", "M4A4 | Howl"],
      ["sale", "completed", "M4A4 | Howl"],
      ["sale", "completed", "M4A4 | Howl"],
    ]);
    expect(profile?.orders.orders).toEqual([
      expect.objectContaining({ itemName: "Klistermärke", status: "pending", pointsSpent: 100 }),
    ]);
    expect(profile?.pointsHistory.entries[0]).toMatchObject({
      amount: -100,
      reason: "Point shop purchase: Klistermärke",
    });
    expect(profile?.summary.perks).toEqual([expect.objectContaining({ label: "Dubbla poäng", active: true })]);
    expect(profile?.summary.pointsMultiplier).toBe(2);
  });
});
