/**
 * Sellers and quotes for sell-order tests (service, HTTP and browser): a member who meets the
 * seller checklist, and a quote inserted as the quote service would store it.
 */
import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { SELL_QUOTE_MAX_ITEMS, STEAM_TRADE_HOLD, type PayoutMethod } from "~/modules/selling/selling-constants";
import { createMember, type MemberOptions } from "~/modules/loyalty/test-fixtures";
import type { Db } from "~/platform/db/client.server";
import { payout_details, profiles, sell_quote_items, sell_quotes } from "~/platform/db/schema";
import { testPersonnummer, verifyForTest } from "~/modules/identity/test-identities";
import { changePayoutDetails } from "./payout-details.server";
import type { PayoutKeyring } from "./payout-encryption.server";

/** A member with a Steam account, a matching trade link, a BankID identity and Swish details already past their 24-hour wait. */
export async function createSeller(
  db: Db,
  keyring: PayoutKeyring,
  options: MemberOptions & { detailsUsable?: boolean; birthDate?: string; verified?: boolean } = {},
): Promise<string> {
  const partner = randomInt(1, 2 ** 31);
  const steamId = String(BigInt(partner) + STEAM_TRADE_HOLD.steamId64Base);
  const userId = await createMember(db, { ...options, steamId });
  await db
    .update(profiles)
    .set({ steam_trade_link: `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=AbCd_123` })
    .where(eq(profiles.user_id, userId));
  // Verified with BankID (decision 044) unless the test is about that; Swish to the same person.
  const personnummer = testPersonnummer(options.birthDate);
  const name = [options.firstName, options.lastName].filter(Boolean).join(" ") || undefined;
  if (options.verified !== false) await verifyForTest(db, keyring, userId, personnummer, name);
  await changePayoutDetails(db, keyring, {
    userId,
    details: { method: "swish", phone: "0701234512", personnummer },
    confirmedBy: "password",
  });
  if (options.detailsUsable !== false) {
    await db.update(payout_details).set({ usable_at: sql`now() - interval '1 second'` }).where(eq(payout_details.user_id, userId));
  }
  // An established member unless the test is about the first week.
  await db.update(profiles).set({ created_at: sql`now() - interval '30 days'` }).where(eq(profiles.user_id, userId));
  return userId;
}

export interface QuoteFixture {
  /** Accepted items' prices in öre. */
  prices?: number[];
  /** How many refused items to add (not tradable). */
  refused?: number;
  levelBonusPercent?: number;
  bulkBonusPercent?: number;
  payoutMethod?: PayoutMethod;
  expiresAt?: Date;
}

/** A quote as the quote service stores it: amounts fixed, accepted items priced, refused ones with the reason. */
export async function createQuote(db: Db, userId: string, fixture: QuoteFixture = {}): Promise<string> {
  const prices = fixture.prices ?? [25_000, 15_000];
  if (prices.length + (fixture.refused ?? 1) > SELL_QUOTE_MAX_ITEMS) throw new Error("more items than a quote may hold");
  const base = prices.reduce((sum, price) => sum + price, 0);
  const levelBonusPercent = fixture.levelBonusPercent ?? 1;
  const bulkBonusPercent = fixture.bulkBonusPercent ?? 0;
  const levelBonus = Math.round((base * levelBonusPercent) / 100);
  const bulkBonus = Math.round((base * bulkBonusPercent) / 100);
  const [quote] = await db
    .insert(sell_quotes)
    .values({
      user_id: userId,
      level_at_quote: levelBonusPercent ? "silver" : "bronze",
      base_total_ore: base,
      level_bonus_percent: levelBonusPercent,
      level_bonus_ore: levelBonus,
      bulk_bonus_percent: bulkBonusPercent,
      bulk_bonus_ore: bulkBonus,
      total_ore: base + levelBonus + bulkBonus,
      points: Math.floor(base / 100) * 2,
      xp: Math.floor(base / 100) * 2,
      payout_method: fixture.payoutMethod ?? "swish",
      expires_at: fixture.expiresAt ?? new Date(Date.now() + 10 * 60_000),
    })
    .returning({ id: sell_quotes.id });
  const items = [
    ...prices.map((price, index) => ({
      quote_id: quote!.id,
      position: index,
      asset_id: String(1_000_000 + index),
      market_hash_name: `AK-47 | Redline (Field-Tested) ${index}`,
      name: index === 0 ? "AK-47 | Redline" : `AWP | Asiimov ${index}`,
      wear: "FT",
      reference_price_ore: Math.round(price / 0.8),
      buy_rate_percent: 80,
      price_ore: price,
    })),
    ...Array.from({ length: fixture.refused ?? 1 }, (_, index) => ({
      quote_id: quote!.id,
      position: prices.length + index,
      asset_id: String(2_000_000 + index),
      market_hash_name: "Sticker | Refused",
      name: "Sticker | Refused",
      wear: null,
      refusal: "not_tradable",
    })),
  ];
  await db.insert(sell_quote_items).values(items);
  return quote!.id;
}
