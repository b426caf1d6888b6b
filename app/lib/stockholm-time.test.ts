import { describe, expect, it } from "vitest";
import { fromStockholmDateTimeInput, stockholmDateTimeInput, stockholmDay, stockholmDayEnd, stockholmDayStart, stockholmMonth } from "./stockholm-time";

describe("stockholmMonth", () => {
  it("counts months in Stockholm time, not UTC", () => {
    // 23:30 UTC on 31 January is already 1 February in Stockholm (UTC+1).
    expect(stockholmMonth(new Date("2025-01-31T23:30:00Z"))).toBe("2025-02");
    // 22:30 UTC on 31 July is 00:30 on 1 August in summer time (UTC+2).
    expect(stockholmMonth(new Date("2025-07-31T22:30:00Z"))).toBe("2025-08");
    expect(stockholmMonth(new Date("2025-07-31T21:30:00Z"))).toBe("2025-07");
  });
});

describe("Stockholm days", () => {
  it("names the Stockholm calendar day of a moment, not the UTC one", () => {
    expect(stockholmDay(new Date("2025-01-31T23:30:00Z"))).toBe("2025-02-01");
    expect(stockholmDay(new Date("2025-07-31T21:30:00Z"))).toBe("2025-07-31");
    expect(stockholmDay(new Date("2025-07-31T22:30:00Z"))).toBe("2025-08-01");
  });

  it("starts a winter day at 23:00 UTC the day before and a summer day at 22:00", () => {
    expect(stockholmDayStart("2025-01-15")?.toISOString()).toBe("2025-01-14T23:00:00.000Z");
    expect(stockholmDayStart("2025-07-15")?.toISOString()).toBe("2025-07-14T22:00:00.000Z");
  });

  it("ends a day when the next begins, across the change to summer time", () => {
    // 30 March 2025 has 23 hours in Stockholm.
    expect(stockholmDayStart("2025-03-30")?.toISOString()).toBe("2025-03-29T23:00:00.000Z");
    expect(stockholmDayEnd("2025-03-30")?.toISOString()).toBe("2025-03-30T22:00:00.000Z");
    expect(stockholmDayEnd("2025-12-31")?.toISOString()).toBe("2025-12-31T23:00:00.000Z");
  });

  it("rejects malformed and impossible dates", () => {
    expect(stockholmDayStart("2025-02-30")).toBeNull();
    expect(stockholmDayStart("15/01/2025")).toBeNull();
    expect(stockholmDayEnd("")).toBeNull();
  });
});

describe("Stockholm months and day arithmetic", () => {
  it("gives a month's bounds in Stockholm time and refuses a malformed month", async () => {
    const { addDays, stockholmMonthRange } = await import("./stockholm-time");
    expect(stockholmMonthRange("2026-03")).toEqual({
      start: new Date("2026-02-28T23:00:00Z"),
      end: new Date("2026-03-31T22:00:00Z"),
    });
    expect(stockholmMonthRange("2026-12")?.end).toEqual(new Date("2026-12-31T23:00:00Z"));
    expect(stockholmMonthRange("2026-13")).toBeNull();
    expect(stockholmMonthRange("2026-3")).toBeNull();
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
  });
});

describe("Stockholm wall-clock times for datetime-local inputs", () => {
  it("round-trips a winter and a summer time", () => {
    expect(fromStockholmDateTimeInput("2027-01-15T09:30")!.toISOString()).toBe("2027-01-15T08:30:00.000Z");
    expect(fromStockholmDateTimeInput("2027-07-01T18:05")!.toISOString()).toBe("2027-07-01T16:05:00.000Z");
    expect(stockholmDateTimeInput(new Date("2027-07-01T16:05:00.000Z"))).toBe("2027-07-01T18:05");
  });

  it("refuses a malformed value", () => {
    expect(fromStockholmDateTimeInput("2027-02-30T10:00")).toBeNull();
    expect(fromStockholmDateTimeInput("igår")).toBeNull();
  });
});
