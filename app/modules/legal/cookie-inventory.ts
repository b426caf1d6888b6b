/**
 * Every cookie and browser-storage key the site uses (docs/rules/privacy.md#cookie-inventory), as
 * the cookie policy lists them. A test checks that every key in STORAGE_KEYS is documented here, so
 * a new key cannot ship without a line in the policy.
 */
import { AUTH_COOKIE_PREFIX, SESSION_COOKIE_NAME, SESSION_POLICY } from "~/modules/accounts/session-policy";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import type { CookieCategory } from "~/modules/consent/consent-constants";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { RETENTION } from "./legal";

export type StorageKind = "cookie" | "localStorage" | "sessionStorage";

export interface StorageEntry {
  name: string;
  category: CookieCategory;
  kind: StorageKind;
  provider: "first-party" | "google";
  purpose: string;
  lifetime: string;
  /** Extra facts, e.g. "httpOnly". */
  note?: string;
}

export const CATEGORY_LABELS: Record<CookieCategory, string> = {
  necessary: "Nödvändiga",
  analytics: "Analys",
  marketing: "Marknadsföring",
  functional: "Funktionella",
};

export const CATEGORY_DESCRIPTIONS: Record<CookieCategory, string> = {
  necessary:
    "Behövs för att sajten ska fungera: inloggning, säkerhet och att dina val om cookies och tema sparas. De kan inte stängas av, och de används aldrig för att spåra dig.",
  analytics:
    "Hjälper oss att förstå hur sajten används – vilka sidor som besöks och var besökare fastnar – så att vi kan förbättra den. Används bara om du har godkänt analys.",
  marketing:
    "Skulle användas för att mäta kampanjer och visa relevant reklam på andra webbplatser. Vi använder i dag inga marknadsföringscookies; om vi börjar göra det frågar vi dig först.",
  functional:
    "Gör tjänsten smidigare, till exempel genom att komma ihåg en värvningskod tills du har registrerat dig. Används bara om du har godkänt funktionella cookies.",
};

export const STORAGE_KIND_LABELS: Record<StorageKind, string> = {
  cookie: "Cookie",
  localStorage: "Lokal lagring (localStorage)",
  sessionStorage: "Sessionslagring (sessionStorage)",
};


const DAY_SECONDS = 24 * 60 * 60;
const inactivityDays = SESSION_POLICY.inactivitySeconds / DAY_SECONDS;
const absoluteDays = SESSION_POLICY.absoluteMs / 1000 / DAY_SECONDS;

/** GA4 names its session cookie after the measurement id without the "G-" prefix. */
export function gaSessionCookieName(measurementId: string | null): string {
  return measurementId ? `_ga_${measurementId.replace(/^G-/, "")}` : "_ga_<mät-id>";
}

export function storageInventory(gaMeasurementId: string | null = null): StorageEntry[] {
  return [
    {
      name: SESSION_COOKIE_NAME,
      category: "necessary",
      kind: "cookie",
      provider: "first-party",
      purpose:
        "Håller dig inloggad. Sätts av vår server när du loggar in och tas bort när du loggar ut.",
      lifetime: `${inactivityDays} dagar, förlängs när du använder sajten (högst ${absoluteDays} dagar från inloggningen)`,
      note: "httpOnly – kan inte läsas av skript på sidan; skickas bara över krypterad anslutning i drift.",
    },
    {
      name: `${AUTH_COOKIE_PREFIX}.steam_flow`,
      category: "necessary",
      kind: "cookie",
      provider: "first-party",
      purpose: "Kopplar ihop svaret från Steam med webbläsaren som startade inloggningen, så att ingen annan kan slutföra den.",
      lifetime: "10 minuter, bara under inloggning med Steam",
      note: "httpOnly och signerad.",
    },
    {
      name: `${AUTH_COOKIE_PREFIX}.oauth_state`,
      category: "necessary",
      kind: "cookie",
      provider: "first-party",
      purpose: "Skyddar inloggning med Google mot förfalskade svar.",
      lifetime: "Några minuter, bara under inloggning med Google",
      note: "httpOnly.",
    },
    {
      name: STORAGE_KEYS.cookieConsent,
      category: "necessary",
      kind: "localStorage",
      provider: "first-party",
      purpose: "Sparar dina val för de fyra kategorierna (nödvändiga, analys, marknadsföring, funktionella).",
      lifetime: "Tills du ändrar ditt val eller rensar webbläsarens data",
    },
    {
      name: STORAGE_KEYS.cookieConsentDate,
      category: "necessary",
      kind: "localStorage",
      provider: "first-party",
      purpose: "Tidpunkten för ditt val, så att vi kan fråga igen om den här policyn ändras.",
      lifetime: "Tills du ändrar ditt val eller rensar webbläsarens data",
    },
    {
      name: STORAGE_KEYS.analyticsConsentFlag,
      category: "necessary",
      kind: "localStorage",
      provider: "first-party",
      purpose:
        "En enkel flagga (true eller false) som talar om ifall analys är tillåten. Den läses innan något analysverktyg laddas.",
      lifetime: "Tills du ändrar ditt val eller rensar webbläsarens data",
    },
    {
      name: STORAGE_KEYS.theme,
      category: "necessary",
      kind: "localStorage",
      provider: "first-party",
      purpose: "Kommer ihåg om du har valt ljust, mörkt eller systemets tema. Sparas bara när du själv väljer.",
      lifetime: "Tills du byter tema eller rensar webbläsarens data",
    },
    {
      name: `${STORAGE_KEYS.welcomeShownPrefix}<användar-id>`,
      category: "necessary",
      kind: "sessionStorage",
      provider: "first-party",
      purpose: "Ser till att välkomstrutan efter inloggning bara visas en gång per besök.",
      lifetime: "Sessionen – försvinner när du stänger fliken",
    },
    {
      name: STORAGE_KEYS.referralCode,
      category: "functional",
      kind: "localStorage",
      provider: "first-party",
      purpose:
        "Kommer ihåg värvningskoden från en inbjudningslänk tills du registrerar dig, så att både du och den som bjöd in dig får era bonuspoäng.",
      lifetime: "Tills du har registrerat dig eller rensar webbläsarens data",
    },
    {
      name: STORAGE_KEYS.referralCode,
      category: "functional",
      kind: "cookie",
      provider: "first-party",
      purpose:
        "Samma värvningskod som en cookie, så att den följer med när du registrerar dig med e-post, Steam eller Google. Sätts bara om du har godkänt funktionella cookies och tas bort om du drar tillbaka samtycket.",
      lifetime: `${REFERRAL.cookieMaxAgeDays} dagar, eller tills du har registrerat dig`,
      note: "Innehåller bara koden (A–Z och 0–9).",
    },
    {
      name: STORAGE_KEYS.visitorSessionId,
      category: "analytics",
      kind: "sessionStorage",
      provider: "first-party",
      purpose:
        `Ett slumpat id för ditt besök som låter oss räkna besök och sidvisningar i vår egen statistik utan att veta vem du är. Sätts bara om du har godkänt analys; besöket sparas hos oss i ${RETENTION.pageViewsMonths} månader.`,
      lifetime: "Sessionen – försvinner när du stänger fliken",
    },
    {
      name: "_ga",
      category: "analytics",
      kind: "cookie",
      provider: "google",
      purpose: "Google Analytics 4: skiljer besökare åt med ett slumpat id. Sätts bara om du har godkänt analys.",
      lifetime: "2 år",
    },
    {
      name: gaSessionCookieName(gaMeasurementId),
      category: "analytics",
      kind: "cookie",
      provider: "google",
      purpose: "Google Analytics 4: håller reda på ditt pågående besök. Sätts bara om du har godkänt analys.",
      lifetime: "2 år",
    },
  ];
}
