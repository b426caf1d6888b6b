/**
 * Demo reference prices (docs/rules/selling.md#price-list) for every tradable item of the
 * offline Steam Community's demo inventory (`server/fakes/steam-community.ts`), so a fresh
 * install quotes `/salja` with prices instead of "Inget pris". Inserted with ON CONFLICT DO
 * NOTHING on the name: a price staff have set is never overwritten. The offline price source
 * (`server/fakes/price-source.ts`) serves the same prices in Skinport's format.
 */
import type { sell_prices } from "../schema";

export type SellPriceSeed = Pick<typeof sell_prices.$inferInsert, "market_hash_name" | "reference_price_ore">;

export const SELL_PRICE_SEEDS = [
  { market_hash_name: "AK-47 | Redline (Field-Tested)", reference_price_ore: 24_950 },
  { market_hash_name: "StatTrak™ AWP | Asiimov (Battle-Scarred)", reference_price_ore: 118_000 },
  { market_hash_name: "Glock-18 | Water Elemental (Minimal Wear)", reference_price_ore: 7_990 },
  { market_hash_name: "★ Karambit | Doppler (Factory New)", reference_price_ore: 1_095_000 },
  { market_hash_name: "Souvenir M4A1-S | Knight (Factory New)", reference_price_ore: 820_000 },
  { market_hash_name: "USP-S | Kill Confirmed (Well-Worn)", reference_price_ore: 41_000 },
  { market_hash_name: "Revolution Case", reference_price_ore: 920 },
] as const satisfies readonly SellPriceSeed[];
