/**
 * Visitor tracking, the Influencers tab and the Analytics tab in Chromium against the
 * production build (docs/rules/privacy.md#visitor-tracking, docs/rules/admin.md#influencers,
 * docs/rules/admin.md#analytics): tracking sends nothing before consent and reports, navigates,
 * heartbeats and says goodbye after it; staff create, edit and deactivate an influencer and
 * read both tabs; other roles are refused. Screenshots at 1280 and 375 px go to the system's
 * temporary folder.
 */
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { insertTrade } from "../../app/modules/insights/insights-fixtures";
import { STAFF_MESSAGES } from "../../app/modules/accounts/staff-messages";
import { queryRows, type Database } from "../../app/platform/db/client.server";
import { account, profiles, user, user_roles } from "../../app/platform/db/schema";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { passSecondFactor } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const PASSWORD = "Hemligt#2026";
const PEOPLE = {
  admin: "analys.admin@example.se",
  seo: "analys.seo@example.se",
  blog: "analys.blogg@example.se",
  member: "analys.medlem@example.se",
} as const;
const SHOTS = path.join(os.tmpdir(), "shots-analytics");
const TRACKING = /\/api\/(visitor|visitor-offline|consent-choice)$/;

async function prepare(database: Database) {
  const db = database.db;
  const hash = await hashPassword(PASSWORD);
  const ids: Record<string, string> = {};
  for (const [who, email] of Object.entries(PEOPLE)) {
    const [created] = await db.insert(user).values({ name: who, email, emailVerified: true }).returning({ id: user.id });
    ids[who] = created!.id;
    await db.insert(account).values({ accountId: created!.id, providerId: "credential", userId: created!.id, password: hash });
    await db.insert(profiles).values({ user_id: created!.id, email, first_name: who, display_name: who });
    if (who !== "member") await db.insert(user_roles).values({ user_id: created!.id, role: who as "admin" | "seo" | "blog" });
  }
  // An influencer with clicks over the last weeks, two attributed members and their trades.
  const [{ id: miraId }] = (await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO influencers (name, referral_code, contact, commission_percent) VALUES ('Mira Streamer', 'MIRA', '@mira', 10) RETURNING id`,
  )) as [{ id: string }];
  const day = 24 * 60 * 60 * 1000;
  for (let index = 0; index < 40; index++) {
    const at = new Date(Date.now() - (index % 20) * day - 60_000).toISOString();
    const source = index % 3 === 0 ? "youtube" : index % 3 === 1 ? "tiktok" : "direct";
    await db.execute(sql`INSERT INTO influencer_clicks (influencer_id, utm_source, utm_medium, utm_campaign, created_at)
      VALUES (${miraId}, ${source}, ${source === "direct" ? "referral" : "video"}, ${source === "direct" ? "influencer" : "host"}, ${at}::timestamptz)`);
  }
  for (const [index, name] of ["Anna Andersson", "Bo Berg"].entries()) {
    const email = `varvad-${index}@example.se`;
    const [created] = await db.insert(user).values({ name, email, emailVerified: true }).returning({ id: user.id });
    await db.insert(profiles).values({
      user_id: created!.id,
      email,
      display_name: name,
      referred_by_influencer_id: miraId,
      referred_at: new Date(Date.now() - (3 + index) * day),
    });
    await insertTrade(db, { userId: created!.id, type: "sale", ore: 150_000 + index * 70_000, completedAt: new Date(Date.now() - day).toISOString() });
  }
  // Our own visitor statistics: visits and page views over the last days, one online now.
  const paths = ["/", "/salja-skins", "/blog", "/point-shop", "/faq"];
  for (let index = 0; index < 30; index++) {
    const at = new Date(Date.now() - (index % 10) * day - 120_000);
    const id = `e2e-besok-${String(index).padStart(4, "0")}`;
    const device = index % 4 === 0 ? "mobile" : index % 7 === 0 ? "tablet" : "desktop";
    const referrer = index % 3 === 0 ? "google.com" : index % 5 === 0 ? "youtube.com" : null;
    await db.execute(sql`INSERT INTO visitor_sessions (session_id, device, referrer, utm_source, is_online, first_seen_at, last_seen_at)
      VALUES (${id}, ${device}, ${referrer}, ${index % 6 === 0 ? "tiktok" : null}, ${index === 0}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
    for (let view = 0; view <= index % 3; view++) {
      await db.execute(sql`INSERT INTO page_views (session_id, path, created_at) VALUES (${id}, ${paths[(index + view) % paths.length]!}, ${at.toISOString()}::timestamptz)`);
    }
  }
  await db.execute(sql`INSERT INTO consent_choice_totals (day, analytics, marketing, functional, count) VALUES
    (CURRENT_DATE, true, true, true, 14), (CURRENT_DATE, false, false, false, 5), (CURRENT_DATE, true, false, true, 2)`);
}

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer({ LOG_LEVEL: "warn" }, { prepare });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, who: keyof typeof PEOPLE, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(context);
  const response = await context.request.post(`${server.url}/auth.data`, {
    headers: { origin: server.url },
    form: { intent: "signin", email: PEOPLE[who], password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await passSecondFactor(context, server.url, PEOPLE[who], PASSWORD);
  return { context, page: await context.newPage() };
}

function bodyOf(request: Request): Record<string, unknown> {
  return JSON.parse(request.postData() ?? "{}") as Record<string, unknown>;
}

function recordTracking(page: Page): Request[] {
  const seen: Request[] = [];
  page.context().on("request", (request) => {
    if (TRACKING.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

test.describe("visitor tracking", () => {
  test("sends nothing before consent, then reports the visit, navigations, a heartbeat every 5 minutes and the offline beacon", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "sv-SE" });
    // Beacons sent while a page unloads do not reach the browser's request events: the page's own
    // sendBeacon calls are written down in local storage, which outlives the page.
    await context.addInitScript(() => {
      const original = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        const log = JSON.parse(localStorage.getItem("test-beacons") ?? "[]") as unknown[];
        log.push({ url: String(url), type: data instanceof Blob ? data.type : null, size: data instanceof Blob ? data.size : null });
        localStorage.setItem("test-beacons", JSON.stringify(log));
        return original(url, data);
      };
    });
    const page = await context.newPage();
    await page.clock.install();
    const seen = recordTracking(page);
    await page.goto(`${server.url}/?utm_source=nyhetsbrev&utm_medium=epost`);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner.getByRole("button", { name: "Acceptera alla" })).toBeVisible();
    // Time passes and the visitor moves around: still nothing is sent, nothing stored.
    await page.clock.fastForward("06:00");
    await page.getByRole("banner").getByRole("link", { name: "FAQ", exact: true }).first().click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.waitForTimeout(300);
    expect(seen.map((request) => request.url())).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem("visitor_session_id"))).toBeNull();

    await banner.getByRole("button", { name: "Acceptera alla" }).click();
    await expect.poll(() => seen.map((request) => new URL(request.url()).pathname)).toEqual(["/api/consent-choice", "/api/visitor"]);
    expect(bodyOf(seen[0]!)).toEqual({ analytics: true, marketing: true, functional: true });
    const load = bodyOf(seen[1]!);
    const sessionId = await page.evaluate(() => sessionStorage.getItem("visitor_session_id"));
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(load).toMatchObject({ sessionId, event: "load", path: "/faq" });

    // A client-side navigation is a page view.
    await page.getByRole("banner").getByRole("link", { name: "Blogg", exact: true }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect.poll(() => seen.length).toBe(3);
    expect(bodyOf(seen[2]!)).toEqual({ sessionId, event: "page_view", path: "/blog" });

    // Every 5 minutes a heartbeat.
    await page.clock.fastForward("05:00");
    await expect.poll(() => seen.length).toBe(4);
    expect(bodyOf(seen[3]!)).toEqual({ sessionId, event: "heartbeat", path: "/blog" });
    for (const request of seen) expect((await request.response())?.status(), request.url()).toBe(204);

    // Leaving the page (here for a full page load) sends the offline beacon; the next page reports itself with the same visit.
    expect(await page.evaluate(() => localStorage.getItem("test-beacons"))).toBeNull();
    await page.goto(`${server.url}/om-oss`);
    await expect.poll(() => seen.map((request) => new URL(request.url()).pathname).slice(4)).toEqual(["/api/visitor"]);
    expect(bodyOf(seen[4]!)).toMatchObject({ sessionId, event: "load", path: "/om-oss" });
    const beacons = JSON.parse((await page.evaluate(() => localStorage.getItem("test-beacons"))) ?? "[]") as Array<{ url: string; type: string; size: number }>;
    expect(beacons).toEqual([{ url: "/api/visitor-offline", type: "application/json", size: JSON.stringify({ sessionId }).length }]);
    await context.close();
  });

  test("with only the necessary cookies, the choice is counted and the visit never", async ({ browser }) => {
    const context = await browser.newContext({ locale: "sv-SE" });
    const page = await context.newPage();
    await page.clock.install();
    const seen = recordTracking(page);
    await page.goto(`${server.url}/`);
    await page.getByRole("button", { name: "Endast nödvändiga" }).click();
    await expect.poll(() => seen.length).toBe(1);
    expect(new URL(seen[0]!.url()).pathname).toBe("/api/consent-choice");
    expect(bodyOf(seen[0]!)).toEqual({ analytics: false, marketing: false, functional: false });
    await page.clock.fastForward("11:00");
    await page.getByRole("banner").getByRole("link", { name: "FAQ", exact: true }).first().click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.goto(`${server.url}/om-oss`);
    await page.waitForTimeout(300);
    expect(seen).toHaveLength(1);
    await context.close();
  });
});

test.describe("Influencers tab", () => {
  test("lists the influencers with their figures, and staff create, edit and deactivate one", async ({ browser }) => {
    const { context, page } = await signedIn(browser, "admin");
    await page.goto(`${server.url}/admin/influencers`);
    await expect(page.getByTestId("admin-tab-title")).toHaveText("Influencers");
    const table = page.getByTestId("influencers-table");
    const mira = table.getByRole("row").filter({ hasText: "Mira Streamer" });
    await expect(mira).toContainText("MIRA");
    await expect(mira.getByRole("cell").nth(3)).toHaveText("2");
    await expect(mira).toContainText("3 700");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // A taken code is refused with a clear message, in the dialog.
    await page.getByTestId("influencer-new").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Namn").fill("Kopia");
    await dialog.getByLabel("Kod").fill("mira");
    await dialog.getByTestId("influencer-create-submit").click();
    await expect(dialog.getByText("Koden används redan av en medlem eller en annan influencer. Välj en annan kod.").first()).toBeVisible();
    await dialog.getByLabel("Kod").fill("nova24");
    await expect(dialog.getByLabel("Kod")).toHaveValue("NOVA24");
    await dialog.getByLabel("Provision (%)").fill("7,5");
    await dialog.getByLabel("Kontakt").fill("nova@example.se");
    await dialog.getByTestId("influencer-create-submit").click();
    await expect(page).toHaveURL(/\/admin\/influencers\/[0-9a-f-]{36}\?skapad=1$/);
    await expect(page.getByTestId("influencer-name")).toHaveText("Kopia");
    await expect(page.getByText("Influencern är skapad")).toBeVisible();
    await expect(page.getByTestId("influencer-funnel").getByTestId("funnel-step")).toHaveCount(3);

    // Edit.
    const form = page.getByTestId("influencer-update-form");
    await form.getByLabel("Namn").fill("Nova Gamer");
    await form.getByTestId("influencer-update-submit").click();
    await expect(page.getByText("Ändringen är sparad i granskningsloggen.")).toBeVisible();
    await expect(page.getByTestId("influencer-name")).toHaveText("Nova Gamer");

    // Deactivate after a confirmation; cancelling changes nothing.
    await page.getByTestId("influencer-deactivate").click();
    const confirm = page.getByTestId("confirm-deactivate");
    await expect(confirm).toContainText("Koden NOVA24 slutar fungera");
    await confirm.getByRole("button", { name: "Avbryt" }).click();
    await expect(page.getByTestId("influencer-status")).toHaveText("Aktiv");
    await page.getByTestId("influencer-deactivate").click();
    await page.getByTestId("confirm-deactivate").getByRole("button", { name: "Inaktivera" }).click();
    await expect(page.getByTestId("influencer-status")).toHaveText("Inaktiv");
    await expect(page.getByTestId("influencer-activate")).toBeVisible();

    // Back to the list, where the new influencer shows as inactive.
    await page.getByTestId("influencer-back").click();
    await expect(page).toHaveURL(`${server.url}/admin/influencers`);
    await expect(table.getByRole("row").filter({ hasText: "Nova Gamer" }).getByTestId("influencer-status")).toHaveText("Inaktiv");
    await context.close();
  });

  test("an influencer's page has the click chart, UTM breakdown, commission report and its CSV", async ({ browser }) => {
    const { context, page } = await signedIn(browser, "admin");
    await page.goto(`${server.url}/admin/influencers`);
    await page.getByTestId("influencers-table").getByRole("link", { name: "Mira Streamer" }).click();
    await expect(page.getByTestId("influencer-name")).toHaveText("Mira Streamer");
    await expect(page.locator('[data-testid="clicks-chart"] svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId("utm-table")).toContainText("youtube");
    await expect(page.getByTestId("commission-table")).toContainText("Anna Andersson");
    await expect(page.getByTestId("commission-amount")).toContainText("370");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const download = page.waitForEvent("download");
    await page.getByTestId("commission-csv").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^provision-mira-\d{4}-\d{2}\.csv$/);
    await context.close();
  });

  test("other roles are refused the tab, and a visitor is asked to sign in", async ({ browser }) => {
    for (const who of ["seo", "blog", "member"] as const) {
      const { context, page } = await signedIn(browser, who);
      for (const target of ["/admin/influencers", "/admin/analytics"]) {
        const response = await page.goto(`${server.url}${target}`);
        expect(response?.status(), `${who} ${target}`).toBe(403);
        await expect(page.getByRole("heading", { name: STAFF_MESSAGES.accessDeniedTitle })).toBeVisible();
      }
      await context.close();
    }
    const context = await browser.newContext({ locale: "sv-SE" });
    await presetCookieChoice(context);
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/admin/influencers`);
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: STAFF_MESSAGES.loginRequiredTitle })).toBeVisible();
    await context.close();
  });
});

test.describe("Analytics tab", () => {
  test("shows visitors online, the daily chart, top lists, the funnel and the consent totals", async ({ browser }) => {
    const { context, page } = await signedIn(browser, "admin");
    await page.goto(`${server.url}/admin/analytics`);
    await expect(page.getByTestId("admin-tab-title")).toHaveText("Analytics");
    await expect(page.getByTestId("online-now")).toContainText("1");
    await expect(page.locator('[data-testid="visits-chart"] svg.recharts-surface').first()).toBeVisible();
    // Whole counts on the axis, never compact notation ("3,8 tn").
    await expect(page.locator('[data-testid="visits-chart"] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').last()).toHaveText(/^\d[\d\s]*$/);
    await expect(page.getByTestId("top-pages")).toContainText("/salja-skins");
    await expect(page.getByTestId("referrers")).toContainText("google.com");
    await expect(page.getByTestId("utm-sources")).toContainText("tiktok");
    await expect(page.getByTestId("devices")).toContainText("Mobil");
    await expect(page.getByTestId("analytics-funnel").getByTestId("funnel-step")).toHaveCount(3);
    await expect(page.getByTestId("consent-analytics")).toContainText("%");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByTestId("period-switch").getByRole("link", { name: "7 dagar" }).click();
    await expect(page).toHaveURL(/period=7/);
    await context.close();
  });
});

test("screenshots of both tabs, list and detail, at 1280 and 375 px", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const { context, page } = await signedIn(browser, "admin", width);
    await page.goto(`${server.url}/admin/influencers`);
    await expect(page.getByRole("heading", { name: "Influencers", level: 2 })).toBeVisible();
    const targets: Array<[string, string]> = [["influencers", "/admin/influencers"]];
    const href = await page.getByRole("link", { name: "Mira Streamer" }).first().getAttribute("href");
    targets.push(["influencer-detail", href!], ["analytics", "/admin/analytics"]);
    for (const [name, target] of targets) {
      await page.goto(`${server.url}${target}`);
      await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    }
    await context.close();
  }
});
