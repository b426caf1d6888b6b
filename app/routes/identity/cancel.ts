import type { Route } from "./+types/cancel";
import { cancelBankId, postOnly } from "~/modules/identity/bankid-http.server";

/** POST /api/bankid/cancel — the member gives up a BankID order. */
export function action({ request }: Route.ActionArgs) {
  return cancelBankId(request);
}

export const loader = postOnly;
