import type { Route } from "./+types/yearly-statement";
import { downloadYearlyStatement } from "~/modules/selling/sell-order-page.server";

/** The member's yearly statement as PDF or CSV (decision 047). */
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadYearlyStatement(request, params.year, params.format);
}
