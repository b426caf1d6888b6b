import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { CONSENT_RENEW_AFTER_DAYS } from "~/modules/consent/consent-constants";
import {
  ACCEPT_ALL,
  ONLY_NECESSARY,
  consentStorageEntries,
  hasDecided,
  parseConsent,
  readStoredConsent,
  sameChoice,
  serializeConsent,
} from "./consent";

const NOW = new Date("2026-12-01T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

describe("parseConsent", () => {
  it("reads the four flags of a saved choice", () => {
    expect(
      parseConsent('{"necessary":true,"analytics":true,"marketing":false,"functional":true}'),
    ).toEqual({ necessary: true, analytics: true, marketing: false, functional: true });
  });

  it.each([
    ["nothing stored", null],
    ["an empty string", ""],
    ["broken JSON", "{analytics:true"],
    ["a bare boolean from an older format", "true"],
    ["a bare string from an older format", '"accepted"'],
    ["an array", "[true,true]"],
    ["null", "null"],
    ["an object without any known category", '{"ads":true}'],
    ["categories that are not booleans", '{"analytics":"yes","marketing":1}'],
  ])("treats %s as no choice, so the banner asks again", (_name, raw) => {
    expect(parseConsent(raw)).toBeNull();
  });

  it("never infers consent: a flag that is not exactly true is off, missing ones too", () => {
    expect(parseConsent('{"analytics":true,"marketing":"true"}')).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: false,
    });
  });

  it("keeps necessary on even when the stored value says otherwise", () => {
    expect(parseConsent('{"necessary":false,"analytics":false}')?.necessary).toBe(true);
  });
});

describe("serializeConsent", () => {
  it("writes the four flags in a fixed order and round-trips", () => {
    const json = serializeConsent({ ...ONLY_NECESSARY, functional: true });
    expect(json).toBe('{"necessary":true,"analytics":false,"marketing":false,"functional":true}');
    expect(parseConsent(json)).toEqual({ ...ONLY_NECESSARY, functional: true });
  });

  it("forces necessary on", () => {
    const tampered = { ...ACCEPT_ALL, necessary: false } as unknown as typeof ACCEPT_ALL;
    expect(JSON.parse(serializeConsent(tampered)).necessary).toBe(true);
  });
});

describe("consentStorageEntries", () => {
  it("stores the choice, an ISO date and the analytics flag read by tracking", () => {
    expect(consentStorageEntries(ACCEPT_ALL, NOW)).toEqual([
      [STORAGE_KEYS.cookieConsent, '{"necessary":true,"analytics":true,"marketing":true,"functional":true}'],
      [STORAGE_KEYS.cookieConsentDate, "2026-12-01T12:00:00.000Z"],
      [STORAGE_KEYS.analyticsConsentFlag, "true"],
    ]);
  });

  it("sets the analytics flag to 'false' without analytics consent", () => {
    const entries = new Map(consentStorageEntries({ ...ACCEPT_ALL, analytics: false }, NOW));
    expect(entries.get("cookie_consent")).toBe("false");
    expect(entries.get("cookie-consent")).toContain('"marketing":true');
  });
});

describe("readStoredConsent and hasDecided", () => {
  const json = serializeConsent(ONLY_NECESSARY);

  it("has not decided when nothing is stored", () => {
    expect(hasDecided(null, null, NOW)).toBe(false);
  });

  it("has decided with a saved choice and a recent date", () => {
    const stored = readStoredConsent(json, new Date(NOW.getTime() - DAY).toISOString(), NOW);
    expect(stored?.choice).toEqual(ONLY_NECESSARY);
    expect(stored?.decidedAt?.toISOString()).toBe("2026-11-30T12:00:00.000Z");
  });

  it("asks again once the choice is older than the renewal period", () => {
    const old = new Date(NOW.getTime() - (CONSENT_RENEW_AFTER_DAYS + 1) * DAY).toISOString();
    expect(hasDecided(json, old, NOW)).toBe(false);
    const recent = new Date(NOW.getTime() - (CONSENT_RENEW_AFTER_DAYS - 1) * DAY).toISOString();
    expect(hasDecided(json, recent, NOW)).toBe(true);
  });

  it("keeps a choice whose date is missing or unreadable, without inventing a date", () => {
    expect(readStoredConsent(json, null, NOW)).toEqual({ choice: ONLY_NECESSARY, decidedAt: null });
    expect(readStoredConsent(json, "igår", NOW)?.decidedAt).toBeNull();
  });

  it("has not decided when the choice itself is garbage, whatever the date", () => {
    expect(hasDecided("{oops", NOW.toISOString(), NOW)).toBe(false);
  });
});

describe("sameChoice", () => {
  it("compares every category", () => {
    expect(sameChoice(ACCEPT_ALL, { ...ACCEPT_ALL })).toBe(true);
    expect(sameChoice(ACCEPT_ALL, { ...ACCEPT_ALL, functional: false })).toBe(false);
  });
});
