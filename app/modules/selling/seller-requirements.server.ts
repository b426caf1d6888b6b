/**
 * Gathers the facts the seller checklist needs (docs/rules/selling.md#seller-requirements) for a
 * signed-in member: the profile's Steam id and trade link, Steam's trade-hold answer, and the
 * payout details' summary. Later parts of selling call `sellerRequirements` before anything else.
 */
import { eq } from "drizzle-orm";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { profiles, verified_identities } from "~/platform/db/schema";
import { stockholmDay } from "~/lib/stockholm-time";
import { getPayoutDetailsSummary, type PayoutDetailsSummary } from "./payout-details.server";
import { sellerChecklist, tradeLinkTarget, type SellerChecklist, type TradeHoldFact } from "./seller-requirements";
import { checkTradeHold, type TradeHoldOptions } from "./steam-trade-hold.server";

/** The checklist for this member; the age counts on Stockholm's date at `now` (a job's or test's clock). */
export async function sellerRequirements(
  db: Db,
  userId: string | null,
  steam: Partial<TradeHoldOptions> = {},
  now: Date = new Date(),
): Promise<SellerChecklist> {
  if (!userId) {
    return sellerChecklist({
      signedIn: false,
      steamId: null,
      tradeLink: null,
      tradeHold: { status: "not_checked" },
      payout: null,
      verifiedBirthDate: null,
      today: stockholmDay(now),
    });
  }
  const [[profile], payout, [identity]] = await Promise.all([
    db.select({ steamId: profiles.steam_id, tradeLink: profiles.steam_trade_link }).from(profiles).where(eq(profiles.user_id, userId)),
    getPayoutDetailsSummary(db, userId),
    db.select({ birthDate: verified_identities.birth_date }).from(verified_identities).where(eq(verified_identities.user_id, userId)),
  ]);
  return sellerRequirementsOf(
    { steamId: profile?.steamId ?? null, tradeLink: profile?.tradeLink ?? null, payout, verifiedBirthDate: identity?.birthDate ?? null },
    steam,
    now,
  );
}

/** The same from facts already read (/profile's account read): only the Steam check, if any, goes out. */
export async function sellerRequirementsOf(
  facts: { steamId: string | null; tradeLink: string | null; payout: PayoutDetailsSummary | null; verifiedBirthDate: string | null },
  steam: Partial<TradeHoldOptions> = {},
  now: Date = new Date(),
): Promise<SellerChecklist> {
  const { steamId, tradeLink, payout } = facts;
  const target = tradeLinkTarget(tradeLink);
  let tradeHold: TradeHoldFact = { status: "not_checked" };
  if (target && steamId && target.steamId64 === steamId) {
    const cfg = config();
    const answer = await checkTradeHold(target, { apiUrl: cfg.STEAM_API_URL, apiKey: cfg.STEAM_API_KEY, ...steam });
    tradeHold = answer.status === "unknown" ? { status: "unknown" } : answer;
  }
  return sellerChecklist({
    signedIn: true,
    steamId,
    tradeLink,
    tradeHold,
    payout: payout ? { usable: payout.usable, usableAt: payout.usableAt, renewalRequired: payout.renewalRequired } : null,
    verifiedBirthDate: facts.verifiedBirthDate,
    today: stockholmDay(now),
  });
}
