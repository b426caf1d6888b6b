import type { Route } from "./+types/bookkeeping-export";
import { downloadSieExport } from "~/modules/selling/sell-orders-admin-page.server";

/** GET /admin/transactions/bokforing.se?from=&to= (admin only): the bookkeeping export as SIE 4 (decision 047). */
export function loader({ request }: Route.LoaderArgs) {
  return downloadSieExport(request);
}
