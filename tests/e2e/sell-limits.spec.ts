/**
 * Quotes that explain themselves and limits known up front, in Chromium against the production
 * build on one server with both Steam fakes: a new member sees the limits panel before choosing,
 * cannot ask for a price over the first-week cap ("Få pris" disabled with the reason), gets a
 * quote under it with each item's reference price, source, date, rate and the 90-day chart; a
 * member blocked after a reversal sees the block and a disabled "Få pris". What the service tests
 * prove (the server's refusal and its text, the history rows, the payout wait) is not repeated.
 * Screenshots of /salja, the quote and /salja-skins ("Så räknar vi") at 1280 and 375 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { makeReadySeller } from "../../app/modules/selling/test-sellers";
import { addDays, stockholmDay } from "../../app/lib/stockholm-time";
import { sell_price_history, sell_prices, seller_limits } from "../../app/platform/db/schema";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../server/fakes/steam-community";
import { FakeSteamWebApi } from "../../server/fakes/steam-web-api";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { createAccount, MEMBER_PASSWORD } from "./helpers/loyalty-members";
import { passSecondFactor } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const NEW_SELLER = "ny-saljare@example.se";
const BLOCKED = "sparrad-saljare@example.se";
const AK = "AK-47 | Redline (Field-Tested)";
const KNIFE = "★ Karambit | Doppler (Factory New)";
const SHOTS = "screenshots";

let community: FakeSteamCommunity;
let steamApi: FakeSteamWebApi;
let server: TestServer;
const blockedUntil = new Date(Date.now() + 20 * 86_400_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  community = await startFakeSteamCommunity();
  steamApi = await new FakeSteamWebApi().start();
  for (const steamId of ["76561198000000881", "76561198000000882"]) {
    community.setInventory(steamId, [
      { assetId: "8801", marketHashName: AK },
      { assetId: "8802", marketHashName: KNIFE, type: { internal: "CSGO_Type_Knife", name: "Knife" } },
    ]);
  }
  server = await startTestServer(
    { LOG_LEVEL: "warn", STEAM_COMMUNITY_URL: community.url, STEAM_IMAGE_URL: `${community.url}/economy/image`, STEAM_API_URL: steamApi.url, STEAM_API_KEY: steamApi.apiKey },
    {
      prepare: async (database) => {
        const seller = await createAccount(database, { email: NEW_SELLER, firstName: "Nina", lastName: "Ny" });
        await makeReadySeller(database.db, seller, "76561198000000881");
        const blocked = await createAccount(database, { email: BLOCKED, firstName: "Sven", lastName: "Spärrad" });
        await makeReadySeller(database.db, blocked, "76561198000000882");
        await database.db.insert(seller_limits).values({ user_id: blocked, blocked_until: blockedUntil });
        const updatedAt = new Date(Date.now() - 86_400_000);
        await database.db.insert(sell_prices).values([
          { market_hash_name: AK, reference_price_ore: 100_000, source: "skinport", updated_at: updatedAt },
          // 75 % of 11 000 kr: over the first week's 5 000 kr.
          { market_hash_name: KNIFE, reference_price_ore: 1_100_000, source: "manual", updated_at: updatedAt },
        ]);
        // 60 days of the AK's history, as the imports would have written it.
        const today = stockholmDay(new Date());
        await database.db.insert(sell_price_history).values(
          Array.from({ length: 60 }, (_, index) => ({
            market_hash_name: AK,
            day: addDays(today, index - 60),
            reference_price_ore: 90_000 + Math.round(10_000 * Math.sin(index / 6)) + index * 200,
            source: "skinport",
            updated_at: updatedAt,
          })),
        );
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await steamApi?.stop();
  await community?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(context);
  const page = await context.newPage();
  const response = await page.request.post(url("/auth.data"), { headers: { origin: server.url }, form: { intent: "signin", email, password: MEMBER_PASSWORD } });
  expect(response.status()).toBe(200);
  await passSecondFactor(context, server.url, email);
  return page;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a new member sees the first-week cap before choosing, cannot ask over it, and gets an explained quote under it", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, NEW_SELLER);
  await page.goto(url("/salja"));
  const firstWeek = page.getByTestId("limit-first_week");
  await expect(firstWeek).toContainText(/kan du sälja för högst 5\s000\skr\. Du har 5\s000\skr kvar\./);
  await expect(page.getByTestId("limit-reversal")).toHaveAttribute("data-state", "ok");
  const ask = page.getByRole("button", { name: "Få pris" });
  await waitForHydration(ask);
  await page.getByRole("checkbox", { name: /Karambit/ }).check();
  await expect(page.getByTestId("limit-reason")).toHaveText(/Under din första vecka som medlem kan du sälja för högst 5\s000\skr\. Du har 5\s000\skr kvar\./);
  await expect(ask).toBeDisabled();
  await shoot(page, "salja-granser");

  await page.getByRole("checkbox", { name: /Karambit/ }).uncheck();
  await page.getByRole("checkbox", { name: /AK-47/ }).check();
  await expect(page.getByTestId("limit-reason")).toHaveCount(0);
  await ask.click();
  await expect(page).toHaveURL(/\/salja\/offert\/[0-9a-f-]{36}$/);
  const explanation = page.getByTestId("price-explanation");
  await expect(explanation).toContainText(/Referenspris1\s000\skr · Skinport \(hämtat automatiskt\)/);
  await expect(explanation).toContainText("Vår kurs70 % (vapen)");
  await expect(explanation).toContainText(/Vårt pris700\skr/);
  await expect(page.getByTestId("quote-share")).toContainText("Du får 70 % av referenspriset.");
  await page.getByText("Prishistorik").click();
  await expect(page.getByTestId("price-history-chart").locator(".recharts-line")).toBeVisible();
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await shoot(page, "salja-offert-forklaring");
  await page.context().close();
});

test("after a reversal the block and its end are shown and \"Få pris\" is disabled", async ({ browser }) => {
  const page = await signedIn(browser, BLOCKED);
  await page.goto(url("/salja"));
  await expect(page.getByTestId("limit-reversal")).toHaveAttribute("data-state", "blocked");
  await expect(page.getByTestId("limit-reversal")).toContainText("eftersom en tidigare affär återfördes i Steam");
  await expect(page.getByTestId("limit-reason")).toContainText("Du kan inte sälja till oss förrän");
  await expect(page.getByRole("button", { name: "Få pris" })).toBeDisabled();
  // The item's price explained in the inventory's dialog, with the keyboard.
  const trigger = page.getByRole("button", { name: /Pris och historik för AK-47/ });
  await waitForHydration(trigger);
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("price-explanation")).toContainText("Vår kurs70 % (vapen)");
  await expect(dialog.getByTestId("price-history-chart")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.context().close();
});

test("/salja-skins explains how a price is reached", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(context);
  const page = await context.newPage();
  await page.goto(url("/salja-skins"));
  const section = page.getByTestId("how-we-price");
  await expect(section).toContainText("Vapen70 %");
  await expect(section).toContainText(/Du får5\s356\skr/);
  const band = page.locator("#sa-raknar-vi");
  await band.screenshot({ path: `${SHOTS}/salja-skins-sa-raknar-vi-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await band.screenshot({ path: `${SHOTS}/salja-skins-sa-raknar-vi-375.png` });
  await context.close();
});
