/**
 * GET /admin/newsletter/lansering/export.csv (admin only; docs/rules/admin.md#newsletter): the
 * launch list from /kop-skins with the view's search as CSV, streamed through the shared CSV functions.
 */
import type { Route } from "./+types/lansering-export";
import { csvResponse } from "~/lib/csv.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { exportLaunchNotificationsCsv, parseLaunchQuery } from "~/modules/newsletter/newsletter-admin.server";
import { db } from "~/platform/db/client.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "newsletter");
  const query = parseLaunchQuery(new URL(request.url).searchParams);
  return csvResponse(exportLaunchNotificationsCsv(db(), query), `lanseringslista-${stockholmDay(new Date())}.csv`);
}
