/**
 * The site's figures in Chromium against the production build (docs/decisions/055-site-figures.md):
 * an admin sets a review source on /admin/seo/omdomen, a wrong link is refused in Swedish, and the
 * home page, /omdomen and /om-oss show the computed figures and the source with its link.
 * Screenshots at 1280 and 375 px go to screenshots/site-figures-*.png. Refusals, hostile input and
 * the audit are the HTTP tests' (server/admin-review-sources.test.ts).
 */
import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { createAccount } from "./helpers/loyalty-members";
import { screenshotFits } from "./helpers/screenshots";
import { expectAccessible, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const ADMIN = "figur-admin@example.se";
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer(
    { LOG_LEVEL: "warn" },
    {
      prepare: async (database) => {
        const adminId = await createAccount(database, { email: ADMIN, firstName: "Ada", lastName: "Admin", role: "admin" });
        // 1 234 accounts with the admin, 2 400 completed trades over 80 days, half of them sales of 1 000 kr.
        await database.db.execute(sql`WITH made AS (
            INSERT INTO "user" (name, email) SELECT 'Medlem', 'figur-' || g || '@example.se' FROM generate_series(1, 1233) AS g RETURNING id, email
          ) INSERT INTO profiles (user_id, email) SELECT id, email FROM made`);
        await database.db.execute(sql`INSERT INTO trades (user_id, type, status, base_total_ore, total_ore, level_at_recording, payout_method, payment_method, completed_at)
            SELECT ${adminId}, CASE WHEN g % 2 = 0 THEN 'sale' ELSE 'purchase' END, 'completed', 100000, 100000, 'bronze',
                   CASE WHEN g % 2 = 0 THEN 'swish' END, CASE WHEN g % 2 = 1 THEN 'Swish' END,
                   now() - (g / 30 + 1) * interval '1 day'
              FROM generate_series(0, 2399) AS g`);
      },
    },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

test("an admin sets the Trustpilot source and the public pages show it with its link", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await signedIn(browser, server.url, ADMIN);
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/seo`);
  await page.getByTestId("seo-review-sources-link").click();
  await expect(page.getByRole("heading", { name: "Omdömen på sajten" })).toBeVisible();
  const card = page.getByTestId("review-trustpilot-card");
  await expect(card).toContainText("Visas inte på sajten");

  await card.getByLabel("Betyg (1,0–5,0)").fill("4,7");
  await card.getByLabel("Antal omdömen").fill("312");
  await card.getByLabel("Publik källa (länk)").fill("http://se.trustpilot.com/review/skinhamnen.se");
  await card.getByRole("button", { name: "Spara Trustpilot" }).click();
  await expect(card).toContainText("Ange länken till den publika sidan med omdömena, som börjar med https://.");

  await card.getByLabel("Publik källa (länk)").fill("https://se.trustpilot.com/review/skinhamnen.se");
  await card.getByRole("button", { name: "Spara Trustpilot" }).click();
  await expect(card).toContainText("Trustpilot är sparad");
  await expect(card).toContainText("Visas: 4,7 · 312 omdömen");
  await expectAccessible(page);
  await screenshotFits(page, "screenshots/site-figures-admin-1280.png");
  const narrow = await signedIn(browser, server.url, ADMIN, { width: 375, height: 800 });
  const phone = await narrow.newPage();
  await phone.goto(`${server.url}/admin/seo/omdomen`);
  await screenshotFits(phone, "screenshots/site-figures-admin-375.png");
  await narrow.close();
  await context.close();

  for (const width of [1280, 375]) {
    const visitor = await browser.newContext({ viewport: { width, height: 900 }, locale: "sv-SE", reducedMotion: "reduce" });
    await presetCookieChoice(visitor);
    const view = await visitor.newPage();
    for (const [path, name] of [["/", "home"], ["/omdomen", "omdomen"], ["/om-oss", "om-oss"]] as const) {
      await view.goto(`${server.url}${path}`);
      const sources = view.getByTestId("review-sources");
      await expect(sources, path).toContainText("4,7 · 312 omdömen");
      await expect(sources.getByRole("link", { name: /Källa: Trustpilot/ }), path).toHaveAttribute("href", "https://se.trustpilot.com/review/skinhamnen.se");
      await screenshotFits(view, `screenshots/site-figures-${name}-${width}.png`);
    }
    await view.goto(server.url);
    await expect(view.locator('[data-counter="customers"]')).toHaveText("1 200+");
    await expect(view.locator('[data-counter="rating"]')).toHaveText("4,7");
    await expect(view.getByLabel("Skinhamnen i siffror")).toContainText("2 400+");
    await visitor.close();
  }
});
