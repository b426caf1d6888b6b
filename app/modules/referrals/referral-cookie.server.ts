/**
 * The `referral_code` cookie on the server (docs/rules/accounts.md#referral-code-at-sign-up):
 * the browser writes it next to local storage, only with functional consent
 * (app/modules/referrals/referral-link.ts), and each sign-up path (email, Steam, Google) falls
 * back to it when no code came explicitly. The value is client-supplied like any `?ref=`.
 */
import { cookieValue } from "~/lib/cookies";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { referralCodeError } from "./referral-code";

/**
 * The code stored in the request's `referral_code` cookie, upper-cased, or null. Only a value
 * that passes the referral code rule as it stands is kept (nothing is stripped from junk).
 */
export function referralCodeFromCookie(request: Request): string | null {
  const code = cookieValue(request.headers.get("cookie"), STORAGE_KEYS.referralCode)?.toUpperCase() ?? "";
  return referralCodeError(code, "enter") === null ? code : null;
}
