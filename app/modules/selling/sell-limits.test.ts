/** The selling limits' pure rule (docs/rules/selling.md#limits): order, edges and texts. */
import { describe, expect, it } from "vitest";
import { sellLimitLines, sellLimitRefusal, SELL_LIMIT_TEXTS, type SellLimitFacts } from "./sell-limits";
import { shareOfReferencePercent } from "./quote-rules";

const free: SellLimitFacts = { identity: "ok", firstWeek: null, blockedUntil: null, openOrders: 0, maxOpenOrders: 1 };

describe("sellLimitRefusal", () => {
  it("allows a member with no limit in force, whatever the total", () => {
    expect(sellLimitRefusal(free, 10_000_000)).toBeNull();
    expect(sellLimitLines(free).map((line) => line.state)).toEqual(["ok", "ok", "ok", "ok"]);
  });

  it("the first-week cap: up to what is left, not a öre more; nothing at all once it is used", () => {
    const week = { ...free, firstWeek: { limitOre: 500_000, soldOre: 400_000, endsAt: "2026-12-01T10:00:00.000Z" } };
    expect(sellLimitRefusal(week, 100_000)).toBeNull();
    expect(sellLimitRefusal(week, 100_001)).toBe(SELL_LIMIT_TEXTS.firstWeek(500_000, 100_000));
    const used = { ...week, firstWeek: { ...week.firstWeek, soldOre: 500_000 } };
    expect(sellLimitRefusal(used, 0)).toBe(SELL_LIMIT_TEXTS.firstWeek(500_000, 0));
  });

  it("names the block first, then the open orders, as the accept does; BankID never blocks a quote", () => {
    const all: SellLimitFacts = {
      identity: "missing",
      firstWeek: { limitOre: 1, soldOre: 1, endsAt: "2026-12-01T10:00:00.000Z" },
      blockedUntil: "2026-12-20T10:00:00.000Z",
      openOrders: 1,
      maxOpenOrders: 1,
    };
    expect(sellLimitRefusal(all, 0)).toBe(SELL_LIMIT_TEXTS.blocked(all.blockedUntil!));
    expect(sellLimitRefusal({ ...all, blockedUntil: null }, 0)).toBe(SELL_LIMIT_TEXTS.openOrder);
    expect(sellLimitRefusal({ ...free, identity: "under_age" }, 100)).toBeNull();
    expect(sellLimitRefusal({ ...free, openOrders: 2, maxOpenOrders: 3 }, 100)).toBeNull();
  });
});

describe("shareOfReferencePercent", () => {
  it("is the total over the accepted items' reference prices, half up; refused items do not count", () => {
    const items = [
      { referencePriceOre: 100_000, priceOre: 70_000 },
      { referencePriceOre: 50_000, priceOre: null },
    ];
    expect(shareOfReferencePercent(items, 70_500)).toBe(71);
    expect(shareOfReferencePercent(items, 70_499)).toBe(70);
    expect(shareOfReferencePercent([{ referencePriceOre: 1_000, priceOre: null }], 0)).toBeNull();
  });
});
