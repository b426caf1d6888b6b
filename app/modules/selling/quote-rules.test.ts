import { describe, expect, it } from "vitest";
import { LEVELS } from "~/modules/loyalty/loyalty-constants";
import { BUY_RATE_PERCENT, SELL_MIN_ITEM_VALUE_ORE } from "~/modules/selling/selling-constants";
import { priceItem, quoteTotals, refusalText } from "./quote-rules";

const NOW = new Date("2026-11-26T10:00:00Z");
const rifle = { tradable: true, tradableAfter: null, category: "weapon" as const };
const [bronze, silver, gold, platinum] = LEVELS;

describe("priceItem", () => {
  it("pays the reference × the category's buy rate, half-up to whole öre", () => {
    // 70 % of 123,45 kr = 86,415 kr → 86,42 kr (half-up once).
    expect(BUY_RATE_PERCENT.weapon).toBe(70);
    expect(priceItem(rifle, 12_345, NOW)).toEqual({ referencePriceOre: 12_345, buyRatePercent: 70, priceOre: 8_642, refusal: null, tradableAfter: null });
    expect(priceItem({ ...rifle, category: "knife" }, 100_000, NOW).priceOre).toBe(75_000);
  });

  it("refuses an item without a price, below the minimum, not tradable, or under Trade Protection with its date", () => {
    expect(priceItem(rifle, null, NOW)).toMatchObject({ priceOre: null, refusal: "no_price", buyRatePercent: null });
    // 70 % of the smallest reference that still reaches the minimum, and one öre below it.
    const smallestOk = Math.ceil((SELL_MIN_ITEM_VALUE_ORE - 0.5) / 0.7);
    expect(priceItem(rifle, smallestOk, NOW).refusal).toBeNull();
    expect(priceItem(rifle, smallestOk - 1, NOW)).toMatchObject({ refusal: "below_minimum", priceOre: null, referencePriceOre: smallestOk - 1 });
    expect(priceItem({ ...rifle, tradable: false }, 50_000, NOW)).toMatchObject({ refusal: "not_tradable", priceOre: null });
    const until = "2026-12-01T07:00:00.000Z";
    expect(priceItem({ ...rifle, tradable: false, tradableAfter: until }, 50_000, NOW)).toMatchObject({ refusal: "trade_protected", tradableAfter: until });
    // A date already passed but Steam still says not tradable: not tradable.
    expect(priceItem({ ...rifle, tradable: false, tradableAfter: "2026-11-01T00:00:00Z" }, 50_000, NOW).refusal).toBe("not_tradable");
  });
});

describe("quoteTotals", () => {
  const items = [priceItem(rifle, 100_000, NOW), priceItem(rifle, null, NOW), priceItem(rifle, 10_000, NOW)];

  it("sums the accepted items; the level bonus follows the level; points and XP come from the base", () => {
    // 700 kr + 70 kr = 770 kr base.
    const plain = quoteTotals(items, bronze!);
    expect(plain).toMatchObject({ baseTotalOre: 77_000, levelBonusPercent: 0, levelBonusOre: 0, bulkBonusPercent: 0, totalOre: 77_000, points: 1_540, xp: 1_540, acceptedCount: 2 });
    expect(quoteTotals(items, silver!)).toMatchObject({ levelBonusPercent: 1, levelBonusOre: 770, totalOre: 77_770, points: 1_540 });
    expect(quoteTotals(items, gold!).levelBonusOre).toBe(1_540);
    expect(quoteTotals(items, platinum!)).toMatchObject({ levelBonusPercent: 3, levelBonusOre: 2_310, totalOre: 79_310 });
    // A points multiplier perk doubles points, never XP.
    expect(quoteTotals(items, bronze!, 2)).toMatchObject({ points: 3_080, xp: 1_540 });
  });

  it("adds the bulk bonus by the base total's tier", () => {
    const big = [priceItem({ ...rifle, category: "knife" }, 2_000_000, NOW)]; // 15 000 kr
    expect(quoteTotals(big, silver!)).toMatchObject({ baseTotalOre: 1_500_000, bulkBonusPercent: 3, bulkBonusOre: 45_000, levelBonusOre: 15_000, totalOre: 1_560_000 });
  });

  it("is zero when nothing is accepted", () => {
    expect(quoteTotals([priceItem(rifle, null, NOW)], platinum!)).toMatchObject({ baseTotalOre: 0, totalOre: 0, points: 0, xp: 0, acceptedCount: 0 });
  });
});

describe("refusalText", () => {
  it("says why in Swedish, with the Trade Protection date", () => {
    expect(refusalText("no_price", null)).toBe("Vi har inget pris för föremålet just nu.");
    expect(refusalText("not_tradable", null)).toBe("Föremålet går inte att byta på Steam.");
    expect(refusalText("trade_protected", "2026-12-01T07:00:00Z")).toBe("Under Trade Protection – kan säljas från 1 december 2026 kl. 08:00.");
    expect(refusalText("below_minimum", null)).toContain("minsta gräns");
  });
});
