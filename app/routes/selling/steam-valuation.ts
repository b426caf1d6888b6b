import { startSteamValuation } from "~/modules/accounts/steam-flow.server";

/** GET /auth/steam/vardering: off to Steam to prove which inventory to value; no account is made. */
export async function loader() {
  return startSteamValuation();
}
