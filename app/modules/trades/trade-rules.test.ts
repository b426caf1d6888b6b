import { describe, expect, it } from "vitest";
import { levelById } from "~/modules/loyalty/levels";
import {
  baseTotalOre,
  bulkBonusPercent,
  canTransition,
  percentOfOre,
  pointsForTrade,
  tradeExtras,
  xpForTrade,
} from "./trade-rules";

const bronze = levelById("bronze");
const silver = levelById("silver");
const gold = levelById("gold");
const platinum = levelById("platinum");

describe("points and XP (docs/rules/loyalty.md#points-and-xp: sale 2 points/SEK, purchase 1 point/SEK, 2 XP/SEK for both)", () => {
  it("gives a 1,000 SEK sale 2,000 points and 2,000 XP", () => {
    expect(pointsForTrade("sale", 1_000_00)).toBe(2_000);
    expect(xpForTrade("sale", 1_000_00)).toBe(2_000);
  });

  it("gives a 1,000 SEK purchase 1,000 points and 2,000 XP", () => {
    expect(pointsForTrade("purchase", 1_000_00)).toBe(1_000);
    expect(xpForTrade("purchase", 1_000_00)).toBe(2_000);
  });

  it("floors fractions of a krona: 249.75 SEK sold gives floor(499.5) = 499 points", () => {
    expect(pointsForTrade("sale", 249_75)).toBe(499);
    expect(pointsForTrade("purchase", 249_75)).toBe(249);
    expect(xpForTrade("purchase", 249_75)).toBe(499);
  });

  it("doubles the points, not the XP, under a double-points perk", () => {
    expect(pointsForTrade("sale", 1_000_00, 2)).toBe(4_000);
    expect(xpForTrade("sale", 1_000_00)).toBe(2_000);
  });
});

describe("level sale bonus (docs/rules/loyalty.md#levels: Silver +1 %, Gold +2 %, Platinum +3 %)", () => {
  it.each([
    [bronze, 0, 0],
    [silver, 1, 10_00],
    [gold, 2, 20_00],
    [platinum, 3, 30_00],
  ])("pays %s a %i % bonus on a 1,000 SEK sale", (level, percent, ore) => {
    const extras = tradeExtras({ type: "sale", baseOre: 1_000_00, level });
    expect(extras.levelBonusPercent).toBe(percent);
    expect(extras.levelBonusOre).toBe(ore);
    expect(extras.totalOre).toBe(1_000_00 + ore);
  });

  it("rounds half-up to whole öre once: 1 % of 12.50 SEK is 13 öre", () => {
    expect(percentOfOre(12_50, 1)).toBe(13);
    expect(percentOfOre(12_49, 1)).toBe(12);
    expect(tradeExtras({ type: "sale", baseOre: 12_50, level: silver }).levelBonusOre).toBe(13);
  });
});

describe("bulk bonus (marketing +2-5 %)", () => {
  it.each([
    [4_999_99, 0],
    [5_000_00, 2],
    [14_999_99, 2],
    [15_000_00, 3],
    [30_000_00, 4],
    [49_999_99, 4],
    [50_000_00, 5],
    [1_000_000_00, 5],
  ])("gives a base of %i öre %i %", (baseOre, percent) => {
    expect(bulkBonusPercent(baseOre)).toBe(percent);
  });

  it("adds to the level bonus, each computed on the base", () => {
    const extras = tradeExtras({ type: "sale", baseOre: 20_000_00, level: gold });
    expect(extras).toMatchObject({ levelBonusOre: 400_00, bulkBonusPercent: 3, bulkBonusOre: 600_00 });
    expect(extras.totalOre).toBe(21_000_00);
  });
});

describe("one-off sale bonus perk", () => {
  it("adds +2 % of the base to a sale", () => {
    const extras = tradeExtras({ type: "sale", baseOre: 1_000_00, level: bronze, perkBonusPercent: 2 });
    expect(extras.perkBonusOre).toBe(20_00);
    expect(extras.totalOre).toBe(1_020_00);
  });
});

describe("purchase fee (Bronze and Silver 5 %, Gold 3 %, Platinum 2 %)", () => {
  it.each([
    [bronze, 5, 50_00],
    [silver, 5, 50_00],
    [gold, 3, 30_00],
    [platinum, 2, 20_00],
  ])("charges %s %i % on a 1,000 SEK purchase", (level, percent, ore) => {
    const extras = tradeExtras({ type: "purchase", baseOre: 1_000_00, level });
    expect(extras.purchaseFeePercent).toBe(percent);
    expect(extras.purchaseFeeOre).toBe(ore);
    expect(extras.totalOre).toBe(1_000_00 + ore);
    expect(extras.levelBonusOre + extras.bulkBonusOre + extras.perkBonusOre).toBe(0);
  });

  it("gives a purchase no sale bonuses even above the bulk tiers or with a perk", () => {
    const extras = tradeExtras({ type: "purchase", baseOre: 60_000_00, level: platinum, perkBonusPercent: 2 });
    expect(extras.bulkBonusOre).toBe(0);
    expect(extras.perkBonusOre).toBe(0);
  });
});

describe("base total and transitions", () => {
  it("sums the line items", () => {
    expect(baseTotalOre([{ priceOre: 100_00 }, { priceOre: 49_50 }])).toBe(149_50);
  });

  it("lets a sale go pending → completed | reversed | cancelled, and completed → cancelled", () => {
    expect(canTransition("sale", "pending", "completed")).toBe(true);
    expect(canTransition("sale", "pending", "reversed")).toBe(true);
    expect(canTransition("sale", "pending", "cancelled")).toBe(true);
    expect(canTransition("sale", "completed", "cancelled")).toBe(true);
    expect(canTransition("sale", "completed", "reversed")).toBe(false);
    expect(canTransition("sale", "reversed", "completed")).toBe(false);
    expect(canTransition("sale", "cancelled", "completed")).toBe(false);
  });

  it("never reverses a purchase", () => {
    expect(canTransition("purchase", "pending", "reversed")).toBe(false);
    expect(canTransition("purchase", "pending", "completed")).toBe(true);
    expect(canTransition("purchase", "completed", "cancelled")).toBe(true);
  });
});
