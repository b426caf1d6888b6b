/**
 * Trade bots as an admin and a seller see them (docs/rules/bots.md), in Chromium against the
 * production server pointed at the local Steam fakes (Web API, Community and the trading state
 * behind both). An admin adds a bot under Transactions → Botar and sees its Steam profile read;
 * a seller accepts a quote and watches the order page live as the bot's offer goes out (with the
 * bot's identity beside the code), the fake accepts it, Trade Protection runs and the payout is
 * scheduled; a second seller reports another offer, is warned and confirms their account is safe.
 * Sending, Steam's errors, lost answers, the races and expiry are proven in
 * app/modules/bots/offer-sender.server.test.ts; the Botar refusals and sealing in server/bots.test.ts.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createPayoutKeyring } from "../../app/modules/selling/payout-encryption.server";
import { createQuote } from "../../app/modules/selling/sell-order-fixtures";
import { makeReadySeller } from "../../app/modules/selling/test-sellers";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../server/fakes/steam-community";
import type { FakeBotCredentials } from "../../server/fakes/steam-trading";
import { FakeSteamWebApi } from "../../server/fakes/steam-web-api";
import { startTestServer, type TestServer } from "../../server/test-server";
import { waitForHydration } from "./helpers/hydration";
import { createAccount } from "./helpers/loyalty-members";
import { screenshotFits } from "./helpers/screenshots";
import { expectAccessible, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const ADMIN = "botadmin@example.se";
const SELLER = "bot.saljare@example.se";
const WARNED = "bot.varnad@example.se";
const BOT_STEAM_ID = "76561198000009101";
const PAYOUT_KEY = randomBytes(32).toString("base64");
const keyring = createPayoutKeyring(PAYOUT_KEY);
const quotes: { seller?: string; warned?: string } = {};

let steamApi: FakeSteamWebApi;
let community: FakeSteamCommunity;
let server: TestServer;
let bot: FakeBotCredentials;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  steamApi = await new FakeSteamWebApi().start();
  community = await startFakeSteamCommunity(0, { trading: steamApi.trading });
  bot = steamApi.trading.addBot(BOT_STEAM_ID);
  // The bot's public profile, as Steam shows it to anyone: the name and age sellers check.
  steamApi.profiles.set(BOT_STEAM_ID, { personaname: "Skinhamnen Bot 1", avatarfull: "", timecreated: Date.UTC(2016, 4, 1) / 1000, player_level: 42 });
  const hour = new Date(Date.now() + 60 * 60_000);
  server = await startTestServer(
    {
      LOG_LEVEL: "warn",
      STEAM_COMMUNITY_URL: community.url,
      STEAM_IMAGE_URL: `${community.url}/economy/image`,
      STEAM_API_URL: steamApi.url,
      STEAM_API_KEY: steamApi.apiKey,
      PAYOUT_DETAILS_KEY: PAYOUT_KEY,
    },
    {
      prepare: async (database) => {
        await createAccount(database, { email: ADMIN, firstName: "Alma", lastName: "Admin", role: "admin" });
        const seller = await createAccount(database, { email: SELLER, firstName: "Sam", lastName: "Säljare" });
        await makeReadySeller(database.db, seller, "76561198000009201", keyring);
        quotes.seller = await createQuote(database.db, seller, { prices: [25_000, 15_000], expiresAt: hour });
        const warned = await createAccount(database, { email: WARNED, firstName: "Vera", lastName: "Varnad" });
        await makeReadySeller(database.db, warned, "76561198000009202", keyring);
        quotes.warned = await createQuote(database.db, warned, { prices: [12_000], expiresAt: hour });
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await community?.stop();
  await steamApi?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;

async function acceptQuote(page: Page, quoteId: string): Promise<{ orderId: string; code: string }> {
  await page.goto(url(`/salja/offert/${quoteId}`));
  const accept = page.getByRole("button", { name: "Acceptera och sälj" });
  await waitForHydration(accept);
  await accept.click();
  await page.waitForURL(/\/mina-affarer\/[0-9a-f-]{36}$/);
  const code = (await page.getByTestId("security-code").textContent())!.trim();
  return { orderId: new URL(page.url()).pathname.split("/").pop()!, code };
}

/** The fake's offers whose message carries this code. */
const offersWith = (code: string) => [...steamApi.offers.entries()].filter(([, offer]) => offer.details?.message.includes(code));

test("an admin adds a bot on Botar; its Steam profile is read and its secrets are not shown again", async ({ browser }) => {
  const staff = await (await signedIn(browser, server.url, ADMIN)).newPage();
  await staff.goto(url("/admin/transactions/botar"));
  await expect(staff.getByText("Inga botar än.")).toBeVisible();
  await expect(staff.getByRole("main")).toContainText("npm run bot:login");
  const form = staff.getByTestId("add-bot");
  await waitForHydration(form.getByRole("button", { name: "Lägg till bot" }));
  await form.getByLabel("SteamID64").fill(BOT_STEAM_ID);
  await form.getByLabel("Namn").fill("Bot 1");
  await form.getByLabel("Refresh-token").fill(bot.refreshToken);
  await form.getByLabel("Shared secret").fill(bot.sharedSecret);
  await form.getByLabel("Identity secret").fill("x");
  await form.getByRole("button", { name: "Lägg till bot" }).click();
  // The browser's check names the bad field in Swedish before anything is sent.
  await expect(form.getByText("Ange hemligheten från botens Steam Guard-fil")).toBeVisible();
  await form.getByLabel("Identity secret").fill(bot.identitySecret);
  await form.getByRole("button", { name: "Lägg till bot" }).click();
  const row = staff.locator(`[data-testid="bot"][data-steam-id="${BOT_STEAM_ID}"]`);
  await expect(row).toContainText("Aktiv");
  // The bots job runs right after the bot is added: its Steam name and level replace the label.
  await expect
    .poll(async () => {
      await staff.reload();
      return (await row.textContent()) ?? "";
    })
    .toContain("Skinhamnen Bot 1");
  await expect(row.getByTestId("bot-level")).toContainText("42");
  const html = await staff.content();
  for (const secret of [bot.refreshToken, bot.sharedSecret, bot.identitySecret]) expect(html).not.toContain(secret);
  await expect(form.getByLabel("Shared secret")).toHaveValue("");
  await expectAccessible(staff);
  await screenshotFits(staff, "screenshots/admin-bots-1280.png");
  await staff.setViewportSize({ width: 375, height: 800 });
  await screenshotFits(staff, "screenshots/admin-bots-375.png");
  await staff.context().close();
});

test("a seller accepts a quote and watches the bot's offer go out, get accepted and the payout be scheduled, live", async ({ browser }) => {
  test.setTimeout(150_000);
  const page = await (await signedIn(browser, server.url, SELLER)).newPage();
  const { orderId, code } = await acceptQuote(page, quotes.seller!);
  // The offer reaches Steam within 30 s of the accept, from the notice in the accepting transaction.
  await expect.poll(() => offersWith(code).length, { timeout: 30_000 }).toBe(1);
  const [[offerId, offer]] = offersWith(code) as [[string, (typeof steamApi.offers extends Map<string, infer O> ? O : never)]];
  expect(offer.details!.owner).toBe(BOT_STEAM_ID);
  expect(offer.details!.itemsToGive).toEqual([]);
  expect([...offer.details!.itemsToReceive].sort()).toEqual(["1000000", "1000001"]);
  // The page follows without a reload: the offer is sent, from this bot, with this code.
  await expect(page.getByText("Erbjudande skickat").first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Ett äkta erbjudande från oss kommer alltid från Skinhamnen Bot 1 och har koden ${code}`)).toBeVisible();
  await expect(page.getByText("Steam-nivå 42")).toBeVisible();
  await expectAccessible(page);
  await screenshotFits(page, "screenshots/trade-bot-order-sent-1280.png");

  // The member accepts in Steam; the job follows the offer as the bot and starts Trade Protection.
  expect(steamApi.trading.acceptOffer(offerId)).toBe(true);
  await server.runJob("sell-orders");
  await expect(page.getByText("Föremålen är mottagna.").first()).toBeVisible({ timeout: 15_000 });
  // When the protection has ended the payout is scheduled.
  await server.runJob("sell-orders", new Date(Date.now() + 8 * 24 * 60 * 60_000));
  await expect(page.getByText("Utbetalningen är planerad.").first()).toBeVisible({ timeout: 15_000 });
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotFits(page, "screenshots/trade-bot-order-375.png");

  // Staff see the same order with its bot and offer.
  const staff = await (await signedIn(browser, server.url, ADMIN)).newPage();
  await staff.goto(url(`/admin/transactions/saljordrar/${orderId}`));
  await expect(staff.getByRole("main")).toContainText(offerId);
  await expect(staff.getByRole("main")).toContainText("Skinhamnen Bot 1");
  await page.context().close();
  await staff.context().close();
});

test("a seller who got another offer reports it, is told how to secure Steam, and confirms; staff see the flag", async ({ browser }) => {
  const page = await (await signedIn(browser, server.url, WARNED, { width: 375, height: 800 })).newPage();
  const { orderId } = await acceptQuote(page, quotes.warned!);
  const report = page.getByRole("button", { name: "Jag fick ett annat erbjudande" });
  await waitForHydration(report);
  await report.click();
  const dialog = page.getByTestId("report-other-offer-dialog");
  await dialog.getByRole("button", { name: "Rapportera" }).click();
  const warning = page.getByTestId("trade-shield-warning");
  await expect(warning).toBeVisible();
  await expect(warning.getByRole("link", { name: "Ta bort (Revoke) din Web API-nyckel" })).toHaveAttribute("href", "https://steamcommunity.com/dev/apikey");
  await expect(report).toHaveCount(0);
  await expectAccessible(page);
  await screenshotFits(page, "screenshots/trade-shield-warning-375.png");

  const staff = await (await signedIn(browser, server.url, ADMIN)).newPage();
  await staff.goto(url(`/admin/transactions/saljordrar/${orderId}`));
  await expect(staff.getByTestId("shield-flag")).toContainText("Jag fick ett annat erbjudande");
  await staff.context().close();

  await page.getByRole("button", { name: "Mitt Steam-konto är säkert" }).click();
  await page.getByTestId("account-safe-dialog").getByRole("button", { name: "Ja, kontot är säkert" }).click();
  await expect(warning).toHaveCount(0);
  await page.context().close();
});
