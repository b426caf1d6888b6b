/**
 * Phone number and Steam trade link rules, shared by the sign-up wizard and the profile form.
 * Both fields are optional: an empty value becomes null.
 */
import { z } from "~/lib/zod";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { textField } from "~/lib/validation";

export const PHONE_NUMBER_MESSAGE =
  "Ange ett giltigt telefonnummer, t.ex. 070-123 45 67 eller +46 70 123 45 67.";
export const STEAM_TRADE_LINK_MESSAGE =
  "Ange en giltig trade-länk: https://steamcommunity.com/tradeoffer/new/?partner=…&token=…";

/** Swedish national numbers (07x…, 0x…: a leading 0 and 7–9 more digits) or E.164 (+46…, +45…). */
const SWEDISH_NATIONAL = /^0[1-9]\d{6,8}$/;
const E164 = /^\+[1-9]\d{7,14}$/;
const STEAM_TRADE_LINK = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=\d+&token=[A-Za-z0-9_-]{8}$/;

/** Spaces, hyphens and brackets people type are dropped before checking. */
function normalisePhoneNumber(value: string): string {
  return value.trim().replace(/[\s\-()]/g, "");
}

/**
 * The one way a stored phone number is shown (docs/rules/accounts.md#phone-numbers): Swedish
 * mobile numbers as 070-123 45 67 (a +46 number too), any other number as stored.
 */
export function formatPhoneNumber(stored: string): string {
  const national = stored.startsWith("+46") ? `0${stored.slice(3)}` : stored;
  const mobile = /^(07\d)(\d{3})(\d{2})(\d{2})$/.exec(national);
  return mobile ? `${mobile[1]}-${mobile[2]} ${mobile[3]} ${mobile[4]}` : stored;
}

function isValidPhoneNumber(value: string): boolean {
  const phone = normalisePhoneNumber(value);
  return SWEDISH_NATIONAL.test(phone) || E164.test(phone);
}

function isValidSteamTradeLink(value: string): boolean {
  return parseSteamTradeLink(value) !== null;
}

/** The largest 32-bit account id a trade link's `partner` can name. */
const MAX_STEAM_ACCOUNT_ID = 0xffff_ffff;

/**
 * A trade link's partner (the Steam account id) and token, or null unless the link is exactly
 * the form Steam gives out (docs/rules/accounts.md#steam-trade-links) with a partner that is a
 * real 32-bit account id.
 */
export function parseSteamTradeLink(value: string): { partner: number; token: string } | null {
  const link = value.trim();
  if (!STEAM_TRADE_LINK.test(link)) return null;
  const url = new URL(link);
  const partnerText = url.searchParams.get("partner") ?? "";
  const token = url.searchParams.get("token") ?? "";
  if (!/^[1-9]\d{0,9}$/.test(partnerText)) return null;
  const partner = Number(partnerText);
  if (partner > MAX_STEAM_ACCOUNT_ID) return null;
  return { partner, token };
}

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

export const phoneNumberSchema = z.preprocess(
  blankToNull,
  textField(TEXT_LIMITS.phone, { tooLong: PHONE_NUMBER_MESSAGE })
    .refine(isValidPhoneNumber, PHONE_NUMBER_MESSAGE)
    .transform(normalisePhoneNumber)
    .nullable(),
);

export const steamTradeLinkSchema = z.preprocess(
  blankToNull,
  textField(TEXT_LIMITS.steamTradeLink, { tooLong: STEAM_TRADE_LINK_MESSAGE })
    .refine(isValidSteamTradeLink, STEAM_TRADE_LINK_MESSAGE)
    .nullable(),
);
