/**
 * What the staff panel's journeys share: a browser context signed in as an account made with
 * `createAccount` (staff with their role, or a member), and the axe check of a page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { presetCookieChoice } from "./cookie-consent";
import { MEMBER_PASSWORD } from "./loyalty-members";

/**
 * A new context (sv-SE, cookie choice made) signed in through the /auth form's action, so its
 * pages carry the session cookie from the first request.
 */
export async function signedIn(
  browser: Browser,
  serverUrl: string,
  email: string,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: "sv-SE" });
  await presetCookieChoice(context);
  const response = await context.request.post(`${serverUrl}/auth.data`, {
    headers: { origin: serverUrl },
    form: { intent: "signin", email, password: MEMBER_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return context;
}

/**
 * No axe violations on the page (toasts left out: they come and go). `wcag` limits it to WCAG
 * 2.1 A and AA; `frames: false` leaves frames out, for a page with a sandboxed preview frame
 * that runs no script.
 */
export async function expectAccessible(page: Page, options: { wcag?: boolean; frames?: boolean } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).exclude("[data-sonner-toaster]");
  // Run in the page itself (axe's finishing step in a blank tab is refused there), frames left out.
  if (options.frames === false) builder = builder.options({ iframes: false }).setLegacyMode(true);
  if (options.wcag) builder = builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await builder.analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
}
