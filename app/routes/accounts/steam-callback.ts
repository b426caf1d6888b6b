import type { Route } from "./+types/steam-callback";
import { clientIp } from "~/lib/http.server";
import { completeSteamSignIn } from "~/modules/accounts/steam-flow.server";

/** GET /auth/steam/callback: Steam's answer, verified before anyone is signed in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return completeSteamSignIn(request, { ip: clientIp(context) });
}
