/**
 * A sell order followed live in Chromium (docs/rules/selling.md#member-pages): a member with an
 * accepted quote over 1 000 kr watches /mina-affarer/{id} move through review, the trade offer,
 * Trade Protection, the scheduled payout and the payout as staff act in the admin and the fake
 * Steam Web API and the server's job clock move on. Screenshots of the order page and the payout
 * queue at 1280 and 375 px.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createPayoutKeyring } from "../../app/modules/selling/payout-encryption.server";
import { createQuote, createSeller } from "../../app/modules/selling/sell-order-fixtures";
import { acceptQuote } from "../../app/modules/selling/sell-orders.server";
import type { Database } from "../../app/platform/db/client.server";
import { account, profiles, user, user_roles } from "../../app/platform/db/schema";
import { FakeSteamWebApi } from "../../server/fakes/steam-web-api";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { openMenu } from "./helpers/menus";

test.describe.configure({ mode: "serial" });

const PASSWORD = "Hemligt#2026";
const MEMBER = "saljare.live@example.se";
const STAFF = "personal.salj@example.se";
const SHOTS = "screenshots";
const OFFER_ID = "6100000001";
const TRADE_ID = "8100000001";
const DAY = 24 * 60 * 60_000;

let server: TestServer;
let fake: FakeSteamWebApi;
let orderId = "";
let securityCode = "";

/** Signs in with PASSWORD; the profile is made fresh, so the welcome-back dialog stays away. */
async function withPassword(database: Database, userId: string) {
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await database.db.update(profiles).set({ created_at: new Date() }).where(eq(profiles.user_id, userId));
  await database.db.insert(account).values({ accountId: userId, providerId: "credential", userId, password: await hashPassword(PASSWORD) });
}

async function prepare(database: Database) {
  const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
  const memberId = await createSeller(database.db, keyring, { email: MEMBER, firstName: "Sara" });
  await withPassword(database, memberId);
  const staffId = await createSeller(database.db, keyring, { email: STAFF, firstName: "Personal" });
  await withPassword(database, staffId);
  await database.db.insert(user_roles).values({ user_id: staffId, role: "admin" });
  const quoteId = await createQuote(database.db, memberId, { prices: [90_000, 20_000], levelBonusPercent: 1, bulkBonusPercent: 2 });
  const accepted = await acceptQuote(database.db, { userId: memberId, quoteId }, { steam: { apiUrl: fake.url, apiKey: fake.apiKey } });
  if (!accepted.ok) throw new Error(accepted.message);
  orderId = accepted.value.id;
  securityCode = accepted.value.securityCode;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await new FakeSteamWebApi().start();
  server = await startTestServer({ LOG_LEVEL: "warn", STEAM_API_URL: fake.url, STEAM_API_KEY: fake.apiKey }, { prepare });
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;

async function signedIn(browser: Browser, email: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(context);
  const page = await context.newPage();
  const response = await page.request.post(url("/auth.data"), { headers: { origin: server.url }, form: { intent: "signin", email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return page;
}

/** Opens a page and resolves once its realtime stream answers. */
async function openLive(page: Page, pathname: string) {
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
  await page.goto(url(pathname));
  await stream;
  await page.waitForTimeout(300);
}

/** A staff action: the form's button, then the one confirmation dialog's confirm button. */
async function confirmAction(staff: Page, testId: string, label: string, fill?: Record<string, string>) {
  const form = staff.getByTestId(testId);
  await waitForHydration(form.getByRole("button", { name: label }));
  for (const [field, value] of Object.entries(fill ?? {})) await form.getByLabel(field).fill(value);
  await form.getByRole("button", { name: label }).click();
  const dialog = staff.getByTestId(`${testId}-dialog`);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: label === "Spara erbjudande" ? "Spara" : label }).click();
  await expect(dialog).toBeHidden();
}

test("a member watches the order move from review to paid as staff, Steam and the clock act", async ({ browser }) => {
  test.setTimeout(180_000);
  const member = await signedIn(browser, MEMBER);
  await openLive(member, `/mina-affarer/${orderId}`);
  const status = member.getByTestId("sell-order-status").first();
  await expect(status).toHaveText("Granskas");
  await expect(member.getByTestId("security-code")).toHaveText(securityCode);
  await expect(member.locator('[data-status="in_review"][data-state="current"]')).toBeVisible();

  const staff = await signedIn(browser, STAFF);
  await staff.goto(url(`/admin/transactions/saljordrar/${orderId}`));
  await confirmAction(staff, "approve-order", "Godkänn");
  await expect(status).toHaveText("Väntar på trade-erbjudande");

  await confirmAction(staff, "set-offer", "Spara erbjudande", { "Trade-erbjudandets id": OFFER_ID });
  await expect(status).toHaveText("Erbjudande skickat — acceptera i Steam och kontrollera koden");
  await expect(member.getByRole("button", { name: "Avbryt ordern" })).toHaveCount(0);

  // The member accepts in Steam "8 days ago less 25 seconds"; the job first runs an hour after that moment.
  const acceptedAt = new Date(Date.now() - 8 * DAY + 25_000);
  fake.setOffer(OFFER_ID, { state: 3, tradeid: TRADE_ID, time_updated: Math.floor(acceptedAt.getTime() / 1000) });
  fake.setTrade(TRADE_ID, 3);
  await server.runJob("sell-orders", new Date(acceptedAt.getTime() + 60 * 60_000));
  await expect(status).toHaveText(/^Trade Protection t\.o\.m\. /);
  await shoot(member, "order-protected");

  // Now (a day after the protection ended, 25 s before the payout date) the job schedules the payout.
  await server.runJob("sell-orders");
  await expect(status).toHaveText(/^Utbetalning /);

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
  await expect(staff.getByTestId("payout-entry")).toContainText("07•• ••• •12");
  await shootQueue(browser);
  await confirmAction(staff, "mark-paid", "Markera som utbetald", { Referens: "SWISH-778899" });
  await expect(status).toHaveText(/^Utbetald 1\s133\skr via Swish, referens SWISH-778899$/);
  await expect(member.locator('[data-status="paid"][data-state="done"]')).toBeVisible();
  // The sale's points arrive through the ledger at payout, announced by the points popup.
  const popup = member.getByRole("dialog", { name: "Grattis!" });
  await expect(popup).toContainText(/Du har fått 2\s200 poäng/);
  await popup.getByRole("button", { name: "Toppen!" }).click();
  await expect(popup).toBeHidden();
  await shoot(member, "order-paid");

  // "Mina affärer" is one click from the profile menu and lists the order as paid.
  await openMenu(member.getByRole("button", { name: "Profil" }), member.getByRole("menuitem", { name: "Mina affärer" }));
  await member.getByRole("menuitem", { name: "Mina affärer" }).click();
  await expect(member).toHaveURL(url("/mina-affarer"));
  await expect(member.getByTestId("sell-order-list").getByTestId("sell-order-status")).toHaveText(/^Utbetald /);

  // The staff page shows the whole event log.
  await staff.goto(url(`/admin/transactions/saljordrar/${orderId}`));
  await expect(staff.getByTestId("sell-order-events").locator("li")).toHaveCount(6);
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/sell-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/sell-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function shootQueue(browser: Browser) {
  for (const width of [1280, 375]) {
    const page = await signedIn(browser, STAFF, width);
    await page.goto(url("/admin/transactions/utbetalningar"));
    await expect(page.getByTestId("payout-entry")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/sell-payout-queue-${width}.png`, fullPage: true });
    await page.context().close();
  }
}
