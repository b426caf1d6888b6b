/**
 * The newsletter's double opt-in, the Newsletter tab and a campaign in Chromium against the
 * production build, with a real SMTP server on loopback: an anonymous visitor subscribes in the
 * footer and sees both lines, opens the confirmation mail, confirms on the page it links to, and
 * an admin finds the row confirmed in the tab and filters it. The admin then writes a campaign
 * in the rich-text editor, sends a test to themselves and sends it, watching its progress; the
 * subscriber receives it, follows its unsubscribe link and is unsubscribed, which the tab shows.
 * Screenshots of the subscribers list, the launch list, the campaigns, a campaign and the
 * confirmation page at 1280 and 375 px go to screenshots/newsletter/. Refusals, hostile input,
 * the CSV and the mail client's one-click POST are proven by the HTTP tests
 * (server/newsletter.test.ts); sending each address at most once by the
 * service tests (app/modules/newsletter/campaigns.server.test.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { launch_notifications, newsletter_subscriptions } from "../../app/platform/db/schema";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { createAccount } from "./helpers/loyalty-members";
import { screenshotFits } from "./helpers/screenshots";
import { expectAccessible, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const ADMIN = "nyhetsbrevsadmin@example.se";
const VISITOR = "Prenumerant@Example.se";
const SHOTS = "screenshots/newsletter";
const SUBJECT = "Marknadsbrev vecka 48";

let smtp: TestSmtpServer;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startTestSmtpServer();
  server = await startTestServer(
    // Two mails a second: slow enough to see a campaign in progress, quick enough to finish at once.
    { SMTP_URL: smtp.url, LOG_LEVEL: "warn", NEWSLETTER_SEND_PER_MINUTE: "120" },
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
    if (width === 1280) await expectAccessible(page);
    await screenshotFits(page, `${SHOTS}/subscribers-${width}.png`);

    await page.getByTestId("newsletter-nav").getByRole("link", { name: "Lanseringslista" }).click();
    await expect(page).toHaveURL(url("/admin/newsletter/lansering"));
    await expect(page.getByText("vill-kopa@example.se").filter({ visible: true }).first()).toBeVisible();
    if (width === 1280) await expectAccessible(page);
    await screenshotFits(page, `${SHOTS}/launch-list-${width}.png`);
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

/** The first link in a mail to `path` with its token, as the mail's reader would follow it. */
function linkIn(raw: string, path: string): string {
  const link = decodeQuotedPrintable(raw).match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_.-]+`))?.[0];
  expect(link, `a link to ${path}`).toBeTruthy();
  return link!;
}

test("a campaign written in the editor reaches the confirmed subscriber, who unsubscribes with one click", async ({ browser }) => {
  // A long journey (editor, three mails, two widths) on a machine other test runs share.
  test.setTimeout(150_000);
  const staff = await signedIn(browser, server.url, ADMIN);
  const page = await staff.newPage();
  await page.goto(url("/admin/newsletter/kampanjer"));
  const create = page.getByTestId("campaign-new");
  await waitForHydration(create);
  await create.click();
  await expect(page).toHaveURL(url("/admin/newsletter/kampanjer/ny"));
  await page.getByTestId("campaign-subject").fill(SUBJECT);
  const body = page.getByTestId("campaign-body");
  await expect(body).toHaveAttribute("contenteditable", "true");
  await body.click();
  const format = (name: string) => page.getByRole("toolbar", { name: "Formatering" }).getByRole("button", { name, exact: true }).click();
  await format("Rubrik nivå 2");
  await page.keyboard.type("Priserna på knivar stiger");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Veckans ");
  await format("Fetstil");
  await page.keyboard.type("största lyft");
  await format("Fetstil");
  await page.keyboard.type(" kom efter uppdateringen.");
  await page.keyboard.press("Enter");
  await format("Punktlista");
  await page.keyboard.type("Karambit Doppler +8 %");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Butterfly Fade +5 %");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Läs hela analysen");
  await page.keyboard.press("Shift+Home");
  await format("Länk");
  await page.getByTestId("editor-url").fill("https://skinhamnen.se/blog");
  await page.getByTestId("editor-url").press("Enter");
  await expect(body.getByRole("link", { name: "Läs hela analysen" })).toBeVisible();
  await page.getByTestId("campaign-save").click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/kampanjer\/[0-9a-f-]{36}\?sparad=1$/);
  await expect(page.getByText("Utkastet är sparat")).toBeVisible();
  const campaignPath = new URL(page.url()).pathname;

  // The preview is the mail as a recipient gets it, with what the editor wrote.
  const preview = page.frameLocator('[data-testid="campaign-preview"]');
  await expect(preview.getByRole("heading", { name: "Priserna på knivar stiger" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("största lyft");
  await expect(preview.locator("li")).toHaveText(["Karambit Doppler +8 %", "Butterfly Fade +5 %"]);
  await expect(preview.getByRole("link", { name: "Läs hela analysen" })).toHaveAttribute("href", "https://skinhamnen.se/blog");

  // A test to oneself: "[Test] " before the subject, to the staff member only.
  await waitForHydration(page.getByTestId("campaign-test"));
  await page.getByTestId("campaign-test").click();
  await expect(page.locator("[data-sonner-toast]").getByText("Testutskicket är skickat")).toBeVisible();
  const testMail = await smtp.waitFor((mail) => mail.to.includes(ADMIN) && mail.raw.includes(`Subject: [Test] ${SUBJECT}`));
  expect(decodeQuotedPrintable(testMail.raw)).toContain("Priserna på knivar stiger");
  await page.screenshot({ path: `${SHOTS}/campaign-draft-1280.png`, fullPage: true });

  // Send to the confirmed subscribers: the member, the blog sign-up and the visitor who confirmed above.
  await page.getByTestId("campaign-send-newsletter").click();
  const dialog = page.getByTestId("confirm-send-newsletter");
  await expect(dialog).toContainText("Skicka till 3 bekräftade prenumeranter?");
  await dialog.getByRole("button", { name: "Skicka", exact: true }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText(/Skickas|Skickad/);
  await expect(page.getByTestId("campaign-progress")).toBeVisible();
  // The page follows the sending by itself until every recipient is sent.
  await expect(page.getByTestId("campaign-status")).toHaveText("Skickad", { timeout: 30_000 });
  await expect(page.getByTestId("progress-sent")).toHaveText("3");
  await expect(page.getByTestId("progress-remaining")).toHaveText("0");
  await expect(page.getByRole("progressbar", { name: "Kampanjens förlopp" })).toHaveAttribute("aria-valuetext", "100 % klart");
  await page.getByTestId("newsletter-nav").getByRole("link", { name: "Kampanjer" }).click();
  await expect(page).toHaveURL(url("/admin/newsletter/kampanjer"));
  const listed = page.getByTestId("campaigns").locator("tr", { hasText: SUBJECT });
  await expect(listed).toContainText("Skickad");
  await expect(listed.getByTestId("progress-sent")).toHaveText("3");

  // The subscriber's copy carries the one-click headers and a link that unsubscribes them.
  const mail = await smtp.waitFor((message) => message.to.some((to) => to.toLowerCase() === VISITOR.toLowerCase()) && message.raw.includes(`Subject: ${SUBJECT}`));
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  expect(decodeQuotedPrintable(mail.raw)).toContain("Priserna på knivar stiger");
  const unsubscribe = linkIn(mail.raw, "/nyhetsbrev/avregistrera");
  const reader = await browser.newContext({ locale: "sv-SE" });
  await presetCookieChoice(reader);
  const inbox = await reader.newPage();
  await inbox.goto(unsubscribe);
  await expect(inbox.getByRole("heading", { level: 1 })).toHaveText(/^Avregistrera dig från nyhetsbrev/);
  await expect(inbox.getByText(VISITOR.toLowerCase())).toBeVisible();
  const confirm = inbox.getByTestId("unsubscribe-confirm");
  await waitForHydration(confirm);
  await confirm.click();
  await expect(inbox.getByRole("heading", { level: 1 })).toHaveText("Du är avregistrerad");
  await reader.close();

  await page.goto(url("/admin/newsletter"));
  await expect(subscriberRow(page, VISITOR)).toContainText("Nyhetsbrev via e-post av");
  await expect(subscriberRow(page, "bloggare@example.se")).toContainText("Nyhetsbrev via e-post på");

  // The sent campaign at both widths.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url(campaignPath));
    await expect(page.getByTestId("progress-sent")).toHaveText("3");
    await screenshotFits(page, `${SHOTS}/campaign-sent-${width}.png`);
    if (width === 1280) await expectAccessible(page, { frames: false });
    await page.goto(url("/admin/newsletter/kampanjer"));
    await expect(page.getByText(SUBJECT).filter({ visible: true })).toBeVisible();
    await screenshotFits(page, `${SHOTS}/campaigns-${width}.png`);
  }
  await page.goto(url("/admin/newsletter/kampanjer/ny"));
  await expect(page.getByTestId("campaign-body")).toHaveAttribute("contenteditable", "true");
  await screenshotFits(page, `${SHOTS}/campaign-new-375.png`);
  await staff.close();
});
