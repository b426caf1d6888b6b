import { describe, expect, it, vi } from "vitest";
import { createRealtimeBus } from "./realtime-bus";

describe("the in-tab event bus", () => {
  it("hands an event to the handlers of its type only, until they unsubscribe", () => {
    const bus = createRealtimeBus();
    const content = vi.fn();
    const points = vi.fn();
    const unsubscribe = bus.subscribe("content", content);
    bus.subscribe("points", points);
    bus.emit({ type: "content", tag: "blog" });
    expect(content).toHaveBeenCalledWith({ type: "content", tag: "blog" });
    expect(points).not.toHaveBeenCalled();
    unsubscribe();
    bus.emit({ type: "content", tag: "blog" });
    expect(content).toHaveBeenCalledTimes(1);
  });

  it("still reaches the other handlers when one throws", () => {
    const bus = createRealtimeBus();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const reached = vi.fn();
    bus.subscribe("content", () => {
      throw new Error("broken component");
    });
    bus.subscribe("content", reached);
    bus.emit({ type: "content", tag: "shop" });
    expect(reached).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });
});
