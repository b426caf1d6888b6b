import type { Route } from "./+types/data-export";
import { downloadDataExport } from "~/modules/accounts/data-export-page.server";

/** The member's own data archive (decision 048); anyone else's is a 404. */
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadDataExport(request, params.exportId);
}
