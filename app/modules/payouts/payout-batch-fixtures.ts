/**
 * Due bank payouts for bank-file tests (service and HTTP): a verified seller with bank details
 * past their 24-hour wait and a sell order in `payout_scheduled` whose payout date has passed.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { payout_details, sell_order_items, sell_orders } from "~/platform/db/schema";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { changePayoutDetails } from "~/modules/selling/payout-details.server";
import type { PayoutKeyring } from "~/modules/selling/payout-encryption.server";
import type { PayoutDetails } from "~/modules/selling/payout-rules";

const BANK_ACCOUNT: PayoutDetails = { method: "bank", format: "account", clearing: "8327-9", account: "1234567890", bank: "Swedbank" };

/** A verified seller paid by bank (the given details, else a Swedbank account). */
export async function createBankSeller(
  db: Db,
  keyring: PayoutKeyring,
  options: { firstName: string; lastName: string; details?: PayoutDetails; userId?: string },
): Promise<string> {
  const userId = options.userId ?? (await createSeller(db, keyring, { firstName: options.firstName, lastName: options.lastName }));
  await changePayoutDetails(db, keyring, { userId, details: options.details ?? BANK_ACCOUNT, confirmedBy: "password" });
  await db.update(payout_details).set({ usable_at: sql`now() - interval '1 second'` }).where(eq(payout_details.user_id, userId));
  return userId;
}

/** A sell order whose payout is due now, paid by `method`, as the job leaves it after Trade Protection. */
export async function createDueOrder(db: Db, userId: string, options: { priceOre?: number; method?: "bank" | "swish" } = {}): Promise<string> {
  const quoteId = await createQuote(db, userId, { prices: [options.priceOre ?? 25_000], levelBonusPercent: 0, payoutMethod: options.method ?? "bank" });
  const price = options.priceOre ?? 25_000;
  const [order] = await db
    .insert(sell_orders)
    .values({
      user_id: userId,
      quote_id: quoteId,
      status: "payout_scheduled",
      security_code: "ABCDEF",
      level_at_quote: "bronze",
      base_total_ore: price,
      level_bonus_percent: 0,
      level_bonus_ore: 0,
      bulk_bonus_percent: 0,
      bulk_bonus_ore: 0,
      total_ore: price,
      points: Math.floor(price / 100) * 2,
      xp: Math.floor(price / 100) * 2,
      payout_method: options.method ?? "bank",
      protection_ends_at: sql`now() - interval '1 hour'`,
      payout_due_at: sql`now() - interval '1 hour'`,
    })
    .returning({ id: sell_orders.id });
  await db.insert(sell_order_items).values({
    order_id: order!.id,
    position: 1,
    asset_id: String(Date.now()),
    market_hash_name: "AK-47 | Redline (Field-Tested)",
    name: "AK-47 | Redline",
    wear: null,
    price_ore: price,
  });
  return order!.id;
}
