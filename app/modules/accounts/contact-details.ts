/**
 * Phone number and Steam trade link rules, shared by the sign-up wizard and the profile form
 * (spec §5 leaves their formats to us). Both are optional: blank input is stored as null.
 */
import { z } from "zod";

export const PHONE_NUMBER_MESSAGE = "Ange ett giltigt telefonnummer, t.ex. 070-123 45 67 eller +46 70 123 45 67.";
export const STEAM_TRADE_LINK_MESSAGE =
  "Ange en giltig trade-länk från Steam: https://steamcommunity.com/tradeoffer/new/?partner=…&token=…";

/** Swedish national (0 then 7–10 digits: 070…, 08…, 031…) or international E.164 (+46…). */
const SWEDISH_NATIONAL = /^0[1-9][0-9]{6,9}$/;
const E164 = /^\+[1-9][0-9]{7,14}$/;
const TRADE_LINK = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=[0-9]{1,10}&token=[A-Za-z0-9_-]{8}$/;

const blankToNull = (value: unknown) => {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
};

/** Spaces, dashes, dots and parentheses are for reading; the stored number is digits (and a leading +). */
export function normalisePhoneNumber(value: string): string {
  return value.replace(/[\s\-.()]/g, "");
}

export const phoneNumberSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .max(40, PHONE_NUMBER_MESSAGE)
    .transform(normalisePhoneNumber)
    .refine((value) => SWEDISH_NATIONAL.test(value) || E164.test(value), PHONE_NUMBER_MESSAGE)
    .nullable(),
);

export const steamTradeLinkSchema = z.preprocess(
  blankToNull,
  z.string().max(200, STEAM_TRADE_LINK_MESSAGE).regex(TRADE_LINK, STEAM_TRADE_LINK_MESSAGE).nullable(),
);
