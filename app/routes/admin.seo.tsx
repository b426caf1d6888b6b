/** /admin/seo (docs/rules/admin.md#roles-and-tabs): not built yet, and says so; its guard is real already. */
import type { Route } from "./+types/admin.seo";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminNotBuilt } from "~/components/admin/admin-not-built";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { requireAdminTab } from "~/modules/admin/admin-access.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "seo");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "seo");
  return null;
}

export default function AdminSeoTab() {
  return <AdminNotBuilt tab="seo" />;
}

export const ErrorBoundary = AdminTabError;
