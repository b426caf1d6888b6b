/**
 * GET /admin/transactions/export.csv (admin only): the Transactions tab's filtered rows as
 * CSV, streamed batch by batch from the same query the table pages through, with the same
 * filters (the page's search params).
 */
import type { Route } from "./+types/export";
import { csvResponse, refusedExportFilter } from "~/lib/csv.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { parseTradeListQuery } from "~/modules/trades/trade-schema";
import { exportTradesCsv } from "~/modules/trades/trades.server";
import { db } from "~/platform/db/client.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "transactions");
  const params = new URL(request.url).searchParams;
  const query = parseTradeListQuery(params);
  const refused = refusedExportFilter(params, query, ["type", "status", "from", "to", "q", "memberId", "sort", "dir"]);
  if (refused) return refused;
  return csvResponse(exportTradesCsv(db(), query), `transaktioner-${stockholmDay(new Date())}.csv`);
}
