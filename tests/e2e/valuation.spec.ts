/**
 * A price before signing up (docs/rules/selling.md#valuation-before-sign-up) in Chromium against
 * the production build and the Steam fakes: a visitor values a public inventory from /salja-skins
 * by a /profiles/ link, from /salja by an /id/ link, and by Steam sign-in, and is never signed in
 * (the HTTP test server/visitor-valuation.test.ts proves no account row is made and the refusals).
 * Screenshots of the form and the valuation at 1280 and 375 px go to screenshots/.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { sell_prices } from "../../app/platform/db/schema";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../server/fakes/steam-community";
import { startFakeSteamOpenId, type FakeSteamOpenId } from "../../server/fakes/steam-openid";
import { FakeSteamWebApi } from "../../server/fakes/steam-web-api";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { screenshotFits } from "./helpers/screenshots";

test.describe.configure({ mode: "serial" });

const STEAM_ID = "76561198000000888";
const SHOTS = "screenshots";
let community: FakeSteamCommunity;
let steamApi: FakeSteamWebApi;
let openId: FakeSteamOpenId;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  community = await startFakeSteamCommunity();
  steamApi = await new FakeSteamWebApi().start();
  openId = await startFakeSteamOpenId(STEAM_ID);
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
    },
    {
      prepare: async (database) => {
        await database.db.insert(sell_prices).values([
          { market_hash_name: "AK-47 | Redline (Field-Tested)", reference_price_ore: 31_250, source: "csv" },
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
