/**
 * Phone number and Steam trade link rules, shared by the sign-up wizard and the profile form.
 * Both fields are optional: an empty value becomes null.
 */
import { z } from "zod";

export const PHONE_NUMBER_MESSAGE =
  "Ange ett giltigt telefonnummer, t.ex. 070-123 45 67 eller +46 70 123 45 67.";
export const STEAM_TRADE_LINK_MESSAGE =
  "Ange en giltig trade-länk: https://steamcommunity.com/tradeoffer/new/?partner=…&token=…";

/** Swedish national numbers (07x…, 0x…: a leading 0 and 7–9 more digits) or E.164 (+46…, +45…). */
const SWEDISH_NATIONAL = /^0[1-9]\d{6,8}$/;
const E164 = /^\+[1-9]\d{7,14}$/;
const STEAM_TRADE_LINK = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=\d+&token=[A-Za-z0-9_-]{8}$/;

/** Spaces, hyphens and brackets people type are dropped before checking. */
export function normalisePhoneNumber(value: string): string {
  return value.trim().replace(/[\s\-()]/g, "");
}

export function isValidPhoneNumber(value: string): boolean {
  const phone = normalisePhoneNumber(value);
  return SWEDISH_NATIONAL.test(phone) || E164.test(phone);
}

export function isValidSteamTradeLink(value: string): boolean {
  return STEAM_TRADE_LINK.test(value.trim());
}

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

export const phoneNumberSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .refine(isValidPhoneNumber, PHONE_NUMBER_MESSAGE)
    .transform(normalisePhoneNumber)
    .nullable(),
);

export const steamTradeLinkSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .refine(isValidSteamTradeLink, STEAM_TRADE_LINK_MESSAGE)
    .transform((value) => value.trim())
    .nullable(),
);
