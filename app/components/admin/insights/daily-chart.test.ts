import { describe, expect, it } from "vitest";
import { dailyTick } from "./daily-chart";

/** Intl uses no-break spaces; compare with plain ones. */
const plain = (value: string) => value.replace(/\s/g, " ");

describe("the Analytics and Influencers daily chart", () => {
  it("labels the count axis and tooltip with whole Swedish numbers, not compact notation", () => {
    expect(plain(dailyTick(3_800))).toBe("3 800");
    expect(plain(dailyTick(12_000))).toBe("12 000");
    expect(dailyTick(7)).toBe("7");
  });
});
