/**
 * The staff panel in Chromium against the production build: the shell's role matrix with the
 * required texts (anonymous, member, blog, seo, admin), the secure sign-out, and staff recording
 * and completing a sale in /admin/transactions while the member's /profile is open in another
 * browser — the points popup appears there without a reload. With DATABASE_URL set, the same
 * across two app instances on one PostgreSQL database. Screenshots of the tab at 1280 and
 * 375 px go to screenshots/.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import type { Role } from "../../app/modules/accounts/accounts-constants";
import { STAFF_MESSAGES } from "../../app/modules/accounts/staff-messages";
import { ADMIN_TABS } from "../../app/modules/admin/admin-tabs";
import type { Database } from "../../app/platform/db/client.server";
import { account, profiles, user, user_roles } from "../../app/platform/db/schema";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { openMenu } from "./helpers/menus";
import { currentCode, passSecondFactor } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const PASSWORD = "Hemligt#2026";
const PEOPLE = {
  admin: { email: "personal.admin@example.se", first: "Alva", last: "Admin", role: "admin" },
  blog: { email: "personal.blogg@example.se", first: "Bo", last: "Blogg", role: "blog" },
  seo: { email: "personal.seo@example.se", first: "Sara", last: "Seo", role: "seo" },
  member: { email: "kim.kund@example.se", first: "Kim", last: "Kund", role: null },
} as const satisfies Record<string, { email: string; first: string; last: string; role: Role | null }>;
type Person = keyof typeof PEOPLE;

async function createPeople(database: Database) {
  const hash = await hashPassword(PASSWORD);
  for (const person of Object.values(PEOPLE)) {
    const [created] = await database.db
      .insert(user)
      .values({ name: person.first, email: person.email, emailVerified: true })
      .returning({ id: user.id });
    await database.db.insert(account).values({ accountId: created!.id, providerId: "credential", userId: created!.id, password: hash });
    await database.db.insert(profiles).values({
      user_id: created!.id,
      email: person.email,
      first_name: person.first,
      last_name: person.last,
      display_name: `${person.first} ${person.last}`,
    });
    if (person.role) await database.db.insert(user_roles).values({ user_id: created!.id, role: person.role });
  }
}

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer({ LOG_LEVEL: "warn" }, { prepare: createPeople });
});

test.afterAll(async () => {
  await server?.stop();
});

test.beforeEach(async ({ context }) => {
  await presetCookieChoice(context);
});

/** Signs in through the /auth form's action with the context's own cookie jar. */
async function signIn(context: BrowserContext, base: string, who: Person) {
  const response = await context.request.post(`${base}/auth.data`, {
    headers: { origin: base },
    form: { intent: "signin", email: PEOPLE[who].email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await passSecondFactor(context, base, PEOPLE[who].email, PASSWORD);
}

async function staffContext(browser: Browser, base: string, who: Person, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: "sv-SE" });
  await presetCookieChoice(context);
  await signIn(context, base, who);
  return context;
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Adminmeny" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("the shell's role matrix (docs/rules/admin.md#refusals)", () => {
  test("a visitor is asked to sign in and comes back to the tab after signing in", async ({ page, browser }) => {
    // The admin has set up two-factor sign-in, as every staff member must (decision 046).
    const enrolled = await browser.newContext();
    await signIn(enrolled, server.url, "admin");
    await enrolled.close();
    const response = await page.goto(`${server.url}/admin/transactions`);
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: STAFF_MESSAGES.loginRequiredTitle })).toBeVisible();
    await expect(page.getByText(STAFF_MESSAGES.loginRequired)).toBeVisible();
    const signInLink = page.getByRole("link", { name: "Logga in" });
    await expect(signInLink).toHaveAttribute("href", "/auth?redirectTo=%2Fadmin%2Ftransactions");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await signInLink.click();
    await page.getByRole("main").getByLabel("E-postadress").fill(PEOPLE.admin.email);
    await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await page.getByLabel("Kod från autentiseringsappen").fill(await currentCode(PEOPLE.admin.email));
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/admin/transactions`);
    await expect(page.getByTestId("admin-tab-title")).toHaveText("Transactions");
  });

  test("a member without a role gets 'Åtkomst nekad' with both sentences, on /admin and on a tab", async ({ context, page }) => {
    await signIn(context, server.url, "member");
    await page.goto(`${server.url}/faq`);
    await openMenu(page.getByTestId("profile-menu"), page.getByRole("menuitem", { name: "Min profil" }));
    await expect(page.getByRole("menuitem", { name: "Min profil" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Adminpanel" })).toHaveCount(0);
    for (const target of ["/admin", "/admin/blog"]) {
      const response = await page.goto(`${server.url}${target}`);
      expect(response?.status(), target).toBe(403);
      await expect(page.getByRole("heading", { name: STAFF_MESSAGES.accessDeniedTitle })).toBeVisible();
      await expect(page.getByText(STAFF_MESSAGES.accessDenied)).toBeVisible();
      await expect(page.getByText(STAFF_MESSAGES.contactAdmin)).toBeVisible();
      await expect(sidebar(page)).toHaveCount(0);
    }
  });

  test("the blog role starts on Blog, sees only Blog, and is refused the other tabs", async ({ context, page }) => {
    await signIn(context, server.url, "blog");
    await page.goto(`${server.url}/admin`);
    await expect(page).toHaveURL(`${server.url}/admin/blog`);
    await expect(sidebar(page).getByRole("link")).toHaveText(["Blog"]);
    await expect(page.getByTestId("admin-welcome")).toHaveText(`Welcome back ${PEOPLE.blog.email}`);
    await expect(page.getByTestId("post-new")).toBeVisible();
    for (const target of ["/admin/seo", "/admin/transactions", "/admin/dashboard"]) {
      const response = await page.goto(`${server.url}${target}`);
      expect(response?.status(), target).toBe(403);
      await expect(page.getByText(STAFF_MESSAGES.contactAdmin)).toBeVisible();
    }
  });

  test("the seo role starts on Blog and sees Blog and SEO Dashboard", async ({ context, page }) => {
    await signIn(context, server.url, "seo");
    await page.goto(`${server.url}/admin`);
    await expect(page).toHaveURL(`${server.url}/admin/blog`);
    await expect(sidebar(page).getByRole("link")).toHaveText(["Blog", "SEO Dashboard"]);
    await sidebar(page).getByRole("link", { name: "SEO Dashboard" }).click();
    await expect(page).toHaveURL(`${server.url}/admin/seo`);
    await expect(page.getByTestId("admin-tab-title")).toHaveText("SEO Dashboard");
    expect((await page.goto(`${server.url}/admin/users`))?.status()).toBe(403);
  });

  test("admin starts on Dashboard, sees all eleven tabs in order, and a slow tab shows its skeleton", async ({ context, page }) => {
    await signIn(context, server.url, "admin");
    // Staff reach the panel from the site's profile menu.
    await page.goto(`${server.url}/faq`);
    await openMenu(page.getByTestId("profile-menu"), page.getByRole("menuitem", { name: "Min profil" }));
    await page.getByRole("menuitem", { name: "Adminpanel" }).click();
    await expect(page).toHaveURL(`${server.url}/admin/dashboard`);
    await expect(sidebar(page).getByRole("link")).toHaveText(ADMIN_TABS.map((tab) => tab.label));
    await expect(page.getByTestId("admin-tab-title")).toHaveText("Dashboard");
    await expect(page.getByTestId("admin-welcome")).toHaveText(`Welcome back ${PEOPLE.admin.email}`);
    await expect(page.getByTestId("kpis")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Hold the tab's data back a moment: the skeleton stands in until it arrives.
    await page.route("**/admin/seo.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await sidebar(page).getByRole("link", { name: "SEO Dashboard", exact: true }).click();
    await expect(page.getByTestId("admin-tab-skeleton")).toBeVisible();
    await expect(page.getByTestId("admin-tab-title")).toHaveText("SEO Dashboard");
    await expect(page.getByTestId("seo-site-checks")).toBeVisible();
    await expect(page.getByTestId("admin-tab-skeleton")).toHaveCount(0);
    await expect(sidebar(page).getByRole("link", { name: "SEO Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("at 375 px the tabs sit behind a menu button", async ({ browser }) => {
    const context = await staffContext(browser, server.url, "seo", { width: 375, height: 740 });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/blog`);
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole("button", { name: "Öppna adminmenyn" }).click();
    const menu = page.getByRole("dialog", { name: "Adminpanel" });
    await expect(menu.getByRole("link")).toHaveText(["Blog", "SEO Dashboard"]);
    await menu.getByRole("link", { name: "SEO Dashboard" }).click();
    await expect(page).toHaveURL(`${server.url}/admin/seo`);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  test("the secure sign-out ends the staff member's sessions everywhere and lands on /auth", async ({ browser }) => {
    const first = await staffContext(browser, server.url, "blog");
    const second = await staffContext(browser, server.url, "blog");
    const page = await first.newPage();
    const other = await second.newPage();
    await other.goto(`${server.url}/admin/blog`);
    await expect(other.getByTestId("admin-welcome")).toBeVisible();

    await page.goto(`${server.url}/admin/blog`);
    await page.getByRole("button", { name: "Logga ut" }).click();
    await expect(page).toHaveURL(`${server.url}/auth?message=signed-out&redirectTo=%2Fadmin`);
    await expect(page.getByText("Du har loggats ut från alla enheter.")).toBeVisible();
    // The other browser's session ended too.
    expect((await other.goto(`${server.url}/admin/blog`))?.status()).toBe(401);
    await expect(other.getByRole("heading", { name: STAFF_MESSAGES.loginRequiredTitle })).toBeVisible();
    await first.close();
    await second.close();
  });
});

/** Opens a page and resolves once its event stream has answered. */
async function openWithStream(page: Page, target: string) {
  const stream = page.waitForResponse((response) => response.url().endsWith("/api/events") && response.status() === 200);
  await page.goto(target);
  await stream;
  await page.waitForTimeout(300);
}

/** "Registrera affär" is a link to the form on the page; once hydrated it opens the dialog. */
async function openRecordTrade(page: Page) {
  const open = page.getByRole("link", { name: "Registrera affär" });
  await waitForHydration(open);
  await open.click();
}

/** Records a sale for Kim Kund in the tab's dialog, then completes it with the keyboard. */
async function recordAndCompleteSale(page: Page, skin: string, price: string) {
  await openRecordTrade(page);
  const dialog = page.getByRole("dialog", { name: "Registrera affär" });
  await dialog.getByTestId("member-search").fill("kim.kund");
  await dialog.getByRole("button", { name: /Kim Kund/ }).click();
  await expect(dialog.getByTestId("picked-member")).toContainText("Kim Kund");
  await dialog.getByLabel("Skin").fill(skin);
  await dialog.getByLabel("Skick").selectOption("MW");
  await dialog.getByLabel("Variant").selectOption("stattrak");
  await dialog.getByLabel("Pris (kr)").fill(price);
  await dialog.getByLabel("Utbetalningssätt").selectOption("swish");
  await expect(dialog.getByTestId("trade-preview-total")).toContainText(price.replace(/\B(?=(\d{3})+$)/g, "\u00a0"));
  await dialog.getByRole("button", { name: "Registrera affär" }).click();
  await expect(toast(page, "Affären är registrerad")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.locator("tr", { hasText: skin });
  await expect(row.getByTestId("trade-status")).toHaveText("Väntande");
  const complete = row.getByRole("button", { name: /^Genomför/ });
  await complete.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Genomföra affären?" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Genomför affären" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Affären är genomförd")).toBeVisible();
  await expect(row.getByTestId("trade-status")).toHaveText("Genomförd");
}

/**
 * Records, in the member's page, every value the XP element shows while highlighted: the
 * highlight lasts one second, so it is caught when it happens rather than looked for later.
 */
async function watchXpHighlight(member: Page) {
  await member.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __xpHighlights: string[] }).__xpHighlights = seen;
    const xp = document.querySelector('[data-testid="profile-xp"]');
    if (!xp) throw new Error("the profile shows no XP");
    new MutationObserver(() => {
      if (xp.getAttribute("data-highlighted") === "true") seen.push(xp.textContent ?? "");
    }).observe(xp, { attributes: true, childList: true, characterData: true, subtree: true });
  });
}

async function expectPointsPopup(member: Page, points: string, xp: string) {
  const popup = member.getByRole("dialog", { name: "Grattis!" });
  await expect(popup).toBeVisible({ timeout: 10_000 });
  await expect(popup).toContainText(`Du har fått ${points} poäng`);
  // The XP on /profile changed live and was highlighted while it did.
  await expect
    .poll(() => member.evaluate(() => (window as unknown as { __xpHighlights: string[] }).__xpHighlights.join("|")))
    .toContain(xp);
  await expect(member.getByTestId("profile-xp")).toContainText(xp);
}

test.describe("Transactions", () => {
  test("staff record and complete a sale while the member's /profile is open: the points popup appears without a reload", async ({
    browser,
  }) => {
    const staff = await staffContext(browser, server.url, "admin");
    const member = await staffContext(browser, server.url, "member");
    const staffPage = await staff.newPage();
    const memberPage = await member.newPage();
    await openWithStream(memberPage, `${server.url}/profile`);
    await watchXpHighlight(memberPage);
    let reloaded = false;
    memberPage.on("framenavigated", (frame) => {
      if (frame === memberPage.mainFrame()) reloaded = true;
    });

    await staffPage.goto(`${server.url}/admin/transactions`);
    await expect(staffPage.getByTestId("trades-empty")).toContainText("Inga affärer ännu");
    await recordAndCompleteSale(staffPage, "AK-47 | Redline", "500");

    // 500 kr sold: 2 points per krona.
    await expectPointsPopup(memberPage, "1\u00a0000", "1\u00a0000");
    expect(reloaded).toBe(false);
    await staff.close();
    await member.close();
  });

  test("the confirmation closes with Esc and gives focus back; filters and sorting live in the URL", async ({ browser }) => {
    const staff = await staffContext(browser, server.url, "admin");
    const page = await staff.newPage();
    await page.goto(`${server.url}/admin/transactions`);
    const row = page.locator("tr", { hasText: "AK-47 | Redline" });
    const cancel = row.getByRole("button", { name: /^Annullera/ });
    await cancel.click();
    await expect(page.getByRole("alertdialog", { name: "Annullera affären?" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(cancel).toBeFocused();
    await expect(row.getByTestId("trade-status")).toHaveText("Genomförd");

    await page.getByLabel("Typ", { exact: true }).selectOption("purchase");
    await page.getByRole("button", { name: "Filtrera" }).click();
    await expect(page).toHaveURL(/type=purchase/);
    await expect(page.getByTestId("trades-empty")).toContainText("Inga affärer matchar filtret");
    await page.getByRole("link", { name: "Rensa filter" }).click();
    await expect(row).toBeVisible();
    await page.getByRole("link", { name: /Totalt/ }).click();
    await expect(page).toHaveURL(/sort=total&dir=desc/);
    await expect(page.getByRole("columnheader", { name: /Totalt/ })).toHaveAttribute("aria-sort", "descending");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportera CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^transaktioner-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await staff.close();
  });

  test("screenshots of Transactions and the SEO Dashboard, at 1280 and 375 px", async ({ browser }) => {
    for (const width of [1280, 375]) {
      const staff = await staffContext(browser, server.url, "admin", { width, height: 900 });
      const page = await staff.newPage();
      await page.goto(`${server.url}/admin/transactions`);
      await expect(page.getByTestId("trades")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `screenshots/admin-transactions-${width}.png`, fullPage: true });
      await openRecordTrade(page);
      await expect(page.getByRole("dialog", { name: "Registrera affär" })).toBeVisible();
      await page.screenshot({ path: `screenshots/admin-record-trade-${width}.png` });
      await page.goto(`${server.url}/admin/seo`);
      await expect(page.getByTestId("seo-site-checks")).toBeVisible();
      await page.screenshot({ path: `screenshots/admin-seo-${width}.png`, fullPage: true });
      await staff.close();
    }
  });
});

test.describe("two app instances on one PostgreSQL database (DATABASE_URL)", () => {
  test.skip(!process.env.DATABASE_URL, "needs PostgreSQL: set DATABASE_URL to run it");

  let instanceA: TestServer;
  let instanceB: TestServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    instanceA = await startTestServer({ LOG_LEVEL: "warn" }, { prepare: createPeople });
    instanceB = await startTestServer({ LOG_LEVEL: "warn" }, { shareDatabaseWith: instanceA });
  });

  test.afterAll(async () => {
    await instanceB?.stop();
    await instanceA?.stop();
  });

  test("staff complete a sale on instance A; the member's /profile on instance B gets the points popup", async ({ browser }) => {
    const staff = await staffContext(browser, instanceA.url, "admin");
    const member = await staffContext(browser, instanceB.url, "member");
    const staffPage = await staff.newPage();
    const memberPage = await member.newPage();
    await openWithStream(memberPage, `${instanceB.url}/profile`);
    await watchXpHighlight(memberPage);

    await staffPage.goto(`${instanceA.url}/admin/transactions`);
    await recordAndCompleteSale(staffPage, "AWP | Asiimov", "1250");

    // 1 250 kr sold: 2 500 points, announced through PostgreSQL to the other instance.
    await expectPointsPopup(memberPage, "2\u00a0500", "2\u00a0500");
    await staff.close();
    await member.close();
  });
});
