/**
 * The bot an order's offer goes (or went) out from, for the trade shield on the order pages
 * (docs/rules/bots.md#the-bots-identity-for-sellers). Reads only the public columns: never the
 * sealed credentials, the key id or the last error.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { sell_orders, trade_bots } from "~/platform/db/schema";
import { botIdentity, type BotIdentity } from "./bot-identity";

export async function orderBotIdentity(db: Db, orderId: string, securityCode: string, now: Date = new Date()): Promise<BotIdentity | null> {
  const [row] = await db
    .select({
      steamId: trade_bots.steam_id,
      name: trade_bots.display_name,
      steamLevel: trade_bots.steam_level,
      accountCreatedAt: trade_bots.account_created_at,
      avatarUrl: trade_bots.avatar_url,
    })
    .from(sell_orders)
    .innerJoin(trade_bots, eq(trade_bots.id, sell_orders.bot_id))
    .where(eq(sell_orders.id, orderId));
  return row ? botIdentity(row, securityCode, now) : null;
}
