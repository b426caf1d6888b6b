/** The point shop (docs/rules/loyalty.md#point-shop). Isomorphic. */
import type { ImageWidth } from "../../platform/platform-constants";

export const SHOP_CATEGORIES = ["gaming", "events", "bonus", "service", "vip", "other"] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];
export const SHOP_CATEGORY_LABELS: Record<ShopCategory, string> = {
  gaming: "Gaming",
  events: "Esport",
  bonus: "Bonus",
  service: "Service",
  vip: "VIP",
  other: "Övrigt",
};
export const SHOP_ORDER_QUANTITY = 1;
export const SHOP_ORDER_STATUSES = ["pending", "completed", "cancelled"] as const;
export type ShopOrderStatus = (typeof SHOP_ORDER_STATUSES)[number];

/**
 * Purchase attempts per member (docs/rules/loyalty.md#point-shop): far above what a person
 * clicks, low enough that a script hammering the shop is stopped early.
 */
export const SHOP_PURCHASE_RATE_LIMIT = { scope: "shop-purchase", limit: 10, windowMs: 10 * 60_000 } as const;
/** The ledger reason of a purchase (docs/rules/loyalty.md#point-shop). */
export const shopPurchaseReason = (itemName: string) => `Point shop purchase: ${itemName}`;

/** The widths a point-shop item's picture is made in. */
export const SHOP_IMAGE_WIDTHS: readonly ImageWidth[] = [320, 640];
