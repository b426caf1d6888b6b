import type { Route } from "./+types/order-document";
import { downloadMemberOrderDocument } from "~/modules/selling/sell-order-page.server";

/** The member's purchase document for a paid order, as stored (decision 047). */
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadMemberOrderDocument(request, params.orderId, params.number);
}
