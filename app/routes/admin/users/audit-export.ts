/**
 * GET /admin/users/audit/export.csv (admin only): the audit view's filtered rows as CSV,
 * streamed through the shared CSV functions with the page's filters (its search params).
 */
import type { Route } from "./+types/audit-export";
import { csvResponse } from "~/lib/csv.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { exportAuditCsv, parseAuditListQuery } from "~/platform/audit/audit.server";
import { db } from "~/platform/db/client.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "users");
  const filters = parseAuditListQuery(new URL(request.url).searchParams);
  return csvResponse(exportAuditCsv(db(), filters), `granskningslogg-${stockholmDay(new Date())}.csv`);
}
