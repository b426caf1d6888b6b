/** Swedish labels of point-shop orders, as members and staff see them. */
import { statusTable } from "~/components/ui/status-badge";
import type { ShopOrderStatus } from "~/modules/shop/shop-constants";

/** How a member sees an order's status on /profile. */
export const SHOP_ORDER_STATUS_LABELS: Record<ShopOrderStatus, string> = {
  pending: "Behandlas",
  completed: "Levererad",
  cancelled: "Annullerad",
};

/** An order's status as a badge, for members and staff alike. */
export const SHOP_ORDER_STATUS = statusTable<ShopOrderStatus>(SHOP_ORDER_STATUS_LABELS, {
  pending: "neutral",
  completed: "success",
  cancelled: "muted",
});
