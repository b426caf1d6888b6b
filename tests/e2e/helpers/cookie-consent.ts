import type { BrowserContext, Page } from "@playwright/test";

export interface CookieChoice {
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

/**
 * Saves a cookie choice before any page script runs, as a returning visitor would have it, so
 * the consent banner stays away in journeys that are not about consent.
 */
export async function presetCookieChoice(
  target: BrowserContext | Page,
  choice: CookieChoice = { analytics: false, marketing: false, functional: false },
): Promise<void> {
  await target.addInitScript((flags) => {
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, ...flags }));
    localStorage.setItem("cookie-consent-date", new Date().toISOString());
    localStorage.setItem("cookie_consent", flags.analytics ? "true" : "false");
  }, choice);
}
