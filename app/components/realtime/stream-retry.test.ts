import { describe, expect, it } from "vitest";
import { REALTIME } from "~/platform/platform-constants";
import { streamRetryDelay } from "./stream-retry";

describe("reopening a refused stream", () => {
  it("waits about Retry-After first, then backs off to at most five minutes", () => {
    const middle = () => 0.5;
    expect(streamRetryDelay(0, middle)).toBe(REALTIME.retryAfterSeconds * 1000);
    expect(streamRetryDelay(1, middle)).toBe(REALTIME.retryAfterSeconds * 2000);
    expect(streamRetryDelay(50, middle)).toBe(5 * 60_000);
  });

  it("spreads tabs over ±25 %", () => {
    expect(streamRetryDelay(0, () => 0)).toBe(REALTIME.retryAfterSeconds * 750);
    expect(streamRetryDelay(0, () => 1)).toBe(REALTIME.retryAfterSeconds * 1250);
  });
});
