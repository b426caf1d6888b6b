/**
 * The newsletter's double opt-in and the Newsletter tab in Chromium against the production
 * build, with a real SMTP server on loopback: an anonymous visitor subscribes in the footer and
 * sees both lines, opens the confirmation mail, confirms on the page it links to, and an admin
 * finds the row confirmed in the tab and filters it. Screenshots of the subscribers list, the
 * launch list and the confirmation page at 1280 and 375 px go to /tmp/shots-newsletter-subscribers/.
 * Refusals, hostile input and the CSV are proven by the HTTP tests (server/newsletter.test.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { launch_notifications, newsletter_subscriptions } from "../../app/platform/db/schema";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { createAccount } from "./helpers/loyalty-members";
import { expectAccessible, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const ADMIN = "nyhetsbrevsadmin@example.se";
const VISITOR = "Prenumerant@Example.se";
const SHOTS = "/tmp/shots-newsletter-subscribers";

let smtp: TestSmtpServer;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startTestSmtpServer();
  server = await startTestServer(
    { SMTP_URL: smtp.url, LOG_LEVEL: "warn" },
    {
      prepare: async (database) => {
        await createAccount(database, { email: ADMIN, firstName: "Nora", lastName: "Nyhetsbrev", role: "admin" });
        const member = await createAccount(database, { email: "medlem-sms@example.se", firstName: "Sam", lastName: "Sms" });
        // Some rows around the journey's own, so the list has members, anonymous, confirmed and waiting.
        await database.db.insert(newsletter_subscriptions).values([
          {
            user_id: member,
            email: "medlem-sms@example.se",
            phone_number: "0701234567",
            phone_subscribed: true,
            source: "profile",
            confirmed_at: new Date(),
          },
          { email: "bloggare@example.se", source: "blog", confirmed_at: new Date() },
          { email: "vantar-fortfarande@example.se", source: "footer" },
        ]);
        await database.db.insert(launch_notifications).values([{ email: "vill-kopa@example.se" }, { email: "snart@example.se" }]);
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const url = (pathname: string) => `${server.url}${pathname}`;

const subscriberRow = (page: Page, email: string) => page.getByTestId("subscribers").locator("tr", { hasText: email });

test("a visitor subscribes in the footer, confirms by mail, and an admin sees the row confirmed and filters it", async ({ browser }) => {
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(visitor);
  const page = await visitor.newPage();
  await page.goto(url("/"));
  const form = page.getByTestId("newsletter-footer");
  await form.getByRole("textbox", { name: "E-postadress" }).fill(VISITOR);
  await form.getByRole("button", { name: "Prenumerera" }).click();
  const status = form.getByRole("status");
  await expect(status).toContainText("Tack! Du har prenumererat på vårt nyhetsbrev.");
  await expect(status).toContainText("Bekräfta prenumerationen via länken i mejlet vi skickade.");

  const mail = await smtp
    .waitFor((message) => message.to.some((to) => to.toLowerCase() === VISITOR.toLowerCase()))
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.output()}`);
    });
  const body = decodeQuotedPrintable(mail.raw);
  expect(body).toContain("Bekräfta din prenumeration");
  const link = body.match(/https?:\/\/[^\s"<]+\/nyhetsbrev\/bekrafta\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bekräfta prenumerationen");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await page.screenshot({ path: `${SHOTS}/confirm-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Bekräfta prenumerationen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack! Din prenumeration är bekräftad.");
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/confirmed-1280.png`, fullPage: true });
  await visitor.close();

  const staff = await signedIn(browser, server.url, ADMIN);
  const admin = await staff.newPage();
  await admin.goto(url("/admin/newsletter"));
  await expect(admin.getByRole("link", { name: "Prenumeranter" })).toHaveAttribute("aria-current", "page");
  await expect(subscriberRow(admin, VISITOR).getByTestId("subscriber-status")).toHaveText("Bekräftad");
  await expect(subscriberRow(admin, "vantar-fortfarande@example.se").getByTestId("subscriber-status")).toHaveText("Väntar");

  // Filter: confirmed footer sign-ups matching a search.
  const filters = admin.getByTestId("newsletter-filters");
  await filters.getByLabel("Sök e-post").fill("prenumerant");
  await filters.getByLabel("Källa").selectOption("footer");
  await filters.getByLabel("Bekräftelse").selectOption("yes");
  await filters.getByRole("button", { name: "Filtrera" }).click();
  await expect(admin).toHaveURL(/confirmed=yes/);
  await expect(admin.getByTestId("subscribers").locator("tbody tr")).toHaveCount(1);
  await expect(subscriberRow(admin, VISITOR)).toBeVisible();
  await expect(admin.getByTestId("newsletter-export")).toHaveAttribute("href", /confirmed=yes/);

  // The same search among those still waiting finds nothing.
  await admin.getByTestId("newsletter-filters").getByLabel("Bekräftelse").selectOption("no");
  await admin.getByTestId("newsletter-filters").getByRole("button", { name: "Filtrera" }).click();
  await expect(admin.getByText("Ingen prenumeration matchar filtret")).toBeVisible();
  await staff.close();
});

test("the tab's two lists work at 1280 and 375 px", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const staff = await signedIn(browser, server.url, ADMIN, { width, height: 900 });
    const page = await staff.newPage();
    await page.goto(url("/admin/newsletter"));
    await expect(page.getByTestId("newsletter-summary-item")).toHaveCount(4);
    await expect(page.getByText("medlem-sms@example.se").filter({ visible: true }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width === 1280) await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/subscribers-${width}.png`, fullPage: true });

    await page.getByTestId("newsletter-nav").getByRole("link", { name: "Lanseringslista" }).click();
    await expect(page).toHaveURL(url("/admin/newsletter/lansering"));
    await expect(page.getByText("vill-kopa@example.se").filter({ visible: true }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width === 1280) await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/launch-list-${width}.png`, fullPage: true });
    await staff.close();
  }
  const visitor = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: "sv-SE" });
  await presetCookieChoice(visitor);
  const page = await visitor.newPage();
  await page.goto(url("/nyhetsbrev/bekrafta?token=ogiltig"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Länken är ogiltig");
  await page.screenshot({ path: `${SHOTS}/confirm-invalid-375.png`, fullPage: true });
  await visitor.close();
});
