import { describe, expect, it } from "vitest";
import { isAwardFor, pointsAwardText } from "./points-award";

const event = { type: "points", userId: "u1", rowId: "r1", amount: 500, balance: 1_500 } as const;

describe("the points popup rule", () => {
  it("opens for a new positive points row of the signed-in member", () => {
    expect(isAwardFor(event, "u1", new Set())).toBe(true);
  });

  it("opens once per row id", () => {
    expect(isAwardFor(event, "u1", new Set(["r1"]))).toBe(false);
    expect(isAwardFor({ ...event, rowId: "r2" }, "u1", new Set(["r1"]))).toBe(true);
  });

  it("stays shut for spending, for another member's row and for a signed-out tab", () => {
    expect(isAwardFor({ ...event, amount: -500 }, "u1", new Set())).toBe(false);
    expect(isAwardFor({ ...event, amount: 0 }, "u1", new Set())).toBe(false);
    expect(isAwardFor(event, "u2", new Set())).toBe(false);
    expect(isAwardFor(event, null, new Set())).toBe(false);
  });

  it("says 'Du har fått 500 poäng', grouping digits the Swedish way", () => {
    expect(pointsAwardText(500)).toBe("Du har fått 500 poäng");
    expect(pointsAwardText(25_000)).toBe("Du har fått 25\u00a0000 poäng");
  });
});
