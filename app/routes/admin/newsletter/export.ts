/**
 * GET /admin/newsletter/export.csv (admin only; docs/rules/admin.md#newsletter): the subscribers
 * list with the tab's filters as CSV, streamed through the shared CSV functions.
 */
import type { Route } from "./+types/export";
import { csvResponse } from "~/lib/csv.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { exportSubscribersCsv, parseSubscriberQuery } from "~/modules/newsletter/newsletter-admin.server";
import { db } from "~/platform/db/client.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "newsletter");
  const query = parseSubscriberQuery(new URL(request.url).searchParams);
  return csvResponse(exportSubscribersCsv(db(), query), `prenumeranter-${stockholmDay(new Date())}.csv`);
}
