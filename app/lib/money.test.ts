import { describe, expect, it } from "vitest";
import { formatSek } from "./money";

// Intl separates thousands and the currency with no-break spaces (U+00A0).
const nbsp = (text: string) => text.replace(/ /g, "\u00a0");

describe("formatSek", () => {
  it("shows öre as kronor with Swedish separators and two decimals", () => {
    expect(formatSek(124_950)).toBe(nbsp("1 249,50 kr"));
    expect(formatSek(5)).toBe(nbsp("0,05 kr"));
    expect(formatSek(0)).toBe(nbsp("0,00 kr"));
  });

  it("drops the decimals of whole kronor when compact, and keeps them otherwise", () => {
    expect(formatSek(500_000, { compact: true })).toBe(nbsp("5 000 kr"));
    expect(formatSek(500_050, { compact: true })).toBe(nbsp("5 000,50 kr"));
  });
});
