import { describe, expect, it } from "vitest";
import { STEAM_TRADE_LINK_MESSAGE, PHONE_NUMBER_MESSAGE, phoneNumberSchema, steamTradeLinkSchema } from "./contact-details";
import { FIRST_NAME_REQUIRED, INVALID_EMAIL, newsletterSettingsSchema, profileUpdateSchema } from "./profile-schema";

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe("profile edit (docs/rules/accounts.md#editing-the-profile)", () => {
  it("requires a first name with 'Förnamn är obligatoriskt.', also when it is only spaces", () => {
    expect(firstMessage(profileUpdateSchema.safeParse({ first_name: "" }))).toBe(FIRST_NAME_REQUIRED);
    expect(firstMessage(profileUpdateSchema.safeParse({ first_name: "   " }))).toBe(FIRST_NAME_REQUIRED);
    expect(firstMessage(profileUpdateSchema.safeParse({}))).toBe(FIRST_NAME_REQUIRED);
  });

  it("trims every field and stores empty optional fields as null", () => {
    expect(
      profileUpdateSchema.parse({
        first_name: "  Kalle ",
        last_name: "  ",
        phone_number: " ",
        steam_trade_link: "",
        email: "   ",
      }),
    ).toEqual({ first_name: "Kalle", last_name: null, phone_number: null, steam_trade_link: null, email: null });
  });

  it("accepts and normalises a trimmed email, phone and trade link", () => {
    expect(
      profileUpdateSchema.parse({
        first_name: "Kalle",
        last_name: " Anka ",
        phone_number: " 070-123 45 67 ",
        steam_trade_link: " https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCd_123 ",
        email: " Kalle@Example.SE ",
      }),
    ).toEqual({
      first_name: "Kalle",
      last_name: "Anka",
      phone_number: "0701234567",
      steam_trade_link: "https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCd_123",
      email: "kalle@example.se",
    });
  });

  it("rejects a malformed email with 'Ange en giltig e-postadress.'", () => {
    expect(firstMessage(profileUpdateSchema.safeParse({ first_name: "K", email: "inte-en-adress" }))).toBe(INVALID_EMAIL);
  });
});

describe("contact details", () => {
  it("accepts Swedish and E.164 phone numbers", () => {
    for (const value of ["0701234567", "070-123 45 67", "08-123 456 78", "+46701234567", "+46 70 123 45 67", "+4520123456"]) {
      expect(phoneNumberSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it("rejects other phone input with the Swedish message", () => {
    for (const value of ["12345", "701234567", "abc", "+0701234567", "070123456789012", "+46"]) {
      expect(firstMessage(phoneNumberSchema.safeParse(value)), value).toBe(PHONE_NUMBER_MESSAGE);
    }
  });

  it("accepts only Steam's trade-offer link with a partner id and an 8-character token", () => {
    expect(steamTradeLinkSchema.parse("https://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdEFGH")).toBe(
      "https://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdEFGH",
    );
    for (const value of [
      "http://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdEFGH",
      "https://steamcommunity.com.evil.se/tradeoffer/new/?partner=1&token=abcdEFGH",
      "https://steamcommunity.com/tradeoffer/new/?partner=1&token=abc",
      "https://steamcommunity.com/tradeoffer/new/?partner=x&token=abcdEFGH",
      "javascript:alert(1)",
    ]) {
      expect(firstMessage(steamTradeLinkSchema.safeParse(value)), value).toBe(STEAM_TRADE_LINK_MESSAGE);
    }
    expect(steamTradeLinkSchema.parse("  ")).toBeNull();
  });
});

describe("newsletter switches", () => {
  it("reads switch values as booleans, absent meaning off", () => {
    expect(newsletterSettingsSchema.parse({ email_subscribed: "on" })).toEqual({ email_subscribed: true, phone_subscribed: false });
    expect(newsletterSettingsSchema.parse({ email_subscribed: "false", phone_subscribed: "true" })).toEqual({
      email_subscribed: false,
      phone_subscribed: true,
    });
  });
});
