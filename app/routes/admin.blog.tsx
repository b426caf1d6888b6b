/** /admin/blog (docs/rules/admin.md#roles-and-tabs): not built yet, and says so; its guard is real already. */
import type { Route } from "./+types/admin.blog";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminNotBuilt } from "~/components/admin/admin-not-built";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { requireAdminTab } from "~/modules/admin/admin-access.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "blog");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "blog");
  return null;
}

export default function AdminBlogTab() {
  return <AdminNotBuilt tab="blog" />;
}

export const ErrorBoundary = AdminTabError;
