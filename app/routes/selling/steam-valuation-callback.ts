import type { Route } from "./+types/steam-valuation-callback";
import { completeSteamValuation } from "~/modules/accounts/steam-flow.server";

/** GET /auth/steam/vardering/callback: Steam's answer, verified, then the valuation of that id. */
export async function loader({ request }: Route.LoaderArgs) {
  return completeSteamValuation(request);
}
