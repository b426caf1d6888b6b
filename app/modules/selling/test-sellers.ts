/**
 * A member who passes the seller checklist (docs/rules/selling.md#seller-requirements), for
 * selling tests and the offline demo seller (`npm run dev:offline`): Steam id, a matching trade
 * link, a BankID identity and usable Swish payout details. The trade-hold check still asks Steam (a fake).
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { STEAM_TRADE_HOLD } from "~/modules/selling/selling-constants";
import { createMember } from "~/modules/loyalty/test-fixtures";
import type { Db } from "~/platform/db/client.server";
import { payout_details, profiles } from "~/platform/db/schema";
import { verifyForTest } from "~/modules/identity/test-identities";
import { changePayoutDetails } from "./payout-details.server";
import { createPayoutKeyring, type PayoutKeyring } from "./payout-encryption.server";
import type { PayoutDetails } from "./payout-rules";

function tradeLinkFor(steamId64: string): string {
  const partner = BigInt(steamId64) - STEAM_TRADE_HOLD.steamId64Base;
  return `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=AbCd_123`;
}

export async function createReadySeller(db: Db, options: { steamId: string; email?: string; xp?: number }): Promise<string> {
  const userId = await createMember(db, { email: options.email, xp: options.xp });
  await makeReadySeller(db, userId, options.steamId);
  return userId;
}

/**
 * Gives an existing member the Steam id, a matching trade link and usable payout details, sealed
 * with `keyring` (by default a throwaway one; the server's own for details it must read back).
 * `unverified` leaves BankID to the test (and pays to a crypto address, which names no person).
 */
export async function makeReadySeller(
  db: Db,
  userId: string,
  steamId: string,
  keyring: PayoutKeyring = createPayoutKeyring(randomBytes(32).toString("base64")),
  options: { unverified?: boolean } = {},
): Promise<void> {
  await db.update(profiles).set({ steam_id: steamId, steam_trade_link: tradeLinkFor(steamId) }).where(eq(profiles.user_id, userId));
  // Verified with BankID as an adult (decision 044); Swish to the same personnummer.
  const details: PayoutDetails = options.unverified
    ? { method: "crypto", network: "bitcoin", address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh" }
    : { method: "swish", phone: "0701234512", personnummer: await verifyForTest(db, keyring, userId) };
  await changePayoutDetails(db, keyring, { userId, details, confirmedBy: "password" });
  await db.update(payout_details).set({ usable_at: sql`now() - interval '1 second'` }).where(eq(payout_details.user_id, userId));
}
