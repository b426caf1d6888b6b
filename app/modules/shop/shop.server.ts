/**
 * The point shop (docs/rules/loyalty.md#point-shop).
 *
 * A purchase is ONE transaction (docs/rules/loyalty.md#ledger): item still on sale, level gate,
 * stock taken with a conditional update, order inserted, points debited through the
 * ledger, and the perk created when the item has an effect. Any refusal rolls all of it
 * back. The confirmation mail goes out after the commit, so a mail problem never undoes a
 * purchase and a rolled-back purchase never mails.
 */
import { mailRecipient } from "~/modules/accounts/profiles.server";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { LevelDefinition, LevelId } from "~/modules/loyalty/loyalty-constants";
import {
  SHOP_CATEGORY_LABELS,
  SHOP_IMAGE_WIDTHS,
  shopPurchaseReason,
  type ShopCategory,
} from "~/modules/shop/shop-constants";
import { PROFILE_PAGE_SIZE } from "~/platform/platform-constants";
import { debitPoints } from "~/modules/loyalty/ledger.server";
import { levelById, levelRank, meetsLevel } from "~/modules/loyalty/levels";
import { effectFromItem, effectLabel, type Perk, type PerkEffect } from "~/modules/loyalty/perks";
import { grantPerk, memberStanding } from "~/modules/loyalty/perks.server";
import { pageParams } from "~/lib/paging";
import { config } from "~/platform/config.server";
import { imageUrl } from "~/platform/images/images";
import { queryRows, type Db } from "~/platform/db/client.server";
import { point_shop_items, point_shop_orders } from "~/platform/db/schema";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { pointsShort, SHOP_MESSAGES, shopProgressPercent } from "./shop-rules";

export { listMemberPerks } from "~/modules/loyalty/perks.server";

type ItemRow = typeof point_shop_items.$inferSelect;

export interface ShopItemView {
  id: string;
  name: string;
  description: string;
  pointCost: number;
  category: ShopCategory;
  /** Gaming, Esport, Bonus, Service, VIP, Övrigt */
  categoryLabel: string;
  imageUrl: string | null;
  /** Null: unlimited. */
  stockQuantity: number | null;
  soldOut: boolean;
  minLevel: LevelId | null;
  /** What buying it grants at once; null for a reward staff fulfil by hand. */
  effect: PerkEffect | null;
  effectLabel: string | null;
  /** The viewer's level is below `minLevel` (always true for visitors on a gated item). */
  locked: boolean;
  affordable: boolean;
  pointsShort: number;
  progressPercent: number;
}

export interface ShopListing {
  /** Null for a visitor. */
  balance: number | null;
  /** The member's effective level (a temporary-level perk counts); null for a visitor. */
  level: LevelDefinition | null;
  /** The level the member's XP alone gives (what a temporary-level item is compared with). */
  xpLevel: LevelDefinition | null;
  items: ShopItemView[];
}

/** The picture an item shows: an uploaded one in the shop's card width, else its old address. */
export function shopItemImageUrl(row: Pick<ItemRow, "image_id" | "image_url">): string | null {
  return row.image_id ? imageUrl(row.image_id, SHOP_IMAGE_WIDTHS[SHOP_IMAGE_WIDTHS.length - 1]!) : row.image_url;
}

function toView(row: ItemRow, points: number, level: LevelDefinition | null): ShopItemView {
  const effect = effectFromItem(row);
  const minLevel = row.min_level as LevelId | null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pointCost: row.point_cost,
    category: row.category as ShopCategory,
    categoryLabel: SHOP_CATEGORY_LABELS[row.category as ShopCategory] ?? row.category,
    imageUrl: shopItemImageUrl(row),
    stockQuantity: row.stock_quantity,
    soldOut: row.stock_quantity !== null && row.stock_quantity <= 0,
    minLevel,
    effect,
    effectLabel: effect ? effectLabel(effect) : null,
    locked: minLevel !== null && (level === null || !meetsLevel(level, minLevel)),
    affordable: level !== null && points >= row.point_cost,
    pointsShort: pointsShort(points, row.point_cost),
    progressPercent: shopProgressPercent(points, row.point_cost),
  };
}

/** Active items by cost, with the viewer's balance, level and each item's state. */
export async function listShopItems(
  db: Db,
  viewer: { userId: string | null; now?: Date } = { userId: null },
): Promise<ShopListing> {
  const standing = viewer.userId ? await memberStanding(db, viewer.userId, viewer.now ?? new Date()) : null;
  const rows = await db
    .select()
    .from(point_shop_items)
    .where(eq(point_shop_items.is_active, true))
    .orderBy(asc(point_shop_items.point_cost), asc(point_shop_items.name))
    // The catalogue is curated by staff; the cap only guards against a runaway table.
    .limit(500);
  const points = standing?.points ?? 0;
  const level = standing?.level ?? null;
  return {
    balance: standing ? standing.points : null,
    level,
    xpLevel: standing?.xpLevel ?? null,
    items: rows.map((row) => toView(row, points, level)),
  };
}

// ---------------------------------------------------------------------------
// Purchase
// ---------------------------------------------------------------------------

export type PurchaseFailureCode =
  "item_gone" | "sold_out" | "level_required" | "already_has_level" | "insufficient_points" | "profile_missing";

export interface ShopOrder {
  id: string;
  itemId: string;
  itemName: string;
  pointsSpent: number;
  quantity: number;
  status: string;
  createdAt: Date;
}

export type PurchaseResult =
  | { ok: true; order: ShopOrder; balance: number; perk: Perk | null }
  | { ok: false; code: PurchaseFailureCode; message: string };

/** A refusal found inside the transaction: thrown to roll it back, turned into a result outside. */
class PurchaseRefused extends Error {
  constructor(
    readonly code: PurchaseFailureCode,
    message: string,
  ) {
    super(message);
  }
}

function isUuid(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export async function purchaseItem(
  db: Db,
  userId: string,
  itemId: unknown,
  options: { now?: Date; mail?: boolean } = {},
): Promise<PurchaseResult> {
  if (!isUuid(itemId)) return { ok: false, code: "item_gone", message: SHOP_MESSAGES.itemGone };
  const now = options.now ?? new Date();
  let outcome: { order: ShopOrder; balance: number; perk: Perk | null; mailId: string | null };
  try {
    outcome = await db.transaction(async (tx) => {
      const [item] = await tx.select().from(point_shop_items).where(eq(point_shop_items.id, itemId)).limit(1);
      if (!item || !item.is_active) throw new PurchaseRefused("item_gone", SHOP_MESSAGES.itemGone);
      const standing = await memberStanding(tx, userId, now);
      if (!standing) throw new PurchaseRefused("profile_missing", SHOP_MESSAGES.profileMissing);
      const minLevel = item.min_level as LevelId | null;
      // The gate is the server's: a hidden or disabled button is not protection.
      if (!meetsLevel(standing.level, minLevel)) {
        throw new PurchaseRefused("level_required", SHOP_MESSAGES.levelRequired(levelById(minLevel!)));
      }
      const effect = effectFromItem(item);
      if (effect?.kind === "temporary_level" && levelRank(standing.xpLevel.id) >= levelRank(effect.level)) {
        throw new PurchaseRefused("already_has_level", SHOP_MESSAGES.alreadyHasLevel(standing.xpLevel));
      }
      if (standing.points < item.point_cost) {
        throw new PurchaseRefused("insufficient_points", SHOP_MESSAGES.insufficientPoints);
      }
      if (item.stock_quantity !== null) {
        // Conditional: of concurrent buyers of the last one, only the first gets a row back.
        const taken = await queryRows<{ id: string }>(
          tx,
          sql`UPDATE point_shop_items SET stock_quantity = stock_quantity - 1, updated_at = now()
               WHERE id = ${item.id} AND is_active AND stock_quantity > 0
               RETURNING id`,
        );
        if (taken.length === 0) throw new PurchaseRefused("sold_out", SHOP_MESSAGES.itemSoldOut);
      }
      const [order] = await tx
        .insert(point_shop_orders)
        .values({
          user_id: userId,
          item_id: item.id,
          item_name: item.name,
          points_spent: item.point_cost,
          quantity: 1,
          status: "pending",
          created_at: now,
          updated_at: now,
        })
        .returning();
      const debit = await debitPoints(tx, {
        userId,
        amount: item.point_cost,
        reason: shopPurchaseReason(item.name),
        referenceId: order!.id,
      });
      // The balance may have been spent by a concurrent purchase since it was read above.
      if (!debit.ok) throw new PurchaseRefused("insufficient_points", SHOP_MESSAGES.insufficientPoints);
      const perk = effect ? await grantPerk(tx, { userId, effect, sourceOrderId: order!.id, now }) : null;
      await publishEvent(tx, { type: "account", userId, what: "shop-order" });
      if (item.stock_quantity !== null) await publishEvent(tx, { type: "content", tag: "shop" });
      const placed = { order: toOrder(order!), balance: debit.balance, effect };
      // The confirmation is owed by the purchase: queued in its transaction (decision 034).
      const mailId = options.mail !== false ? await queueConfirmation(tx, userId, placed) : null;
      return { order: placed.order, balance: placed.balance, perk, mailId };
    });
  } catch (error) {
    if (error instanceof PurchaseRefused) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
  await deliverQueuedMail(db, [outcome.mailId]);
  return { ok: true, order: outcome.order, balance: outcome.balance, perk: outcome.perk };
}

function toOrder(row: typeof point_shop_orders.$inferSelect): ShopOrder {
  return {
    id: row.id,
    itemId: row.item_id,
    itemName: row.item_name,
    pointsSpent: row.points_spent,
    quantity: row.quantity,
    status: row.status,
    createdAt: row.created_at,
  };
}

async function queueConfirmation(
  tx: Db,
  userId: string,
  outcome: { order: ShopOrder; balance: number; effect: PerkEffect | null },
): Promise<string | null> {
  // No mail to a Steam account's placeholder address (ours, not the member's).
  const member = await mailRecipient(tx, userId);
  if (!member) return null;
  return enqueueMail(tx, {
    to: member.email,
    template: "shopOrderConfirmation",
    data: {
      name: member.name,
      itemName: outcome.order.itemName,
      pointsSpent: outcome.order.pointsSpent,
      balance: outcome.balance,
      orderId: outcome.order.id,
      perk: outcome.effect ? effectLabel(outcome.effect) : null,
      profileUrl: `${config().PUBLIC_URL}/profile`,
    },
  });
}

// ---------------------------------------------------------------------------
// A member's orders (/profile)
// ---------------------------------------------------------------------------

export interface ShopOrdersPage {
  orders: ShopOrder[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export async function listMemberOrders(
  db: Db,
  userId: string,
  options: { page?: number; pageSize?: number } = {},
): Promise<ShopOrdersPage> {
  const { page, pageSize, offset } = pageParams(options, PROFILE_PAGE_SIZE);
  const rows = await db
    .select()
    .from(point_shop_orders)
    .where(eq(point_shop_orders.user_id, userId))
    .orderBy(desc(point_shop_orders.created_at), desc(point_shop_orders.id))
    .limit(pageSize + 1)
    .offset(offset);
  return { orders: rows.slice(0, pageSize).map(toOrder), page, pageSize, hasMore: rows.length > pageSize };
}
