import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REALTIME } from "~/platform/platform-constants";
import { createLiveValue } from "./live-value";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a live XP value", () => {
  it("shows the new value highlighted for one second after a live change, then plain", () => {
    const xp = createLiveValue(4_000, REALTIME.xpHighlightMs);
    expect(xp.get()).toEqual({ value: 4_000, highlighted: false });
    xp.change(5_200);
    expect(xp.get()).toEqual({ value: 5_200, highlighted: true });
    vi.advanceTimersByTime(999);
    expect(xp.get().highlighted).toBe(true);
    vi.advanceTimersByTime(1);
    expect(xp.get()).toEqual({ value: 5_200, highlighted: false });
  });

  it("restarts the second on a second change inside it", () => {
    const xp = createLiveValue(0, 1_000);
    xp.change(10);
    vi.advanceTimersByTime(800);
    xp.change(20);
    vi.advanceTimersByTime(800);
    expect(xp.get()).toEqual({ value: 20, highlighted: true });
    vi.advanceTimersByTime(200);
    expect(xp.get()).toEqual({ value: 20, highlighted: false });
  });

  it("takes a value from the page's data without a highlight, and tells its listeners", () => {
    const xp = createLiveValue(100, 1_000);
    const listener = vi.fn();
    xp.subscribe(listener);
    xp.reset(300);
    expect(xp.get()).toEqual({ value: 300, highlighted: false });
    expect(listener).toHaveBeenCalledTimes(1);
    xp.reset(300);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("stops its timer when the component goes away", () => {
    const xp = createLiveValue(0, 1_000);
    const listener = vi.fn();
    xp.subscribe(listener);
    xp.change(5);
    xp.dispose();
    vi.advanceTimersByTime(5_000);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("the default timers", () => {
  it("are called as plain functions, as a browser's setTimeout must be", () => {
    // A browser throws "Illegal invocation" when setTimeout runs with another object as `this`.
    const real = globalThis.setTimeout;
    const strict = vi.fn(function (this: unknown, handler: () => void, ms: number) {
      if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation");
      return real(handler, ms);
    });
    vi.stubGlobal("setTimeout", strict);
    try {
      const xp = createLiveValue(0, 1_000);
      expect(() => xp.change(10)).not.toThrow();
      expect(strict).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
