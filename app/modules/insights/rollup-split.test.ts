import { describe, expect, it } from "vitest";
import { splitRange } from "./rollup-split";

describe("splitting a range into rolled-up days and raw rows", () => {
  it("takes the whole days before the day the range ends in, and the rest raw", () => {
    const start = new Date("2026-03-27T23:00:00Z"); // 2026-03-28 00:00 in Stockholm
    const end = new Date("2026-03-30T10:15:00Z"); // across the change to summer time
    expect(splitRange(start, end)).toEqual({
      days: { from: "2026-03-28", to: "2026-03-30" },
      raw: { start: new Date("2026-03-29T22:00:00Z"), end },
    });
  });

  it("stops at the last day a job counted, and reads everything raw before its first run", () => {
    const start = new Date("2026-01-09T23:00:00Z");
    const end = new Date("2026-01-20T08:00:00Z");
    expect(splitRange(start, end, "2026-01-14").days).toEqual({ from: "2026-01-10", to: "2026-01-15" });
    expect(splitRange(start, end, "2026-01-14").raw.start).toEqual(new Date("2026-01-14T23:00:00Z"));
    expect(splitRange(start, end, null)).toEqual({ days: { from: "2026-01-10", to: "2026-01-10" }, raw: { start, end } });
  });

  it("has no raw part when the range ends at a midnight", () => {
    const split = splitRange(new Date("2026-01-09T23:00:00Z"), new Date("2026-01-11T23:00:00Z"));
    expect(split.days).toEqual({ from: "2026-01-10", to: "2026-01-12" });
    expect(split.raw.start).toEqual(split.raw.end);
  });
});
