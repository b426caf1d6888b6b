/**
 * The Dashboard and LTV Analytics tabs in Chromium against the production build: the
 * Dashboard renders its KPI cards and the volume chart as SVG, and staff move a contact
 * message to answered from it. The figures, the authorization and hostile input are proven
 * over HTTP (server/admin-insights.test.ts); screenshots of both tabs at 1280 and 375 px go to
 * the system's temporary folder.
 */
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { insertTrade } from "../../app/modules/insights/insights-fixtures";
import type { Database } from "../../app/platform/db/client.server";
import { account, profiles, user, user_roles } from "../../app/platform/db/schema";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { passSecondFactor } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const PASSWORD = "Hemligt#2026";
const ADMIN_EMAIL = "personal.admin@example.se";
const SHOTS = path.join(os.tmpdir(), "shots-admin-insights");

async function prepare(database: Database) {
  const db = database.db;
  const hash = await hashPassword(PASSWORD);
  const people = [
    { email: ADMIN_EMAIL, first: "Alva", last: "Admin", xp: 0 },
    { email: "sanna.saljare@example.se", first: "Sanna", last: "Säljare", xp: 120_000 },
    { email: "kalle.kopare@example.se", first: "Kalle", last: "Köpare", xp: 6_000 },
  ];
  const ids: string[] = [];
  for (const person of people) {
    const [created] = await db.insert(user).values({ name: person.first, email: person.email, emailVerified: true }).returning({ id: user.id });
    ids.push(created!.id);
    await db.insert(account).values({ accountId: created!.id, providerId: "credential", userId: created!.id, password: hash });
    await db.insert(profiles).values({
      user_id: created!.id,
      email: person.email,
      first_name: person.first,
      last_name: person.last,
      display_name: `${person.first} ${person.last}`,
      xp: person.xp,
    });
  }
  await db.insert(user_roles).values({ user_id: ids[0]!, role: "admin" });
  const day = 24 * 60 * 60 * 1000;
  for (let index = 0; index < 24; index++) {
    const at = new Date(Date.now() - (index % 28) * day - 60_000).toISOString();
    await insertTrade(db, { userId: ids[1 + (index % 2)]!, type: index % 3 === 0 ? "purchase" : "sale", ore: 50_000 + index * 12_300, completedAt: at });
  }
  await insertTrade(db, { userId: ids[1]!, type: "sale", ore: 99_900, status: "pending" });
  await db.execute(sql`INSERT INTO contact_messages (name, email, subject, message) VALUES
    ('Kim Kund', 'kim.kund@example.se', 'Fråga om utbetalning', 'Hej! När kommer min Swish-utbetalning?'),
    ('Lo Larsson', 'lo@example.se', 'Trade-länk', 'Min trade-länk verkar inte fungera.')`);
}

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer({ LOG_LEVEL: "warn" }, { prepare });
});

test.afterAll(async () => {
  await server?.stop();
});

async function adminPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "sv-SE" });
  await presetCookieChoice(context);
  const response = await context.request.post(`${server.url}/auth.data`, {
    headers: { origin: server.url },
    form: { intent: "signin", email: ADMIN_EMAIL, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await passSecondFactor(context, server.url, ADMIN_EMAIL, PASSWORD);
  return { context, page: await context.newPage() };
}

test("the Dashboard shows its KPI cards and chart, and staff answer a contact message", async ({ browser }) => {
  const { context, page } = await adminPage(browser, 1280);
  await page.goto(`${server.url}/admin/dashboard`);
  await expect(page.getByTestId("kpi")).toHaveCount(10);
  await expect(page.getByTestId("kpis")).toContainText("Väntande affärer");
  await expect(page.locator('[data-testid="volume-chart"] svg.recharts-surface').first()).toBeVisible();
  await expect(page.locator('[data-testid="volume-chart"] .recharts-bar-rectangle').first()).toBeAttached();
  // The value axis reads whole kronor ("3 000 kr"), never compact notation ("3 tn").
  const valueTicks = page.locator('[data-testid="volume-chart"] .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(valueTicks.last()).toHaveText(/^\d[\d\s]*\skr$/);

  const message = page.getByTestId("contact-message").filter({ hasText: "Fråga om utbetalning" });
  await expect(message.getByTestId("contact-status")).toHaveText("Ny");
  await message.getByRole("button", { name: "Markera som besvarat" }).click();
  await expect(message.getByTestId("contact-status")).toHaveText("Besvarad");
  await expect(message.getByRole("button")).toHaveCount(0);
  await expect(page.getByText("Markerat som besvarat")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("contact-message").filter({ hasText: "Fråga om utbetalning" }).getByTestId("contact-status")).toHaveText("Besvarad");
  await context.close();
});

test("screenshots of both tabs at 1280 and 375 px", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const { context, page } = await adminPage(browser, width);
    for (const tab of ["dashboard", "ltv"]) {
      await page.goto(`${server.url}/admin/${tab}`);
      await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${tab} at ${width} px`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SHOTS, `${tab}-${width}.png`), fullPage: true });
    }
    await context.close();
  }
});
