/**
 * Members with a loyalty history for browser journeys and screenshots, written into a
 * server's database before it starts. Points and XP come the way the product gives them: a
 * staff member records trades through the trade service and completes them, so the ledger,
 * levels, statistics and histories are what a real member would have.
 */
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../../../app/platform/db/client.server";
import type { Role } from "../../../app/modules/accounts/accounts-constants";
import { account, profiles, user, user_roles } from "../../../app/platform/db/schema";
import { completeTrade, recordTrade } from "../../../app/modules/trades/trades.server";

export const MEMBER_PASSWORD = "Hemligt#2026";

export interface TradeSpec {
  type: "sale" | "purchase";
  items: Array<{
    skinName: string;
    wear: "FN" | "MW" | "FT" | "WW" | "BS";
    price: string;
    float?: string;
    variant?: "stattrak" | "souvenir";
  }>;
  /** Left pending (recorded, not completed): credits nothing yet. */
  pending?: boolean;
}

/**
 * An account that signs in with MEMBER_PASSWORD, with a completed profile and, for staff, one
 * role. The profile is new, so the welcome-back dialog (which skips fresh profiles) stays out
 * of the journey.
 */
export async function createAccount(
  database: Database,
  input: { email: string; firstName: string; lastName: string; role?: Role },
): Promise<string> {
  const [created] = await database.db
    .insert(user)
    .values({ name: input.firstName, email: input.email, emailVerified: true })
    .returning({ id: user.id });
  const id = created!.id;
  await database.db.insert(account).values({
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(MEMBER_PASSWORD),
  });
  await database.db.insert(profiles).values({
    user_id: id,
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    display_name: input.firstName,
  });
  if (input.role) await database.db.insert(user_roles).values({ user_id: id, role: input.role });
  return id;
}

/** Records each trade as staff and completes it unless it is to stay pending. */
export async function giveTrades(database: Database, staffId: string, memberId: string, trades: TradeSpec[]) {
  for (const trade of trades) {
    const recorded = await recordTrade(database.db, {
      actorUserId: staffId,
      input: {
        memberId,
        type: trade.type,
        items: trade.items,
        ...(trade.type === "sale" ? { payoutMethod: "swish" } : { paymentMethod: "Kort" }),
      },
    });
    if (!recorded.ok) throw new Error(`recording a trade failed: ${recorded.message}`);
    if (trade.pending) continue;
    const completed = await completeTrade(database.db, { actorUserId: staffId, tradeId: recorded.trade.id });
    if (!completed.ok) throw new Error(`completing a trade failed: ${completed.message}`);
  }
}

/** 1 250 kr sold: 2 500 points and 2 500 XP, Bronze halfway to Silver. */
export const BRONZE_TRADES: TradeSpec[] = [
  { type: "sale", items: [{ skinName: "AK-47 | Redline", wear: "FT", price: "750", float: "0.2531" }] },
  { type: "sale", items: [{ skinName: "USP-S | Kill Confirmed", wear: "MW", price: "500", variant: "stattrak" }] },
  { type: "sale", items: [{ skinName: "Glock-18 | Fade", wear: "FN", price: "2400" }], pending: true },
];

/** 263 000 kr traded: 526 000 XP (Platinum), with a pending sale and a purchase. */
export const PLATINUM_TRADES: TradeSpec[] = [
  {
    type: "sale",
    items: [
      { skinName: "AWP | Dragon Lore", wear: "FN", price: "180000", float: "0.0123" },
      { skinName: "M4A4 | Howl", wear: "MW", price: "20000", variant: "stattrak" },
    ],
  },
  { type: "sale", items: [{ skinName: "★ Karambit | Doppler", wear: "FN", price: "60000" }] },
  { type: "purchase", items: [{ skinName: "★ Sport Gloves | Pandora's Box", wear: "FT", price: "3000" }] },
  { type: "sale", items: [{ skinName: "Desert Eagle | Blaze", wear: "FN", price: "6500" }], pending: true },
];
