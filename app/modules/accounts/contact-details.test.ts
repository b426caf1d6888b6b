import { describe, expect, it } from "vitest";
import {
  formatPhoneNumber,
  PHONE_NUMBER_MESSAGE,
  phoneNumberSchema,
  STEAM_TRADE_LINK_MESSAGE,
  steamTradeLinkSchema,
} from "./contact-details";

describe("formatPhoneNumber", () => {
  it("shows Swedish mobile numbers one way, however they were typed", () => {
    for (const typed of ["070-123 45 67", "0701234567", "+46 70 123 45 67", "+46701234567"]) {
      expect(formatPhoneNumber(phoneNumberSchema.parse(typed)!)).toBe("070-123 45 67");
    }
  });
  it("shows other numbers as stored", () => {
    expect(formatPhoneNumber("08123456")).toBe("08123456");
    expect(formatPhoneNumber("+447012345678")).toBe("+447012345678");
  });
});

describe("phone number", () => {
  it("accepts Swedish national and E.164 numbers, normalised", () => {
    expect(phoneNumberSchema.parse("+44 7012 345 678")).toBe("+447012345678");
    expect(phoneNumberSchema.parse("070-123 45 67")).toBe("0701234567");
    expect(phoneNumberSchema.parse("08-123 456")).toBe("08123456");
    expect(phoneNumberSchema.parse("+46 70 123 45 67")).toBe("+46701234567");
  });
  it("turns empty into null", () => {
    expect(phoneNumberSchema.parse("")).toBeNull();
    expect(phoneNumberSchema.parse("   ")).toBeNull();
    expect(phoneNumberSchema.parse(undefined)).toBeNull();
  });
  it("rejects other formats with a Swedish message", () => {
    for (const bad of ["12345", "0701234567890", "+4670123", "+0701234567", "070abc1234"]) {
      const result = phoneNumberSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PHONE_NUMBER_MESSAGE);
    }
  });
});

describe("Steam trade link", () => {
  const valid = "https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_-12";
  it("accepts the trade offer URL with partner digits and an 8-character token", () => {
    expect(steamTradeLinkSchema.parse(` ${valid} `)).toBe(valid);
  });
  it("turns empty into null", () => {
    expect(steamTradeLinkSchema.parse("")).toBeNull();
  });
  it("rejects anything else with a Swedish message", () => {
    for (const bad of [
      "http://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdefgh",
      "https://steamcommunity.com/tradeoffer/new/?partner=abc&token=abcdefgh",
      "https://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdefg",
      "https://evil.example/tradeoffer/new/?partner=1&token=abcdefgh",
      `${valid}&x=1`,
    ]) {
      const result = steamTradeLinkSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(STEAM_TRADE_LINK_MESSAGE);
    }
  });
});
