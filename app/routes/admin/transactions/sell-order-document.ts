import type { Route } from "./+types/sell-order-document";
import { downloadStaffOrderDocument } from "~/modules/selling/sell-orders-admin-page.server";

/** A sell order's purchase document for staff, as stored (decision 047). */
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadStaffOrderDocument(request, params.orderId, params.number);
}
