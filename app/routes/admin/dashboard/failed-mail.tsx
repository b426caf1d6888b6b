/**
 * /admin/dashboard/utskick (admin only; docs/decisions/034-mail-queue.md): "Misslyckade utskick",
 * the queued mail that kept failing, with a retry.
 */
import { Link } from "react-router";
import type { Route } from "./+types/failed-mail";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { FailedMailList } from "~/components/admin/dashboard/failed-mail-list";
import { handleFailedMailAction, loadFailedMailPage } from "~/modules/admin/failed-mail-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "dashboard");

export async function loader({ request }: Route.LoaderArgs) {
  return loadFailedMailPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleFailedMailAction(request);
}

export const ErrorBoundary = AdminTabError;

export default function FailedMailPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid min-w-0 gap-4">
      <Link to="/admin/dashboard" className="text-sm underline">
        Tillbaka till dashboarden
      </Link>
      <FailedMailList {...loaderData} />
    </div>
  );
}
