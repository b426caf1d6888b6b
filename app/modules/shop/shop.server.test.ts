import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileLedger } from "~/modules/loyalty/ledger.server";
import { grantPerk } from "~/modules/loyalty/perks.server";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { seed, SHOP_ITEM_SEEDS } from "~/platform/db/seed";
import {
  email_outbox,
  member_perks,
  point_shop_items,
  point_shop_orders,
  points_transactions,
  profiles,
} from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { SHOP_MESSAGES } from "./shop-rules";
import { listMemberOrders, listMemberPerks, listShopItems, purchaseItem } from "./shop.server";

let database: TestDatabase;
const db = () => database.db;
const onPostgres = Boolean(process.env.DATABASE_URL);

const seeded = (name: string) => {
  const item = SHOP_ITEM_SEEDS.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`no seeded item ${name}`);
  return item;
};
const hoodie = seeded("Skinhamnen-hoodie");
const doublePoints = seeded("Dubbla poäng i 7 dagar");
const saleBonus = seeded("+2 % extra på nästa försäljning");
const silverPerks = seeded("Silver-förmåner i 30 dagar");
const goldPerks = seeded("Gold-förmåner i 30 dagar");
const platinumDeal = SHOP_ITEM_SEEDS.find((item) => item.min_level === "platinum")!;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  await seed(db());
});
afterAll(async () => {
  await database?.close();
});

async function pointsOf(userId: string) {
  const [row] = await db().select({ points: profiles.points }).from(profiles).where(eq(profiles.user_id, userId));
  return row!.points;
}

async function addItem(values: Partial<typeof point_shop_items.$inferInsert> = {}) {
  const [row] = await db()
    .insert(point_shop_items)
    .values({
      name: `Testbelöning ${crypto.randomUUID().slice(0, 8)}`,
      description: "Test",
      point_cost: 100,
      category: "other",
      ...values,
    })
    .returning();
  return row!;
}

describe("listing the shop", () => {
  it("shows a visitor the active items by cost, with level-gated ones locked", async () => {
    await addItem({ name: "Inaktiv", is_active: false, point_cost: 1 });
    const listing = await listShopItems(db());
    expect(listing.balance).toBeNull();
    const costs = listing.items.map((item) => item.pointCost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(listing.items.some((item) => item.name === "Inaktiv")).toBe(false);
    const deal = listing.items.find((item) => item.id === platinumDeal.id)!;
    expect(deal).toMatchObject({ minLevel: "platinum", locked: true, categoryLabel: "VIP" });
    expect(listing.items.find((item) => item.id === doublePoints.id)).toMatchObject({
      effect: { kind: "points_multiplier", multiplier: 2, days: 7 },
      effectLabel: "Dubbla poäng i 7 dagar",
    });
  });

  it("shows a member their balance, progress and what is affordable", async () => {
    const memberId = await createMember(db(), { points: 1_000 });
    const listing = await listShopItems(db(), { userId: memberId });
    expect(listing.balance).toBe(1_000);
    expect(listing.level?.id).toBe("bronze");
    const cheap = listing.items.find((item) => item.id === hoodie.id)!;
    expect(cheap).toMatchObject({ affordable: true, pointsShort: 0, progressPercent: 100 });
    const dear = listing.items.find((item) => item.id === doublePoints.id)!;
    expect(dear).toMatchObject({ affordable: false, pointsShort: 4_000, progressPercent: 20 });
  });

  it("unlocks a Platinum item for a Platinum member", async () => {
    const memberId = await createMember(db(), { xp: 500_000 });
    const listing = await listShopItems(db(), { userId: memberId });
    expect(listing.items.find((item) => item.id === platinumDeal.id)?.locked).toBe(false);
  });
});

describe("buying an item", () => {
  it("creates a pending order, debits the points with the purchase reason and mails a confirmation", async () => {
    const memberId = await createMember(db(), { points: 1_500, email: "kund@example.se", firstName: "Kim" });
    const result = await purchaseItem(db(), memberId, hoodie.id);
    expect(result).toMatchObject({
      ok: true,
      balance: 500,
      perk: null,
      order: { itemName: hoodie.name, pointsSpent: 1_000, quantity: 1, status: "pending" },
    });
    if (!result.ok) return;
    const [row] = await db()
      .select()
      .from(points_transactions)
      .where(eq(points_transactions.reference_id, result.order.id));
    expect(row).toMatchObject({ user_id: memberId, amount: -1_000, reason: "Point shop purchase: Skinhamnen-hoodie" });
    const [item] = await db().select().from(point_shop_items).where(eq(point_shop_items.id, hoodie.id));
    expect(item?.stock_quantity).toBe(hoodie.stock_quantity! - 1);
    const mails = await db().select().from(email_outbox).where(eq(email_outbox.to_address, "kund@example.se"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: "shopOrderConfirmation",
      subject: "Orderbekräftelse: Skinhamnen-hoodie",
    });
    expect(mails[0]?.text).toContain("Tack för din beställning, Kim!");
    expect(mails[0]?.text).toContain(result.order.id);
    const orders = await listMemberOrders(db(), memberId);
    expect(orders.orders.map((order) => order.id)).toEqual([result.order.id]);
  });

  it("never mails a placeholder address", async () => {
    const memberId = await createMember(db(), {
      points: 1_000,
      email: "76561198000000009@steam.skinhamnen.invalid",
      emailIsPlaceholder: true,
    });
    expect((await purchaseItem(db(), memberId, hoodie.id)).ok).toBe(true);
    const mails = await db()
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.to_address, "76561198000000009@steam.skinhamnen.invalid"));
    expect(mails).toHaveLength(0);
  });

  it("refuses a member short of points and changes nothing", async () => {
    const memberId = await createMember(db(), { points: 999 });
    const result = await purchaseItem(db(), memberId, hoodie.id);
    expect(result).toEqual({ ok: false, code: "insufficient_points", message: SHOP_MESSAGES.insufficientPoints });
    expect(await pointsOf(memberId)).toBe(999);
    expect(await db().select().from(point_shop_orders).where(eq(point_shop_orders.user_id, memberId))).toHaveLength(0);
  });

  it("refuses an inactive, unknown or malformed item as gone", async () => {
    const memberId = await createMember(db(), { points: 1_000 });
    const inactive = await addItem({ is_active: false });
    for (const id of [inactive.id, "00000000-0000-4000-8000-000000000000", "x'; --", ["a"], 42]) {
      expect(await purchaseItem(db(), memberId, id)).toEqual({
        ok: false,
        code: "item_gone",
        message: "Belöningen finns inte längre.",
      });
    }
    expect(await pointsOf(memberId)).toBe(1_000);
  });

  it("refuses a sold-out item", async () => {
    const memberId = await createMember(db(), { points: 1_000 });
    const item = await addItem({ stock_quantity: 0 });
    expect(await purchaseItem(db(), memberId, item.id)).toEqual({
      ok: false,
      code: "sold_out",
      message: "Belöningen är slutsåld.",
    });
  });

  it("refuses a Platinum item to a Gold member on the server, even with a temporary Gold perk", async () => {
    const memberId = await createMember(db(), { points: 30_000, xp: 100_000 });
    const result = await purchaseItem(db(), memberId, platinumDeal.id);
    expect(result).toEqual({ ok: false, code: "level_required", message: "Belöningen kräver nivån Platinum." });
    expect(await pointsOf(memberId)).toBe(30_000);
    const platinum = await createMember(db(), { points: 30_000, xp: 500_000 });
    expect((await purchaseItem(db(), platinum, platinumDeal.id)).ok).toBe(true);
  });

  it("lets a temporary level open a gate up to that level", async () => {
    const memberId = await createMember(db(), { points: 500 });
    const goldOnly = await addItem({ min_level: "gold" });
    expect((await purchaseItem(db(), memberId, goldOnly.id)).ok).toBe(false);
    await db().transaction((tx) =>
      grantPerk(tx, {
        userId: memberId,
        effect: { kind: "temporary_level", level: "gold", days: 30 },
        sourceOrderId: null,
      }),
    );
    expect((await purchaseItem(db(), memberId, goldOnly.id)).ok).toBe(true);
  });
});

describe("items with an effect create the perk", () => {
  it("'Dubbla poäng i 7 dagar' starts double points for 7 days, tied to the order", async () => {
    const now = new Date("2025-06-01T12:00:00Z");
    const memberId = await createMember(db(), { points: 5_000 });
    const result = await purchaseItem(db(), memberId, doublePoints.id, { now });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.perk).toMatchObject({
      kind: "points_multiplier",
      multiplier: 2,
      startsAt: now,
      expiresAt: new Date("2025-06-08T12:00:00Z"),
    });
    const [row] = await db().select().from(member_perks).where(eq(member_perks.source_order_id, result.order.id));
    expect(row?.user_id).toBe(memberId);
    const perks = await listMemberPerks(db(), memberId, new Date("2025-06-02T00:00:00Z"));
    expect(perks).toEqual([
      expect.objectContaining({ label: "Dubbla poäng", active: true, expiresAt: new Date("2025-06-08T12:00:00Z") }),
    ]);
    expect(await listMemberPerks(db(), memberId, new Date("2025-06-09T00:00:00Z"))).toEqual([]);
  });

  it("'+2 % extra på nästa försäljning' and 'Silver-förmåner i 30 dagar' create their perks", async () => {
    const memberId = await createMember(db(), { points: 11_500 });
    const bonus = await purchaseItem(db(), memberId, saleBonus.id);
    const silver = await purchaseItem(db(), memberId, silverPerks.id);
    expect(bonus).toMatchObject({ ok: true, perk: { kind: "sale_bonus", bonusPercent: 2, expiresAt: null } });
    expect(silver).toMatchObject({ ok: true, perk: { kind: "temporary_level", level: "silver" } });
    const labels = (await listMemberPerks(db(), memberId)).map((perk) => perk.label).sort();
    expect(labels).toEqual(["+2 % extra på nästa försäljning", "Silver-förmåner"]);
  });

  it("refuses temporary Silver to a member already Silver by XP, and lets a Silver member buy Gold", async () => {
    const memberId = await createMember(db(), { points: 60_000, xp: 5_000 });
    expect(await purchaseItem(db(), memberId, silverPerks.id)).toMatchObject({ ok: false, code: "already_has_level" });
    expect(await purchaseItem(db(), memberId, goldPerks.id)).toMatchObject({ ok: true, perk: { level: "gold" } });
    expect(await pointsOf(memberId)).toBe(10_000);
  });
});

describe(`concurrent purchases${onPostgres ? " (PostgreSQL)" : ""}`, () => {
  it("sells a 1-stock item exactly once when 200 members with enough points buy it at once", async () => {
    const item = await addItem({ stock_quantity: 1, point_cost: 100 });
    const members: string[] = [];
    for (let i = 0; i < 200; i++) members.push(await createMember(db(), { points: 100 }));
    const results = await Promise.all(members.map((memberId) => purchaseItem(db(), memberId, item.id)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.code === "sold_out")).toBe(
      true,
    );
    const [orders] = await db()
      .select({ n: count() })
      .from(point_shop_orders)
      .where(eq(point_shop_orders.item_id, item.id));
    expect(orders?.n).toBe(1);
    const [stock] = await db()
      .select({ stock: point_shop_items.stock_quantity })
      .from(point_shop_items)
      .where(eq(point_shop_items.id, item.id));
    expect(stock?.stock).toBe(0);
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("lets one member with points for exactly 3 buy exactly 3 of 200 simultaneous purchases", async () => {
    const item = await addItem({ stock_quantity: null, point_cost: 100 });
    const memberId = await createMember(db(), { points: 300 });
    const results = await Promise.all(Array.from({ length: 200 }, () => purchaseItem(db(), memberId, item.id)));
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(
      results.filter((result) => !result.ok).every((result) => !result.ok && result.code === "insufficient_points"),
    ).toBe(true);
    const [orders] = await db()
      .select({ n: count() })
      .from(point_shop_orders)
      .where(and(eq(point_shop_orders.item_id, item.id), eq(point_shop_orders.user_id, memberId)));
    expect(orders?.n).toBe(3);
    expect(await pointsOf(memberId)).toBe(0);
    expect(await reconcileLedger(db())).toEqual([]);
  });
});
