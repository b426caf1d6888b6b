/**
 * Live updates in Chromium against the production build: the points popup on whatever page a
 * member has open, and live blog lists for visitors. Events are published into the server's own
 * database (server/test-server.ts), exactly as the ledger and the blog publish them.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import type { Database } from "../../app/platform/db/client.server";
import { account, profiles, user } from "../../app/platform/db/schema";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";

test.describe.configure({ mode: "serial" });

const PASSWORD = "Hemligt#2026";
const MEMBER = "poang.kund@example.se";
const OTHER = "annan.kund@example.se";

let server: TestServer;
const ids: Record<string, string> = {};

async function createMembers(database: Database) {
  const hash = await hashPassword(PASSWORD);
  for (const email of [MEMBER, OTHER]) {
    const [created] = await database.db
      .insert(user)
      .values({ name: "Kund", email, emailVerified: true })
      .returning({ id: user.id });
    ids[email] = created!.id;
    await database.db.insert(account).values({
      accountId: created!.id,
      providerId: "credential",
      userId: created!.id,
      password: hash,
    });
    await database.db.insert(profiles).values({ user_id: created!.id, email, first_name: "Kund" });
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer({ LOG_LEVEL: "warn" }, { prepare: createMembers });
});

test.afterAll(async () => {
  await server?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;

/** Signs in through the /auth form's action with the page's own cookie jar, then waits for the live stream. */
async function signedInOn(page: Page, pathname: string) {
  const response = await page.request.post(url("/auth.data"), {
    headers: { origin: server.url },
    form: { intent: "signin", email: MEMBER, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await openWithStream(page, pathname);
}

/** Opens a page and resolves once its event stream has answered. */
async function openWithStream(page: Page, pathname: string) {
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
  await page.goto(url(pathname));
  await stream;
  // The server sends its first bytes once it listens; give the browser a moment to read them.
  await page.waitForTimeout(300);
}

const points = (userId: string, rowId: string, amount: number) =>
  server.publish({ type: "points", userId, rowId, amount, balance: amount });

test.beforeEach(async ({ context }) => {
  await presetCookieChoice(context);
});

test("a member earning points sees 'Grattis! Du har fått 1 500 poäng' on the page they have open, once per row", async ({
  page,
}) => {
  await signedInOn(page, "/faq");
  const popup = page.getByRole("dialog", { name: "Grattis!" });

  await points(ids[MEMBER]!, "row-1", 1_500);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("Du har fått 1\u00a0500 poäng");
  // Focus moved into the dialog; keyboard users can act on it at once.
  await expect(popup.getByRole("button", { name: "Toppen!" })).toBeVisible();
  expect(await popup.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  const axe = await new AxeBuilder({ page }).include('[data-testid="points-popup"]').analyze();
  expect(axe.violations).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(url("/faq"));

  // The same row again (a duplicate delivery) stays shut; a new row opens it again.
  await points(ids[MEMBER]!, "row-1", 1_500);
  await page.waitForTimeout(500);
  await expect(popup).toBeHidden();
  await points(ids[MEMBER]!, "row-2", 250);
  await expect(popup).toContainText("Du har fått 250 poäng");
  await popup.getByRole("button", { name: "Toppen!" }).click();
  await expect(popup).toBeHidden();
});

test("spending points or another member's award opens nothing", async ({ page }) => {
  await signedInOn(page, "/");
  await points(ids[MEMBER]!, "row-spent", -500);
  await points(ids[OTHER]!, "row-other", 900);
  // A public event after them proves the stream delivered the earlier ones already.
  const refetched = page.waitForRequest((r) => r.url().includes("_root.data") || r.url().includes(".data"));
  await server.publish({ type: "content", tag: "blog" });
  await refetched;
  await expect(page.getByRole("dialog", { name: "Grattis!" })).toHaveCount(0);
});

test("the popup fits a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signedInOn(page, "/profile");
  await points(ids[MEMBER]!, "row-mobile", 25_000);
  const popup = page.getByRole("dialog", { name: "Grattis!" });
  await expect(popup).toContainText("Du har fått 25\u00a0000 poäng");
  const box = await popup.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});

test("a visitor's blog list and the home page's latest posts refetch when a post is published", async ({ page }) => {
  for (const pathname of ["/blog", "/"]) {
    await openWithStream(page, pathname);
    const refetch = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(".data"));
    await server.publish({ type: "content", tag: "blog" });
    const request = await refetch;
    expect(new URL(request.url()).pathname).toBe(pathname === "/" ? "/_.data" : "/blog.data");
  }
  // Other content tags leave the blog alone.
  await openWithStream(page, "/blog");
  let refetched = false;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".data")) refetched = true;
  });
  await server.publish({ type: "content", tag: "shop" });
  await page.waitForTimeout(700);
  expect(refetched).toBe(false);
});
