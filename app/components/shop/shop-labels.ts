/** Swedish labels of point-shop orders, as members and staff see them. */
import type { ShopOrderStatus } from "~/modules/shop/shop-constants";

/** How a member sees an order's status on /profile. */
export const SHOP_ORDER_STATUS_LABELS: Record<ShopOrderStatus, string> = {
  pending: "Behandlas",
  completed: "Levererad",
  cancelled: "Annullerad",
};
