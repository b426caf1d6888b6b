/**
 * The member-facing loyalty pages in Chromium against the production build, with a real SMTP
 * server on loopback: a purchase in /point-shop from the confirmation dialog to the order on
 * /profile and the confirmation mail; a visitor sent to sign in and back; and /profile's
 * level, progress, live XP and histories for a Bronze and a Platinum member. The members'
 * points and XP come from trades recorded and completed through the trade service, before
 * the server starts.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { seed } from "../../app/platform/db/seed";
import {
  decodeQuotedPrintable,
  startTestSmtpServer,
  type TestSmtpServer,
} from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import {
  BRONZE_TRADES,
  MEMBER_PASSWORD,
  PLATINUM_TRADES,
  createAccount,
  giveTrades,
  type TradeSpec,
} from "./helpers/loyalty-members";
import { expectAccessible } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const BUYER = "kopare@example.se";
const VISITOR = "besokare@example.se";
const BRONZE = "brons@example.se";
const PLATINUM = "platina@example.se";
const ids: Record<string, string> = {};

/** Ten small completed sales: enough rows for a second page of history. */
const SMALL_SALES: TradeSpec[] = Array.from({ length: 10 }, (_, index) => ({
  type: "sale",
  items: [{ skinName: `P250 | Sand Dune #${index + 1}`, wear: "BS", price: "10" }],
}));

let smtp: TestSmtpServer;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startTestSmtpServer();
  server = await startTestServer(
    { SMTP_URL: smtp.url, LOG_LEVEL: "warn" },
    {
      prepare: async (database) => {
        // The demo catalogue, as a new installation has it.
        await seed(database.db);
        const staff = await createAccount(database, {
          email: "personal@example.se",
          firstName: "Personal",
          lastName: "Hamn",
          role: "admin",
        });
        ids[BUYER] = await createAccount(database, { email: BUYER, firstName: "Kim", lastName: "Köpare" });
        ids[VISITOR] = await createAccount(database, { email: VISITOR, firstName: "Vera", lastName: "Besökare" });
        ids[BRONZE] = await createAccount(database, { email: BRONZE, firstName: "Bertil", lastName: "Brons" });
        ids[PLATINUM] = await createAccount(database, { email: PLATINUM, firstName: "Petra", lastName: "Platina" });
        // 4 000 kr sold: 8 000 points and 8 000 XP (Silver).
        await giveTrades(database, staff, ids[BUYER]!, [
          { type: "sale", items: [{ skinName: "AK-47 | Vulcan", wear: "MW", price: "4000" }] },
        ]);
        await giveTrades(database, staff, ids[BRONZE]!, BRONZE_TRADES);
        await giveTrades(database, staff, ids[PLATINUM]!, [...PLATINUM_TRADES, ...SMALL_SALES]);
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

test.beforeEach(async ({ context }) => {
  await presetCookieChoice(context);
});

const url = (pathname: string) => `${server.url}${pathname}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
/** Swedish digit grouping as Intl writes it. */
const sv = (value: number) => value.toLocaleString("sv-SE");

/** Signs in through the /auth form's action (as the page posts it), into the page's cookie jar. */
async function signIn(page: Page, email: string) {
  const response = await page.request.post(url("/auth.data"), {
    headers: { origin: server.url },
    form: { intent: "signin", email, password: MEMBER_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const cookies = await page.context().cookies(server.url);
  expect(cookies.map((cookie) => cookie.name)).toContain("skinhamnen.session_token");
}

/** Opens a page and waits until its live event stream answers. */
async function openLive(page: Page, pathname: string) {
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
  await page.goto(url(pathname));
  await stream;
}

const card = (page: Page, name: string) =>
  page.getByTestId("shop-item").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a member confirms a purchase: the balance drops, a toast says so, the order is on the profile and mailed", async ({
  page,
}) => {
  await signIn(page, BUYER);
  await openLive(page, "/point-shop");
  const balance = page.getByTestId("shop-balance");
  await expect(balance).toHaveText(`${sv(8_000)} poäng`);
  await expectAccessible(page);

  // What the member cannot buy says why.
  await expect(card(page, "Gold-förmåner i 30 dagar").getByRole("button")).toHaveText(`${sv(42_000)} poäng kvar`);
  await expect(card(page, "Gold-förmåner i 30 dagar").getByRole("button")).toBeDisabled();
  // 8 000 XP is Silver already: Silver for 30 days would add nothing.
  await expect(card(page, "Silver-förmåner i 30 dagar").getByRole("button")).toHaveText("Ingår redan i Silver");
  await expect(card(page, "Unika erbjudanden för Platinum").getByRole("button")).toHaveText("Kräver Platinum");

  // Nothing is spent before the member confirms: cancelling leaves the balance as it was.
  const hoodie = card(page, "Skinhamnen-hoodie");
  await expect(hoodie.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await hoodie.getByRole("button", { name: "Köp Skinhamnen-hoodie" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Bekräfta köp" });
  await expect(dialog).toContainText("Vill du köpa Skinhamnen-hoodie för 1 000 poäng?");
  await expect(dialog).toContainText(`Saldo efter köpet${sv(7_000)} poäng`);
  const axe = await new AxeBuilder({ page }).include('[data-testid="purchase-dialog"]').analyze();
  expect(axe.violations).toEqual([]);
  await dialog.getByRole("button", { name: "Avbryt" }).click();
  await expect(dialog).toBeHidden();
  await expect(hoodie.getByRole("button", { name: "Köp Skinhamnen-hoodie" })).toBeFocused();
  await expect(balance).toHaveText(`${sv(8_000)} poäng`);

  await hoodie.getByRole("button", { name: "Köp Skinhamnen-hoodie" }).click();
  await dialog.getByRole("button", { name: "Köp för 1 000 poäng" }).click();
  await expect(toast(page, "Köp genomfört!")).toBeVisible();
  await expect(toast(page, "Du löste in Skinhamnen-hoodie för 1 000 poäng.")).toBeVisible();
  await expect(balance).toHaveText(`${sv(7_000)} poäng`);

  const mail = await smtp.waitFor((m) => m.to.includes(BUYER), 20_000);
  const body = decodeQuotedPrintable(mail.raw);
  expect(body).toContain("Tack för din beställning, Kim!");
  expect(body).toContain("Skinhamnen-hoodie");

  // A perk says what it does, and the profile shows it running with its end date.
  const doublePoints = card(page, "Dubbla poäng i 7 dagar");
  await expect(doublePoints).toContainText("Aktiveras direkt och gäller i 7 dagar");
  await doublePoints.getByRole("button", { name: "Köp Dubbla poäng i 7 dagar" }).click();
  await dialog.getByRole("button", { name: "Köp för 5 000 poäng" }).click();
  await expect(toast(page, "Köp genomfört!").first()).toBeVisible();
  await expect(balance).toHaveText(`${sv(2_000)} poäng`);
  const ends = new Intl.DateTimeFormat("sv-SE", { dateStyle: "medium", timeZone: "Europe/Stockholm" }).format(
    new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
  );

  await page.goto(url("/profile?historik=ordrar"));
  await expect(page.getByTestId("profile-points")).toHaveText(`${sv(2_000)} poäng`);
  const orders = page.getByTestId("order-row");
  await expect(orders).toHaveCount(2);
  await expect(orders.first()).toContainText("Dubbla poäng i 7 dagar");
  await expect(orders.nth(1)).toContainText("Skinhamnen-hoodie");
  await expect(orders.nth(1)).toContainText("Behandlas");
  await expect(page.getByTestId("profile-perks")).toContainText("Dubbla poäng");
  await expect(page.getByTestId("profile-perks")).toContainText(`Gäller till ${ends}`);
  await expect(page.getByText("Dubbla poäng på affärer just nu")).toBeVisible();

  await page.getByRole("link", { name: "Poäng", exact: true }).click();
  await expect(page).toHaveURL(/\/profile#historik$/);
  const rows = page.getByTestId("history-row");
  await expect(rows.first()).toContainText("Köp i Point Shop: Dubbla poäng i 7 dagar");
  await expect(rows.first()).toContainText(`−${sv(5_000)} poäng`);
  await expect(rows.nth(1)).toContainText(`−${sv(1_000)} poäng`);
  await expect(rows.nth(2)).toContainText(`+${sv(8_000)} poäng`);
});

test("without JavaScript the purchase is confirmed on the page and posted as a plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "sv-SE" });
  const page = await context.newPage();
  await signIn(page, BUYER);
  await page.goto(url("/point-shop"));
  await expect(page.getByTestId("shop-balance")).toHaveText(`${sv(2_000)} poäng`);
  await card(page, "Prioriterad värdering").getByRole("button", { name: "Köp Prioriterad värdering" }).click();
  const step = page.getByRole("region", { name: "Bekräfta köp" });
  await expect(step).toContainText("Vill du köpa Prioriterad värdering för 600 poäng?");
  await step.getByRole("button", { name: "Köp för 600 poäng" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Köp genomfört!" })).toContainText(
    "Du löste in Prioriterad värdering för 600 poäng.",
  );
  await expect(page.getByTestId("shop-balance")).toHaveText(`${sv(1_400)} poäng`);
  await context.close();
});

test("a visitor pressing 'Logga in för att köpa' signs in and comes back to the point shop", async ({ page }) => {
  await openLive(page, "/point-shop");
  // A stock change elsewhere (a 'shop' content event) makes the open page read the shop again.
  await page.waitForTimeout(300);
  const refetch = page.waitForRequest((request) => new URL(request.url()).pathname === "/point-shop.data");
  await server.publish({ type: "content", tag: "shop" });
  await refetch;
  await expect(page.getByRole("heading", { name: "Point Shop", level: 1 })).toBeVisible();
  await expect(page.getByTestId("shop-balance")).toHaveCount(0);
  await expectAccessible(page);
  // The shop links onwards to how points and levels work and to selling.
  for (const href of ["/xp-system", "/point-system", "/salja-skins"]) {
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }

  await card(page, "Skinhamnen-hoodie").getByRole("link", { name: "Logga in för att köpa" }).click();
  await expect(page).toHaveURL(url("/auth?redirectTo=%2Fpoint-shop"));
  await page.getByRole("main").getByLabel("E-postadress").fill(VISITOR);
  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: "Logga in", exact: true }).click();
  await expect(page).toHaveURL(url("/point-shop"));
  await expect(page.getByTestId("shop-balance")).toHaveText("0 poäng");
  await expect(card(page, "Skinhamnen-hoodie").getByRole("button")).toHaveText(`${sv(1_000)} poäng kvar`);
});

test("a Bronze member's profile shows the level, the way to Silver, live XP and the trades", async ({ page }) => {
  await signIn(page, BRONZE);
  await openLive(page, "/profile");
  await expect(page.getByTestId("level-badge").first()).toHaveText("Bronze");
  const xp = page.getByTestId("profile-xp");
  await expect(xp).toHaveText(`${sv(2_500)} XP`);
  await expect(page.getByTestId("level-next")).toHaveText(`${sv(2_500)} XP kvar till Silver`);
  await expect(page.getByRole("progressbar", { name: "Framsteg mot Silver" })).toHaveAttribute("aria-valuenow", "50");
  await expect(page.getByTestId("profile-points")).toHaveText(`${sv(2_500)} poäng`);
  await expect(page.getByRole("region", { name: "Statistik" })).toContainText("1 250 kr");
  await expect(page.getByRole("link", { name: "Visa fördelar" })).toHaveAttribute("href", "/xp-system");
  await expect(page.getByRole("link", { name: "Till Point Shop" })).toHaveAttribute("href", "/point-shop");
  await expectAccessible(page);

  // An XP change arrives live: the new value, highlighted for about a second, and the level follows.
  // The highlight is recorded as it happens, so a busy machine that polls late cannot miss it.
  await xp.evaluate((element) => {
    new MutationObserver(() => {
      if (element.getAttribute("data-highlighted") === "true") element.setAttribute("data-was-highlighted", "true");
    }).observe(element, { attributes: true, attributeFilter: ["data-highlighted"] });
  });
  await server.publish({ type: "xp", userId: ids[BRONZE]!, rowId: "live-1", amount: 3_000, xp: 5_500 });
  await expect(xp).toHaveText(`${sv(5_500)} XP`);
  await expect(xp).toHaveAttribute("data-was-highlighted", "true");
  await expect(page.getByTestId("level-badge").first()).toHaveText("Silver");
  await expect(xp).toHaveAttribute("data-highlighted", "false", { timeout: 3_000 });

  await page.getByRole("link", { name: "Affärer", exact: true }).click();
  const trades = page.getByTestId("trade-row");
  await expect(trades).toHaveCount(3);
  await expect(trades.first()).toContainText("Glock-18 | Fade");
  await expect(trades.first()).toContainText("Väntande");
  await expect(trades.nth(2)).toContainText("AK-47 | Redline");
  await expect(trades.nth(2)).toContainText("Genomförd");
  await expect(trades.nth(2)).toContainText(`${sv(1_500)} poäng · ${sv(1_500)} XP`);

  await page.getByRole("link", { name: "Beställningar" }).click();
  await expect(page.getByText("Du har inte beställt något i Point Shop ännu.")).toBeVisible();
});

test("a Platinum member's profile reads 'Max nivå uppnådd!' and pages through the history in the URL", async ({
  page,
}) => {
  await signIn(page, PLATINUM);
  await page.goto(url("/profile"));
  await expect(page.getByTestId("level-badge").first()).toHaveText("Platinum");
  await expect(page.getByTestId("level-next")).toHaveText("Max nivå uppnådd!");
  await expect(page.getByRole("progressbar", { name: "Högsta nivån är nådd" })).toHaveAttribute("aria-valuenow", "100");
  await expectAccessible(page);

  // 13 completed trades: 10 rows on the first page, 3 on the second.
  const rows = page.getByTestId("history-row");
  await expect(rows).toHaveCount(10);
  await page.getByRole("navigation", { name: "Sidor: Poäng" }).getByRole("link", { name: "Nästa" }).click();
  await expect(page).toHaveURL(/\/profile\?poang=2#historik$/);
  await expect(rows).toHaveCount(3);
  await page.getByRole("link", { name: "XP", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?historik=xp&poang=2#historik$/);
  await expect(rows).toHaveCount(10);
  await page.goBack();
  await expect(rows).toHaveCount(3);

  // 14 trades, newest first: the first big sale is on the second page.
  await page.goto(url("/profile?historik=affarer&affarer=2"));
  await expect(page.getByTestId("trade-row")).toHaveCount(4);
  const sale = page.getByTestId("trade-row").filter({ hasText: "AWP | Dragon Lore" });
  await expect(sale).toContainText("StatTrak™ M4A4 | Howl");
  await expect(sale).toContainText("Genomförd");
});

test("the point shop and the profile fit a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, PLATINUM);
  for (const pathname of ["/point-shop", "/profile?historik=affarer"]) {
    await page.goto(url(pathname));
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, pathname).toBeLessThanOrEqual(375);
  }
});
