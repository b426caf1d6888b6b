import { describe, expect, it } from "vitest";
import { formatSekFromOre } from "./money";

// Intl writes a no-break space between digit groups and before "kr".
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("öre shown as kronor", () => {
  it("shows whole kronor without decimals, grouped the Swedish way", () => {
    expect(plain(formatSekFromOre(1_234_500))).toBe("12 345 kr");
    expect(plain(formatSekFromOre(0))).toBe("0 kr");
  });

  it("shows öre with two decimals and a decimal comma", () => {
    expect(plain(formatSekFromOre(124_950))).toBe("1 249,50 kr");
    expect(plain(formatSekFromOre(5))).toBe("0,05 kr");
  });

  it("shows negative amounts with a minus sign", () => {
    expect(plain(formatSekFromOre(-2_500))).toMatch(/^[-−]25 kr$/);
  });
});
