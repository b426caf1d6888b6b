/**
 * /salja/prishistorik?namn=…, an item's price history for /salja's inventory dialog
 * (docs/rules/selling.md#price-history): the last 90 days of its reference price. Members only.
 */
import type { Route } from "./+types/prishistorik";
import { requireUser } from "~/modules/accounts/session.server";
import { priceHistory } from "~/modules/selling/price-list.server";
import { priceHistoryQuerySchema } from "~/modules/selling/price-list-rules";
import { db } from "~/platform/db/client.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const parsed = priceHistoryQuerySchema.safeParse({ namn: new URL(request.url).searchParams.get("namn") ?? "" });
  if (!parsed.success) return { points: [] };
  const history = await priceHistory(db(), [parsed.data.namn]);
  return { points: history.get(parsed.data.namn) ?? [] };
}
