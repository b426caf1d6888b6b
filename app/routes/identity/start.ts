import type { Route } from "./+types/start";
import { startBankId, postOnly } from "~/modules/identity/bankid-http.server";

/** POST /api/bankid/start — starts a BankID order for verifying (signed in) or signing in, tied to this browser. */
export function action({ request, context }: Route.ActionArgs) {
  return startBankId(request, context);
}

export const loader = postOnly;
