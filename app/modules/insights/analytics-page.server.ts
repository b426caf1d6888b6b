/** /admin/analytics' loader glue (admin only; docs/rules/admin.md#analytics): the period and the top pages' page from the URL. */
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { loadAnalytics } from "~/modules/insights/analytics.server";
import { parseInsightPeriod } from "~/modules/insights/insight-period";
import { db } from "~/platform/db/client.server";

export async function loadAnalyticsPage(request: Request) {
  await requireAdminTab(request, "analytics");
  const params = new URL(request.url).searchParams;
  const period = parseInsightPeriod(params.get("period"));
  const pagesPage = params.get("sidor");
  const analytics = await loadAnalytics(db(), { period, pagesPage: pagesPage === null ? undefined : Number(pagesPage) });
  return { period, ...analytics };
}
