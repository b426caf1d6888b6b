import type { Route } from "./+types/google";
import { clientIp } from "~/lib/http.server";
import { startGoogleSignIn } from "~/modules/accounts/google-flow.server";

/** GET /auth/google: off to Google's sign-in page (404 when Google sign-in is not configured). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return startGoogleSignIn(request, { ip: clientIp(context) });
}
