import { createServer, type IncomingMessage, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";

/**
 * Cookie consent and consent-gated analytics (docs/rules/privacy.md), against the production server
 * with GA configured to a fake analytics origin on loopback that records every request.
 */
const GA_ID = "G-TEST1234";
const GA_PORT = 3504;
const GA_ORIGIN = `http://127.0.0.1:${GA_PORT}`;

interface GaRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/**
 * The fake gtag.js: records every command from the data layer in `window.__gaHits`, sends
 * `config` and `event` commands back to the fake origin as beacons (honouring gtag's opt-out
 * flag, as the real one does) and sets the cookies GA4 sets.
 */
const FAKE_GTAG = `(function () {
  var origin = ${JSON.stringify(GA_ORIGIN)};
  var id = new URL(document.currentScript.src).searchParams.get("id");
  window.__gaHits = window.__gaHits || [];
  function handle(args) {
    var command = Array.prototype.slice.call(args);
    window.__gaHits.push(JSON.parse(JSON.stringify(command)));
    if (window["ga-disable-" + id]) return;
    if (command[0] === "config" || command[0] === "event") {
      var name = command[0] === "config" ? "page_view" : command[1];
      navigator.sendBeacon(
        origin + "/g/collect?tid=" + encodeURIComponent(id) + "&en=" + encodeURIComponent(name),
        JSON.stringify({ command: command[0], target: command[1], params: command[2] || {} })
      );
    }
  }
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  for (var i = 0; i < dataLayer.length; i++) handle(dataLayer[i]);
  var push = dataLayer.push;
  dataLayer.push = function () {
    for (var j = 0; j < arguments.length; j++) handle(arguments[j]);
    return push.apply(dataLayer, arguments);
  };
  document.cookie = "_ga=GA1.1.123456789.1700000000; path=/; max-age=63072000";
  document.cookie = "_ga_TEST1234=GS1.1.1700000000.1.0; path=/; max-age=63072000";
  document.cookie = "_gid=GA1.1.987654321.1700000000; path=/; max-age=86400";
})();`;

let server: TestServer;
let gaServer: Server;
const gaRequests: GaRequest[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => resolve(body));
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  gaServer = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", GA_ORIGIN);
    gaRequests.push({ method: req.method ?? "", path: url.pathname, query: url.searchParams, body: await readBody(req) });
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (url.pathname === "/gtag/js") {
      res.setHeader("Content-Type", "text/javascript");
      res.end(FAKE_GTAG);
    } else {
      res.statusCode = 204;
      res.end();
    }
  });
  await new Promise<void>((resolve) => gaServer.listen(GA_PORT, "127.0.0.1", resolve));
  server = await startTestServer({ GA_MEASUREMENT_ID: GA_ID, GA_SCRIPT_ORIGIN: GA_ORIGIN, LOG_LEVEL: "warn" });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (gaServer ? gaServer.close(() => resolve()) : resolve()));
});

test.beforeEach(() => {
  gaRequests.length = 0;
});

const banner = (page: Page) => page.getByRole("region", { name: "Vi använder cookies" });
const settings = (page: Page) => page.getByRole("dialog", { name: "Cookie-inställningar" });

async function storage(page: Page) {
  return page.evaluate(() => ({
    consent: localStorage.getItem("cookie-consent"),
    date: localStorage.getItem("cookie-consent-date"),
    flag: localStorage.getItem("cookie_consent"),
  }));
}

async function gaHits(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { __gaHits?: unknown[][] }).__gaHits ?? []);
}

async function analyticsCookies(page: Page): Promise<string[]> {
  const cookies = await page.context().cookies();
  return cookies.map((cookie) => cookie.name).filter((name) => /^(_ga|_gid|_gat)/.test(name)).sort();
}

/** Gives stray beacons time to arrive before asserting that none did. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
}

function collected(name: string) {
  return gaRequests.filter((r) => r.path === "/g/collect" && r.query.get("en") === name);
}

test.describe("cookie consent", () => {
  test("the banner shows on a first visit and nothing reaches the analytics origin before a choice", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await expect(banner(page)).toBeVisible();
    const buttons = ["Acceptera alla", "Endast nödvändiga", "Anpassa"].map((name) =>
      banner(page).getByRole("button", { name, exact: true }),
    );
    for (const button of buttons) await expect(button).toBeVisible();

    // Equally prominent: same styling, same height, same font weight and size.
    const looks = await Promise.all(
      buttons.map((button) =>
        button.evaluate((el) => {
          const style = getComputedStyle(el);
          return [el.className, style.fontWeight, style.fontSize, style.backgroundColor, el.getBoundingClientRect().height].join("|");
        }),
      ),
    );
    expect(new Set(looks).size).toBe(1);

    // Fixed to the bottom edge: it does not take space in the page.
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe("fixed");

    // Client-side navigation without a choice still sends nothing.
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await settle(page);
    expect(gaRequests).toEqual([]);
    expect(await page.locator('script[src*="/gtag/js"]').count()).toBe(0);
    expect(await storage(page)).toEqual({ consent: null, date: null, flag: null });
    expect(await analyticsCookies(page)).toEqual([]);
  });

  test("the server never renders the banner, so returning visitors see no flash", async ({ page }) => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).not.toContain("Vi använder cookies");

    await presetCookieChoice(page);
    await page.addInitScript(() => {
      // Records whether the banner is ever inserted, even for a moment.
      const seen = { banner: false };
      (window as unknown as { __bannerSeen: typeof seen }).__bannerSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="cookie-banner"]')) seen.banner = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}/`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("contentinfo")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __bannerSeen: { banner: boolean } }).__bannerSeen.banner)).toBe(false);
  });

  test("'Endast nödvändiga' stores the choice and never loads analytics", async ({ page }) => {
    await page.goto(`${server.url}/`);
    const before = Date.now();
    await banner(page).getByRole("button", { name: "Endast nödvändiga" }).click();
    await expect(banner(page)).toBeHidden();

    const stored = await storage(page);
    expect(JSON.parse(stored.consent ?? "null")).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
    expect(stored.flag).toBe("false");
    expect(new Date(stored.date ?? "").toISOString()).toBe(stored.date);
    expect(Date.parse(stored.date ?? "")).toBeGreaterThanOrEqual(before - 1_000);

    // A hero click and a reload later: still nothing sent, and no banner.
    await page.locator('[data-analytics-label="Sell Skins Hero"]').click();
    await expect(page).toHaveURL(/\/salja-skins$/);
    await page.reload();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await settle(page);
    await expect(banner(page)).toHaveCount(0);
    expect(gaRequests).toEqual([]);
    expect(await analyticsCookies(page)).toEqual([]);
  });

  test("'Acceptera alla' loads GA with IP anonymisation, stores the three keys and hides the banner for good", async ({ page }) => {
    const cspErrors: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto(`${server.url}/`);
    await settle(page);
    expect(gaRequests).toEqual([]);

    await banner(page).getByRole("button", { name: "Acceptera alla" }).click();
    await expect(banner(page)).toBeHidden();

    await expect.poll(() => gaRequests.filter((r) => r.path === "/gtag/js").length).toBe(1);
    expect(gaRequests[0]?.query.get("id")).toBe(GA_ID);
    await expect(page.locator(`script[src="${GA_ORIGIN}/gtag/js?id=${GA_ID}"]`)).toHaveAttribute("async", "");
    // The script ran under the server's CSP and received our commands.
    await expect.poll(() => gaHits(page)).toContainEqual(["config", GA_ID, { anonymize_ip: true }]);
    expect((await gaHits(page)).some((hit) => hit[0] === "js")).toBe(true);
    await expect.poll(() => collected("page_view").length).toBe(1);

    const stored = await storage(page);
    expect(JSON.parse(stored.consent ?? "null")).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      functional: true,
    });
    expect(stored.flag).toBe("true");
    expect(Number.isNaN(Date.parse(stored.date ?? ""))).toBe(false);

    // A client-side navigation counts one page view with the new path.
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect.poll(() => collected("page_view").length).toBe(2);
    expect(JSON.parse(collected("page_view")[1]?.body ?? "{}").params.page_path).toBe("/faq");

    await page.reload();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect.poll(() => gaRequests.filter((r) => r.path === "/gtag/js").length).toBe(2);
    await expect(banner(page)).toHaveCount(0);
    expect(cspErrors).toEqual([]);
  });

  test("'Anpassa' opens the dialog with necessary locked on; saving without analytics loads no script", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await banner(page).getByRole("button", { name: "Anpassa" }).click();
    const dialog = settings(page);
    await expect(dialog).toBeVisible();

    const necessary = dialog.getByRole("switch", { name: /Nödvändiga/ });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of ["Analys", "Marknadsföring", "Funktionella"]) {
      await expect(dialog.getByRole("switch", { name })).not.toBeChecked();
      await expect(dialog.getByRole("switch", { name })).toBeEnabled();
    }
    await expect(dialog).toContainText("IP-adressen anonymiseras");

    await dialog.getByRole("switch", { name: "Marknadsföring" }).click();
    await dialog.getByRole("switch", { name: "Funktionella" }).click();
    await dialog.getByRole("button", { name: "Spara val" }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    await expect(page.getByText("Dina cookie-val är sparade")).toBeVisible();

    const stored = await storage(page);
    expect(JSON.parse(stored.consent ?? "null")).toEqual({
      necessary: true,
      analytics: false,
      marketing: true,
      functional: true,
    });
    expect(stored.flag).toBe("false");
    await settle(page);
    expect(gaRequests).toEqual([]);
    expect(await page.locator('script[src*="/gtag/js"]').count()).toBe(0);

    // Reopened from the footer, the dialog shows the saved choice.
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-inställningar" }).click();
    await expect(settings(page).getByRole("switch", { name: "Marknadsföring" })).toBeChecked();
    await expect(settings(page).getByRole("switch", { name: "Analys" })).not.toBeChecked();
  });

  test("the cookie-settings:open event opens the dialog, and saving fires cookie-consent-updated", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await expect(banner(page)).toBeVisible();
    await page.evaluate(() => {
      const events: unknown[] = [];
      (window as unknown as { __consentEvents: unknown[] }).__consentEvents = events;
      window.addEventListener("cookie-consent-updated", (event) => events.push((event as CustomEvent).detail));
      window.dispatchEvent(new CustomEvent("cookie-settings:open"));
    });
    await expect(settings(page)).toBeVisible();
    await settings(page).getByRole("button", { name: "Endast nödvändiga" }).click();
    await expect(settings(page)).toBeHidden();
    await expect(banner(page)).toBeHidden();

    const events = await page.evaluate(() => (window as unknown as { __consentEvents: unknown[] }).__consentEvents);
    const stored = await storage(page);
    expect(events).toEqual([
      {
        choice: { necessary: true, analytics: false, marketing: false, functional: false },
        decidedAt: stored.date,
      },
    ]);
  });

  test("withdrawing analytics consent via the footer link removes the _ga cookies and stops sending", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await banner(page).getByRole("button", { name: "Acceptera alla" }).click();
    await expect.poll(() => analyticsCookies(page)).toEqual(["_ga", "_ga_TEST1234", "_gid"]);
    await expect.poll(() => collected("page_view").length).toBe(1);

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-inställningar" }).click();
    const dialog = settings(page);
    const analytics = dialog.getByRole("switch", { name: "Analys" });
    await expect(analytics).toBeChecked();
    await analytics.click();
    await expect(analytics).not.toBeChecked();
    await dialog.getByRole("button", { name: "Spara val" }).click();
    await expect(dialog).toBeHidden();

    await expect.poll(() => analyticsCookies(page)).toEqual([]);
    expect((await storage(page)).flag).toBe("false");
    expect(JSON.parse((await storage(page)).consent ?? "null").analytics).toBe(false);

    // Nothing more is sent: not a hero click, not a page view.
    const sent = gaRequests.length;
    await page.locator('[data-analytics-label="Sell Skins Hero"]').click();
    await expect(page).toHaveURL(/\/salja-skins$/);
    await settle(page);
    expect(gaRequests.length).toBe(sent);
    expect((await gaHits(page)).some((hit) => hit[1] === "hero_click")).toBe(false);

    // After a reload the script is not loaded again and the cookies stay gone.
    await page.reload();
    await settle(page);
    expect(gaRequests.length).toBe(sent);
    expect(await analyticsCookies(page)).toEqual([]);
  });

  test("a hero click is sent as hero_click with its label only with consent", async ({ page }) => {
    await page.goto(`${server.url}/`);
    const hero = page.locator('[data-analytics-label="Sell Skins Hero"]');
    await hero.click();
    await expect(page).toHaveURL(/\/salja-skins$/);
    await settle(page);
    expect(gaRequests).toEqual([]);

    await page.goBack();
    // The way back is a client navigation: let it finish, or its page view races the consent.
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(hero).toBeVisible();
    await settle(page);
    await banner(page).getByRole("button", { name: "Acceptera alla" }).click();
    await expect.poll(() => collected("page_view").length).toBe(1);
    await page.locator('[data-analytics-label="Buy Skins Hero"]').click();
    await expect(page).toHaveURL(/\/kop-skins$/);
    await expect.poll(() => collected("hero_click").length).toBe(1);
    expect(JSON.parse(collected("hero_click")[0]?.body ?? "{}").params).toEqual({ label: "Buy Skins Hero" });
  });

  test("the banner and dialog work with the keyboard alone, and Escape never accepts", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await expect(banner(page)).toBeVisible();

    // The banner comes right after the skip link in the focus order.
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      order.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
    }
    expect(order).toEqual([
      "Hoppa till innehållet",
      "Läs cookiepolicyn",
      "Acceptera alla",
      "Endast nödvändiga",
      "Anpassa",
    ]);

    await page.keyboard.press("Escape");
    await expect(banner(page)).toBeVisible();

    await page.keyboard.press("Enter");
    const dialog = settings(page);
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    // Escape closes the dialog without saving and returns focus to 'Anpassa'.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Anpassa" })).toBeFocused();
    expect(await storage(page)).toEqual({ consent: null, date: null, flag: null });

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    const analytics = dialog.getByRole("switch", { name: "Analys" });
    for (let i = 0; i < 10 && !(await analytics.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(analytics).toBeFocused();
    await page.keyboard.press("Space");
    await expect(analytics).toBeChecked();
    const save = dialog.getByRole("button", { name: "Spara val" });
    for (let i = 0; i < 10 && !(await save.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(save).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(dialog).toBeHidden();
    await expect(banner(page)).toHaveCount(0);
    expect(JSON.parse((await storage(page)).consent ?? "null")).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: false,
    });
    await expect.poll(() => gaRequests.filter((r) => r.path === "/gtag/js").length).toBe(1);
  });

  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`the banner and dialog have no serious accessibility violations at ${width} px, ${colorScheme}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: width === 375 ? 740 : 800 }, colorScheme });
        const page = await context.newPage();
        await page.goto(`${server.url}/`);
        await expect(banner(page)).toBeVisible();
        await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);

        // Readable without covering the screen: at most half the viewport, no sideways scroll.
        const box = await banner(page).locator("> div").boundingBox();
        expect(box?.height ?? Infinity).toBeLessThanOrEqual((width === 375 ? 740 : 800) / 2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

        const serious = async (selector: string) => {
          const results = await new AxeBuilder({ page }).include(selector).analyze();
          return results.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        };
        expect(await serious('[data-testid="cookie-banner"]')).toEqual([]);

        await banner(page).getByRole("button", { name: "Anpassa" }).click();
        await expect(settings(page)).toBeVisible();
        await page.waitForTimeout(300); // let the opening transition finish before measuring contrast
        expect(await serious('[role="dialog"]')).toEqual([]);
        await context.close();
      });
    }
  }
});
