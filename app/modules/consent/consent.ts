/**
 * The cookie-consent model (docs/rules/privacy.md#cookie-consent): what a visitor chose, how it is
 * stored in the browser, and whether they have decided. Pure and isomorphic; the browser glue is in
 * consent-storage.ts.
 */
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { CONSENT_RENEW_AFTER_DAYS, COOKIE_CATEGORIES, type CookieCategory } from "~/modules/consent/consent-constants";

/** One flag per category; `necessary` is always on (docs/rules/privacy.md#categories). */
export type ConsentChoice = { necessary: true } & Record<Exclude<CookieCategory, "necessary">, boolean>;

export type OptionalCategory = Exclude<CookieCategory, "necessary">;

/** The starting point of the settings dialog: nothing beyond what the site needs. */
export const ONLY_NECESSARY: ConsentChoice = {
  necessary: true,
  analytics: false,
  marketing: false,
  functional: false,
};

export const ACCEPT_ALL: ConsentChoice = {
  necessary: true,
  analytics: true,
  marketing: true,
  functional: true,
};

/** What the visitor sees in the settings dialog for each category. */
export const COOKIE_CATEGORY_DETAILS: Record<
  CookieCategory,
  { label: string; description: string; lifetime: string }
> = {
  necessary: {
    label: "Nödvändiga",
    description:
      "Behövs för att sidan ska fungera: inloggning, säkerhet, ditt tema och det här valet. Kan inte stängas av.",
    lifetime: "Sessionen till 1 år",
  },
  analytics: {
    label: "Analys",
    description:
      "Hjälper oss att förstå hur sidan används, till exempel vilka sidor som besöks, så att vi kan förbättra den. IP-adressen anonymiseras.",
    lifetime: "24 timmar till 2 år",
  },
  marketing: {
    label: "Marknadsföring",
    description:
      "Används för att mäta kampanjer och visa erbjudanden som är relevanta för dig, även på andra webbplatser.",
    lifetime: "30 dagar till 1 år",
  },
  functional: {
    label: "Funktionella",
    description:
      "Kommer ihåg val som gör besöket smidigare, till exempel inställningar för livechatten.",
    lifetime: "Sessionen till 1 år",
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads the stored `cookie-consent` value. Anything that is not an object carrying at least
 * one of our categories as a boolean counts as no choice (the banner asks again): consent is
 * never inferred from garbage, and a flag that is not exactly `true` is off.
 */
export function parseConsent(raw: string | null | undefined): ConsentChoice | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const known = COOKIE_CATEGORIES.some((category) => typeof value[category] === "boolean");
  if (!known) return null;
  return {
    necessary: true,
    analytics: value.analytics === true,
    marketing: value.marketing === true,
    functional: value.functional === true,
  };
}

/** The stored JSON: the four flags in a fixed order, necessary always true. */
export function serializeConsent(choice: ConsentChoice): string {
  const normalised = Object.fromEntries(
    COOKIE_CATEGORIES.map((category) => [category, category === "necessary" ? true : choice[category] === true]),
  );
  return JSON.stringify(normalised);
}

/** The three storage entries a saved choice writes. */
export function consentStorageEntries(choice: ConsentChoice, now: Date): Array<[string, string]> {
  return [
    [STORAGE_KEYS.cookieConsent, serializeConsent(choice)],
    [STORAGE_KEYS.cookieConsentDate, now.toISOString()],
    // The analytics flag the tracking code reads.
    [STORAGE_KEYS.analyticsConsentFlag, choice.analytics ? "true" : "false"],
  ];
}

export interface StoredConsent {
  choice: ConsentChoice;
  /** When it was given; null when the date is missing or unreadable. */
  decidedAt: Date | null;
}

/** The saved choice, or null when the visitor has not decided (or must decide again). */
export function readStoredConsent(
  raw: string | null | undefined,
  rawDate: string | null | undefined,
  now: Date,
): StoredConsent | null {
  const choice = parseConsent(raw);
  if (!choice) return null;
  const time = rawDate ? Date.parse(rawDate) : Number.NaN;
  const decidedAt = Number.isNaN(time) ? null : new Date(time);
  if (decidedAt) {
    const ageMs = now.getTime() - decidedAt.getTime();
    if (ageMs > CONSENT_RENEW_AFTER_DAYS * 24 * 60 * 60 * 1000) return null;
  }
  return { choice, decidedAt };
}

export function hasDecided(
  raw: string | null | undefined,
  rawDate: string | null | undefined,
  now: Date,
): boolean {
  return readStoredConsent(raw, rawDate, now) !== null;
}

export function sameChoice(a: ConsentChoice, b: ConsentChoice): boolean {
  return COOKIE_CATEGORIES.every((category) => a[category] === b[category]);
}
