/**
 * The one client form path (docs/decisions/033-client-form-path.md): a converted form works as a
 * plain POST with JavaScript disabled and shows its outcome as markup on the page, and with
 * JavaScript it shows the same server answer as exactly one toast.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { createAccount, MEMBER_PASSWORD } from "./helpers/loyalty-members";

test.describe.configure({ mode: "serial" });

let smtp: TestSmtpServer;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startTestSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: "support@example.se", LOG_LEVEL: "warn" });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const url = (pathname: string) => `${server.url}${pathname}`;
const toasts = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Exactly one toast with the text, and still one a moment later (no second effect run adds another). */
async function expectOneToast(page: Page, text: string) {
  await expect(toasts(page, text)).toHaveCount(1);
  await page.waitForTimeout(800);
  await expect(toasts(page, text)).toHaveCount(1);
}

async function fillContact(page: Page, email: string) {
  // By id: the footer's newsletter field is also labelled "E-postadress".
  await page.locator("#contact-name").fill("Utan Skript");
  await page.locator("#contact-email").fill(email);
  await page.locator("#contact-subject").fill("Fråga om utbetalning");
  await page.locator("#contact-message").fill("Hej! När kommer pengarna för min Karambit?");
}

test.describe("without JavaScript", () => {
  test("sign-in, reset request, contact and newsletter post as plain forms and show their outcome on the page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(url("/auth?mode=signin"));
    const main = page.getByRole("main");
    await main.getByLabel("E-postadress").fill("ingen.alls@example.se");
    await main.getByLabel("Lösenord", { exact: true }).fill("Fel#Losen1");
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await expect(main.getByRole("alert").filter({ hasText: "Felaktiga uppgifter" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?mode=signin$/);
    // The server's check answers by the field too.
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await expect(main.getByText("Vänligen fyll i alla fält").first()).toBeVisible();

    await page.goto(url("/auth?mode=reset"));
    await main.getByLabel("E-postadress").fill("glomsk@example.se");
    await page.getByRole("button", { name: "Skicka återställningslänk" }).click();
    await expect(page.getByRole("heading", { name: "Kolla din inkorg" })).toBeVisible();
    await expect(page.getByTestId("reset-sent")).toContainText("glomsk@example.se");
    await expect(page).toHaveURL(/\/auth\?mode=reset$/);

    await page.goto(url("/kontakta-oss"));
    await fillContact(page, "utan.skript@example.se");
    await page.getByRole("button", { name: "Skicka meddelande" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Meddelande skickat!" })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

    // The footer's newsletter form posts to /api/newsletter, which sends the page back with the outcome.
    const footer = page.getByTestId("newsletter-footer");
    await footer.getByRole("textbox").fill("utan.skript@example.se");
    await footer.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page).toHaveURL(/\/kontakta-oss\?nyhetsbrev=ok&nyhetsbrev_form=footer#nyhetsbrev-footer$/);
    await expect(footer.getByRole("status")).toContainText("Tack! Du har prenumererat på vårt nyhetsbrev.");
    await expect(page.getByTestId("newsletter-footer-hint")).toBeVisible();
    await context.close();
  });
});

test.describe("with JavaScript", () => {
  test("the same answers come as exactly one toast each", async ({ page }) => {
    await page.goto(url("/auth?mode=signin"));
    const main = page.getByRole("main");
    const signIn = page.getByRole("button", { name: "Logga in", exact: true });
    await waitForHydration(signIn);
    await main.getByLabel("E-postadress").fill("ingen.heller@example.se");
    await main.getByLabel("Lösenord", { exact: true }).fill("Fel#Losen1");
    await signIn.click();
    await expectOneToast(page, "Felaktiga uppgifter");
    await expect(main.getByRole("alert").filter({ hasText: "Felaktiga uppgifter" })).toBeVisible();

    await page.goto(url("/auth?mode=reset"));
    const reset = page.getByRole("button", { name: "Skicka återställningslänk" });
    await waitForHydration(reset);
    await main.getByLabel("E-postadress").fill("glomsk.igen@example.se");
    await reset.click();
    await expect(page.getByRole("heading", { name: "Kolla din inkorg" })).toBeVisible();
    await expectOneToast(page, "E-post skickad!");

    await page.goto(url("/kontakta-oss"));
    const send = page.getByRole("button", { name: "Skicka meddelande" });
    await waitForHydration(send);
    await fillContact(page, "med.skript@example.se");
    await send.click();
    await expectOneToast(page, "Meddelande skickat!");
    await expect(page.locator("#contact-name")).toHaveValue("");

    const footer = page.getByTestId("newsletter-footer");
    await footer.getByRole("textbox").fill("med.skript@example.se");
    await footer.getByRole("button", { name: "Prenumerera" }).click();
    await expectOneToast(page, "Tack! Du har prenumererat på vårt nyhetsbrev.");
    await expect(footer.getByRole("status")).toContainText("Tack! Du har prenumererat på vårt nyhetsbrev.");
    await expect(footer.getByRole("textbox")).toHaveValue("");
    await expect(page).toHaveURL(/\/kontakta-oss$/);
  });
});

test.describe("a staff form", () => {
  // The Users tab's points adjustment (decision 033 for the staff panel): an admin and a member on
  // a server of their own, so the journeys above keep their empty database.
  const ADMIN = { email: "ada.admin@example.se", firstName: "Ada", lastName: "Admin" };
  const MEMBER = { email: "sara.saldo@example.se", firstName: "Sara", lastName: "Saldo" };
  let staffServer: TestServer;
  let memberId = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    staffServer = await startTestServer(
      { LOG_LEVEL: "warn" },
      {
        async prepare(database) {
          await createAccount(database, { ...ADMIN, role: "admin" });
          memberId = await createAccount(database, MEMBER);
        },
      },
    );
  });

  test.afterAll(async () => {
    await staffServer?.stop();
  });

  async function staffContext(browser: Browser, javaScriptEnabled: boolean) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 }, locale: "sv-SE" });
    await presetCookieChoice(context);
    const response = await context.request.post(`${staffServer.url}/auth.data`, {
      headers: { origin: staffServer.url },
      form: { intent: "signin", email: ADMIN.email, password: MEMBER_PASSWORD },
    });
    expect(response.status()).toBe(200);
    return context;
  }

  async function adjust(page: Page, amount: string, reason: string) {
    const form = page.getByTestId("adjust-form");
    await form.getByRole("spinbutton", { name: "Antal" }).fill(amount);
    await form.getByRole("textbox", { name: "Anledning" }).fill(reason);
    await form.getByRole("button", { name: "Justera saldo" }).click();
  }

  test("without JavaScript a points adjustment posts as a plain form and the page shows its outcome", async ({ browser }) => {
    const context = await staffContext(browser, false);
    const page = await context.newPage();
    await page.goto(`${staffServer.url}/admin/users/${memberId}`);
    await expect(page.getByTestId("member-points")).toHaveText("0");

    // The server's check answers by the field (a reason needs three characters).
    await adjust(page, "40", "ok");
    await expect(page.getByTestId("adjust-form").getByText("Ange en anledning.")).toBeVisible();
    await expect(page.getByTestId("member-outcome")).toContainText("Saldot kunde inte justeras");
    await expect(page.getByTestId("member-points")).toHaveText("0");

    await adjust(page, "40", "Kompensation utan skript");
    await expect(page.getByTestId("member-outcome")).toContainText("Saldot är justerat");
    await expect(page.getByTestId("member-points")).toHaveText("40");
    await expect(page.getByTestId("points-ledger").getByTestId("ledger-row").first()).toContainText("Justering: Kompensation utan skript");
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await context.close();
  });

  test("with JavaScript the same answer is exactly one toast", async ({ browser }) => {
    const context = await staffContext(browser, true);
    const page = await context.newPage();
    await page.goto(`${staffServer.url}/admin/users/${memberId}`);
    await waitForHydration(page.getByRole("button", { name: "Justera saldo" }));
    await expect(page.getByTestId("member-points")).toHaveText("40");

    await adjust(page, "60", "Kompensation med skript");
    const dialog = page.getByTestId("confirm-adjust");
    await dialog.getByRole("button", { name: "Justera", exact: true }).click();
    await expectOneToast(page, "Saldot är justerat");
    await expect(page.getByTestId("member-points")).toHaveText("100");
    // The answer is the toast; the page's outcome block is for a plain POST only.
    await expect(page.getByTestId("member-outcome")).toHaveCount(0);
    await context.close();
  });
});
