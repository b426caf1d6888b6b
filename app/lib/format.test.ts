import { describe, expect, it } from "vitest";
import { formatNumber, formatPlus, formatPoints, formatRange, formatSek } from "~/lib/format";

/** Intl uses no-break spaces; compare with plain ones. */
const plain = (value: string) => value.replace(/\s/g, " ");

describe("Swedish number formatting", () => {
  it("groups thousands the Swedish way", () => {
    expect(plain(formatNumber(150_000))).toBe("150 000");
    expect(plain(formatPlus(25_000))).toBe("25 000+");
    expect(formatNumber(999)).toBe("999");
  });

  it("writes ranges with an en dash", () => {
    expect(formatRange([5, 15])).toBe("5–15");
  });

  it("writes öre as kronor, with öre only when there are some", () => {
    expect(plain(formatSek(125_000))).toBe("1 250 kr");
    expect(plain(formatSek(124_950))).toBe("1 249,50 kr");
    expect(plain(formatSek(5))).toBe("0,05 kr");
    expect(plain(formatSek(0))).toBe("0 kr");
  });

  it("writes points with the unit", () => {
    expect(plain(formatPoints(1_500))).toBe("1 500 poäng");
  });
});
