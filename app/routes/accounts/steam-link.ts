import type { Route } from "./+types/steam-link";
import { startSteamLink } from "~/modules/accounts/steam-link.server";

/** GET /auth/steam/koppla: a signed-in member goes to Steam to prove the account to link. */
export async function loader({ request }: Route.LoaderArgs) {
  return startSteamLink(request);
}
