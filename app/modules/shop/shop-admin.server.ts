/**
 * The Point Shop tab's service (docs/rules/admin.md#point-shop): the catalogue for staff and
 * the orders members placed. Every write is one transaction with its audit row; a cancelled
 * order's points go back through the ledger (keyed, so they are refunded once) and its stock
 * is restored in that same transaction. The member's mail goes out after the commit.
 */
import { mailRecipient } from "~/modules/accounts/profiles.server";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import type { ShopCategory, ShopOrderStatus } from "~/modules/shop/shop-constants";
import { ADMIN_PAGE_SIZE } from "~/platform/platform-constants";
import { pageParams, wholeBetween } from "~/lib/paging";
import { cappedCount, keysetPage, LIST_COUNT_CAP } from "~/lib/keyset";
import { cappedCountSql, cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { stockholmDayEnd, stockholmDayStart } from "~/lib/stockholm-time";
import { recordAudit } from "~/platform/audit/audit.server";
import { creditPoints } from "~/modules/loyalty/ledger.server";
import { config } from "~/platform/config.server";
import { queryRows, type Db, type Tx } from "~/platform/db/client.server";
import { hasPgCode, PG_ERRORS } from "~/platform/db/errors";
import { likePattern } from "~/platform/db/like";
import { images, member_perks, point_shop_items, point_shop_orders } from "~/platform/db/schema";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { publishEvent } from "~/platform/realtime/publisher.server";
import type { ShopItemInput, ShopOrderListQuery } from "./shop-admin-schema";
import { shopItemImageUrl } from "./shop.server";

export const SHOP_ADMIN_ERRORS = {
  itemNotFound: "Belöningen finns inte.",
  itemHasOrders: "Belöningen har ordrar och kan inte tas bort. Inaktivera den i stället.",
  imageNotFound: "Bilden hittades inte. Ladda upp den igen.",
  orderNotFound: "Ordern finns inte.",
  alreadyCompleted: "Ordern är redan levererad.",
  alreadyCancelled: "Ordern är redan annullerad.",
  perkGranted: "Ordern aktiverade en förmån direkt och kan inte annulleras.",
} as const;

type ShopAdminFailureCode = "not_found" | "has_orders" | "invalid" | "invalid_transition";
type Failure = { ok: false; code: ShopAdminFailureCode; message: string; fieldErrors?: Record<string, string> };
const fail = (code: ShopAdminFailureCode, message: string, fieldErrors?: Record<string, string>): Failure => ({
  ok: false,
  code,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

// ---------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------

type ItemRow = typeof point_shop_items.$inferSelect;

export interface AdminShopItem {
  id: string;
  name: string;
  description: string;
  pointCost: number;
  category: ShopCategory;
  stockQuantity: number | null;
  minLevel: LevelId | null;
  imageId: string | null;
  /** The picture the shop shows (an upload, or an older address). */
  imageUrl: string | null;
  isActive: boolean;
  /** The item grants a perk when bought (set in the catalogue data, not in the tab). */
  hasEffect: boolean;
  orderCount: number;
  updatedAt: string;
}

function toAdminItem(row: ItemRow, orderCount: number): AdminShopItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pointCost: row.point_cost,
    category: row.category as ShopCategory,
    stockQuantity: row.stock_quantity,
    minLevel: row.min_level as LevelId | null,
    imageId: row.image_id,
    imageUrl: shopItemImageUrl(row),
    isActive: row.is_active,
    hasEffect: row.effect_kind !== null,
    orderCount,
    updatedAt: row.updated_at.toISOString(),
  };
}

const orderCountSql = sql<number>`(SELECT count(*)::int FROM point_shop_orders o WHERE o.item_id = "point_shop_items"."id")`;

export async function listAdminItems(db: Db, options: { page?: number; pageSize?: number } = {}) {
  const { page, pageSize, offset } = pageParams(options, ADMIN_PAGE_SIZE);
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: point_shop_items, orderCount: orderCountSql })
      .from(point_shop_items)
      .orderBy(desc(point_shop_items.is_active), asc(point_shop_items.point_cost), asc(point_shop_items.name), asc(point_shop_items.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ value: count() }).from(point_shop_items),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    items: rows.map((row) => toAdminItem(row.item, Number(row.orderCount))),
    total: totalCount,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
  };
}

export async function getAdminItem(db: Db, itemId: string): Promise<AdminShopItem | null> {
  if (!isUuid(itemId)) return null;
  const [row] = await db
    .select({ item: point_shop_items, orderCount: orderCountSql })
    .from(point_shop_items)
    .where(eq(point_shop_items.id, itemId))
    .limit(1);
  return row ? toAdminItem(row.item, Number(row.orderCount)) : null;
}

export type ItemResult = { ok: true; item: AdminShopItem } | Failure;

async function imageExists(tx: Tx, imageId: string | null): Promise<boolean> {
  if (!imageId) return true;
  const [row] = await tx.select({ id: images.id }).from(images).where(eq(images.id, imageId)).limit(1);
  return Boolean(row);
}

function columnsOf(input: ShopItemInput) {
  return {
    name: input.name,
    description: input.description,
    point_cost: input.pointCost,
    category: input.category,
    stock_quantity: input.stockQuantity,
    min_level: input.minLevel,
    image_id: input.imageId,
    is_active: input.isActive,
  };
}

/** Creates an item (no itemId) or changes one; a perk an item grants is left as it is. */
export async function saveItem(
  db: Db,
  input: { actorUserId: string; itemId?: string | null; values: ShopItemInput },
): Promise<ItemResult> {
  if (input.itemId && !isUuid(input.itemId)) return fail("not_found", SHOP_ADMIN_ERRORS.itemNotFound);
  return db.transaction(async (tx): Promise<ItemResult> => {
    if (!(await imageExists(tx, input.values.imageId))) {
      return fail("invalid", SHOP_ADMIN_ERRORS.imageNotFound, { imageId: SHOP_ADMIN_ERRORS.imageNotFound });
    }
    let before: ItemRow | null = null;
    let after: ItemRow;
    if (input.itemId) {
      const [locked] = await tx.select().from(point_shop_items).where(eq(point_shop_items.id, input.itemId)).for("update");
      if (!locked) return fail("not_found", SHOP_ADMIN_ERRORS.itemNotFound);
      before = locked;
      [after] = (await tx
        .update(point_shop_items)
        .set({ ...columnsOf(input.values), updated_at: new Date() })
        .where(eq(point_shop_items.id, locked.id))
        .returning()) as [ItemRow];
    } else {
      [after] = (await tx.insert(point_shop_items).values(columnsOf(input.values)).returning()) as [ItemRow];
    }
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: before ? "shop_item.update" : "shop_item.create",
      entityType: "shop_item",
      entityId: after.id,
      before,
      after,
    });
    await publishEvent(tx, { type: "content", tag: "shop" });
    const [orders] = await tx.select({ value: count() }).from(point_shop_orders).where(eq(point_shop_orders.item_id, after.id));
    return { ok: true, item: toAdminItem(after, orders?.value ?? 0) };
  });
}

export async function setItemActive(
  db: Db,
  input: { actorUserId: string; itemId: string; active: boolean },
): Promise<ItemResult> {
  if (!isUuid(input.itemId)) return fail("not_found", SHOP_ADMIN_ERRORS.itemNotFound);
  return db.transaction(async (tx): Promise<ItemResult> => {
    const [before] = await tx.select().from(point_shop_items).where(eq(point_shop_items.id, input.itemId)).for("update");
    if (!before) return fail("not_found", SHOP_ADMIN_ERRORS.itemNotFound);
    const [after] = (await tx
      .update(point_shop_items)
      .set({ is_active: input.active, updated_at: new Date() })
      .where(eq(point_shop_items.id, before.id))
      .returning()) as [ItemRow];
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.active ? "shop_item.activate" : "shop_item.deactivate",
      entityType: "shop_item",
      entityId: after.id,
      before: { is_active: before.is_active },
      after: { is_active: after.is_active },
    });
    await publishEvent(tx, { type: "content", tag: "shop" });
    const [orders] = await tx.select({ value: count() }).from(point_shop_orders).where(eq(point_shop_orders.item_id, after.id));
    return { ok: true, item: toAdminItem(after, orders?.value ?? 0) };
  });
}

/** Deletes an item nobody ordered; one with orders is only ever deactivated (orders keep it). */
export async function deleteItem(
  db: Db,
  input: { actorUserId: string; itemId: string },
): Promise<{ ok: true } | Failure> {
  if (!isUuid(input.itemId)) return fail("not_found", SHOP_ADMIN_ERRORS.itemNotFound);
  try {
    return await deleteUnorderedItem(db, input);
  } catch (error) {
    // An order committed between the count and the delete: the foreign key (ON DELETE
    // RESTRICT) refused it, which is the same answer.
    if (isForeignKeyViolation(error)) return fail("has_orders", SHOP_ADMIN_ERRORS.itemHasOrders);
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  return hasPgCode(error, PG_ERRORS.foreignKeyViolation);
}

function deleteUnorderedItem(db: Db, input: { actorUserId: string; itemId: string }) {
  return db.transaction(async (tx): Promise<{ ok: true } | Failure> => {
    const [before] = await tx.select().from(point_shop_items).where(eq(point_shop_items.id, input.itemId)).for("update");
    if (!before) return fail("not_found", SHOP_ADMIN_ERRORS.itemNotFound);
    const [orders] = await tx.select({ value: count() }).from(point_shop_orders).where(eq(point_shop_orders.item_id, before.id));
    if ((orders?.value ?? 0) > 0) return fail("has_orders", SHOP_ADMIN_ERRORS.itemHasOrders);
    await tx.delete(point_shop_items).where(eq(point_shop_items.id, before.id));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "shop_item.delete",
      entityType: "shop_item",
      entityId: before.id,
      before,
      after: null,
    });
    await publishEvent(tx, { type: "content", tag: "shop" });
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------

export interface AdminShopOrder {
  id: string;
  createdAt: string;
  updatedAt: string;
  status: ShopOrderStatus;
  itemId: string;
  itemName: string;
  pointsSpent: number;
  memberId: string;
  memberName: string | null;
  memberEmail: string | null;
}

function filterSql(query: ShopOrderListQuery): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (query.status) conditions.push(sql`o.status = ${query.status}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(sql`(p.email ILIKE ${pattern} OR u.email ILIKE ${pattern} OR p.display_name ILIKE ${pattern}
      OR concat_ws(' ', p.first_name, p.last_name) ILIKE ${pattern})`);
  }
  const from = query.from ? stockholmDayStart(query.from) : null;
  const to = query.to ? stockholmDayEnd(query.to) : null;
  if (from) conditions.push(sql`o.created_at >= ${from.toISOString()}::timestamptz`);
  if (to) conditions.push(sql`o.created_at < ${to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

interface OrderSqlRow {
  id: string;
  created_at: string | Date;
  updated_at: string | Date;
  status: ShopOrderStatus;
  item_id: string;
  item_name: string;
  points_spent: number;
  user_id: string;
  member_name: string | null;
  member_email: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

const ORDER_ORDER: KeysetOrder = { column: sql`o.created_at`, kind: "timestamp", id: sql`o.id`, direction: "desc" };

/** Newest first, one keyset page (decision 039), the filter's orders counted up to a cap and its pending ones. */
export async function listOrders(db: Db, query: ShopOrderListQuery = {}) {
  const pageSize = wholeBetween(query.pageSize, 1, ADMIN_PAGE_SIZE.max, ADMIN_PAGE_SIZE.default);
  const position = query.position ?? null;
  const where = filterSql(query);
  const keyset = keysetSql(ORDER_ORDER, position);
  const from = sql`point_shop_orders o JOIN profiles p ON p.user_id = o.user_id JOIN "user" u ON u.id = o.user_id`;
  const [rows, [counted], [pending]] = await Promise.all([
    queryRows<OrderSqlRow & { cursor: string }>(
      db,
      sql`SELECT o.id, o.created_at, o.updated_at, o.status, o.item_id, o.item_name, o.points_spent, o.user_id,
                 COALESCE(NULLIF(concat_ws(' ', p.first_name, p.last_name), ''), p.display_name, u.name) AS member_name,
                 COALESCE(p.email, u.email) AS member_email, ${cursorValueSql(ORDER_ORDER)} AS cursor
            FROM ${from} WHERE ${where} AND ${keyset.where}
           ${keyset.orderBy} LIMIT ${pageSize + 1}`,
    ),
    queryRows<{ n: number | string }>(db, cappedCountSql(sql`FROM ${from} WHERE ${where}`, LIST_COUNT_CAP)),
    // Waiting orders are the few not yet delivered (point_shop_orders_status_idx).
    queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM ${from} WHERE ${where} AND o.status = 'pending'`),
  ]);
  const page = keysetPage(rows, pageSize, position, (row) => ({ value: row.cursor, id: row.id }));
  return {
    rows: page.rows.map(
      (row): AdminShopOrder => ({
        id: row.id,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        status: row.status,
        itemId: row.item_id,
        itemName: row.item_name,
        pointsSpent: Number(row.points_spent),
        memberId: row.user_id,
        memberName: row.member_name,
        memberEmail: row.member_email,
      }),
    ),
    links: page.links,
    count: cappedCount(counted?.n),
    pending: Number(pending?.n ?? 0),
  };
}

type OrderRow = typeof point_shop_orders.$inferSelect;
export type OrderResult = { ok: true; order: OrderRow; pointsRefunded: number; stockRestored: boolean } | Failure;
type Moved = Extract<OrderResult, { ok: true }> & { mailId: string | null };

function transitionMessage(status: string): string {
  return status === "completed" ? SHOP_ADMIN_ERRORS.alreadyCompleted : SHOP_ADMIN_ERRORS.alreadyCancelled;
}

/**
 * Moves a pending order on. The order row is locked first, so of two staff members acting on
 * the same order at once the second waits and then finds it no longer pending.
 */
async function moveOrder(
  db: Db,
  input: { actorUserId: string; orderId: string; to: "completed" | "cancelled"; mail?: boolean },
): Promise<OrderResult> {
  if (!isUuid(input.orderId)) return fail("not_found", SHOP_ADMIN_ERRORS.orderNotFound);
  const result = await db.transaction(async (tx): Promise<Moved | Failure> => {
    const [before] = await tx.select().from(point_shop_orders).where(eq(point_shop_orders.id, input.orderId)).for("update");
    if (!before) return fail("not_found", SHOP_ADMIN_ERRORS.orderNotFound);
    if (before.status !== "pending") return fail("invalid_transition", transitionMessage(before.status));
    let pointsRefunded = 0;
    let stockRestored = false;
    if (input.to === "cancelled") {
      const [perk] = await tx
        .select({ id: member_perks.id })
        .from(member_perks)
        .where(eq(member_perks.source_order_id, before.id))
        .limit(1);
      if (perk) return fail("invalid_transition", SHOP_ADMIN_ERRORS.perkGranted);
      const refund = await creditPoints(tx, {
        userId: before.user_id,
        amount: before.points_spent,
        reason: `Återbetalning: ${before.item_name}`,
        referenceId: before.id,
        idempotencyKey: `shop-order:${before.id}:refund`,
      });
      pointsRefunded = refund.applied ? refund.amount : 0;
      // Unlimited items (null stock) stay unlimited.
      const restored = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE point_shop_items SET stock_quantity = stock_quantity + ${before.quantity}, updated_at = now()
             WHERE id = ${before.item_id} AND stock_quantity IS NOT NULL RETURNING id`,
      );
      stockRestored = restored.length > 0;
    }
    const [after] = (await tx
      .update(point_shop_orders)
      .set({ status: input.to, updated_at: new Date() })
      .where(and(eq(point_shop_orders.id, before.id), eq(point_shop_orders.status, "pending")))
      .returning()) as [OrderRow];
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.to === "completed" ? "shop_order.complete" : "shop_order.cancel",
      entityType: "shop_order",
      entityId: after.id,
      before,
      after: { ...after, pointsRefunded, stockRestored },
    });
    await publishEvent(tx, { type: "account", userId: after.user_id, what: "shop-order" });
    if (stockRestored) await publishEvent(tx, { type: "content", tag: "shop" });
    const mailId = input.mail !== false ? await queueStatusMail(tx, after, pointsRefunded) : null;
    return { ok: true, order: after, pointsRefunded, stockRestored, mailId };
  });
  if (!result.ok) return result;
  await deliverQueuedMail(db, [result.mailId]);
  const { mailId: _queued, ...moved } = result;
  return moved;
}

export const completeOrder = (db: Db, input: { actorUserId: string; orderId: string; mail?: boolean }) =>
  moveOrder(db, { ...input, to: "completed" });

/** Cancels a pending order: its points back through the ledger and its stock restored, once. */
export const cancelOrder = (db: Db, input: { actorUserId: string; orderId: string; mail?: boolean }) =>
  moveOrder(db, { ...input, to: "cancelled" });

/** The member's mail about the change, queued in its transaction (decision 034). */
async function queueStatusMail(tx: Db, order: OrderRow, pointsRefunded: number): Promise<string | null> {
  // No mail to a Steam account's placeholder address (ours, not the member's).
  const member = await mailRecipient(tx, order.user_id);
  if (!member) return null;
  return enqueueMail(tx, {
    to: member.email,
    template: "shopOrderStatusChanged",
    data: {
      name: member.name,
      itemName: order.item_name,
      status: order.status as "completed" | "cancelled",
      orderId: order.id,
      pointsRefunded,
      profileUrl: `${config().PUBLIC_URL}/profile`,
    },
  });
}
