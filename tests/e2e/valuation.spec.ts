/**
 * A price before signing up (docs/rules/selling.md#valuation-before-sign-up) in Chromium against
 * the production build and the Steam fakes: a visitor values a public inventory from /salja-skins
 * by a /profiles/ link, from /salja by an /id/ link, and by Steam sign-in, and is never signed in
 * (the HTTP test server/visitor-valuation.test.ts proves no account row is made and the refusals).
 * A member watches an item's price ("Bevaka priset"); an admin's price-list import that crosses
 * the target mails them and shows a live note once, and the next import at that price does not.
 * Screenshots of the form, the valuation and the member's alerts at 1280 and 375 px go to screenshots/.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { sell_prices } from "../../app/platform/db/schema";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../server/fakes/steam-community";
import { startFakeSteamOpenId, type FakeSteamOpenId } from "../../server/fakes/steam-openid";
import { FakeSteamWebApi } from "../../server/fakes/steam-web-api";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { screenshotFits } from "./helpers/screenshots";
import { createAccount } from "./helpers/loyalty-members";
import { signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const STEAM_ID = "76561198000000888";
const SHOTS = "screenshots";
let community: FakeSteamCommunity;
let steamApi: FakeSteamWebApi;
let openId: FakeSteamOpenId;
let server: TestServer;
let smtp: TestSmtpServer;
const MEMBER = "bevakare@example.se";
const ADMIN = "prisadmin@example.se";
const AK = "AK-47 | Redline (Field-Tested)";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  community = await startFakeSteamCommunity();
  steamApi = await new FakeSteamWebApi().start();
  openId = await startFakeSteamOpenId(STEAM_ID);
  smtp = await startTestSmtpServer();
  steamApi.vanityNames.set("lagerkollen", STEAM_ID);
  community.setInventory(STEAM_ID, [
    { assetId: "8001", marketHashName: "AK-47 | Redline (Field-Tested)" },
    { assetId: "8002", marketHashName: "★ Karambit | Doppler (Factory New)", type: { internal: "CSGO_Type_Knife", name: "Knife" } },
    { assetId: "8003", marketHashName: "Sticker | Okänd (Holo)", type: { internal: "CSGO_Type_Sticker", name: "Sticker" } },
  ]);
  server = await startTestServer(
    {
      LOG_LEVEL: "warn",
      STEAM_COMMUNITY_URL: community.url,
      STEAM_IMAGE_URL: `${community.url}/economy/image`,
      STEAM_API_URL: steamApi.url,
      STEAM_API_KEY: steamApi.apiKey,
      STEAM_OPENID_URL: openId.endpoint,
      SMTP_URL: smtp.url,
    },
    {
      prepare: async (database) => {
        await createAccount(database, { email: MEMBER, firstName: "Bea", lastName: "Bevakare" });
        await createAccount(database, { email: ADMIN, firstName: "Alma", lastName: "Admin", role: "admin" });
        await database.db.insert(sell_prices).values([
          { market_hash_name: AK, reference_price_ore: 31_250, source: "csv" },
          { market_hash_name: "★ Karambit | Doppler (Factory New)", reference_price_ore: 1_000_000, source: "csv" },
        ]);
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await openId?.stop();
  await steamApi?.stop();
  await community?.stop();
  await smtp?.close();
});

const url = (pathname: string) => `${server.url}${pathname}`;

async function visitor(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(context);
  return context.newPage();
}

/** The valuation as the visitor sees it, and that they are still nobody's session. */
async function expectValuation(page: Page) {
  await expect(page).toHaveURL(/\/salja\/vardering\?steam=/);
  // 70 % of 312,50 kr and 75 % of 10 000 kr: 7 718,75 kr before any bulk bonus.
  await expect(page.getByTestId("valued-item")).toHaveCount(3);
  await expect(page.getByTestId("valuation")).toContainText("Vi betalar i dag för 2 av 3 föremål");
  await expect(page.getByTestId("valued-item").first()).toContainText(/75\s%\sav\s10\s000\skr/);
  await expect(page.getByTestId("valuation")).toContainText("Vi har inget pris för föremålet just nu.");
  await expect(page.getByRole("link", { name: "Sälj", exact: true })).toHaveAttribute("href", "/auth?mode=signup");
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.includes("session"))).toEqual([]);
}

test("a visitor values an inventory from /salja-skins by a /profiles/ link, with screenshots", async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto(url("/salja-skins#vardera"));
  const form = page.getByTestId("valuation-form");
  await waitForHydration(form.getByRole("button", { name: "Värdera" }));
  // The shared rule answers a bad link before anything is sent.
  await form.getByLabel(/Länk till din Steam-profil/).fill("min kompis");
  await form.getByRole("button", { name: "Värdera" }).click();
  await expect(form.getByRole("alert")).toContainText("Klistra in länken till din Steam-profil");
  await expect(page).toHaveURL(/\/salja-skins/);
  await screenshotFits(page, `${SHOTS}/valuation-form-1280.png`);
  await form.getByLabel(/Länk till din Steam-profil/).fill(`https://steamcommunity.com/profiles/${STEAM_ID}/`);
  await form.getByRole("button", { name: "Värdera" }).click();
  await expectValuation(page);
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await screenshotFits(page, `${SHOTS}/valuation-1280.png`);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotFits(page, `${SHOTS}/valuation-375.png`);
  await page.goto(url("/salja-skins#vardera"));
  await screenshotFits(page, `${SHOTS}/valuation-form-375.png`);
  await page.context().close();
});

test("a visitor on /salja values an inventory by an /id/ link instead of being sent to sign in", async ({ browser }) => {
  const page = await visitor(browser, 375);
  await page.goto(url("/salja"));
  await expect(page).toHaveURL(url("/salja"));
  await expect(page.getByRole("link", { name: "Skapa konto" }).first()).toBeVisible();
  const form = page.getByTestId("valuation-form");
  await form.getByLabel(/Länk till din Steam-profil/).fill("https://steamcommunity.com/id/LagerKollen");
  await form.getByRole("button", { name: "Värdera" }).click();
  await expectValuation(page);
  await screenshotFits(page, `${SHOTS}/valuation-salja-375.png`);
  await page.context().close();
});

test("a visitor proves their Steam id by Steam sign-in and sees their inventory valued, signed in nowhere", async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto(url("/salja/vardering"));
  await page.getByRole("link", { name: "logga in med Steam" }).click();
  await expectValuation(page);
  await expect(page.getByRole("link", { name: "skapar du ett konto" })).toBeVisible();
  await page.context().close();
});

test("a member watches an item's price; an import over the target mails and notes it live once", async ({ browser }) => {
  const context = await signedIn(browser, server.url, MEMBER);
  const page = await context.newPage();
  // The live note needs the page's event stream open before the import.
  const stream = page.waitForResponse((response) => response.url().endsWith("/api/events") && response.status() === 200);
  await page.goto(url(`/salja/vardering?steam=${STEAM_ID}`));
  await stream;
  const row = page.getByTestId("valued-item").filter({ hasText: "AK-47 | Redline" });
  await waitForHydration(row.getByText("Bevaka priset"));
  await row.getByText("Bevaka priset").click();
  // 218,75 kr today: a target under that is refused in Swedish, then 250 kr is saved.
  await row.getByLabel("Meddela mig när ni betalar minst (kr)").fill("200");
  await row.getByRole("button", { name: "Bevaka" }).click();
  await expect(row.getByRole("alert")).toContainText("Vi betalar redan 218,75");
  await row.getByLabel("Meddela mig när ni betalar minst (kr)").fill("250");
  await row.getByRole("button", { name: "Bevaka" }).click();
  await expect(row.getByRole("status")).toContainText("Bevakningen är sparad");

  // An admin imports 360 kr: 70 % is 252 kr, over the target. Then the same file again.
  const admin = await (await signedIn(browser, server.url, ADMIN)).newPage();
  for (const round of [1, 2]) {
    await admin.goto(url("/admin/transactions/prislista"));
    await admin.getByLabel("eller klistra in").fill(`market_hash_name,price\n${AK},360\n`);
    await admin.getByRole("button", { name: "Förhandsgranska" }).click();
    await admin.getByRole("button", { name: "Importera 1 rader" }).click();
    await expect(admin.getByTestId("price-list-message")).toContainText("1 priser importerade");
    if (round === 1) {
      await expect(page.getByText("Din prisbevakning har nått sitt mål")).toBeVisible();
      await expect.poll(() => smtp.messages.filter((mail) => mail.to.includes(MEMBER)).length).toBe(1);
      const body = decodeQuotedPrintable(smtp.messages.find((message) => message.to.includes(MEMBER))!.raw);
      expect(body).toContain("Avsluta bevakningen");
      expect(body).toContain(`${server.url}/salja`);
    }
  }
  await admin.context().close();
  await page.goto(url("/prisbevakningar"));
  await expect(page.getByTestId("price-alert-row")).toContainText("Målet nått");
  await expect(page.getByTestId("price-alert-row")).toContainText(/vi betalar nu 252\skr/);
  expect(smtp.messages.filter((message) => message.to.includes(MEMBER))).toHaveLength(1);
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await screenshotFits(page, `${SHOTS}/price-alerts-1280.png`);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotFits(page, `${SHOTS}/price-alerts-375.png`);
  await context.close();
});
