import type { Route } from "./+types/steam";
import { startSteamSignIn } from "~/modules/accounts/steam-flow.server";

/** GET /auth/steam: off to Steam's sign-in page (an optional ?ref= code rides along). */
export async function loader({ request }: Route.LoaderArgs) {
  return startSteamSignIn(request);
}
