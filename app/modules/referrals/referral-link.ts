/**
 * `?ref=CODE` in the browser (docs/rules/loyalty.md#influencer-links): the code of this visit,
 * kept in memory so it reaches sign-up without being stored, and in local storage
 * (`referral_code`) only with functional consent, as the cookie inventory classes it.
 */
import { STORAGE_KEYS } from "~/constants";
import { consentSnapshot, storedConsentFromSnapshot } from "~/modules/consent/consent-storage";

export const REFERRAL_PARAM = "ref";
const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const;

/** This visit's code (lost on a full reload unless functional consent let it be stored). */
let visitCode: string | null = null;

function functionalConsent(): boolean {
  return storedConsentFromSnapshot(consentSnapshot())?.choice.functional === true;
}

export function rememberReferralCode(code: string): void {
  visitCode = code;
  if (!functionalConsent()) return;
  try {
    localStorage.setItem(STORAGE_KEYS.referralCode, code);
  } catch {
    // Storage refused (private mode, quota): the code still travels in memory.
  }
}

/** The code sign-up should carry: this visit's, else one stored on an earlier visit. */
export function pendingReferralCode(): string | null {
  if (visitCode) return visitCode;
  try {
    return localStorage.getItem(STORAGE_KEYS.referralCode);
  } catch {
    return null;
  }
}

/** After sign-up, or once signed in: the code has done its job. */
export function forgetReferralCode(): void {
  visitCode = null;
  try {
    localStorage.removeItem(STORAGE_KEYS.referralCode);
  } catch {
    // Nothing stored, or storage unavailable.
  }
}

/** The search string without `ref` (other parameters kept, in order). */
export function withoutReferralParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(REFERRAL_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** What a visit reports: the code, where the visitor came from, and the real `utm_*` values if any. */
export function referralVisitPayload(code: string, search: string, referrer: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const payload: Record<string, string> = { code };
  if (referrer) payload.referrer = referrer.slice(0, 500);
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) payload[key] = value.slice(0, 100);
  }
  return payload;
}

/** A sign-in link that carries the pending code (`/auth/steam?ref=CODE`). */
export function withReferralCode(href: string, code: string | null): string {
  if (!code) return href;
  return `${href}${href.includes("?") ? "&" : "?"}${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
}
