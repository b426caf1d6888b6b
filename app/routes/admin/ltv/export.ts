/**
 * GET /admin/ltv/export.csv (admin only; docs/rules/admin.md#ltv-analytics): every trading
 * member's lifetime value as CSV, streamed batch by batch so memory stays flat.
 */
import type { Route } from "./+types/export";
import { csvResponse } from "~/lib/csv.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { exportLtvCsv } from "~/modules/insights/ltv.server";
import { db } from "~/platform/db/client.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "ltv");
  return csvResponse(exportLtvCsv(db()), `livstidsvarde-${stockholmDay(new Date())}.csv`);
}
