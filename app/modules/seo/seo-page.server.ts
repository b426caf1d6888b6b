/**
 * /admin/seo's loader glue (admin and seo; docs/rules/admin.md#seo-dashboard): the view from the
 * URL, the checks from the SEO service, which reads the public documents as a crawler gets them.
 */
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { publicDocumentReader } from "~/modules/seo/public-documents.server";
import { loadSeoDashboard, parseSeoDashboardQuery } from "~/modules/seo/seo-dashboard.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";

export async function loadSeoTab(request: Request) {
  await requireAdminTab(request, "seo");
  const query = parseSeoDashboardQuery(new URL(request.url).searchParams);
  const cfg = config();
  const dashboard = await loadSeoDashboard(db(), query, {
    publicUrl: cfg.PUBLIC_URL,
    siteName: cfg.SITE_NAME,
    readDocument: publicDocumentReader(),
  });
  return { ...dashboard, status: query.status ?? null, onlyProblems: query.problems };
}
