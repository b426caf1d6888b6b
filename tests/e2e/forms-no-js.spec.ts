/**
 * The one client form path (docs/decisions/033-client-form-path.md): a converted form works as a
 * plain POST with JavaScript disabled and shows its outcome as markup on the page, and with
 * JavaScript it shows the same server answer as exactly one toast.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PAYOUT_LABELS } from "../../app/modules/selling/selling-constants";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { createAccount, MEMBER_PASSWORD } from "./helpers/loyalty-members";
import { passSecondFactor } from "./helpers/staff";

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

test.describe("the member forms on /profile", () => {
  // Members are written into the database before a server starts: this block has its own.
  let members: TestServer;
  const WITHOUT_JS = "utan.skript.medlem@example.se";
  const WITH_JS = "med.skript.medlem@example.se";
  const memberUrl = (pathname: string) => `${members.url}${pathname}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    members = await startTestServer(
      { LOG_LEVEL: "warn" },
      {
        prepare: async (database) => {
          await createAccount(database, { email: WITHOUT_JS, firstName: "Ulla", lastName: "Utan" });
          await createAccount(database, { email: WITH_JS, firstName: "Mats", lastName: "Med" });
        },
      },
    );
  });

  test.afterAll(async () => {
    await members?.stop();
  });

  /** Signs in through the /auth form's action, into the page's cookie jar (works without JavaScript). */
  async function signIn(page: Page, email: string) {
    const response = await page.request.post(memberUrl("/auth.data"), {
      headers: { origin: members.url },
      form: { intent: "signin", email, password: MEMBER_PASSWORD },
    });
    expect(response.status()).toBe(200);
    await passSecondFactor(page.context(), members.url, email);
  }

  const SWISH = { phone: "070-123 45 12", personnummer: "19811218-9876" };

  test("without JavaScript the profile, referral and payout forms post as plain forms and show their outcome", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, WITHOUT_JS);
    await page.goto(memberUrl("/profile"));

    // 'Redigera Profil' asks the page for its edit form.
    await page.getByRole("button", { name: "Redigera Profil" }).click();
    await expect(page).toHaveURL(/\/profile\?redigera=1#redigera-profil$/);
    const form = page.locator("#redigera-profil");
    await form.getByLabel("Förnamn").fill("   ");
    await form.getByLabel("Efternamn").fill("Utansson");
    await form.getByRole("button", { name: "Spara ändringar" }).click();
    await expect(form.getByText("Förnamn är obligatoriskt.")).toBeVisible();
    // A refused form comes back as it was typed, not as it is stored.
    await expect(form.getByLabel("Efternamn")).toHaveValue("Utansson");
    await form.getByLabel("Förnamn").fill("Ulrika");
    await form.getByLabel("Telefonnummer").fill("070-765 43 21");
    await form.getByRole("button", { name: "Spara ändringar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profil uppdaterad!" })).toContainText("Dina uppgifter har sparats.");
    await expect(form).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Ulrika" })).toBeVisible();
    await expect(page.getByText("070-765 43 21")).toBeVisible();

    // The newsletter switches are checkboxes of one form; its button saves both.
    const letters = page.getByRole("region", { name: "Dina nyhetsbrev" });
    await letters.getByRole("switch", { name: "Nyhetsbrev via e-post" }).check();
    await letters.getByRole("switch", { name: "Erbjudanden via SMS" }).check();
    await letters.getByRole("button", { name: "Spara nyhetsbrevsval" }).click();
    await expect(letters.getByRole("status")).toHaveText("Inställningarna har sparats.");
    await expect(letters.getByRole("switch", { name: "Nyhetsbrev via e-post" })).toBeChecked();
    await letters.getByRole("switch", { name: "Nyhetsbrev via e-post" }).uncheck();
    await letters.getByRole("button", { name: "Spara nyhetsbrevsval" }).click();
    await page.goto(memberUrl("/profile"));
    await expect(letters.getByRole("switch", { name: "Nyhetsbrev via e-post" })).not.toBeChecked();
    await expect(letters.getByRole("switch", { name: "Erbjudanden via SMS" })).toBeChecked();

    // A friend's code that does not exist is refused by the field; a code of one's own is created.
    const enter = page.getByTestId("enter-referral-code");
    await enter.getByLabel("Referenskod").fill("OKAND123");
    await enter.getByRole("button", { name: "Lägg till kod" }).click();
    await expect(page.getByTestId("enter-referral-code").getByRole("alert")).toHaveText("Referenskoden finns inte eller är inte aktiv");
    await expect(page.getByTestId("enter-referral-code").getByLabel("Referenskod")).toHaveValue("OKAND123");
    const own = page.getByTestId("own-referral-code");
    await own.getByLabel(/Välj din kod/).fill("ULRIKA26");
    await own.getByRole("button", { name: "Skapa kod" }).click();
    await expect(page.getByTestId("referral-section").getByRole("status")).toHaveText("Referral kod skapad!");
    await expect(page.getByTestId("referral-code-value")).toHaveText("ULRIKA26");

    // Payout details: the form is open while there are none; a wrong password is said by its field.
    const payout = page.getByRole("form", { name: "Utbetalningsuppgifter" });
    await payout.getByLabel("Mobilnummer (Swish)").fill(SWISH.phone);
    await payout.getByLabel("Personnummer").fill(SWISH.personnummer);
    await payout.getByLabel("Ditt lösenord").fill("Fel#Losen1");
    await payout.getByRole("button", { name: "Spara utbetalningsuppgifter" }).click();
    await expect(payout.getByText("Fel lösenord.").first()).toBeVisible();
    await payout.getByLabel("Mobilnummer (Swish)").fill(SWISH.phone);
    await payout.getByLabel("Personnummer").fill(SWISH.personnummer);
    await payout.getByLabel("Ditt lösenord").fill(MEMBER_PASSWORD);
    await payout.getByRole("button", { name: "Spara utbetalningsuppgifter" }).click();
    const card = page.getByRole("region", { name: "Utbetalning" });
    await expect(card.getByRole("status")).toContainText("Utbetalningsuppgifter sparade");
    await expect(page.getByTestId("payout-summary")).toContainText("Swish");
    // Closed again once saved; 'Ändra' opens it as a step of the page, the method's fields shown by CSS.
    await expect(payout).toHaveCount(0);
    await card.getByRole("button", { name: "Ändra utbetalningsuppgifter" }).click();
    await expect(page).toHaveURL(/\/profile\?utbetalning=andra#utbetalning$/);
    await expect(payout.getByLabel("Mobilnummer (Swish)")).toBeVisible();
    await expect(payout.getByLabel("IBAN")).toBeHidden();
    await payout.getByRole("radio", { name: PAYOUT_LABELS.bank }).check();
    await expect(payout.getByLabel("Clearingnummer")).toBeVisible();
    await expect(payout.getByLabel("Mobilnummer (Swish)")).toBeHidden();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await context.close();
  });

  test("with JavaScript the same answers come as exactly one toast each", async ({ browser }) => {
    const context = await browser.newContext();
    await presetCookieChoice(context);
    const page = await context.newPage();
    await signIn(page, WITH_JS);
    await page.goto(memberUrl("/profile"));
    const edit = page.getByRole("button", { name: "Redigera Profil" });
    await waitForHydration(edit);
    await edit.click();
    await expect(page).toHaveURL(memberUrl("/profile"));
    const form = page.locator("#redigera-profil");
    await form.getByLabel("Förnamn").fill("Matilda");
    await form.getByRole("button", { name: "Spara ändringar" }).click();
    await expectOneToast(page, "Profil uppdaterad!");
    await expect(form).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Matilda" })).toBeVisible();

    // A switch saves as it moves: no save button, one toast.
    const letters = page.getByRole("region", { name: "Dina nyhetsbrev" });
    await expect(letters.getByRole("button", { name: "Spara nyhetsbrevsval" })).toHaveCount(0);
    await letters.getByRole("switch", { name: "Nyhetsbrev via e-post" }).click();
    await expectOneToast(page, "Inställningarna har sparats.");
    await expect(letters.getByRole("switch", { name: "Nyhetsbrev via e-post" })).toBeChecked();

    const enter = page.getByTestId("enter-referral-code");
    await enter.getByLabel("Referenskod").fill("OKAND123");
    await enter.getByRole("button", { name: "Lägg till kod" }).click();
    await expectOneToast(page, "Referenskoden finns inte eller är inte aktiv");
    await expect(enter.getByRole("alert")).toHaveText("Referenskoden finns inte eller är inte aktiv");

    // The saved details re-key the card's body: the answer still toasts once.
    const payout = page.getByRole("form", { name: "Utbetalningsuppgifter" });
    await payout.getByLabel("Mobilnummer (Swish)").fill(SWISH.phone);
    await payout.getByLabel("Personnummer").fill(SWISH.personnummer);
    await payout.getByLabel("Ditt lösenord").fill(MEMBER_PASSWORD);
    await payout.getByRole("button", { name: "Spara utbetalningsuppgifter" }).click();
    await expectOneToast(page, "Utbetalningsuppgifter sparade");
    await expect(page.getByTestId("payout-summary")).toContainText("Swish");
    await expect(payout).toHaveCount(0);
    await expect(page).toHaveURL(memberUrl("/profile"));
    await context.close();
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

  test("without JavaScript a sign-in refused for the unconfirmed address can send the mail again", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const main = page.getByRole("main");
    const email = "utan.skript.konto@example.se";
    await page.goto(url("/auth?mode=signin"));
    await main.getByLabel("E-postadress").fill(email);
    await main.getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await expect(main.getByRole("alert").filter({ hasText: "E-post ej bekräftad" })).toBeVisible();

    const before = smtp.messages.length;
    await page.getByRole("button", { name: "Skicka bekräftelsemail igen" }).click();
    await expect(main.getByRole("status").filter({ hasText: "E-post skickad!" })).toContainText("Kolla din inkorg");
    await expect(page).toHaveURL(/\/auth\?mode=signin$/);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before, 20_000);
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
    await passSecondFactor(context, staffServer.url, ADMIN.email);
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

  test("without JavaScript 'Registrera affär' leads to the form on the page, which records a trade as a plain POST", async ({ browser }) => {
    const context = await staffContext(browser, false);
    const page = await context.newPage();
    await page.goto(`${staffServer.url}/admin/transactions`);
    await page.getByTestId("record-trade-open").click();
    await expect(page).toHaveURL(/\/admin\/transactions\?registrera=1#registrera-affar$/);
    const panel = page.getByTestId("record-trade-panel");
    await expect(panel.getByRole("heading", { name: "Registrera affär" })).toBeVisible();

    // The member search cannot list matches without JavaScript: the member's address names her.
    await panel.getByTestId("member-search").fill(MEMBER.email);
    await panel.getByLabel("Skin").fill("AK-47 | Redline");
    await panel.getByLabel("Pris (kr)").fill("0");
    await panel.getByLabel("Utbetalningssätt").selectOption({ label: PAYOUT_LABELS.swish });
    await panel.getByTestId("record-trade-submit").click();
    await expect(page.getByTestId("record-trade-panel").getByText("Ange ett pris i kronor större än 0, med högst två decimaler.")).toBeVisible();
    // The refused form comes back as it was typed.
    await expect(panel.getByTestId("member-search")).toHaveValue(MEMBER.email);
    await expect(panel.getByLabel("Skin")).toHaveValue("AK-47 | Redline");
    await expect(panel.getByLabel("Utbetalningssätt")).toHaveValue("swish");

    // More line items: each button posts the form, which comes back with a line more or less.
    const lines = panel.getByTestId("trade-item");
    await panel.getByLabel("Pris (kr)").fill("249,50");
    await panel.getByRole("button", { name: "Lägg till föremål" }).click();
    await expect(panel.getByRole("status").filter({ hasText: "Ett föremål till har lagts till." })).toHaveText("Ett föremål till har lagts till. Fyll i det och registrera affären.");
    await expect(lines).toHaveCount(2);
    await lines.nth(1).getByLabel("Skin").fill("M4A4 | Howl");
    await lines.nth(1).getByLabel("Pris (kr)").fill("100");
    await panel.getByRole("button", { name: "Lägg till föremål" }).click();
    await expect(lines).toHaveCount(3);
    await panel.getByRole("button", { name: "Ta bort föremål 3" }).click();
    await expect(panel.getByRole("status").filter({ hasText: "Föremålet" })).toHaveText("Föremålet har tagits bort.");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).getByLabel("Pris (kr)")).toHaveValue("249,50");
    await expect(lines.nth(1).getByLabel("Skin")).toHaveValue("M4A4 | Howl");

    await panel.getByTestId("record-trade-submit").click();
    await expect(page.getByRole("status").filter({ hasText: "Affären är registrerad" })).toBeVisible();
    await expect(page.getByTestId("record-trade-panel")).toHaveCount(0);
    await expect(page.getByTestId("trades")).toContainText(MEMBER.email);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

    // A purchase too, from the same page: the link opens a fresh form (a new address), and
    // choosing the type shows its payment methods without a script.
    await page.getByTestId("record-trade-open").click();
    await expect(page).toHaveURL(/\/admin\/transactions\?registrera=2#registrera-affar$/);
    const again = page.getByTestId("record-trade-panel");
    await again.getByTestId("member-search").fill(MEMBER.email);
    await again.getByRole("radio", { name: "Köp" }).check();
    await expect(again.getByLabel("Utbetalningssätt")).toBeHidden();
    await again.getByLabel("Skin").fill("AWP | Asiimov");
    await again.getByLabel("Pris (kr)").fill("1200");
    await again.locator("select[name=paymentMethod]").selectOption("Klarna");
    await again.getByTestId("record-trade-submit").click();
    await expect(page.getByRole("status").filter({ hasText: "Affären är registrerad" })).toBeVisible();
    await expect(page.getByTestId("trades")).toContainText("AWP | Asiimov (FT)TypKöp");
    await context.close();
  });
});
