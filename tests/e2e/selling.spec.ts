/**
 * The sell flow in Chromium against the production build, with the fake Steam Community on
 * loopback (inventory, item images and the trade-hold check): a Silver member picks two items
 * from their inventory, one of them not tradable, and sees the quote with the refusal and the
 * level bonus; an admin imports a price-list CSV with one bad row reported. Screenshots of
 * /salja, the quote and Prislista at 1280 and 375 px go to screenshots/. What the HTTP tests
 * prove (refusals, hostile input, other members' quotes) is not repeated here.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { creditXp } from "../../app/modules/loyalty/ledger.server";
import { makeReadySeller } from "../../app/modules/selling/test-sellers";
import { sell_prices } from "../../app/platform/db/schema";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../server/fakes/steam-community";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { createAccount, MEMBER_PASSWORD } from "./helpers/loyalty-members";

test.describe.configure({ mode: "serial" });

const SELLER = "saljare@example.se";
const ADMIN = "prisadmin@example.se";
const STEAM_ID = "76561198000000777";

let fake: FakeSteamCommunity;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeSteamCommunity();
  const now = Date.now();
  fake.setInventory(STEAM_ID, [
    { assetId: "7001", marketHashName: "AK-47 | Redline (Field-Tested)" },
    { assetId: "7002", marketHashName: "Operation Breakout Weapon Case", type: { internal: "CSGO_Type_WeaponCase", name: "Container" }, tradable: false, marketable: false },
    { assetId: "7003", marketHashName: "StatTrak™ AWP | Asiimov (Battle-Scarred)", type: { internal: "CSGO_Type_SniperRifle", name: "Sniper Rifle" } },
    { assetId: "7004", marketHashName: "USP-S | Kill Confirmed (Well-Worn)", type: { internal: "CSGO_Type_Pistol", name: "Pistol" }, tradable: false, tradableAfter: new Date(now + 4 * 86_400_000) },
    { assetId: "7005", marketHashName: "★ Karambit | Doppler (Factory New)", type: { internal: "CSGO_Type_Knife", name: "Knife" } },
  ]);
  server = await startTestServer(
    { LOG_LEVEL: "warn", STEAM_COMMUNITY_URL: fake.url, STEAM_IMAGE_URL: `${fake.url}/economy/image`, STEAM_API_URL: fake.url, STEAM_API_KEY: "e2e-nyckel" },
    {
      prepare: async (database) => {
        await createAccount(database, { email: ADMIN, firstName: "Alma", lastName: "Admin", role: "admin" });
        const seller = await createAccount(database, { email: SELLER, firstName: "Sam", lastName: "Säljare" });
        await makeReadySeller(database.db, seller, STEAM_ID);
        // Silver: +1 % on sales.
        await database.db.transaction((tx) => creditXp(tx, { userId: seller, amount: 6_000, reason: "Start-XP", idempotencyKey: "e2e:silver" }));
        await database.db.insert(sell_prices).values([
          { market_hash_name: "AK-47 | Redline (Field-Tested)", reference_price_ore: 25_000, source: "csv" },
          { market_hash_name: "Operation Breakout Weapon Case", reference_price_ore: 9_000, source: "csv" },
          { market_hash_name: "StatTrak™ AWP | Asiimov (Battle-Scarred)", reference_price_ore: 120_000, source: "csv" },
          { market_hash_name: "★ Karambit | Doppler (Factory New)", reference_price_ore: 1_100_000, source: "csv" },
        ]);
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;

async function signedIn(browser: Browser, email: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: "sv-SE" });
  await presetCookieChoice(context);
  const response = await context.request.post(url("/auth.data"), { headers: { origin: server.url }, form: { intent: "signin", email, password: MEMBER_PASSWORD } });
  expect(response.status()).toBe(200);
  return context;
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("a Silver member picks two items, one not tradable, and sees the quote with the refusal and the level bonus", async ({ browser }) => {
  for (const width of [375, 1280]) {
    const context = await signedIn(browser, SELLER, { width, height: 900 });
    const page = await context.newPage();
    await page.goto(url("/salja"));
    await expect(page.getByTestId("inventory-item")).toHaveCount(5);
    await expect(page.getByText("Trade Protection till")).toBeVisible();
    await page.screenshot({ path: `screenshots/salja-${width}.png`, fullPage: true });
    await context.close();
  }

  const context = await signedIn(browser, SELLER);
  const page = await context.newPage();
  await page.goto(url("/salja"));
  await expectAccessible(page);
  // Filter and search narrow the grid.
  await page.getByLabel("Typ").selectOption("Container");
  await expect(page.getByTestId("inventory-item")).toHaveCount(1);
  await page.getByLabel("Typ").selectOption("");
  await page.getByLabel("Sök").fill("redline");
  await expect(page.getByTestId("inventory-item")).toHaveCount(1);
  // Picked with the keyboard: focus the checkbox and press space.
  await page.getByRole("checkbox", { name: /AK-47 \| Redline/ }).focus();
  await page.keyboard.press("Space");
  await page.getByLabel("Sök").fill("");
  await page.getByRole("checkbox", { name: /Operation Breakout Weapon Case/ }).check();
  await expect(page.getByText("2 valda")).toBeVisible();
  await page.getByRole("button", { name: "Få pris" }).click();

  await expect(page).toHaveURL(/\/salja\/offert\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("quote-accepted")).toContainText("AK-47 | Redline");
  await expect(page.getByTestId("quote-refused")).toContainText("Föremålet går inte att byta på Steam.");
  const totals = page.getByTestId("quote-totals");
  // 70 % of 250 kr = 175 kr; Silver +1 % = 1,75 kr.
  await expect(totals).toContainText("Nivåbonus Silver (+1 %)");
  await expect(totals).toContainText(/1,75\s*kr/);
  await expect(totals).toContainText(/176,75\s*kr/);
  await expect(page.getByText("+350 poäng")).toBeVisible();
  await expect(page.getByText("+350 XP")).toBeVisible();
  await expect(page.getByText(/Utbetalning via Swish: 1-5 minuter/)).toBeVisible();
  await expect(page.getByTestId("quote-countdown")).toContainText(/Offerten gäller i (9|10):\d\d/);
  await expect(page.getByRole("button", { name: "Acceptera och sälj" })).toBeEnabled();
  await expectAccessible(page);
  const quoteUrl = page.url();
  await page.screenshot({ path: "screenshots/salja-offert-1280.png", fullPage: true });
  await context.close();

  const narrow = await signedIn(browser, SELLER, { width: 375, height: 900 });
  const small = await narrow.newPage();
  await small.goto(quoteUrl);
  await expect(small.getByTestId("quote-totals")).toBeVisible();
  await small.screenshot({ path: "screenshots/salja-offert-375.png", fullPage: true });
  await narrow.close();
});

test("an admin imports a price-list CSV; the bad row is reported with its line", async ({ browser }) => {
  const context = await signedIn(browser, ADMIN);
  const page = await context.newPage();
  await page.goto(url("/admin/transactions"));
  await page.getByTestId("transactions-nav").getByRole("link", { name: "Prislista" }).click();
  await expect(page).toHaveURL(url("/admin/transactions/prislista"));
  await page.getByLabel("eller klistra in").fill("market_hash_name,price\nM4A4 | Howl (Minimal Wear),45000\nTrasig rad,gratis\nGlock-18 | Fade (Factory New),12 500,50\n");
  await page.getByRole("button", { name: "Förhandsgranska" }).click();
  const preview = page.getByTestId("price-import-preview");
  await expect(preview).toContainText("1 rader kan importeras");
  await expect(page.getByTestId("price-import-errors")).toContainText("Rad 3 (Trasig rad): Ange ett pris i kronor större än 0, med högst två decimaler.");
  await expect(page.getByTestId("price-import-errors")).toContainText("Rad 4");
  await expectAccessible(page);
  await page.screenshot({ path: "screenshots/prislista-preview-1280.png", fullPage: true });
  await page.getByRole("button", { name: "Importera 1 rader" }).click();
  await expect(page.getByTestId("price-list-message")).toHaveText("1 priser importerade, 2 rader med fel hoppades över.");
  await page.getByLabel("Sök föremål").fill("howl");
  await page.getByRole("button", { name: "Sök" }).click();
  await expect(page.getByTestId("price-list")).toContainText("M4A4 | Howl (Minimal Wear)");
  await page.goto(url("/admin/transactions/prislista"));
  await page.screenshot({ path: "screenshots/prislista-1280.png", fullPage: true });
  await context.close();

  const narrow = await signedIn(browser, ADMIN, { width: 375, height: 900 });
  const small = await narrow.newPage();
  await small.goto(url("/admin/transactions/prislista"));
  await expect(small.getByTestId("price-list")).toBeVisible();
  await small.screenshot({ path: "screenshots/prislista-375.png", fullPage: true });
  await narrow.close();
});
