/**
 * Browser side of the consent model: reading and saving the choice in local storage, the
 * update event, and a subscription for `useSyncExternalStore`.
 */
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { CONSENT_EVENTS } from "~/modules/consent/consent-constants";
import {
  consentStorageEntries,
  readStoredConsent,
  type ConsentChoice,
  type StoredConsent,
} from "./consent";

export interface ConsentUpdatedDetail {
  choice: ConsentChoice;
  decidedAt: string;
}

function getItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * A stable string snapshot of what is stored (strings compare by value, which
 * `useSyncExternalStore` needs); parse it with `storedConsentFromSnapshot`.
 */
export function consentSnapshot(): string {
  return JSON.stringify([getItem(STORAGE_KEYS.cookieConsent), getItem(STORAGE_KEYS.cookieConsentDate)]);
}

export function storedConsentFromSnapshot(snapshot: string, now = new Date()): StoredConsent | null {
  try {
    const [raw, rawDate] = JSON.parse(snapshot) as [string | null, string | null];
    return readStoredConsent(raw, rawDate, now);
  } catch {
    return null;
  }
}

/** Calls back when the choice changes in this tab (update event) or another (storage event). */
export function subscribeToConsent(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.cookieConsent || event.key === STORAGE_KEYS.cookieConsentDate) {
      onChange();
    }
  };
  window.addEventListener(CONSENT_EVENTS.updated, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CONSENT_EVENTS.updated, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** Saves the choice (three keys, docs/rules/privacy.md#cookie-consent) and announces it with `cookie-consent-updated`. */
export function saveConsent(choice: ConsentChoice, now = new Date()): void {
  try {
    for (const [key, value] of consentStorageEntries(choice, now)) localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode): the choice still applies to this page via the event.
  }
  const detail: ConsentUpdatedDetail = { choice, decidedAt: now.toISOString() };
  window.dispatchEvent(new CustomEvent(CONSENT_EVENTS.updated, { detail }));
}

/**
 * Keeps the analytics flag read by tracking in step with the saved choice, so a stale or
 * hand-edited `cookie_consent` can never switch analytics on by itself.
 */
export function syncAnalyticsFlag(choice: ConsentChoice | null): void {
  try {
    const expected = choice?.analytics ? "true" : "false";
    if (choice === null) {
      localStorage.removeItem(STORAGE_KEYS.analyticsConsentFlag);
    } else if (localStorage.getItem(STORAGE_KEYS.analyticsConsentFlag) !== expected) {
      localStorage.setItem(STORAGE_KEYS.analyticsConsentFlag, expected);
    }
  } catch {
    // Storage unavailable: nothing to keep in step.
  }
}

/** Asks the consent layer to open the settings dialog (the footer and cookie-policy page do). */
export function openCookieSettings(): void {
  window.dispatchEvent(new CustomEvent(CONSENT_EVENTS.openSettings));
}
