import { describe, expect, it } from "vitest";
import { HERO_COUNTERS } from "~/modules/marketing/marketing-constants";
import { counterTotalMs, countersAt, customersAt, formatCustomers, ratingAt } from "./hero-counters";
import { formatRating } from "./site-figures";

describe("hero counters (docs/rules/site.md#hero-counters)", () => {
  it("ends at the figures the server renders: the computed member count and the configured rating", () => {
    const targets = { customers: 15_321, rating: 4.8 };
    const end = countersAt(counterTotalMs(targets), targets);
    expect(formatCustomers(end.customers)).toBe("15K+");
    expect(formatRating(end.rating)).toBe("4,8");
  });

  it("waits 500 ms after load before counting", () => {
    expect(HERO_COUNTERS.startDelayMs).toBe(500);
    expect(ratingAt(0, 5)).toBe(4.0);
    expect(ratingAt(499, 5)).toBe(4.0);
    expect(customersAt(0, 15_000)).toBe(0);
    expect(customersAt(500, 15_000)).toBe(0);
    expect(customersAt(600, 15_000)).toBeGreaterThan(0);
  });

  it("counts the rating from 4,0 to its target in 0,1 steps every 100 ms", () => {
    const seen = new Set<string>();
    for (let t = 0; t <= 2_000; t += 10) seen.add(formatRating(ratingAt(t, 5)));
    expect([...seen]).toEqual(["4,0", "4,1", "4,2", "4,3", "4,4", "4,5", "4,6", "4,7", "4,8", "4,9", "5,0"]);
    expect(ratingAt(599, 5)).toBe(4.0);
    expect(ratingAt(600, 5)).toBe(4.1);
    expect(ratingAt(1_450, 5)).toBe(4.9);
    expect(ratingAt(1_500, 5)).toBe(5.0);
    expect(ratingAt(60_000, 5)).toBe(5.0);
    expect(ratingAt(60_000, 4.3)).toBe(4.3);
    // A rating at or below 4,0 is shown as it is, never counted past.
    expect(ratingAt(0, 3.6)).toBe(3.6);
    expect(ratingAt(60_000, 3.6)).toBe(3.6);
  });

  it("counts members up to the target without overshooting and never backwards", () => {
    const targets = { customers: 1_234, rating: null };
    let previous = 0;
    for (let t = 0; t <= counterTotalMs(targets) + 500; t += 16) {
      const value = customersAt(t, 1_234);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(1_234);
      previous = value;
    }
    expect(customersAt(counterTotalMs(targets), 1_234)).toBe(1_234);
    expect(countersAt(10_000, targets)).toEqual({ customers: 1_234, rating: 0 });
  });

  it("runs as long as the longer counter", () => {
    expect(counterTotalMs({ customers: 5_000, rating: null })).toBe(500 + 1_000);
    expect(counterTotalMs({ customers: null, rating: 5 })).toBe(500 + 1_000);
    expect(counterTotalMs({ customers: null, rating: 4.2 })).toBe(500 + 1_000);
  });

  it("formats counts rounded down: the number below 100, two digits below ten thousand, else thousands", () => {
    expect(formatCustomers(0)).toBe("0");
    expect(formatCustomers(99)).toBe("99");
    expect(formatCustomers(999)).toBe("990+");
    expect(formatCustomers(1_234)).toBe("1\u00a0200+");
    expect(formatCustomers(9_999)).toBe("9\u00a0900+");
    expect(formatCustomers(14_999)).toBe("14K+");
    expect(formatCustomers(15_321)).toBe("15K+");
  });
});
