/**
 * The notice that an order needs its trade offer (docs/decisions/058-offer-engine.md): a
 * `pg_notify` on its own channel, written in the transaction that makes the order
 * `awaiting_offer` (or frees it to be sent), so it is heard only if that transaction commits.
 * Every instance listens (`startOfferEngine`) and kicks the sender; the claim lets one of them send.
 * A channel of its own, not the realtime one: nothing here is for browsers.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { sell_orders } from "~/platform/db/schema";

export const OFFER_CHANNEL = "skinhamnen_offers";

export async function noticeOfferNeeded(tx: Db | Tx, orderId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${OFFER_CHANNEL}, ${orderId})`);
}

/**
 * docs/rules/bots.md#errors: the member saved a new trade link, so a send refused for their trade
 * link or trade hold is tried again now (in the saving transaction).
 */
export async function retryMemberOfferProblems(tx: Tx, userId: string): Promise<number> {
  const freed = await tx
    .update(sell_orders)
    .set({ offer_problem: null, offer_problem_member: false })
    .where(and(eq(sell_orders.user_id, userId), eq(sell_orders.status, "awaiting_offer"), eq(sell_orders.offer_problem_member, true)))
    .returning({ id: sell_orders.id });
  for (const order of freed) await noticeOfferNeeded(tx, order.id);
  return freed.length;
}
