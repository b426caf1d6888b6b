/**
 * Accounts journeys in Chromium against the production build with a real SMTP server on
 * loopback: the sign-up wizard, confirmation, sign-in and sign-out, reset, limits, the header
 * and the welcome-back dialog. The server gets its own embedded database, prepared before it
 * starts with one older account (for the welcome dialog, which skips fresh profiles).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { account, profiles, user } from "../../app/platform/db/schema";
import { openPglite } from "../../app/platform/db/client.server";
import {
  decodeQuotedPrintable,
  startTestSmtpServer,
  type TestSmtpServer,
} from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { openMenu } from "./helpers/menus";

test.describe.configure({ mode: "serial" });

const PASSWORD = "Hemligt#2026";
const NEW_PASSWORD = "Nytt#Losen2027";
const OLD_MEMBER = { email: "greta@example.se", firstName: "Greta" };

let smtp: TestSmtpServer;
let server: TestServer;
let dataDir: string;

/** An account created a day ago, written before the server opens the database. */
async function prepareDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-accounts-e2e-"));
  const database = openPglite(path.join(dir, "pglite"));
  await database.migrate();
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const [created] = await database.db
    .insert(user)
    .values({ name: OLD_MEMBER.firstName, email: OLD_MEMBER.email, emailVerified: true, createdAt: dayAgo })
    .returning({ id: user.id });
  await database.db.insert(account).values({
    accountId: created!.id,
    providerId: "credential",
    userId: created!.id,
    password: await hashPassword(PASSWORD),
  });
  await database.db.insert(profiles).values({
    user_id: created!.id,
    email: OLD_MEMBER.email,
    first_name: OLD_MEMBER.firstName,
    last_name: "Gammal",
    display_name: OLD_MEMBER.firstName,
    created_at: dayAgo,
  });
  await database.close();
  return dir;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startTestSmtpServer();
  dataDir = await prepareDataDir();
  server = await startTestServer({ SMTP_URL: smtp.url, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const url = (pathname: string) => `${server.url}${pathname}`;

/** The first link of the given kind in the newest mail to an address. */
async function mailedLink(to: string, kind: "verify-email" | "reset-password", after = 0): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.to.includes(to) && smtp.messages.indexOf(m) >= after && decodeQuotedPrintable(m.raw).includes(`/api/auth/${kind}`),
    20_000,
  );
  const body = decodeQuotedPrintable(mail.raw);
  const link = new RegExp(`https?://[^\\s"<>]+/api/auth/${kind}[^\\s"<>]+`).exec(body)?.[0];
  if (!link) throw new Error(`no ${kind} link in mail to ${to}`);
  return link.replace(/&amp;/g, "&");
}

/** Signs up through the wizard's form action without the browser (Better Auth's own sign-up is not served). */
async function signUpViaForm(email: string) {
  const response = await fetch(url("/auth"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ intent: "signup", email, password: PASSWORD, firstName: "Test", lastName: "Person" }),
  });
  expect(response.status).toBe(200);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(url("/auth"));
  await page.getByRole("main").getByLabel("E-postadress").fill(email);
  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Logga in", exact: true }).click();
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
/** A field's message, shown once next to the field (the toast repeats it outside the page). */
const fieldMessage = (page: Page, text: string) => page.getByRole("main").getByText(text);

test("the sign-up wizard shows every validation text and ends on the confirmation page", async ({ page }) => {
  const email = "ny.kund@example.se";
  await page.goto(url("/auth?mode=signup"));
  await expect(page.getByText("Steg 1 av 3")).toBeVisible();
  await expect(page.getByText("33%")).toBeVisible();
  await expect(page.getByRole("button", { name: "Tillbaka" })).toBeDisabled();
  // Google is not configured here; Steam is always offered.
  await expect(page.getByRole("link", { name: "Logga in med Steam" })).toHaveAttribute("href", "/auth/steam");
  await expect(page.getByRole("link", { name: "Logga in med Google" })).toHaveCount(0);

  const next = page.getByRole("button", { name: "Nästa" });
  await next.click();
  await expect(fieldMessage(page, "Vänligen fyll i alla fält.").first()).toBeVisible();
  await expect(toast(page, "Ofullständig information")).toBeVisible();
  // No alert box repeats what the field and the toast already say.
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("main").getByLabel("E-postadress")).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("main").getByLabel("E-postadress").fill(email);
  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
  await page.getByRole("main").getByLabel("Bekräfta lösenord").fill(`${PASSWORD}x`);
  await next.click();
  await expect(fieldMessage(page, "Lösenorden matchar inte.")).toBeVisible();
  await expect(toast(page, "Lösenordsfel")).toBeVisible();

  const checklist = page.getByTestId("password-checklist");
  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill("hemligt1");
  await expect(checklist.locator("li[data-met=true]")).toHaveCount(3);
  await page.getByRole("main").getByLabel("Bekräfta lösenord").fill("hemligt1");
  await next.click();
  await expect(fieldMessage(page, "Lösenordet måste innehålla versaler, gemener, siffror och symboler.")).toBeVisible();
  await expect(toast(page, "Lösenordet uppfyller inte kraven")).toBeVisible();

  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
  await expect(checklist.locator("li[data-met=true]")).toHaveCount(5);
  await page.getByRole("main").getByLabel("Bekräfta lösenord").fill(PASSWORD);
  await next.click();

  await expect(page.getByText("Steg 2 av 3")).toBeVisible();
  await expect(page.getByText("67%")).toBeVisible();
  await next.click();
  await expect(fieldMessage(page, "Vänligen fyll i för- och efternamn.").first()).toBeVisible();
  await page.getByRole("main").getByLabel("Förnamn").fill("Nils");
  await page.getByRole("main").getByLabel("Efternamn").fill("Nilsson");
  await page.getByRole("main").getByLabel("Telefonnummer").fill("12345");
  await next.click();
  await expect(fieldMessage(page, "Ange ett giltigt telefonnummer")).toBeVisible();
  await page.getByRole("main").getByLabel("Telefonnummer").fill("070-123 45 67");
  await next.click();

  await expect(page.getByText("Steg 3 av 3")).toBeVisible();
  await expect(page.getByText("100%")).toBeVisible();
  const help = page.getByRole("link", { name: /Hitta din trade-länk/ });
  await expect(help).toHaveAttribute("href", "https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url");
  await expect(help).toHaveAttribute("target", "_blank");
  await expect(page.getByText("Du kan också lägga till den senare i din profil.")).toBeVisible();
  // The newsletter is opt-in, and the terms are linked before the account is created.
  await expect(page.getByRole("checkbox", { name: /nyhetsbrev/ })).not.toBeChecked();
  await expect(page.getByRole("main").getByRole("link", { name: "användarvillkor" })).toHaveAttribute("href", "/anvandarvillkor");
  await expect(page.getByRole("main").getByRole("link", { name: "integritetspolicy" })).toHaveAttribute("href", "/integritetspolicy");
  await page.getByRole("button", { name: "Tillbaka" }).click();
  await expect(page.getByRole("main").getByLabel("Förnamn")).toHaveValue("Nils");
  await next.click();
  await page.getByRole("main").getByLabel("Steam trade-länk").fill("https://example.com/trade");
  await page.getByRole("button", { name: "Skapa konto" }).click();
  await expect(fieldMessage(page, "Ange en giltig trade-länk")).toBeVisible();
  await page.getByRole("main").getByLabel("Steam trade-länk").fill("https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCdEf12");
  await page.getByRole("button", { name: "Skapa konto" }).click();

  await expect(toast(page, "Konto skapat!")).toBeVisible();
  await expect(page).toHaveURL(url(`/email-confirmation?email=${encodeURIComponent(email)}&mode=signup`));
  await expect(page.getByRole("heading", { name: "Bekräfta din e-postadress" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("button", { name: "Skicka bekräftelsemail igen" })).toBeVisible();
});

test("the server refuses an incomplete sign-up with 'Vänligen fyll i alla obligatoriska fält.'", async () => {
  const response = await fetch(url("/auth.data"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ intent: "signup", email: "halv@example.se", password: PASSWORD, firstName: "", lastName: "" }),
  });
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("Vänligen fyll i alla obligatoriska fält.");
});

test("the confirmation link signs the new user in with 'Konto bekräftat!' and no welcome dialog", async ({ page }) => {
  const link = await mailedLink("ny.kund@example.se", "verify-email");
  await page.goto(link);
  await expect(toast(page, "Konto bekräftat!")).toBeVisible();
  await expect(page).toHaveURL(url("/"));
  await expect(page.getByRole("button", { name: "Profil" })).toBeVisible();
  // A profile minutes old is not welcomed back.
  await page.waitForTimeout(800);
  await expect(page.getByTestId("welcome-dialog")).toHaveCount(0);
});

test("an unconfirmed address gets 'E-post ej bekräftad' and can ask for a new mail", async ({ page }) => {
  await signUpViaForm("obekraftad@example.se");
  await mailedLink("obekraftad@example.se", "verify-email");
  const before = smtp.messages.length;
  await signIn(page, "obekraftad@example.se", PASSWORD);
  await expect(fieldMessage(page, "E-post ej bekräftad")).toBeVisible();
  await page.getByRole("button", { name: "Skicka bekräftelsemail igen" }).click();
  await expect(toast(page, "E-post skickad!")).toBeVisible();
  await mailedLink("obekraftad@example.se", "verify-email", before);
});

test("wrong password, sign-in and sign-out toasts, and the header's states", async ({ page }) => {
  await signIn(page, "ny.kund@example.se", "Fel#Losen1");
  await expect(fieldMessage(page, "Felaktiga uppgifter")).toBeVisible();

  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Logga in", exact: true }).click();
  await expect(toast(page, "Inloggning lyckades!")).toBeVisible();
  await expect(page).toHaveURL(url("/"));

  // A signed-in visitor is sent away from /auth.
  await page.goto(url("/auth?mode=signin"));
  await expect(page).toHaveURL(url("/"));

  await openMenu(page.getByRole("button", { name: "Profil" }), page.getByRole("menuitem", { name: "Min profil" }));
  await expect(page.getByRole("menuitem", { name: "Min profil" })).toHaveAttribute("href", "/profile");
  await page.route("**/auth/sign-out*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole("menuitem", { name: "Logga ut" }).click();
  await expect(page.getByRole("button", { name: "Laddar..." })).toBeDisabled();
  await expect(toast(page, "Utloggad")).toBeVisible();
  await expect(page.getByText("Du har loggats ut framgångsrikt.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Logga in" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Registrera" }).first()).toBeVisible();
});

test("the mobile menu shows the session choices", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, "ny.kund@example.se", PASSWORD);
  await expect(page).toHaveURL(url("/"));
  const menu = page.getByRole("dialog");
  await openMenu(page.getByRole("button", { name: "Öppna menyn" }), menu);
  await expect(menu.getByRole("link", { name: "Min profil" })).toBeVisible();
  await menu.getByRole("button", { name: "Logga ut" }).click();
  await expect(toast(page, "Utloggad")).toBeVisible();
});

test("reset: the mailed link sets a new password once; the old one stops working", async ({ page }) => {
  const email = "ny.kund@example.se";
  await page.goto(url("/auth?mode=reset"));
  await page.getByRole("button", { name: "Skicka återställningslänk" }).click();
  await expect(page.getByText("Vänligen ange din e-postadress").first()).toBeVisible();
  const before = smtp.messages.length;
  await page.getByRole("main").getByLabel("E-postadress").fill(email);
  await page.getByRole("button", { name: "Skicka återställningslänk" }).click();
  await expect(toast(page, "E-post skickad!")).toBeVisible();
  await expect(page.getByTestId("reset-sent")).toContainText(email);
  await page.getByRole("button", { name: "Skicka igen" }).click();
  await expect(page.getByRole("button", { name: "Skicka återställningslänk" })).toBeVisible();

  const link = await mailedLink(email, "reset-password", before);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?mode=reset-password&token=/);
  await page.getByRole("main").getByLabel("Nytt lösenord", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("main").getByLabel("Bekräfta nytt lösenord").fill(`${NEW_PASSWORD}x`);
  await page.getByRole("button", { name: "Uppdatera lösenord" }).click();
  await expect(fieldMessage(page, "Lösenorden matchar inte")).toBeVisible();
  await page.getByRole("main").getByLabel("Bekräfta nytt lösenord").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Uppdatera lösenord" }).click();
  await expect(toast(page, "Lösenord uppdaterat!")).toBeVisible();
  await expect(page).toHaveURL(url("/auth?mode=signin"));

  await page.getByRole("main").getByLabel("E-postadress").fill(email);
  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Logga in", exact: true }).click();
  await expect(fieldMessage(page, "Felaktiga uppgifter")).toBeVisible();
  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Logga in", exact: true }).click();
  await expect(toast(page, "Inloggning lyckades!")).toBeVisible();

  // The same link a second time.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(toast(page, "Länken har gått ut")).toBeVisible();
  await expect(page).toHaveURL(url("/auth?mode=reset"));
});

test("on /profile the member changes the password with the current one and gets a mail; the old one stops working", async ({ page }) => {
  const email = "ny.kund@example.se";
  const THIRD = "Tredje#Losen2028";
  await signIn(page, email, NEW_PASSWORD);
  await expect(toast(page, "Inloggning lyckades!")).toBeVisible();
  await page.goto(url("/profile#sakerhet"));
  const card = page.getByRole("region", { name: "Säkerhet" });
  await expect(card.getByRole("heading", { name: /Tvåstegsverifiering/ })).toContainText("Av");
  await expect(card.getByRole("link", { name: "Slå på tvåstegsverifiering" })).toHaveAttribute("href", "/profile/tvastegsverifiering");
  const submit = card.getByRole("button", { name: "Byt lösenord" });
  await card.getByLabel("Nuvarande lösenord").fill("Fel#Losen1");
  await card.getByLabel("Nytt lösenord", { exact: true }).fill(THIRD);
  await card.getByLabel("Bekräfta nytt lösenord").fill(THIRD);
  await submit.click();
  await expect(card.getByText("Fel lösenord.")).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `screenshots/profile-security-refused-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const before = smtp.messages.length;
  await card.getByLabel("Nuvarande lösenord").fill(NEW_PASSWORD);
  await submit.click();
  await expect(toast(page, "Lösenord uppdaterat!")).toBeVisible();
  await expect(card.getByLabel("Nuvarande lösenord")).toHaveValue("");
  await card.screenshot({ path: "screenshots/profile-security-1280.png" });
  await smtp.waitFor((mail) => mail.to.includes(email) && smtp.messages.indexOf(mail) >= before && decodeQuotedPrintable(mail.raw).includes("Lösenordet för ditt konto har just bytts"));

  await page.context().clearCookies();
  await signIn(page, email, NEW_PASSWORD);
  await expect(fieldMessage(page, "Felaktiga uppgifter")).toBeVisible();
  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(THIRD);
  await page.getByRole("button", { name: "Logga in", exact: true }).click();
  await expect(toast(page, "Inloggning lyckades!")).toBeVisible();
});

test("the welcome-back dialog greets an older account once per browser session", async ({ page }) => {
  await signIn(page, OLD_MEMBER.email, PASSWORD);
  const dialog = page.getByTestId("welcome-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Välkommen tillbaka, Greta!" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Börja sälj" })).toHaveAttribute("href", "/salja-skins");
  await dialog.getByRole("button", { name: "Fortsätt till huvudsidan" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole("button", { name: "Profil" })).toBeVisible();
  await page.waitForTimeout(800);
  await expect(page.getByTestId("welcome-dialog")).toHaveCount(0);
});

test("repeated failed sign-ins are throttled with a Swedish message", async ({ page }) => {
  const email = "angripen@example.se";
  await page.goto(url("/auth"));
  await page.getByRole("main").getByLabel("E-postadress").fill(email);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(`Fel#Losen${attempt}`);
    // Each attempt must be answered before the next: the message from the one before is still
    // shown, so only the answer itself says this attempt was counted.
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Logga in", exact: true }).click();
    await answered;
    await expect(fieldMessage(page, "Felaktiga uppgifter")).toBeVisible();
  }
  await page.getByRole("main").getByLabel("Lösenord", { exact: true }).fill("Fel#Losen6");
  await page.getByRole("button", { name: "Logga in", exact: true }).click();
  await expect(fieldMessage(page, "För många försök. Försök igen om 15 minuter.")).toBeVisible();
});

for (const width of [375, 1280]) {
  for (const scheme of ["light", "dark"] as const) {
    test(`no serious accessibility violations at ${width} px, ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const pathname of [
        "/auth?mode=signin",
        "/auth?mode=signup",
        "/auth?mode=reset",
        "/auth?mode=reset-password&token=exempel",
        "/email-confirmation?email=kund%40example.se&mode=signup",
        "/email-confirmation",
      ]) {
        await page.goto(url(pathname));
        await expect(page.locator("h1")).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${pathname}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }
    });
  }
}
