/**
 * The whole sell journey in Chromium against the production build, on one server with both Steam
 * fakes on loopback: the Steam Community (inventory, item images) and the Steam Web API (trade-hold
 * check, trade offers and trades). A Silver member opens /salja from the profile menu, picks two
 * items (one not tradable), sees the quote with the refusal and the level bonus, accepts with the
 * quote page's button and lands on the order (with it open, /salja disables "Få pris" with the reason), then watches /mina-affarer/{id} move live through
 * review, the trade offer, Trade Protection, the scheduled payout and the payout as staff act in
 * the admin and the fake Steam Web API and the server's job clock move on, ending with the points
 * popup. Before paying, the admin shows the recipient ("Visa mottagare": the full Swish number
 * beside the BankID name, in the confirmation too, and an audit row; the sign-in's code is the
 * session's step-up, a stale one is refused in server/sell-orders.test.ts); the member's payout
 * time is the one the mail names, the paid mail carries the purchase document as a PDF, and the
 * sale is in the yearly statement. An admin imports a price-list CSV with one bad row reported. Screenshots of /salja, the
 * quote, the order page, the payout queue and Prislista at 1280 and 375 px go to screenshots/.
 * What the HTTP tests prove (refusals, hostile input, other members' quotes and orders) is not
 * repeated here.
 */
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { creditXp } from "../../app/modules/loyalty/ledger.server";
import { createPayoutKeyring } from "../../app/modules/selling/payout-encryption.server";
import { makeReadySeller } from "../../app/modules/selling/test-sellers";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { sell_prices } from "../../app/platform/db/schema";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../server/fakes/steam-community";
import { FakeSteamWebApi } from "../../server/fakes/steam-web-api";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { createAccount, MEMBER_PASSWORD } from "./helpers/loyalty-members";
import { openMenu } from "./helpers/menus";
import { passSecondFactor } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const SELLER = "saljare@example.se";
const ADMIN = "prisadmin@example.se";
const STEAM_ID = "76561198000000777";
const SHOTS = "screenshots";
const OFFER_ID = "6100000001";
const TRADE_ID = "8100000001";
const DAY = 24 * 60 * 60_000;

let community: FakeSteamCommunity;
let steamApi: FakeSteamWebApi;
let server: TestServer;
let smtp: TestSmtpServer;
let orderUrl = "";
/** The server's payout key, so the seller's details are sealed as the server reads them. */
const PAYOUT_KEY = randomBytes(32).toString("base64");

test.beforeAll(async () => {
  test.setTimeout(240_000);
  community = await startFakeSteamCommunity();
  steamApi = await new FakeSteamWebApi().start();
  smtp = await startTestSmtpServer();
  const now = Date.now();
  community.setInventory(STEAM_ID, [
    { assetId: "7001", marketHashName: "AK-47 | Redline (Field-Tested)" },
    { assetId: "7002", marketHashName: "Operation Breakout Weapon Case", type: { internal: "CSGO_Type_WeaponCase", name: "Container" }, tradable: false, marketable: false },
    { assetId: "7003", marketHashName: "StatTrak™ AWP | Asiimov (Battle-Scarred)", type: { internal: "CSGO_Type_SniperRifle", name: "Sniper Rifle" } },
    { assetId: "7004", marketHashName: "USP-S | Kill Confirmed (Well-Worn)", type: { internal: "CSGO_Type_Pistol", name: "Pistol" }, tradable: false, tradableAfter: new Date(now + 4 * 86_400_000) },
    { assetId: "7005", marketHashName: "★ Karambit | Doppler (Factory New)", type: { internal: "CSGO_Type_Knife", name: "Knife" } },
  ]);
  server = await startTestServer(
    {
      LOG_LEVEL: "warn",
      STEAM_COMMUNITY_URL: community.url,
      STEAM_IMAGE_URL: `${community.url}/economy/image`,
      STEAM_API_URL: steamApi.url,
      STEAM_API_KEY: steamApi.apiKey,
      SMTP_URL: smtp.url,
      PAYOUT_DETAILS_KEY: PAYOUT_KEY,
    },
    {
      prepare: async (database) => {
        await createAccount(database, { email: ADMIN, firstName: "Alma", lastName: "Admin", role: "admin" });
        const seller = await createAccount(database, { email: SELLER, firstName: "Sam", lastName: "Säljare" });
        await makeReadySeller(database.db, seller, STEAM_ID, createPayoutKeyring(PAYOUT_KEY));
        // Silver: +1 % on sales.
        await database.db.transaction((tx) => creditXp(tx, { userId: seller, amount: 6_000, reason: "Start-XP", idempotencyKey: "e2e:silver" }));
        await database.db.insert(sell_prices).values([
          { market_hash_name: "AK-47 | Redline (Field-Tested)", reference_price_ore: 25_000, source: "csv" },
          { market_hash_name: "Operation Breakout Weapon Case", reference_price_ore: 9_000, source: "csv" },
          // 70 % of 2 000 kr: over the 1 000 kr review line, under the first week's 5 000 kr.
          { market_hash_name: "StatTrak™ AWP | Asiimov (Battle-Scarred)", reference_price_ore: 200_000, source: "csv" },
          { market_hash_name: "★ Karambit | Doppler (Factory New)", reference_price_ore: 1_100_000, source: "csv" },
        ]);
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await steamApi?.stop();
  await community?.stop();
  await smtp?.close();
});

const url = (pathname: string) => `${server.url}${pathname}`;

async function signedIn(browser: Browser, email: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(context);
  const page = await context.newPage();
  const response = await page.request.post(url("/auth.data"), { headers: { origin: server.url }, form: { intent: "signin", email, password: MEMBER_PASSWORD } });
  expect(response.status()).toBe(200);
  await passSecondFactor(context, server.url, email);
  return page;
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A staff action: the form's button, then the one confirmation dialog's confirm button. */
async function confirmAction(staff: Page, testId: string, label: string, fill?: Record<string, string>, asks?: string) {
  const form = staff.getByTestId(testId);
  await waitForHydration(form.getByRole("button", { name: label }));
  for (const [field, value] of Object.entries(fill ?? {})) await form.getByLabel(field).fill(value);
  await form.getByRole("button", { name: label }).click();
  const dialog = staff.getByTestId(`${testId}-dialog`);
  await expect(dialog).toBeVisible();
  if (asks) await expect(dialog).toContainText(asks);
  await dialog.getByRole("button", { name: label === "Spara erbjudande" ? "Spara" : label }).click();
  await expect(dialog).toBeHidden();
}

test("a Silver member picks two items, one not tradable, sees the quote with the level bonus and accepts it", async ({ browser }) => {
  // Two widths, a full journey to an accepted order and two accessibility sweeps: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  for (const width of [375, 1280]) {
    const page = await signedIn(browser, SELLER, width);
    await page.goto(url("/salja"));
    await expect(page.getByTestId("inventory-item")).toHaveCount(5);
    await expect(page.getByText("Trade Protection till")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/salja-${width}.png`, fullPage: true });
    await page.context().close();
  }

  const page = await signedIn(browser, SELLER);
  // The realtime stream opens with the first page and follows the member to the order.
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
  await page.goto(url("/"));
  await stream;
  // "Sälj nu" is one click from the profile menu.
  await openMenu(page.getByRole("button", { name: "Profil" }), page.getByRole("menuitem", { name: "Sälj nu" }));
  await page.getByRole("menuitem", { name: "Sälj nu" }).click();
  await expect(page).toHaveURL(url("/salja"));
  await expect(page.getByTestId("inventory-item")).toHaveCount(5);
  await expectAccessible(page);
  // Filter and search narrow the grid.
  await page.getByLabel("Typ").selectOption("Container");
  await expect(page.getByTestId("inventory-item")).toHaveCount(1);
  await page.getByLabel("Typ").selectOption("");
  await page.getByLabel("Sök").fill("asiimov");
  await expect(page.getByTestId("inventory-item")).toHaveCount(1);
  // Picked with the keyboard: focus the checkbox and press space.
  await page.getByRole("checkbox", { name: /AWP \| Asiimov/ }).focus();
  await page.keyboard.press("Space");
  await page.getByLabel("Sök").fill("");
  await page.getByRole("checkbox", { name: /Operation Breakout Weapon Case/ }).check();
  await expect(page.getByText("2 valda")).toBeVisible();
  await page.getByRole("button", { name: "Få pris" }).click();

  await expect(page).toHaveURL(/\/salja\/offert\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("quote-accepted")).toContainText("AWP | Asiimov");
  await expect(page.getByTestId("quote-refused")).toContainText("Föremålet går inte att byta på Steam.");
  const totals = page.getByTestId("quote-totals");
  // 70 % of 2 000 kr = 1 400 kr; Silver +1 % = 14 kr.
  await expect(totals).toContainText(/Nivåbonus Silver \(\+1 %\)14\skr/);
  await expect(totals).toContainText(/Du får1\s414\skr/);
  await expect(page.getByText("+2 800 poäng")).toBeVisible();
  await expect(page.getByText("+2 800 XP")).toBeVisible();
  await expect(page.getByText(/Utbetalning via Swish: senast nästa bankdag/)).toBeVisible();
  await expect(page.getByTestId("quote-countdown")).toContainText(/Offerten gäller i (9|10):\d\d/);
  await expectAccessible(page);
  await shoot(page, "salja-offert");

  // The quote page's own button posts to /mina-affarer and lands on the new order.
  const accept = page.getByRole("button", { name: "Acceptera och sälj" });
  await waitForHydration(accept);
  await accept.click();
  await expect(page).toHaveURL(/\/mina-affarer\/[0-9a-f-]{36}$/);
  orderUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("sell-order-status").first()).toHaveText("Granskas");
  await expect(page.getByTestId("security-code")).toHaveText(/^[A-Z2-9]{6}$/);

  // While that order is open /salja says so before any selection, and "Få pris" stays disabled with the reason.
  await page.goto(url("/salja"));
  const openOrder = "Du har redan en pågående order. Vänta tills den är klar eller avbryt den innan du lägger en ny.";
  await expect(page.getByTestId("limit-open_orders")).toContainText(openOrder);
  await page.getByRole("checkbox", { name: /AK-47 \| Redline/ }).check();
  await expect(page.getByTestId("limit-reason")).toHaveText(openOrder);
  await expect(page.getByRole("button", { name: "Få pris" })).toBeDisabled();
  await page.context().close();
});

test("the member watches the order move from review to paid as staff, Steam and the clock act", async ({ browser }) => {
  test.setTimeout(180_000);
  const member = await signedIn(browser, SELLER);
  const stream = member.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
  await member.goto(url(orderUrl));
  await stream;
  await member.waitForTimeout(300);
  const status = member.getByTestId("sell-order-status").first();
  await expect(status).toHaveText("Granskas");
  await expect(member.locator('[data-status="in_review"][data-state="current"]')).toBeVisible();
  const securityCode = await member.getByTestId("security-code").textContent();

  const staff = await signedIn(browser, ADMIN);
  await staff.goto(url("/admin/transactions/saljordrar"));
  await staff.getByRole("link", { name: securityCode ?? "" }).first().click();
  await expect(staff).toHaveURL(url(`/admin/transactions${orderUrl.replace("/mina-affarer", "/saljordrar")}`));
  await confirmAction(staff, "approve-order", "Godkänn");
  await expect(status).toHaveText("Väntar på trade-erbjudande");

  await confirmAction(staff, "set-offer", "Spara erbjudande", { "Trade-erbjudandets id": OFFER_ID });
  await expect(status).toHaveText("Erbjudande skickat — acceptera i Steam och kontrollera koden");
  await expect(member.getByRole("button", { name: "Avbryt ordern" })).toHaveCount(0);

  // The member accepts in Steam "8 days ago less 25 seconds"; the job first runs an hour after that moment.
  const acceptedAt = new Date(Date.now() - 8 * DAY + 25_000);
  steamApi.setOffer(OFFER_ID, { state: 3, tradeid: TRADE_ID, time_updated: Math.floor(acceptedAt.getTime() / 1000) });
  steamApi.setTrade(TRADE_ID, 3, { time_init: Math.floor(acceptedAt.getTime() / 1000) });
  await server.runJob("sell-orders", new Date(acceptedAt.getTime() + 60 * 60_000));
  await expect(status).toHaveText(/^Trade Protection till /);
  await shoot(member, "sell-order-protected");

  // Now (a day after the protection ended) the job schedules the payout, due at the unlock hour.
  await server.runJob("sell-orders");
  await expect(status).toHaveText(/^Utbetalning från /);
  // One payout time: the status, and the mail that announced it.
  const payoutTime = (await status.textContent())!.replace("Utbetalning från ", "");
  const scheduledMail = await smtp.waitFor((mail) => mail.to.includes(SELLER) && decodeQuotedPrintable(mail.raw).includes(`Utbetalning från ${payoutTime}`));
  expect(decodeQuotedPrintable(scheduledMail.raw)).not.toMatch(/1-5 minuter|1–5 minuter/);

  // The payout is due once its date passes; staff mark it paid in the queue.
  await expect
    .poll(
      async () => {
        await staff.goto(url("/admin/transactions/utbetalningar"));
        return staff.getByTestId("mark-paid").count();
      },
      { timeout: 60_000, intervals: [5_000] },
    )
    .toBe(1);
  const entry = staff.getByTestId("payout-entry");
  await expect(entry).toContainText("07•• ••• •12");
  await shoot(staff, "sell-payout-queue");
  // Where to pay: the full number beside the name BankID verified, shown for this order only.
  const reveal = entry.getByRole("button", { name: "Visa mottagare" });
  await waitForHydration(reveal);
  await reveal.click();
  const recipient = entry.getByTestId("payout-recipient");
  await expect(recipient).toContainText("070-123 45 12");
  await expect(recipient).toContainText("Test Medlem");
  await expect(reveal).toBeHidden();
  await shoot(staff, "sell-payout-recipient");
  await confirmAction(staff, "mark-paid", "Markera som utbetald", { Referens: "SWISH-778899" }, "Swish-nummer 070-123 45 12");
  await expect(status).toHaveText(/^Utbetald 1\s414\skr via Swish, referens SWISH-778899$/);
  await expect(member.locator('[data-status="paid"][data-state="done"]')).toBeVisible();
  // The sale's points arrive through the ledger at payout, announced by the points popup.
  const popup = member.getByRole("dialog", { name: "Grattis!" });
  await expect(popup).toContainText(/Du har fått 2\s800 poäng/);
  await popup.getByRole("button", { name: "Toppen!" }).click();
  await expect(popup).toBeHidden();
  await shoot(member, "sell-order-paid");

  // "Mina affärer" is one click from the profile menu and lists the order as paid.
  await openMenu(member.getByRole("button", { name: "Profil" }), member.getByRole("menuitem", { name: "Mina affärer" }));
  await member.getByRole("menuitem", { name: "Mina affärer" }).click();
  await expect(member).toHaveURL(url("/mina-affarer"));
  await expect(member.getByTestId("sell-order-list").getByTestId("sell-order-status")).toHaveText(/^Utbetald /);
  // The order list and /salja link to each other.
  await member.getByRole("main").getByRole("link", { name: "Sälj nu", exact: true }).click();
  await expect(member).toHaveURL(url("/salja"));
  await member.getByRole("main").getByRole("link", { name: "Mina affärer", exact: true }).click();
  await expect(member).toHaveURL(url("/mina-affarer"));

  // The paid mail carries the purchase document; the sale is in this year's statement.
  const paidMail = await smtp.waitFor((mail) => mail.to.includes(SELLER) && /Content-Type: application\/pdf/i.test(mail.raw));
  expect(decodeQuotedPrintable(paidMail.raw)).toContain("SWISH-778899");
  const statement = member.getByTestId("yearly-statement").first();
  await expect(statement).toContainText(String(new Date().getFullYear()));
  await expect(statement).toContainText(/1\s414/);

  // The reveal is in the audit log.
  await staff.goto(url("/admin/users/audit"));
  await expect(staff.getByRole("main")).toContainText("Mottagare visad");

  // The staff page shows the whole event log.
  await staff.goto(url(`/admin/transactions${orderUrl.replace("/mina-affarer", "/saljordrar")}`));
  await expect(staff.getByTestId("sell-order-events").locator("li")).toHaveCount(6);
});

test("every Transactions view carries one sub-navigation, at 375 px too", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const page = await signedIn(browser, ADMIN, width);
    for (const [path, label] of [
      ["/admin/transactions", "Affärer"],
      ["/admin/transactions/prislista", "Prislista"],
      ["/admin/transactions/saljordrar", "Säljordrar"],
      [`/admin/transactions${orderUrl.replace("/mina-affarer", "/saljordrar")}`, "Säljordrar"],
      ["/admin/transactions/utbetalningar", "Utbetalningar"],
      ["/admin/transactions/botar", "Botar"],
    ] as const) {
      await page.goto(url(path));
      const nav = page.getByTestId("transactions-nav");
      await expect(nav.getByRole("link")).toHaveText(["Affärer", "Prislista", "Säljordrar", "Utbetalningar", "Botar"]);
      await expect(nav.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    }
    await page.screenshot({ path: `${SHOTS}/transactions-nav-${width}.png` });
    await page.context().close();
  }
});

test("an admin imports a price-list CSV; the bad row is reported with its line", async ({ browser }) => {
  const page = await signedIn(browser, ADMIN);
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
  await page.screenshot({ path: `${SHOTS}/prislista-preview-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Importera 1 rader" }).click();
  await expect(page.getByTestId("price-list-message")).toHaveText("1 priser importerade, 2 rader med fel hoppades över.");
  await page.getByLabel("Sök föremål").fill("howl");
  await page.getByRole("button", { name: "Sök" }).click();
  await expect(page.getByTestId("price-list")).toContainText("M4A4 | Howl (Minimal Wear)");
  await page.goto(url("/admin/transactions/prislista"));
  await shoot(page, "prislista");
  await page.context().close();
});
