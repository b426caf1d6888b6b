import { describe, expect, it } from "vitest";
import { BULK_BONUS_CLAIM, FIGURE_MINIMUMS } from "./claims";
import { BULK_BONUS_TIERS } from "~/modules/trades/trades-constants";
import { formatNumber } from "~/lib/format";
import {
  formatClaim,
  formatPaidOut,
  formatRating,
  listPlatforms,
  publicFigure,
  publicFigures,
  roundDownForClaim,
  summarizeReviews,
} from "./site-figures";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("site figures (docs/decisions/055-site-figures.md)", () => {
  it("rounds down to two significant digits, never up", () => {
    expect(roundDownForClaim(0)).toBe(0);
    expect(roundDownForClaim(99)).toBe(99);
    expect(roundDownForClaim(100)).toBe(100);
    expect(roundDownForClaim(1_234)).toBe(1_200);
    expect(roundDownForClaim(1_299)).toBe(1_200);
    expect(roundDownForClaim(15_321)).toBe(15_000);
    expect(roundDownForClaim(15_999)).toBe(15_000);
    expect(roundDownForClaim(152_340)).toBe(150_000);
    for (const value of [101, 987, 5_555, 99_999, 1_000_001]) expect(roundDownForClaim(value)).toBeLessThanOrEqual(value);
  });

  it("words a figure as marketing does: 1 200+ from 1 234, the number below 100", () => {
    expect(plain(formatClaim(1_234))).toBe("1 200+");
    expect(plain(formatClaim(15_321))).toBe("15 000+");
    expect(formatClaim(42)).toBe("42");
  });

  it("words SEK paid out in tenths of a million, rounded down", () => {
    expect(formatPaidOut(2_499_999)).toBe("2,4 MSEK");
    expect(formatPaidOut(3_000_000)).toBe("3 MSEK");
    expect(formatPaidOut(12_345_678)).toBe("12,3 MSEK");
    expect(plain(formatPaidOut(854_000))).toBe("850 000+ kr");
  });

  it("leaves out a figure below its minimum, and zero always", () => {
    expect(publicFigure(999, 1_000)).toBeNull();
    expect(publicFigure(1_000, 1_000)).toBe(1_000);
    expect(publicFigure(0, 0)).toBeNull();
    const values = { members: 999, trades: 1_000, paidOutSek: 999_999, tradesPerDay: 10 };
    expect(publicFigures(values)).toEqual({ members: null, trades: 1_000, paidOutSek: null, tradesPerDay: 10 });
    expect(publicFigures(values, { members: 1, trades: 5_000, paidOutSek: 1, tradesPerDay: 11 })).toEqual({
      members: 999,
      trades: null,
      paidOutSek: 999_999,
      tradesPerDay: null,
    });
    expect(FIGURE_MINIMUMS.members).toBeGreaterThan(0);
  });

  it("averages the configured ratings weighted by count, rounded down to a tenth", () => {
    expect(summarizeReviews([])).toEqual({ sources: [], total: 0, average: null });
    const sources = [
      { platform: "Trustpilot", rating: 4.8, count: 300, url: "https://se.trustpilot.com/review/skinhamnen.se" },
      { platform: "Google", rating: 4.2, count: 100, url: "https://maps.google.com/?cid=1" },
    ];
    // (4.8·300 + 4.2·100) / 400 = 4.65 → 4,6
    expect(summarizeReviews(sources)).toMatchObject({ total: 400, average: 4.6 });
    expect(summarizeReviews([sources[0]!]).average).toBe(4.8);
    expect(formatRating(4.6)).toBe("4,6");
    expect(listPlatforms(sources)).toBe("Trustpilot och Google");
  });

  it("states the bulk bonus tiers the quote applies", () => {
    for (const tier of BULK_BONUS_TIERS) expect(plain(BULK_BONUS_CLAIM)).toContain(`+${tier.percent} % från ${plain(formatNumber(tier.minOre / 100))} kr`);
    expect(plain(BULK_BONUS_CLAIM)).toBe("+2 % från 5 000 kr, +3 % från 15 000 kr, +4 % från 30 000 kr, +5 % från 50 000 kr");
  });
});
