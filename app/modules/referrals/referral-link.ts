/**
 * `?ref=CODE` in the browser (docs/rules/loyalty.md#influencer-links): the code of this visit,
 * kept in memory so it reaches sign-up without being stored, and in local storage and a
 * first-party cookie (both `referral_code`) only with functional consent, as the cookie
 * inventory classes them. The server reads the cookie when a sign-up carries no code
 * (app/modules/referrals/referral-cookie.server.ts).
 */
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { consentSnapshot, storedConsentFromSnapshot } from "~/modules/consent/consent-storage";

export const REFERRAL_PARAM = "ref";

/** A code as typed or linked: upper-cased, everything but A–Z/0–9 dropped; null unless 4–12 remain. */
export function normaliseReferralCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return REFERRAL.codePattern.test(code) ? code : null;
}
const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const;

/** This visit's code (lost on a full reload unless functional consent let it be stored). */
let visitCode: string | null = null;

function functionalConsent(): boolean {
  return storedConsentFromSnapshot(consentSnapshot())?.choice.functional === true;
}

const REFERRAL_COOKIE_MAX_AGE_SECONDS = REFERRAL.cookieMaxAgeDays * 24 * 60 * 60;

/** The `document.cookie` assignment that stores a code (null for anything but A–Z0–9 4–12). */
export function referralCookieAssignment(code: string, secure: boolean): string | null {
  if (!REFERRAL.codePattern.test(code)) return null;
  const attributes = `Path=/; Max-Age=${REFERRAL_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${STORAGE_KEYS.referralCode}=${code}; ${attributes}`;
}

/** The `document.cookie` assignment that removes it. */
export const REFERRAL_COOKIE_DELETION = `${STORAGE_KEYS.referralCode}=; Path=/; Max-Age=0; SameSite=Lax`;

function storeReferralCode(code: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.referralCode, code);
  } catch {
    // Storage refused (private mode, quota): the code still travels in memory.
  }
  const cookie = referralCookieAssignment(code, location.protocol === "https:");
  if (cookie) document.cookie = cookie;
}

/** Removes the stored code (local storage and cookie); this visit's code stays in memory. */
function removeStoredReferralCode(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.referralCode);
  } catch {
    // Nothing stored, or storage unavailable.
  }
  if (document.cookie.split(";").some((part) => part.trim().startsWith(`${STORAGE_KEYS.referralCode}=`))) {
    document.cookie = REFERRAL_COOKIE_DELETION;
  }
}

export function rememberReferralCode(code: string): void {
  visitCode = code;
  if (functionalConsent()) storeReferralCode(code);
}

/**
 * Keeps what is stored in step with the saved choice: without functional consent (never given,
 * withdrawn or expired) the stored code and its cookie are removed; once given, this visit's
 * code (or one stored before the cookie existed) is stored in both places.
 */
export function syncStoredReferralCode(functional: boolean): void {
  if (!functional) return removeStoredReferralCode();
  const code = pendingReferralCode();
  if (code) storeReferralCode(code);
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
  removeStoredReferralCode();
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
