import type { Route } from "./+types/steam-link-callback";
import { clientIp } from "~/lib/http.server";
import { completeSteamLink } from "~/modules/accounts/steam-link.server";

/** GET /auth/steam/koppla/callback: Steam's answer, verified before the Steam id is linked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return completeSteamLink(request, { ip: clientIp(context) });
}
