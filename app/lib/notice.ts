/**
 * The one-shot `notice` cookie (docs/decisions/042-content-pages-without-framework-javascript.md):
 * a plain form post that redirects (sign-out, a cookie choice) leaves a message for the next
 * page, which shows it once as a status and removes the cookie. Where scripts run the same
 * outcome is a toast and no cookie is set. Isomorphic.
 */
import { cookieValue, preferenceCookie } from "~/lib/cookies";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { AUTH_MESSAGES } from "~/modules/accounts/auth-messages";

export const NOTICES = {
  "signed-out": { title: AUTH_MESSAGES.signedOutTitle, description: AUTH_MESSAGES.signedOut },
  "consent-saved": {
    title: "Dina cookie-val är sparade",
    description: "Du kan ändra dem när som helst via Cookie-inställningar längst ned på sidan.",
  },
} as const;
export type NoticeKey = keyof typeof NOTICES;

/** Long enough for the redirect that follows, short enough never to show on a later visit. */
const NOTICE_MAX_AGE = 60;

function isNoticeKey(value: string | null): value is NoticeKey {
  return value !== null && Object.hasOwn(NOTICES, value);
}

export function noticeFromCookieHeader(header: string | null | undefined): NoticeKey | null {
  const value = cookieValue(header, STORAGE_KEYS.notice);
  return isNoticeKey(value) ? value : null;
}

export function hasNoticeCookie(header: string | null | undefined): boolean {
  return cookieValue(header, STORAGE_KEYS.notice) !== null;
}

export function noticeCookie(notice: NoticeKey | null, secure: boolean): string {
  return preferenceCookie(STORAGE_KEYS.notice, notice ?? "", notice ? NOTICE_MAX_AGE : 0, secure);
}
