/**
 * GET /admin/referrals/export.csv (admin only): the Referrals tab's relations with its status
 * filter as CSV, streamed through the shared CSV functions.
 */
import type { Route } from "./+types/export";
import { csvResponse } from "~/lib/csv.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { exportReferralsCsv, parseReferralListQuery } from "~/modules/referrals/referral-admin.server";
import { db } from "~/platform/db/client.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "referrals");
  const query = parseReferralListQuery(new URL(request.url).searchParams);
  return csvResponse(exportReferralsCsv(db(), query), `varvningar-${stockholmDay(new Date())}.csv`);
}
