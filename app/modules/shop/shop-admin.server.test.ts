import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileLedger } from "~/modules/loyalty/ledger.server";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { audit_log, email_outbox, point_shop_items, points_transactions, profiles } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { parseShopOrderListQuery, shopItemSchema } from "./shop-admin-schema";
import {
  cancelOrder,
  completeOrder,
  deleteItem,
  getAdminItem,
  listAdminItems,
  listOrders,
  saveItem,
  setItemActive,
  SHOP_ADMIN_ERRORS,
} from "./shop-admin.server";
import { listShopItems, purchaseItem } from "./shop.server";

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

const values = (overrides: Record<string, unknown> = {}) =>
  shopItemSchema.parse({
    name: `Keps ${crypto.randomUUID().slice(0, 6)}`,
    description: "Svart keps",
    pointCost: "300",
    category: "other",
    stockQuantity: "2",
    minLevel: "",
    isActive: "on",
    ...overrides,
  });

async function newItem(overrides: Record<string, unknown> = {}) {
  const result = await saveItem(db(), { actorUserId: staffId, values: values(overrides) });
  if (!result.ok) throw new Error(result.message);
  return result.item;
}

async function pointsOf(userId: string) {
  const [row] = await db().select({ points: profiles.points }).from(profiles).where(eq(profiles.user_id, userId));
  return row!.points;
}

async function stockOf(itemId: string) {
  return (await getAdminItem(db(), itemId))!.stockQuantity;
}

async function orderOf(itemId: string, points = 1_000) {
  const memberId = await createMember(db(), { points });
  const result = await purchaseItem(db(), memberId, itemId, { mail: false });
  if (!result.ok) throw new Error(result.message);
  return { memberId, orderId: result.order.id };
}

describe("the item schema", () => {
  it("reads an empty stock as unlimited and refuses bad numbers in Swedish", () => {
    expect(values({ stockQuantity: "" }).stockQuantity).toBeNull();
    const bad = shopItemSchema.safeParse({ name: "", pointCost: "-3", category: "hack", stockQuantity: "1.5" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => issue.message);
    expect(messages).toContain("Ange ett namn.");
    expect(messages).toContain("Ange priset i poäng som ett heltal större än noll.");
    expect(messages).toContain("Välj en kategori.");
  });
});

describe("items", () => {
  it("creates, edits and deactivates an item, each with its audit row", async () => {
    const item = await newItem({ name: "Musmatta", stockQuantity: "" });
    expect(item).toMatchObject({ name: "Musmatta", stockQuantity: null, isActive: true, orderCount: 0 });
    const edited = await saveItem(db(), { actorUserId: staffId, itemId: item.id, values: values({ name: "Stor musmatta", minLevel: "gold" }) });
    expect(edited).toMatchObject({ ok: true, item: { name: "Stor musmatta", minLevel: "gold", stockQuantity: 2 } });
    expect(await setItemActive(db(), { actorUserId: staffId, itemId: item.id, active: false })).toMatchObject({
      ok: true,
      item: { isActive: false },
    });
    expect((await listShopItems(db())).items.some((row) => row.id === item.id)).toBe(false);
    const audit = await db().select({ action: audit_log.action }).from(audit_log).where(eq(audit_log.entity_id, item.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["shop_item.create", "shop_item.deactivate", "shop_item.update"]);
    const list = await listAdminItems(db());
    expect(list.items.find((row) => row.id === item.id)).toMatchObject({ isActive: false });
  });

  it("refuses an image id that was never uploaded", async () => {
    const result = await saveItem(db(), { actorUserId: staffId, values: values({ imageId: crypto.randomUUID() }) });
    expect(result).toMatchObject({ ok: false, code: "invalid", message: SHOP_ADMIN_ERRORS.imageNotFound });
  });

  it("deletes an item without orders and refuses one with orders", async () => {
    const unused = await newItem();
    expect(await deleteItem(db(), { actorUserId: staffId, itemId: unused.id })).toEqual({ ok: true });
    expect(await getAdminItem(db(), unused.id)).toBeNull();

    const ordered = await newItem();
    await orderOf(ordered.id);
    expect(await deleteItem(db(), { actorUserId: staffId, itemId: ordered.id })).toMatchObject({
      ok: false,
      code: "has_orders",
      message: SHOP_ADMIN_ERRORS.itemHasOrders,
    });
    expect(await getAdminItem(db(), ordered.id)).toMatchObject({ orderCount: 1 });
    // Deactivating it is the way out.
    expect(await setItemActive(db(), { actorUserId: staffId, itemId: ordered.id, active: false })).toMatchObject({ ok: true });
  });

  it("answers not found for an unknown or malformed id", async () => {
    expect(await deleteItem(db(), { actorUserId: staffId, itemId: "nope" })).toMatchObject({ code: "not_found" });
    expect(await setItemActive(db(), { actorUserId: staffId, itemId: crypto.randomUUID(), active: true })).toMatchObject({
      code: "not_found",
    });
  });
});

describe("orders", () => {
  it("cancelling refunds the points through the ledger, restores stock, audits and mails", async () => {
    const item = await newItem({ stockQuantity: "1" });
    const { memberId, orderId } = await orderOf(item.id, 500);
    expect(await pointsOf(memberId)).toBe(200);
    expect(await stockOf(item.id)).toBe(0);

    const result = await cancelOrder(db(), { actorUserId: staffId, orderId });
    expect(result).toMatchObject({ ok: true, pointsRefunded: 300, stockRestored: true, order: { status: "cancelled" } });
    expect(await pointsOf(memberId)).toBe(500);
    expect(await stockOf(item.id)).toBe(1);
    const refunds = await db()
      .select()
      .from(points_transactions)
      .where(and(eq(points_transactions.user_id, memberId), eq(points_transactions.reference_id, orderId)));
    expect(refunds.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-300, 300]);
    const [audit] = await db().select().from(audit_log).where(eq(audit_log.entity_id, orderId));
    expect(audit).toMatchObject({ action: "shop_order.cancel", actor_user_id: staffId });
    const mails = await db().select().from(email_outbox).where(eq(email_outbox.template, "shopOrderStatusChanged"));
    expect(mails.some((mail) => mail.subject.includes("annullerad") && mail.text.includes("300 poäng"))).toBe(true);
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("can't complete a cancelled order, nor cancel a completed one", async () => {
    const item = await newItem({ stockQuantity: "" });
    const first = await orderOf(item.id);
    await cancelOrder(db(), { actorUserId: staffId, orderId: first.orderId, mail: false });
    expect(await completeOrder(db(), { actorUserId: staffId, orderId: first.orderId })).toMatchObject({
      ok: false,
      code: "invalid_transition",
      message: SHOP_ADMIN_ERRORS.alreadyCancelled,
    });
    const second = await orderOf(item.id);
    expect(await completeOrder(db(), { actorUserId: staffId, orderId: second.orderId, mail: false })).toMatchObject({
      ok: true,
      pointsRefunded: 0,
    });
    expect(await cancelOrder(db(), { actorUserId: staffId, orderId: second.orderId })).toMatchObject({
      ok: false,
      message: SHOP_ADMIN_ERRORS.alreadyCompleted,
    });
    expect(await pointsOf(second.memberId)).toBe(700);
    // An unlimited item stays unlimited after a cancel.
    expect(await stockOf(item.id)).toBeNull();
  });

  it("two staff cancelling at once refund and restore exactly once", async () => {
    const item = await newItem({ stockQuantity: "3" });
    const { memberId, orderId } = await orderOf(item.id, 300);
    expect(await pointsOf(memberId)).toBe(0);
    const otherStaff = await createStaff(db());
    // Open the pool's connections first (PostgreSQL), so the requests really overlap.
    await Promise.all(Array.from({ length: 6 }, () => db().execute(sql`SELECT pg_sleep(0.05)`)));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        cancelOrder(db(), { actorUserId: index % 2 ? otherStaff : staffId, orderId, mail: false }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.code)).toEqual(
      Array(5).fill("invalid_transition"),
    );
    expect(await pointsOf(memberId)).toBe(300);
    expect(await stockOf(item.id)).toBe(3);
    const audits = await db().select().from(audit_log).where(eq(audit_log.entity_id, orderId));
    expect(audits).toHaveLength(1);
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("lists orders with filters by status, member and date, paged on the server", async () => {
    const item = await newItem({ stockQuantity: "" });
    const member = await createMember(db(), { points: 5_000, email: `filtrera-${crypto.randomUUID().slice(0, 6)}@example.se` });
    const email = (await db().select({ email: profiles.email }).from(profiles).where(eq(profiles.user_id, member)))[0]!.email!;
    const orders = [];
    for (let index = 0; index < 3; index++) {
      const bought = await purchaseItem(db(), member, item.id, { mail: false });
      if (bought.ok) orders.push(bought.order.id);
    }
    await cancelOrder(db(), { actorUserId: staffId, orderId: orders[0]!, mail: false });
    const mine = await listOrders(db(), { q: email });
    expect(mine.count).toEqual({ count: 3, capped: false });
    expect(mine.pending).toBe(2);
    expect(mine.rows[0]).toMatchObject({ memberEmail: email, itemName: item.name });
    expect((await listOrders(db(), { q: email, status: "cancelled" })).rows.map((row) => row.id)).toEqual([orders[0]]);
    expect((await listOrders(db(), { q: email, status: "pending" })).count.count).toBe(2);
    const first = await listOrders(db(), { q: email, pageSize: 2 });
    const paged = await listOrders(db(), { ...parseShopOrderListQuery(new URLSearchParams({ q: email, efter: first.links.next! })), pageSize: 2 });
    expect(paged.count).toEqual({ count: 3, capped: false });
    expect(paged.rows).toHaveLength(1);
    expect(paged.links).toMatchObject({ first: true, next: null });
    expect((await listOrders(db(), { q: email, from: "2000-01-01", to: "2000-01-02" })).count.count).toBe(0);
    expect((await listOrders(db(), { q: "%_\\" })).count.count).toBe(0);
  });

  it("refuses to cancel an order that activated a perk", async () => {
    const [item] = await db()
      .insert(point_shop_items)
      .values({ name: "Dubbla poäng test", point_cost: 100, category: "bonus", effect_kind: "points_multiplier", effect_value: 2, effect_days: 7 })
      .returning();
    const { orderId } = await orderOf(item!.id);
    expect(await cancelOrder(db(), { actorUserId: staffId, orderId })).toMatchObject({
      ok: false,
      message: SHOP_ADMIN_ERRORS.perkGranted,
    });
  });
});
