/**
 * BankID in Chromium against the production build and the local fake BankID (mutual TLS), one
 * server for the file: verifying on /profile on this device (the launch link's autoStartToken
 * started in the fake) and by QR code (the code read from the page changes every second and is
 * what the fake scans), `userCancel` and `expiredTransaction` each with BankID's own message, a
 * second account with the same personnummer refused, and "Logga in med BankID" on /auth — the
 * same account signed in and sent where sign-in lands, an unverified person told what to do.
 * Selling needs 18 years: a member verified the day before their 18th birthday is refused at
 * "Acceptera och sälj" and told why on /salja, one verified on the birthday itself sells (the
 * birthday rule at every clock is app/modules/identity/personnummer.test.ts).
 * Last, no personnummer used here appears in the server's log (at debug level) or in any mail.
 * Refusals of hostile input, other members' orders and replays are proved by server/bankid.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { addDays, stockholmDay } from "../../app/lib/stockholm-time";
import { BANKID_RFA } from "../../app/modules/identity/bankid-messages";
import { testPersonnummer } from "../../app/modules/identity/test-identities";
import { createQuote } from "../../app/modules/selling/sell-order-fixtures";
import { SELL_ORDER_ERRORS } from "../../app/modules/selling/sell-orders.server";
import { makeReadySeller } from "../../app/modules/selling/test-sellers";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { FakeSteamWebApi } from "../../server/fakes/steam-web-api";
import { IDENTITY_MESSAGES } from "../../app/modules/identity/identity-constants";
import { startFakeBankId, type FakeBankId } from "../../server/fakes/bankid";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { createAccount, MEMBER_PASSWORD } from "./helpers/loyalty-members";

test.describe.configure({ mode: "serial" });

const ADA = { email: "ada-bankid@example.se", personalNumber: "198112189876", givenName: "Ada", surname: "Lovelace" };
const BEA = { email: "bea-bankid@example.se", personalNumber: "199001012385", givenName: "Bea", surname: "Berg" };
const CAI = { email: "cai-bankid@example.se" };
const SIGN_IN_UNVERIFIED = { personalNumber: "200001012384", givenName: "Ny", surname: "Person" };
/** Sellers in every other way, not yet verified: one turns 18 tomorrow, one today. */
const DAN = { email: "dan-bankid@example.se", steamId: "76561198000000411", quote: "" };
const EVA = { email: "eva-bankid@example.se", steamId: "76561198000000412", quote: "" };
const SHOTS = "screenshots";
/** The server asks BankID at most every 2 s and the page polls every second. */
const HINT_TIMEOUT = 10_000;

let fake: FakeBankId;
let steamApi: FakeSteamWebApi;
let smtp: TestSmtpServer;
/** Every personnummer BankID answers in this file, to look for where it must never be. */
const personnummers = new Set<string>();
let server: TestServer;
let certDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeBankId();
  steamApi = await new FakeSteamWebApi().start();
  smtp = await startTestSmtpServer();
  certDir = mkdtempSync(path.join(os.tmpdir(), "bankid-e2e-"));
  server = await startTestServer(
    { LOG_LEVEL: "debug", SMTP_URL: smtp.url, ...fake.env(certDir), STEAM_API_URL: steamApi.url, STEAM_API_KEY: steamApi.apiKey },
    {
      prepare: async (database) => {
        await createAccount(database, { email: ADA.email, firstName: "Ada", lastName: "Lovelace" });
        await createAccount(database, { email: BEA.email, firstName: "Bea", lastName: "Berg" });
        await createAccount(database, { email: CAI.email, firstName: "Cai", lastName: "Carlsson" });
        for (const seller of [DAN, EVA]) {
          const userId = await createAccount(database, { email: seller.email, firstName: "Unga", lastName: "Säljare" });
          await makeReadySeller(database.db, userId, seller.steamId, undefined, { unverified: true });
          seller.quote = await createQuote(database.db, userId, { prices: [12_000], expiresAt: new Date(Date.now() + 3_600_000) });
        }
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
  await steamApi?.stop();
  await smtp?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

const url = (pathname: string) => `${server.url}${pathname}`;

async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(context);
  return context.newPage();
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await newPage(browser);
  const response = await page.request.post(url("/auth.data"), { headers: { origin: server.url }, form: { intent: "signin", email, password: MEMBER_PASSWORD } });
  expect(response.status()).toBe(200);
  return page;
}

/** Opens the BankID dialog from `button` and picks a flow; returns the dialog and the fake's new order. */
async function startFlow(page: Page, button: Locator, flow: "this_device" | "qr", after: string | null) {
  await waitForHydration(button);
  await button.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: flow === "qr" ? "Mobilt BankID på annan enhet" : "BankID på den här enheten" }).click();
  const order = await fake.waitForOrder(after);
  return { dialog, orderRef: order.orderRef };
}

const message = (dialog: Locator) => dialog.getByTestId("bankid-message");

/** Reads the QR code until it changes (the server derives a new one every second); returns the newest. */
async function qrThatChanges(dialog: Locator): Promise<string> {
  const qr = dialog.getByTestId("bankid-qr");
  await expect(qr).toBeVisible({ timeout: HINT_TIMEOUT });
  const first = (await qr.getAttribute("data-qr"))!;
  expect(first).toMatch(/^bankid\.[0-9a-f-]+\.\d+\.[0-9a-f]{64}$/);
  await expect.poll(() => qr.getAttribute("data-qr"), { timeout: 2_500, intervals: [100] }).not.toBe(first);
  return (await qr.getAttribute("data-qr"))!;
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("verifying on this device: the launch link carries the order's autoStartToken, and the profile shows the masked identity", async ({ browser }) => {
  const page = await signedIn(browser, ADA.email);
  await page.goto(url("/profile"));
  const card = page.getByRole("region", { name: IDENTITY_MESSAGES.title });
  await expect(card.getByText("Du är inte verifierad ännu.")).toBeVisible();
  const { dialog, orderRef } = await startFlow(page, card.getByRole("button", { name: IDENTITY_MESSAGES.title }), "this_device", fake.latest()?.orderRef ?? null);

  const launch = dialog.getByTestId("bankid-launch");
  await expect(launch).toHaveText(BANKID_RFA.RFA18);
  const href = (await launch.getAttribute("href"))!;
  const token = new URL(href.replace("bankid:///", "https://app.invalid/")).searchParams.get("autostarttoken")!;
  expect(href).toMatch(/^bankid:\/\/\/\?autostarttoken=.+&redirect=null$/);
  await expect(message(dialog)).toHaveText(BANKID_RFA.RFA13);

  expect(fake.autostart(orderRef, token)).toEqual({ ok: true });
  await expect(message(dialog)).toHaveText(BANKID_RFA.RFA14A, { timeout: HINT_TIMEOUT });
  expect(fake.complete(orderRef, ADA)).toEqual({ ok: true });
  await expect(message(dialog)).toHaveText(IDENTITY_MESSAGES.verified, { timeout: HINT_TIMEOUT });
  await dialog.getByRole("button", { name: "Stäng" }).first().click();

  const identity = card.getByTestId("bankid-identity");
  await expect(identity).toContainText("Ada Lovelace");
  await expect(identity).toContainText("19811218-••••");
  await expect(page.locator("body")).not.toContainText(ADA.personalNumber);
  await page.context().close();
});

test("a second account verifying the same person is refused with its message", async ({ browser }) => {
  const page = await signedIn(browser, CAI.email);
  await page.goto(url("/profile"));
  const card = page.getByRole("region", { name: IDENTITY_MESSAGES.title });
  const { dialog, orderRef } = await startFlow(page, card.getByRole("button", { name: IDENTITY_MESSAGES.title }), "this_device", fake.latest()?.orderRef ?? null);
  expect(fake.complete(orderRef, ADA)).toEqual({ ok: true });
  await expect(message(dialog)).toHaveText(IDENTITY_MESSAGES.alreadyVerifiedElsewhere, { timeout: HINT_TIMEOUT });
  await dialog.getByRole("button", { name: "Stäng" }).first().click();
  await page.reload();
  await expect(card.getByText("Du är inte verifierad ännu.")).toBeVisible();
  await page.context().close();
});

test("by QR code: the code changes every second, userCancel and expiredTransaction read BankID's messages, a scan and completion verify", async ({ browser }) => {
  const page = await signedIn(browser, BEA.email);
  await page.goto(url("/profile"));
  const card = page.getByRole("region", { name: IDENTITY_MESSAGES.title });
  const open = card.getByRole("button", { name: IDENTITY_MESSAGES.title });

  // The member cancels in the app.
  const started = await startFlow(page, open, "qr", fake.latest()?.orderRef ?? null);
  const dialog = started.dialog;
  let orderRef = started.orderRef;
  await expect(message(dialog)).toHaveText(BANKID_RFA.RFA1);
  expect(fake.scan(orderRef, await qrThatChanges(dialog))).toEqual({ ok: true });
  await expect(message(dialog)).toHaveText(BANKID_RFA.RFA14B, { timeout: HINT_TIMEOUT });
  expect(fake.fail(orderRef, "userCancel")).toEqual({ ok: true });
  await expect(message(dialog)).toHaveText(BANKID_RFA.RFA6, { timeout: HINT_TIMEOUT });

  // Nobody scans in time.
  await dialog.getByRole("button", { name: "Försök igen" }).click();
  await dialog.getByRole("button", { name: "Mobilt BankID på annan enhet" }).click();
  orderRef = (await fake.waitForOrder(orderRef)).orderRef;
  expect(fake.fail(orderRef, "expiredTransaction")).toEqual({ ok: true });
  await expect(message(dialog)).toHaveText(BANKID_RFA.RFA8, { timeout: HINT_TIMEOUT });

  // Scanned and completed.
  await dialog.getByRole("button", { name: "Försök igen" }).click();
  await dialog.getByRole("button", { name: "Mobilt BankID på annan enhet" }).click();
  orderRef = (await fake.waitForOrder(orderRef)).orderRef;
  expect(fake.scan(orderRef, await qrThatChanges(dialog))).toEqual({ ok: true });
  expect(fake.complete(orderRef, BEA)).toEqual({ ok: true });
  await expect(message(dialog)).toHaveText(IDENTITY_MESSAGES.verified, { timeout: HINT_TIMEOUT });
  await dialog.getByRole("button", { name: "Stäng" }).first().click();
  await expect(card.getByTestId("bankid-identity")).toContainText("19900101-••••");
  await page.context().close();
});

test("signing in with BankID: an unverified person is told what to do, a verified one lands signed in to the same account", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const page = await newPage(browser, width);
    await page.goto(url("/auth"));
    const button = page.getByRole("button", { name: "Logga in med BankID" });
    await waitForHydration(button);
    await page.screenshot({ path: `${SHOTS}/auth-bankid-${width}.png`, fullPage: true });
    await button.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/auth-bankid-dialog-${width}.png` });
    if (width === 1280) await expectAccessible(page);
    await page.context().close();
  }

  const page = await newPage(browser);
  await page.goto(url("/auth?redirectTo=%2Fprofile"));
  const button = page.getByRole("button", { name: "Logga in med BankID" });
  const started = await startFlow(page, button, "qr", fake.latest()?.orderRef ?? null);
  const dialog = started.dialog;
  let orderRef = started.orderRef;
  expect(fake.scan(orderRef, await qrThatChanges(dialog))).toEqual({ ok: true });
  expect(fake.complete(orderRef, SIGN_IN_UNVERIFIED)).toEqual({ ok: true });
  await expect(message(dialog)).toHaveText(IDENTITY_MESSAGES.notVerifiedSignIn, { timeout: HINT_TIMEOUT });
  await page.screenshot({ path: `${SHOTS}/auth-bankid-unverified-1280.png` });

  await dialog.getByRole("button", { name: "Försök igen" }).click();
  await dialog.getByRole("button", { name: "BankID på den här enheten" }).click();
  orderRef = (await fake.waitForOrder(orderRef)).orderRef;
  expect(fake.autostart(orderRef, fake.orderSecrets(orderRef)!.autoStartToken)).toEqual({ ok: true });
  expect(fake.complete(orderRef, ADA)).toEqual({ ok: true });
  await expect(page).toHaveURL(url("/profile"), { timeout: HINT_TIMEOUT });
  await expect(page.getByRole("region", { name: IDENTITY_MESSAGES.title }).getByTestId("bankid-identity")).toContainText("Ada Lovelace");
  await page.context().close();
});

test("confirming with BankID on /profile/bekrafta: the verified member's own BankID, then back to where it was asked", async ({ browser }) => {
  const page = await signedIn(browser, ADA.email);
  await page.goto(url("/profile/bekrafta?redirectTo=%2Fmina-affarer"));
  await expect(page.getByText("Ange ditt lösenord eller bekräfta med BankID. Bekräftelsen gäller i 5 minuter.")).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/step-up-bankid-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const { dialog, orderRef } = await startFlow(page, page.getByRole("button", { name: "Bekräfta med BankID" }), "this_device", fake.latest()?.orderRef ?? null);
  expect(fake.autostart(orderRef, fake.orderSecrets(orderRef)!.autoStartToken)).toEqual({ ok: true });
  expect(fake.complete(orderRef, ADA)).toEqual({ ok: true });
  // Confirmed: the dialog says so as the page goes back to where the step-up was asked.
  await expect(page).toHaveURL(url("/mina-affarer"), { timeout: HINT_TIMEOUT });
  await expect(dialog).toBeHidden();
  await page.goto(url("/profile/bekrafta"));
  await expect(page.getByText("Du har redan bekräftat")).toBeVisible();
  await page.context().close();
});

test("accepting a quote needs 18 years: refused the day before the 18th birthday, sold on the birthday", async ({ browser }) => {
  // Two sellers each verify with BankID and take a quote to the accept button: past the default minute on a loaded machine.
  test.setTimeout(150_000);
  const today = stockholmDay(new Date());
  // Eighteen years before a Stockholm day (a 29 February with no match lands on 1 March).
  const eighteenYearsBefore = (day: string) => addDays(`${Number(day.slice(0, 4)) - 18}${day.slice(4, 8)}01`, Number(day.slice(8)) - 1);
  for (const { seller, born, sells } of [
    { seller: DAN, born: eighteenYearsBefore(addDays(today, 1)), sells: false },
    { seller: EVA, born: eighteenYearsBefore(today), sells: true },
  ]) {
    const page = await signedIn(browser, seller.email);
    await page.goto(url("/profile"));
    const card = page.getByRole("region", { name: IDENTITY_MESSAGES.title });
    const { dialog, orderRef } = await startFlow(page, card.getByRole("button", { name: IDENTITY_MESSAGES.title }), "this_device", fake.latest()?.orderRef ?? null);
    expect(fake.autostart(orderRef, fake.orderSecrets(orderRef)!.autoStartToken)).toEqual({ ok: true });
    const personalNumber = testPersonnummer(born);
    personnummers.add(personalNumber);
    expect(fake.complete(orderRef, { personalNumber, givenName: "Unga", surname: "Säljare" })).toEqual({ ok: true });
    await expect(message(dialog)).toHaveText(IDENTITY_MESSAGES.verified, { timeout: HINT_TIMEOUT });

    await page.goto(url(`/salja/offert/${seller.quote}`));
    const accept = page.getByRole("button", { name: "Acceptera och sälj" });
    await waitForHydration(accept);
    await accept.click();
    if (sells) {
      await expect(page).toHaveURL(/\/mina-affarer\/[0-9a-f-]{36}$/);
    } else {
      await expect(page.getByTestId("accept-error")).toHaveText(SELL_ORDER_ERRORS.requirements);
      await page.goto(url("/salja"));
      await expect(page.getByText("Du måste ha fyllt 18 år för att sälja till Skinhamnen.")).toBeVisible();
    }
    await page.context().close();
  }
});

test("no personnummer appears in the server's log or in any mail", async () => {
  for (const person of [ADA, BEA, SIGN_IN_UNVERIFIED]) personnummers.add(person.personalNumber);
  // The mail this file caused (Eva's new sell order) has been sent.
  await smtp.waitFor((mail) => mail.to.includes(EVA.email));
  const log = server.output();
  const mails = smtp.messages.map((mail) => decodeQuotedPrintable(mail.raw));
  expect(log).toContain("bankid");
  expect(mails.length).toBeGreaterThan(0);
  for (const number of personnummers) {
    // Twelve digits, ten, and with the dash.
    for (const form of [number, number.slice(2), `${number.slice(2, 8)}-${number.slice(8)}`, `${number.slice(0, 8)}-${number.slice(8)}`]) {
      expect(log.includes(form), `${form} in the log`).toBe(false);
      expect(mails.some((mail) => mail.includes(form)), `${form} in a mail`).toBe(false);
    }
  }
});
