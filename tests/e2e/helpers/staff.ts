/**
 * What the staff panel's journeys share: a browser context signed in as an account made with
 * `createAccount` (staff with their role, or a member), and the axe check of a page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { presetCookieChoice } from "./cookie-consent";
import { MEMBER_PASSWORD } from "./loyalty-members";
import { readEnrolment, totpCode } from "../../../server/test-totp";

/** Accounts that set up two-factor sign-in in this run, by address: their TOTP secret (base32). */
const TOTP_SECRETS = new Map<string, string>();

/**
 * A new context (sv-SE, cookie choice made) signed in through the /auth form's action, so its
 * pages carry the session cookie from the first request. Staff pass their second factor too.
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
  await passSecondFactor(context, serverUrl, email);
  return context;
}

/** The code the authenticator app of a staff member signed in by `signedIn` shows now. */
export function currentCode(email: string): Promise<string> {
  const secret = TOTP_SECRETS.get(email.toLowerCase());
  if (!secret) throw new Error(`${email} has no two-factor sign-in set up in this run`);
  return totpCode(secret);
}

/**
 * Staff sign in with a second factor (decision 046): the code step is answered with a code from
 * the secret this run set up; a staff member without one sets it up through the setup page
 * first, as a new staff member is led to.
 */
export async function passSecondFactor(
  context: BrowserContext,
  serverUrl: string,
  email: string,
  password = MEMBER_PASSWORD,
): Promise<void> {
  const pending = (await context.cookies(serverUrl)).some((cookie) => cookie.name.endsWith("two_factor") && cookie.value);
  const secret = TOTP_SECRETS.get(email.toLowerCase());
  if (pending) {
    if (!secret) throw new Error(`${email} has two-factor sign-in this run did not set up`);
    const answer = await context.request.post(`${serverUrl}/auth?mode=two-factor`, {
      headers: { origin: serverUrl },
      form: { intent: "two-factor", code: await totpCode(secret), redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    return;
  }
  const admin = await context.request.get(`${serverUrl}/admin`, { maxRedirects: 0 });
  if (!(admin.headers()["location"] ?? "").startsWith("/profile/tvastegsverifiering")) return;
  const start = await context.request.post(`${serverUrl}/profile/tvastegsverifiering`, {
    headers: { origin: serverUrl },
    form: { intent: "start", password },
  });
  const enrolment = readEnrolment(await start.text());
  const confirm = await context.request.post(`${serverUrl}/profile/tvastegsverifiering`, {
    headers: { origin: serverUrl },
    form: { intent: "confirm", code: await totpCode(enrolment.secret), redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(confirm.status()).toBe(302);
  TOTP_SECRETS.set(email.toLowerCase(), enrolment.secret);
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
