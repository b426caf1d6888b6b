/**
 * The `referral_code` cookie on the server (docs/rules/accounts.md#referral-code-at-sign-up):
 * the browser writes it next to local storage, only with functional consent
 * (app/modules/referrals/referral-link.ts), and each sign-up path (email, Steam, Google) falls
 * back to it when no code came explicitly. The value is client-supplied like any `?ref=`.
 */
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { referralCodeError } from "./referral-code";

/** The cookie's raw value in a Cookie header (the first of that name), or null. */
function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

/**
 * The code stored in the request's `referral_code` cookie, upper-cased, or null. Only a value
 * that passes the referral code rule as it stands is kept (nothing is stripped from junk).
 */
export function referralCodeFromCookie(request: Request): string | null {
  const code = cookieValue(request.headers.get("cookie"), STORAGE_KEYS.referralCode)?.toUpperCase() ?? "";
  return referralCodeError(code, "enter") === null ? code : null;
}
