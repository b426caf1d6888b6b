/** /admin opens the first tab the role may see (docs/rules/admin.md#roles-and-tabs: blog starts on Blog, admin on Dashboard). */
import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { AdminTabSkeleton } from "~/components/admin/admin-tab-skeleton";
import { requireStaff } from "~/modules/admin/admin-access.server";
import { firstTab } from "~/modules/admin/admin-tabs";

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireStaff(request);
  const tab = firstTab(staff.roles);
  // requireStaff only lets staff through, and every staff role opens at least one tab.
  throw redirect(tab!.path);
}

// A page, not a resource route, so a refusal renders the panel's 401/403 screen.
export default function AdminIndex() {
  return <AdminTabSkeleton label="adminpanelen" />;
}
