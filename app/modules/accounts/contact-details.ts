/**
 * Phone number and Steam trade link rules, shared by the sign-up wizard and the profile form.
 * Both fields are optional: an empty value becomes null.
 */
import { z } from "zod";

export const PHONE_NUMBER_MESSAGE =
  "Ange ett giltigt svenskt telefonnummer, t.ex. 070-123 45 67 eller +46701234567.";
export const STEAM_TRADE_LINK_MESSAGE =
  "Ange en giltig trade-länk: https://steamcommunity.com/tradeoffer/new/?partner=…&token=…";

/** Swedish numbers: national (07x…, 0x…: a leading 0 and 7–9 more digits) or E.164 (+46…). */
const SWEDISH_NATIONAL = /^0[1-9]\d{6,8}$/;
const SWEDISH_E164 = /^\+46[1-9]\d{6,8}$/;
const STEAM_TRADE_LINK = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=\d+&token=[A-Za-z0-9_-]{8}$/;

/** Spaces, hyphens and brackets people type are dropped before checking. */
export function normalisePhoneNumber(value: string): string {
  return value.trim().replace(/[\s\-()]/g, "");
}

export function isValidPhoneNumber(value: string): boolean {
  const phone = normalisePhoneNumber(value);
  return SWEDISH_NATIONAL.test(phone) || SWEDISH_E164.test(phone);
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
