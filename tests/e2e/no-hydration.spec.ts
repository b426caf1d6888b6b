/**
 * Content pages without framework JavaScript (docs/decisions/042): the page's controls are plain
 * forms and popovers, so they work with JavaScript disabled; where React runs the same markup
 * saves without a reload; no tracking report leaves before consent; the HTML cache serves the
 * pages under its hash-based CSP without a violation.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { startTestServer, type TestServer } from "../../server/test-server";

test.describe.configure({ mode: "serial" });

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer({ LOG_LEVEL: "warn" });
});

test.afterAll(async () => {
  await server?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;

async function open(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: "sv-SE", ...options });
  const page = await context.newPage();
  const cspViolations: string[] = [];
  const tracking: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on("request", (request) => {
    if (/\/api\/(visitor|blog\/[^/]+\/view|referral-visit)/.test(request.url())) tracking.push(request.url());
  });
  return { context, page, cspViolations, tracking };
}

async function consentCookie(page: Page): Promise<Record<string, boolean> | null> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "cookie-consent");
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, boolean>) : null;
}

test.describe("with JavaScript disabled", () => {
  test("a content page loads no script; the banner's choice posts, and the page says it was saved", async ({ browser }) => {
    const { context, page, cspViolations, tracking } = await open(browser, { javaScriptEnabled: false });
    const response = await page.goto(url("/"));
    const html = (await response?.text()) ?? "";
    // Only the enhancement module, and every Suspense boundary inline (nothing left to reveal by script).
    expect([...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1])).toEqual([
      expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/),
    ]);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('hidden id="S:');
    await expect(page.getByTestId("home-latest-posts")).toBeVisible();
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Endast nödvändiga" }).click();
    await expect(page).toHaveURL(url("/"));
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page.getByTestId("notice")).toContainText("Dina cookie-val är sparade");
    expect(await consentCookie(page)).toEqual({ necessary: true, analytics: false, marketing: false, functional: false });
    // The notice is shown once.
    await page.goto(url("/faq"));
    await expect(page.getByTestId("notice")).toBeEmpty();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    expect(tracking).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  test("the settings open from the banner and save the ticked categories", async ({ browser }) => {
    const { context, page } = await open(browser, { javaScriptEnabled: false });
    await page.goto(url("/blog"));
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Anpassa" }).click();
    const settings = page.getByTestId("cookie-settings");
    await expect(settings).toBeVisible();
    await settings.getByRole("switch", { name: /Analys/ }).check();
    await settings.getByRole("button", { name: "Spara val" }).click();
    await expect(page).toHaveURL(url("/blog"));
    expect(await consentCookie(page)).toEqual({ necessary: true, analytics: true, marketing: false, functional: false });
    // The footer's button opens them again, starting from the saved choice.
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-inställningar" }).click();
    await expect(page.getByTestId("cookie-settings").getByRole("switch", { name: /Analys/ })).toBeChecked();
    await context.close();
  });

  test("the theme menu sets the theme the server renders", async ({ browser }) => {
    const { context, page } = await open(browser, { javaScriptEnabled: false });
    await page.goto(url("/faq"));
    await page.getByTestId("theme-switch").click();
    await page.getByRole("button", { name: "Mörkt" }).click();
    await expect(page).toHaveURL(url("/faq"));
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.goto(url("/blog"));
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.getByTestId("theme-switch").click();
    await expect(page.getByRole("button", { name: "Mörkt" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Ljust" }).click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await context.close();
  });

  test("the mobile menu opens and closes", async ({ browser }) => {
    const { context, page } = await open(browser, { javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    await page.goto(url("/"));
    const menu = page.getByRole("dialog", { name: "Meny" });
    await expect(menu).toBeHidden();
    await page.getByTestId("mobile-menu-button").click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Blogg" })).toBeVisible();
    await menu.getByRole("button", { name: "Stäng" }).click();
    await expect(menu).toBeHidden();
    await context.close();
  });

  test("the FAQ search is a GET form and the answers open as details", async ({ browser }) => {
    const { context, page } = await open(browser, { javaScriptEnabled: false });
    await page.goto(url("/faq"));
    await page.getByRole("searchbox").fill("utbetalning");
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/faq\?q=utbetalning/);
    const first = page.locator("details").first();
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await context.close();
  });

  test("the HTML cache serves a static page, per preference, under its hash-based CSP", async ({ browser }) => {
    const { context, page, cspViolations } = await open(browser, { javaScriptEnabled: false });
    await page.goto(url("/om-oss"));
    const again = await page.goto(url("/om-oss"));
    expect(again?.headers()["x-html-cache"]).toBe("hit");
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Acceptera alla" }).click();
    // The notice bypasses the cache; the page after it is the cached variant without a banner.
    await page.goto(url("/om-oss"));
    const cached = await page.goto(url("/om-oss"));
    expect(cached?.headers()["x-html-cache"]).toBe("hit");
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});

test.describe("with JavaScript enabled", () => {
  test("no tracking before consent on a static page, and the cached page runs its inline script", async ({ browser }) => {
    const { context, page, cspViolations, tracking } = await open(browser);
    await page.goto(url("/"));
    await page.goto(url("/blog"));
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await page.waitForTimeout(500);
    expect(tracking).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  test("on a static page the enhancement module saves the choice without a reload and starts tracking", async ({ browser }) => {
    const { context, page, tracking, cspViolations } = await open(browser);
    await page.goto(url("/faq"));
    await expect.poll(() => page.evaluate(() => document.getElementById("enhance") !== null)).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(tracking).toEqual([]);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Acceptera alla" }).click();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page.getByTestId("notice")).toContainText("Dina cookie-val är sparade");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await expect.poll(() => tracking.filter((entry) => entry.endsWith("/api/visitor")).length).toBe(1);
    expect(await consentCookie(page)).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  test("a blog view and a referral link are each recorded exactly once", async ({ browser }) => {
    const { context, page, tracking } = await open(browser);
    const blog = await (await fetch(url("/blog"))).text();
    const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1];
    expect(post).toBeTruthy();
    await page.goto(url(post!));
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    expect(tracking.filter((entry) => entry.includes("/view"))).toHaveLength(1);
    await page.goto(url("/?ref=TESTKOD"));
    await expect(page).toHaveURL(url("/"));
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    expect(tracking.filter((entry) => entry.includes("/api/referral-visit"))).toHaveLength(1);
    await context.close();
  });

  test("on a hydrated page the banner saves without a reload and the toast says so", async ({ browser }) => {
    const { context, page, tracking } = await open(browser);
    await page.goto(url("/point-shop"));
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await page.waitForTimeout(500);
    expect(tracking).toEqual([]);
    await expect.poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__react")))).toBe(true);
    const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await banner.getByRole("button", { name: "Acceptera alla" }).click();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Dina cookie-val är sparade" })).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
    expect(await consentCookie(page)).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    // Analytics starts without a reload.
    await expect.poll(() => tracking.length).toBeGreaterThan(0);
    await context.close();
  });

  test("the theme menu applies at once where React runs", async ({ browser }) => {
    const { context, page } = await open(browser);
    await page.goto(url("/point-shop"));
    await expect.poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__react")))).toBe(true);
    await page.getByTestId("theme-switch").click();
    await page.getByRole("button", { name: "Mörkt" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page).toHaveURL(url("/point-shop"));
    await page.goto(url("/faq"));
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await context.close();
  });
});
