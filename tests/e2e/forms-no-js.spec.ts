/**
 * The one client form path (docs/decisions/033-client-form-path.md): a converted form works as a
 * plain POST with JavaScript disabled and shows its outcome as markup on the page, and with
 * JavaScript it shows the same server answer as exactly one toast.
 */
import { expect, test, type Page } from "@playwright/test";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { waitForHydration } from "./helpers/hydration";

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

test.describe("the sign-up wizard", () => {
  const PASSWORD = "Hemligt#Utan2026";

  test("without JavaScript every step posts, the server checks it by its field, and the last one creates the account", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const main = page.getByRole("main");
    const next = page.getByRole("button", { name: "Nästa" });
    const email = "utan.skript.konto@example.se";

    await page.goto(url("/auth?mode=signup"));
    await expect(main.getByText("Steg 1 av 3")).toBeVisible();
    await main.getByLabel("E-postadress").fill(email);
    await main.getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Bekräfta lösenord").fill(`${PASSWORD}x`);
    await next.click();
    // The server's answer, by its field; the address stays, the passwords never come back.
    await expect(main.getByText("Lösenorden matchar inte.")).toBeVisible();
    await expect(main.getByLabel("Bekräfta lösenord")).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByLabel("E-postadress")).toHaveValue(email);
    await expect(main.getByLabel("Lösenord", { exact: true })).toHaveValue("");
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await main.getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Bekräfta lösenord").fill(PASSWORD);
    await next.click();

    await expect(main.getByText("Steg 2 av 3")).toBeVisible();
    expect(await page.content()).not.toContain(PASSWORD);
    await next.click();
    await expect(main.getByText("Vänligen fyll i för- och efternamn.").first()).toBeVisible();
    await main.getByLabel("Förnamn").fill("Ingrid");
    await main.getByLabel("Efternamn").fill("Utanskript");
    await main.getByLabel("Telefonnummer").fill("070-123 45 67");
    await next.click();

    await expect(main.getByText("Steg 3 av 3")).toBeVisible();
    await page.getByRole("button", { name: "Tillbaka" }).click();
    await expect(main.getByText("Steg 2 av 3")).toBeVisible();
    await expect(main.getByLabel("Förnamn")).toHaveValue("Ingrid");
    await next.click();

    // The last step asks for the password again: the page never held it.
    await expect(main.getByText("Steg 3 av 3")).toBeVisible();
    await expect(main.getByTestId("signup-password-again")).toBeVisible();
    await main.getByLabel("Steam trade-länk").fill("https://example.com/trade");
    await main.getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Bekräfta lösenord").fill(PASSWORD);
    await page.getByRole("button", { name: "Skapa konto" }).click();
    await expect(main.getByText("Ange en giltig trade-länk")).toBeVisible();
    await expect(main.getByLabel("Förnamn")).toBeHidden();

    await main.getByLabel("Steam trade-länk").fill("https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCdEf12");
    await main.getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Bekräfta lösenord").fill(PASSWORD);
    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Skapa konto" }).click();
    await expect(page).toHaveURL(url(`/email-confirmation?email=${encodeURIComponent(email)}&mode=signup`));
    await expect(page.getByRole("heading", { name: "Bekräfta din e-postadress" })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

    const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before, 20_000);
    expect(decodeQuotedPrintable(mail.raw)).toContain("/api/auth/verify-email");
    await context.close();
  });

  test("with JavaScript a step refused in the browser and the account created are one toast each", async ({ page }) => {
    const main = page.getByRole("main");
    await page.goto(url("/auth?mode=signup"));
    const next = page.getByRole("button", { name: "Nästa" });
    await waitForHydration(next);
    await main.getByLabel("E-postadress").fill("med.skript.konto@example.se");
    await main.getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Bekräfta lösenord").fill(`${PASSWORD}x`);
    await next.click();
    await expectOneToast(page, "Lösenordsfel");
    await main.getByLabel("Bekräfta lösenord").fill(PASSWORD);
    await next.click();
    await main.getByLabel("Förnamn").fill("Maja");
    await main.getByLabel("Efternamn").fill("Medskript");
    await next.click();
    // The password stays in the page: not asked for again.
    await expect(main.getByTestId("signup-password-again")).toHaveCount(0);
    await page.getByRole("button", { name: "Skapa konto" }).click();
    await expect(page).toHaveURL(/\/email-confirmation\?email=med\.skript\.konto%40example\.se&mode=signup$/);
    await expectOneToast(page, "Konto skapat!");
  });
});
