/**
 * GET /admin/referrals/export.csv (admin only): the Referrals tab's relations with its status
 * filter as CSV, streamed through the shared CSV functions.
 */
import type { Route } from "./+types/export";
import { csvResponse, refusedExportFilter } from "~/lib/csv.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { exportReferralsCsv, parseReferralListQuery } from "~/modules/referrals/referral-admin.server";
import { db } from "~/platform/db/client.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "referrals");
  const params = new URL(request.url).searchParams;
  const query = parseReferralListQuery(params);
  const refused = refusedExportFilter(params, query, ["status"]);
  if (refused) return refused;
  return csvResponse(exportReferralsCsv(db(), query), `varvningar-${stockholmDay(new Date())}.csv`);
}
