import { describe, expect, it } from "vitest";
import { HERO_COUNTERS } from "~/modules/marketing/marketing-constants";
import {
  COUNTER_TOTAL_MS,
  FINAL_COUNTER_VALUES,
  customersAt,
  formatCustomers,
  formatRating,
  ratingAt,
} from "./hero-counters";

describe("hero counters (docs/rules/site.md#hero-counters)", () => {
  it("shows the final values the server renders: 15K+ customers and rating 5,0", () => {
    expect(formatCustomers(FINAL_COUNTER_VALUES.customers)).toBe("15K+");
    expect(formatRating(FINAL_COUNTER_VALUES.rating)).toBe("5,0");
  });

  it("waits 500 ms after load before counting", () => {
    expect(HERO_COUNTERS.startDelayMs).toBe(500);
    expect(ratingAt(0)).toBe(4.0);
    expect(ratingAt(499)).toBe(4.0);
    expect(customersAt(0)).toBe(0);
    expect(customersAt(500)).toBe(0);
    expect(customersAt(600)).toBeGreaterThan(0);
  });

  it("counts the rating from 4,0 to 5,0 in 0,1 steps every 100 ms", () => {
    const seen = new Set<string>();
    for (let t = 0; t <= 2_000; t += 10) seen.add(formatRating(ratingAt(t)));
    expect([...seen]).toEqual(["4,0", "4,1", "4,2", "4,3", "4,4", "4,5", "4,6", "4,7", "4,8", "4,9", "5,0"]);
    expect(ratingAt(599)).toBe(4.0);
    expect(ratingAt(600)).toBe(4.1);
    expect(ratingAt(1_450)).toBe(4.9);
    expect(ratingAt(1_500)).toBe(5.0);
    expect(ratingAt(60_000)).toBe(5.0);
  });

  it("counts customers up to 15 000 without overshooting and never backwards", () => {
    let previous = 0;
    for (let t = 0; t <= COUNTER_TOTAL_MS + 500; t += 16) {
      const value = customersAt(t);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(15_000);
      previous = value;
    }
    expect(customersAt(COUNTER_TOTAL_MS)).toBe(15_000);
  });

  it("formats counts below a thousand as the number and above in whole thousands", () => {
    expect(formatCustomers(0)).toBe("0");
    expect(formatCustomers(999)).toBe("999");
    expect(formatCustomers(1_000)).toBe("1K+");
    expect(formatCustomers(14_999)).toBe("14K+");
  });

  it("formats the rating with a Swedish decimal comma", () => {
    expect(formatRating(4.3)).toBe("4,3");
    expect(formatRating(5)).toBe("5,0");
  });
});
