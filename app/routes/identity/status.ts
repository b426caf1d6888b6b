import type { Route } from "./+types/status";
import { pollBankId, postOnly } from "~/modules/identity/bankid-http.server";

/** POST /api/bankid/status — one poll of a BankID order: the hint, the QR data of this second, the outcome. */
export function action({ request, context }: Route.ActionArgs) {
  return pollBankId(request, context);
}

export const loader = postOnly;
