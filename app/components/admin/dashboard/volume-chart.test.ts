import { describe, expect, it } from "vitest";
import { volumeTick } from "./volume-chart";

/** Intl uses no-break spaces; compare with plain ones. */
const plain = (value: string) => value.replace(/\s/g, " ");

describe("the Dashboard's volume chart", () => {
  it("labels the value axis and tooltip in whole kronor, not compact notation", () => {
    expect(plain(volumeTick(380_000))).toBe("3 800 kr");
    expect(plain(volumeTick(1_250_000))).toBe("12 500 kr");
    expect(plain(volumeTick(0))).toBe("0 kr");
    expect(plain(volumeTick(124_950))).toBe("1 249,50 kr");
  });
});
