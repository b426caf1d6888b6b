import type { Route } from "./+types/bank-file";
import { downloadBankFile } from "~/modules/payouts/payout-batches-page.server";

/** GET /admin/transactions/utbetalningar/bankfil/:batchId (admin only): the bank file as built (decision 050). */
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadBankFile(request, params.batchId);
}
