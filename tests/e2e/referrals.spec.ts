/**
 * Referrals in Chromium against the production build (docs/rules/loyalty.md#referrals): an
 * influencer link (one click recorded, the parameter leaves the address bar), a friend who
 * signs up from a member's share link and confirms through the mail (both +500, and the
 * referrer's open tab shows the points popup), creating and copying a code, the entry texts,
 * and the Referrals tab with its refusals. Each browser context has its own client address
 * (TRUST_PROXY and X-Forwarded-For), so the shared-address rule holds nothing back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { openPglite } from "../../app/platform/db/client.server";
import { account, influencers, profiles, user, user_roles } from "../../app/platform/db/schema";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { waitForHydration } from "./helpers/hydration";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { passSecondFactor } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const PASSWORD = "Hemligt#2026";
interface Person {
  email: string;
  firstName: string;
  code?: string;
}
const REFERRER = { email: "anna.varvare@example.se", firstName: "Anna", code: "ANNA2026" };
const OTHER = { email: "bertil@example.se", firstName: "Bertil", code: "BERTIL26" };
const ENTERER: Person = { email: "cecilia@example.se", firstName: "Cecilia" };
const ADMIN: Person = { email: "personal@example.se", firstName: "Personal" };
const FRIEND = "david.van@example.se";

let smtp: TestSmtpServer;
let server: TestServer;
let dataDir: string;
let addressCounter = 10;

async function prepareDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-referrals-e2e-"));
  const database = openPglite(path.join(dir, "pglite"));
  await database.migrate();
  await database.db.insert(influencers).values({ name: "NordicFrag", referral_code: "NORDIC" }).onConflictDoNothing();
  const hash = await hashPassword(PASSWORD);
  for (const person of [REFERRER, OTHER, ENTERER, ADMIN] as Person[]) {
    const [created] = await database.db
      .insert(user)
      .values({ name: person.firstName, email: person.email, emailVerified: true })
      .returning({ id: user.id });
    await database.db.insert(account).values({ accountId: created!.id, providerId: "credential", userId: created!.id, password: hash });
    await database.db.insert(profiles).values({
      user_id: created!.id,
      email: person.email,
      first_name: person.firstName,
      last_name: "Test",
      display_name: person.firstName,
      referral_code: person.code ?? null,
    });
    if (person === ADMIN) await database.db.insert(user_roles).values({ user_id: created!.id, role: "admin" });
  }
  await database.close();
  return dir;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startTestSmtpServer();
  dataDir = await prepareDataDir();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const url = (pathname: string) => `${server.url}${pathname}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/** A browser context with its own client address, and a saved cookie choice. */
async function visitor(browser: Browser, functional = false): Promise<BrowserContext> {
  addressCounter += 1;
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${addressCounter}` },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  await presetCookieChoice(context, { analytics: false, marketing: false, functional });
  return context;
}

async function signIn(page: Page, email: string) {
  const response = await page.request.post(url("/auth.data"), {
    headers: { origin: server.url },
    form: { intent: "signin", email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await passSecondFactor(page.context(), server.url, email, PASSWORD);
}

async function mailedLink(to: string): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && decodeQuotedPrintable(m.raw).includes("/api/auth/verify-email"), 20_000);
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email[^\s"<>]+/.exec(decodeQuotedPrintable(mail.raw))?.[0];
  if (!link) throw new Error(`no confirmation link in mail to ${to}`);
  return link.replace(/&amp;/g, "&");
}

test("an influencer link records one click, keeps the code and leaves the address bar clean", async ({ browser }) => {
  const context = await visitor(browser);
  const page = await context.newPage();
  const visit = page.waitForResponse((r) => r.url().endsWith("/api/referral-visit"));
  await page.goto(url("/?ref=nordic"));
  const reported = await visit;
  expect(reported.status()).toBe(200);
  expect(reported.request().postDataJSON()).toEqual({ code: "NORDIC" });
  await expect(page).toHaveURL(url("/"));
  // The same visitor again today (same address, same browser): answered with the name only, not counted.
  const again = page.waitForResponse((r) => r.url().endsWith("/api/referral-visit"));
  await page.goto(url("/om-oss?ref=NORDIC&utm_source=youtube"));
  expect((await again).request().postDataJSON()).toEqual({ code: "NORDIC", utm_source: "youtube" });
  await expect(page).toHaveURL(url("/om-oss?utm_source=youtube"));
  const repeat = await page.evaluate(() =>
    fetch("/api/referral-visit", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: "NORDIC" }) }).then((r) => r.json()),
  );
  expect(repeat).toEqual({ ok: true, name: "NordicFrag", counted: false });
  // Without functional consent nothing is stored; the code still travels to sign-up in this visit.
  expect(await page.evaluate(() => localStorage.getItem("referral_code"))).toBeNull();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("referral_code");
  await page.getByRole("banner").getByRole("link", { name: "Logga in" }).first().click();
  await expect(page).toHaveURL(url("/auth"));
  await expect(page.getByRole("link", { name: "Logga in med Steam" })).toHaveAttribute("href", "/auth/steam?ref=NORDIC");
  // A full reload ends the visit: the code was never stored.
  await page.reload();
  await expect(page.getByRole("link", { name: "Logga in med Steam" })).toHaveAttribute("href", "/auth/steam");
  // An unknown code is never an error page.
  await page.goto(url("/?ref=FINNSINTE"));
  await expect(page).toHaveURL(url("/"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});

test("withdrawing functional consent removes the stored code and its cookie, the visit keeps it", async ({ browser }) => {
  const context = await visitor(browser, true);
  const page = await context.newPage();
  await page.goto(url("/?ref=NORDIC"));
  await expect(page).toHaveURL(url("/"));
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "referral_code")?.value).toBe("NORDIC");
  // As the settings dialog saves a choice: the three keys, then the update event.
  await page.evaluate(() => {
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
    localStorage.setItem("cookie-consent-date", new Date().toISOString());
    window.dispatchEvent(new CustomEvent("cookie-consent-updated"));
  });
  await expect.poll(async () => (await context.cookies()).map((c) => c.name)).not.toContain("referral_code");
  expect(await page.evaluate(() => localStorage.getItem("referral_code"))).toBeNull();
  await page.getByRole("banner").getByRole("link", { name: "Logga in" }).first().click();
  await expect(page.getByRole("link", { name: "Logga in med Steam" })).toHaveAttribute("href", "/auth/steam?ref=NORDIC");
  await context.close();
});

test("the sign-up wizard shows a share link's code in its own field, with cookies refused, and takes a typed one after a reload", async ({ browser }) => {
  const context = await visitor(browser, false);
  const page = await context.newPage();
  await page.goto(url(`/?ref=${REFERRER.code}`));
  await expect(page).toHaveURL(url("/"));
  // No consent: nothing stored, but this visit's code reaches the wizard's field (a client-side
  // navigation: a click before hydration would be a full load, which forgets the visit).
  const register = page.getByRole("banner").getByRole("link", { name: "Registrera" }).first();
  await waitForHydration(register);
  await register.click();
  const field = page.locator('input[name="referralCode"]');
  await expect(field).toHaveValue(REFERRER.code);
  // A reload forgets the visit: the field is empty and the visitor types the code instead.
  await page.reload();
  await expect(field).toHaveValue("");
  await page.goto(url(`/auth?mode=signup&ref=${REFERRER.code}`));
  await expect(field).toHaveValue(REFERRER.code);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("referral_code");
  await context.close();
});

test("a friend signs up from a share link and confirms: both get 500 and the referrer's open tab shows the popup", async ({ browser }) => {
  test.setTimeout(90_000);
  const referrerContext = await visitor(browser);
  const referrerPage = await referrerContext.newPage();
  await signIn(referrerPage, REFERRER.email);
  const stream = referrerPage.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
  await referrerPage.goto(url("/profile"));
  await stream;
  await referrerPage.waitForTimeout(300);

  const friendContext = await visitor(browser, true);
  const page = await friendContext.newPage();
  await page.goto(url(`/?ref=${REFERRER.code.toLowerCase()}`));
  await expect(page).toHaveURL(url("/"));
  await expect.poll(() => page.evaluate(() => localStorage.getItem("referral_code"))).toBe(REFERRER.code);
  // With functional consent the code is also a first-party cookie, the sign-up paths' fallback.
  const referralCookie = (await friendContext.cookies()).find((cookie) => cookie.name === "referral_code");
  expect(referralCookie).toMatchObject({ value: REFERRER.code, path: "/", sameSite: "Lax" });

  await page.goto(url("/auth?mode=signup"));
  await expect(page.getByRole("link", { name: "Logga in med Steam" })).toHaveAttribute("href", `/auth/steam?ref=${REFERRER.code}`);
  const main = page.getByRole("main");
  await main.getByLabel("E-postadress").fill(FRIEND);
  await main.getByLabel("Lösenord", { exact: true }).fill(PASSWORD);
  await main.getByLabel("Bekräfta lösenord").fill(PASSWORD);
  await page.getByRole("button", { name: "Nästa" }).click();
  await main.getByLabel("Förnamn").fill("David");
  await main.getByLabel("Efternamn").fill("Vän");
  await page.getByRole("button", { name: "Nästa" }).click();
  await page.getByRole("button", { name: "Skapa konto" }).click();
  await expect(toast(page, "Konto skapat!")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("referral_code"))).toBeNull();
  expect((await friendContext.cookies()).map((cookie) => cookie.name)).not.toContain("referral_code");

  await page.goto(await mailedLink(FRIEND));
  await expect(page).toHaveURL(url("/"));

  // The referrer's open profile: the popup and the new balance, without a reload.
  await expect(referrerPage.getByTestId("points-popup")).toBeVisible({ timeout: 15_000 });
  await expect(referrerPage.getByTestId("points-popup")).toContainText("500");
  await referrerPage.getByRole("button", { name: "Toppen!" }).click();
  await expect(referrerPage.getByTestId("friends-referred")).toHaveText("1 vän har angett din kod.");

  await page.goto(url("/profile"));
  await expect(page.getByTestId("referral-status")).toContainText("Referens Status");
  await expect(page.getByTestId("referred-by-name")).toHaveText(REFERRER.firstName);
  await expect(page.getByTestId("enter-referral-code")).toHaveCount(0);
  await expect(page.getByText("500 poäng").first()).toBeVisible();
  await referrerContext.close();
  await friendContext.close();
});

test("a member creates and copies a code, then enters an invalid, own and second code with the spec's texts", async ({ browser }) => {
  const context = await visitor(browser);
  const page = await context.newPage();
  await signIn(page, ENTERER.email);
  await page.goto(url("/profile"));
  const own = page.getByTestId("own-referral-code");
  const createInput = own.getByLabel(/Välj din kod/);
  await createInput.fill("ce");
  await expect(own.getByText("Koden måste vara mellan 4-12 tecken")).toBeVisible();
  await expect(own.getByRole("button", { name: "Skapa kod" })).toBeDisabled();
  await createInput.fill("cecilia-2026!");
  await expect(createInput).toHaveValue("CECILIA2026");
  await expect(own.getByText("Koden ser bra ut!")).toBeVisible();
  await createInput.fill(REFERRER.code);
  await own.getByRole("button", { name: "Skapa kod" }).click();
  await expect(own.getByText("Koden används redan. Välj en annan kod.")).toBeVisible();
  await createInput.fill("CECILIA2026");
  await own.getByRole("button", { name: "Skapa kod" }).click();
  await expect(toast(page, "Referral kod skapad!")).toBeVisible();
  await expect(page.getByTestId("referral-code-value")).toHaveText("CECILIA2026");
  await expect(page.getByTestId("referral-share-link")).toHaveText(`${server.url}/?ref=CECILIA2026`);
  await page.getByTestId("copy-referral-code").click();
  await expect(page.getByTestId("copy-referral-code")).toHaveText("Kopierat!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("CECILIA2026");

  const enter = page.getByTestId("enter-referral-code");
  const input = enter.getByLabel("Referenskod");
  await input.fill("x");
  await input.fill("");
  await expect(enter.getByText("Ange en referenskod")).toBeVisible();
  await input.fill("OKAND123");
  await enter.getByRole("button", { name: "Lägg till kod" }).click();
  await expect(enter.getByText("Referenskoden finns inte eller är inte aktiv")).toBeVisible();
  await input.fill("CECILIA2026");
  await enter.getByRole("button", { name: "Lägg till kod" }).click();
  await expect(enter.getByText("Du kan inte använda din egen referenskod")).toBeVisible();
  await input.fill(OTHER.code);
  await enter.getByRole("button", { name: "Lägg till kod" }).click();
  await expect(
    toast(page, "Referenskod tillagd! Du har fått 500 poäng och din referent har också fått 500 poäng!"),
  ).toBeVisible();
  await expect(page.getByTestId("referral-status")).toBeVisible();
  await expect(page.getByTestId("referred-by-name")).toHaveText(OTHER.firstName);
  // The member's own 500 arrives live as well.
  await expect(page.getByTestId("points-popup")).toContainText("500");
  await page.getByRole("button", { name: "Toppen!" }).click();

  // A second code, posted as the form would: 'Du har redan angett en referenskod tidigare'.
  const second = await page.request.post(url("/profile"), {
    headers: { origin: server.url },
    form: { intent: "referral-enter", code: REFERRER.code },
  });
  expect(second.status()).toBe(409);
  expect(await second.text()).toContain("Du har redan angett en referenskod tidigare");

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId("referral-section").scrollIntoViewIfNeeded();
    // Nothing in the section reaches past the viewport's edge.
    const widest = await page
      .getByTestId("referral-section")
      .evaluate((section) => Math.max(...[section, ...section.querySelectorAll("*")].map((el) => el.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(width);
    // …nor anything else on /profile for a member with a code.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByTestId("referral-section").screenshot({ path: `screenshots/referrals-profile-${width}.png` });
  }
  await context.close();
});

test("the Referrals tab lists relations for staff and is refused to members", async ({ browser }) => {
  const memberContext = await visitor(browser);
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, ENTERER.email);
  const refused = await memberPage.request.get(url("/admin/referrals"));
  expect(refused.status()).toBe(403);
  await memberContext.close();

  const context = await visitor(browser);
  const page = await context.newPage();
  await signIn(page, ADMIN.email);
  await page.goto(url("/admin/referrals"));
  await expect(page.getByRole("heading", { name: "Värvningar", exact: true })).toBeVisible();
  await expect(page.getByTestId("referral-filter")).toContainText("Utbetald (2)");
  await expect(page.getByTestId("top-referrers")).toContainText(REFERRER.firstName);
  const download = page.waitForEvent("download");
  await page.getByTestId("referrals-export").click();
  expect((await download).suggestedFilename()).toMatch(/^varvningar-\d{4}-\d{2}-\d{2}\.csv$/);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `screenshots/referrals-admin-${width}.png`, fullPage: true });
  }
  await context.close();
});
