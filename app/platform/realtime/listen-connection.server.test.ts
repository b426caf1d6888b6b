import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./listen-connection.server";

const options = { initialDelayMs: 250, maxDelayMs: 30_000 };

describe("reconnect back-off", () => {
  it("doubles the delay with every failed attempt", () => {
    const fixed = () => 1;
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, options, fixed))).toEqual([250, 500, 1000, 2000]);
  });

  it("never waits longer than the cap, however many attempts failed", () => {
    expect(reconnectDelay(12, options, () => 1)).toBe(30_000);
    expect(reconnectDelay(10_000, options, () => 1)).toBe(30_000);
  });

  it("jitters between half and all of the delay, so instances do not retry in lockstep", () => {
    expect(reconnectDelay(3, options, () => 0)).toBe(1000);
    expect(reconnectDelay(3, options, () => 0.5)).toBe(1500);
    expect(reconnectDelay(20, options, () => 0)).toBe(15_000);
  });
});
