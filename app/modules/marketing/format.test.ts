import { describe, expect, it } from "vitest";
import { formatNumber, formatPlus, formatRange } from "./format";

describe("marketing number formatting", () => {
  it("groups thousands the Swedish way", () => {
    expect(formatNumber(150_000).replace(/\s/g, " ")).toBe("150 000");
    expect(formatPlus(25_000).replace(/\s/g, " ")).toBe("25 000+");
    expect(formatNumber(999)).toBe("999");
  });

  it("writes ranges with an en dash", () => {
    expect(formatRange([5, 15])).toBe("5–15");
  });
});
