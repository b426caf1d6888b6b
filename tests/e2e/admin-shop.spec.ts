/**
 * The Point Shop tab in Chromium against the production build, with a real SMTP server on
 * loopback: an admin creates an item with an uploaded picture (shown on /point-shop) and
 * cancels a member's order (points back on the member's balance, stock back in the list, the
 * member mailed), and a Gold member sees this month's Gold giveaway on /profile. Screenshots
 * of the items list, the item form and the orders list at 1280 and 375 px go to screenshots/. What HTTP tests prove (refusals, limits) is not repeated here.
 */
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { stockholmMonth } from "../../app/lib/stockholm-time";
import { creditXp } from "../../app/modules/loyalty/ledger.server";
import { purchaseItem } from "../../app/modules/shop/shop.server";
import { giveaways, point_shop_items } from "../../app/platform/db/schema";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { createAccount, giveTrades } from "./helpers/loyalty-members";
import { expectAccessible, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const ADMIN = "butiksadmin@example.se";
const BUYER = "muggkopare@example.se";
const MUG = "Skinhamnen-mugg";
const GOLD_MEMBER = "guldmedlem@example.se";
const GIVEAWAY = "Guldmånadens giveaway";

let smtp: TestSmtpServer;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startTestSmtpServer();
  server = await startTestServer(
    { SMTP_URL: smtp.url, LOG_LEVEL: "warn" },
    {
      prepare: async (database) => {
        const staff = await createAccount(database, { email: ADMIN, firstName: "Alma", lastName: "Admin", role: "admin" });
        const buyer = await createAccount(database, { email: BUYER, firstName: "Kim", lastName: "Köpare" });
        // A Gold member and this month's Gold giveaway, for the card on /profile.
        const goldMember = await createAccount(database, { email: GOLD_MEMBER, firstName: "Gull", lastName: "Guld" });
        await database.db.transaction((tx) =>
          creditXp(tx, { userId: goldMember, amount: 100_000, reason: "Start-XP", idempotencyKey: "e2e:gold-xp" }),
        );
        await database.db
          .insert(giveaways)
          .values({ title: GIVEAWAY, prize: "AWP | Asiimov", eligible_levels: ["gold", "platinum"], month: stockholmMonth(new Date()), created_by: staff });
        // 1 000 kr sold: 2 000 points.
        await giveTrades(database, staff, buyer, [{ type: "sale", items: [{ skinName: "AK-47 | Vulcan", wear: "MW", price: "1000" }] }]);
        const [mug] = await database.db
          .insert(point_shop_items)
          .values({ name: MUG, description: "En mugg.", point_cost: 600, category: "other", stock_quantity: 3 })
          .returning();
        const bought = await purchaseItem(database.db, buyer, mug!.id, { mail: false });
        if (!bought.ok) throw new Error(bought.message);
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const url = (pathname: string) => `${server.url}${pathname}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

const itemRow = (page: Page, name: string) => page.getByTestId("shop-items").locator("tr", { hasText: name });

test("an admin creates an item with an uploaded picture, and /point-shop shows it", async ({ browser }) => {
  const context = await signedIn(browser, server.url, ADMIN);
  const page = await context.newPage();
  await page.goto(url("/admin/point-shop"));
  await page.getByTestId("item-new").click();
  await expect(page).toHaveURL(url("/admin/point-shop/items/new"));
  await page.getByLabel("Namn").fill("Skinhamnen-keps");
  await page.getByLabel("Beskrivning").fill("Svart keps med brodyr.");
  await page.getByLabel("Pris i poäng").fill("750");
  await page.getByLabel("Lager").fill("10");
  await page.getByLabel("Kategori").selectOption("other");
  const picture = await sharp({ create: { width: 1000, height: 800, channels: 3, background: "#0f766e" } }).png().toBuffer();
  await page.getByTestId("image-file").setInputFiles({ name: "keps.png", mimeType: "image/png", buffer: picture });
  await expect(page.getByTestId("image-preview")).toHaveAttribute("src", /^\/images\/[0-9a-f-]{36}\/320\.webp$/);
  await expectAccessible(page);
  await page.getByTestId("item-save").click();
  await expect(page).toHaveURL(url("/admin/point-shop"));
  await expect(itemRow(page, "Skinhamnen-keps")).toContainText("10 st");

  const shop = await browser.newPage();
  await shop.goto(url("/point-shop"));
  const image = shop.locator('img[src^="/images/"]');
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute("src", /\/640\.webp$/);
  expect(await image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBe(640);
  await shop.close();
  await context.close();
});

test("an admin cancels an order: the points come back, the stock is restored and the member is mailed", async ({ browser }) => {
  const member = await signedIn(browser, server.url, BUYER);
  const memberPage = await member.newPage();
  await memberPage.goto(url("/point-shop"));
  await expect(memberPage.getByTestId("shop-balance")).toHaveText("1 400 poäng");

  const context = await signedIn(browser, server.url, ADMIN);
  const page = await context.newPage();
  await page.goto(url("/admin/point-shop?status=pending"));
  await expect(itemRow(page, MUG)).toContainText("2 st");
  const order = page.getByTestId("shop-orders").locator("tr", { hasText: MUG });
  await order.getByTestId("order-cancel").click();
  const dialog = page.getByTestId("confirm-order-cancel");
  await expect(dialog).toContainText("600 poäng går tillbaka");
  await dialog.getByRole("button", { name: "Annullera ordern" }).click();
  await expect(toast(page, "Ordern är annullerad")).toBeVisible();
  await expect(itemRow(page, MUG)).toContainText("3 st");
  await expect(page.getByText("Inga ordrar matchar filtret")).toBeVisible();

  await memberPage.reload();
  await expect(memberPage.getByTestId("shop-balance")).toHaveText("2 000 poäng");
  const mail = await smtp.waitFor((m) => m.to.includes(BUYER), 20_000);
  const body = decodeQuotedPrintable(mail.raw);
  expect(body).toContain(`Din order är annullerad: ${MUG}`);
  expect(body).toContain("600 poäng");
  await member.close();
  await context.close();
});

test("a Gold member sees this month's Gold giveaway on /profile", async ({ browser }) => {
  const context = await signedIn(browser, server.url, GOLD_MEMBER);
  const page = await context.newPage();
  await page.goto(url("/profile"));
  const card = page.getByRole("region", { name: "Månadens giveaways" });
  await expect(card).toBeVisible();
  await expect(card.getByText(GIVEAWAY)).toBeVisible();
  await expect(card.getByText("Du är med", { exact: true })).toBeVisible();
  await context.close();
});

test("screenshots of the items list, the item form and the orders list at 1280 and 375 px", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const context = await signedIn(browser, server.url, ADMIN, { width, height: 900 });
    const page = await context.newPage();
    await page.goto(url("/admin/point-shop"));
    await expect(page.getByRole("heading", { name: "Belöningar" })).toBeVisible();
    await page.screenshot({ path: `screenshots/admin-shop-items-${width}.png`, fullPage: true });
    await page.getByRole("heading", { name: "Ordrar" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/admin-shop-orders-${width}.png` });
    await page.goto(url("/admin/point-shop/items/new"));
    await page.getByTestId("item-save").click();
    await expect(page.getByText("Ange ett namn.").first()).toBeVisible();
    await page.screenshot({ path: `screenshots/admin-shop-form-${width}.png`, fullPage: true });
    if (width === 375) await expectAccessible(page);
    await context.close();
  }
});
