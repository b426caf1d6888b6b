import type { BrowserContext, Page } from "@playwright/test";

export interface CookieChoice {
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

/**
 * Saves a cookie choice before the first request, as a returning visitor would have it, so the
 * consent banner stays away in journeys that are not about consent: the `cookie-consent` cookie
 * the server renders from (docs/decisions/042) and the local storage keys the page's scripts
 * keep next to it.
 */
export async function presetCookieChoice(
  target: BrowserContext | Page,
  choice: CookieChoice = { analytics: false, marketing: false, functional: false },
): Promise<void> {
  const context = "context" in target ? target.context() : target;
  const value = encodeURIComponent(JSON.stringify({ necessary: true, ...choice }));
  await context.addCookies([{ name: "cookie-consent", value, domain: "127.0.0.1", path: "/", sameSite: "Lax" }]);
  await target.addInitScript((flags) => {
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, ...flags }));
    localStorage.setItem("cookie-consent-date", new Date().toISOString());
    localStorage.setItem("cookie_consent", flags.analytics ? "true" : "false");
  }, choice);
}
