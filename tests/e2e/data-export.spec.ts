/**
 * "Ladda ner mina uppgifter" in a real browser (decision 048): by keyboard a member asks for
 * their archive, sees it being prepared, is mailed when it is ready, and downloads a ZIP that
 * holds their profile; the card fits a 375 px screen in every state.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { strFromU8, unzipSync } from "fflate";
import { account, profiles, user } from "../../app/platform/db/schema";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { screenshotFits } from "./helpers/screenshots";

test.describe.configure({ mode: "serial" });

const PASSWORD = "Hemligt#2026";
const EMAIL = "export.medlem@example.se";
const SHOTS = "screenshots/data-export";

let smtp: TestSmtpServer;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  smtp = await startTestSmtpServer();
  server = await startTestServer(
    { SMTP_URL: smtp.url, LOG_LEVEL: "warn" },
    {
      prepare: async (database) => {
        const [created] = await database.db.insert(user).values({ name: "Elsa", email: EMAIL, emailVerified: true }).returning({ id: user.id });
        await database.db.insert(account).values({ accountId: created!.id, providerId: "credential", userId: created!.id, password: await hashPassword(PASSWORD) });
        await database.db.insert(profiles).values({ user_id: created!.id, email: EMAIL, first_name: "Elsa", last_name: "Export", display_name: "Elsa" });
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function signIn(page: Page) {
  const response = await page.request.post(`${server.url}/auth.data`, { headers: { origin: server.url }, form: { intent: "signin", email: EMAIL, password: PASSWORD } });
  expect(response.status()).toBe(200);
}

test("a member asks by keyboard, is told the file is being prepared, is mailed, and downloads their archive", async ({ browser }) => {
  const context = await browser.newContext({ acceptDownloads: true });
  await presetCookieChoice(context, { analytics: false, marketing: false, functional: false });
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`${server.url}/profile#dina-uppgifter`);
  const card = page.getByRole("region", { name: "Dina uppgifter" });
  const ask = card.getByRole("button", { name: "Ladda ner mina uppgifter" });
  await waitForHydration(ask);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotFits(page, `${SHOTS}/tom-${width}.png`);
  }

  await ask.focus();
  await page.keyboard.press("Enter");
  // Prepared by the job right after the request; the page follows without a reload.
  const link = card.getByRole("link", { name: "Ladda ner filen" });
  await expect(card.getByText("Vi förbereder din fil…").or(link)).toBeVisible();
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("Kan laddas ner till");
  await expect(card.getByRole("button", { name: "Begär en ny fil" })).toBeDisabled();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotFits(page, `${SHOTS}/klar-${width}.png`);
  }

  const mail = await smtp.waitFor((m) => m.to.includes(EMAIL) && decodeQuotedPrintable(m.raw).includes("Dina uppgifter är klara att ladda ner"), 20_000);
  expect(decodeQuotedPrintable(mail.raw)).toContain("/profile#dina-uppgifter");

  await link.focus();
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mina-uppgifter-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = `${SHOTS}/arkiv.zip`;
  await download.saveAs(saved);
  const files = unzipSync(new Uint8Array(readFileSync(saved)));
  rmSync(saved);
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["profil.json", "affarer.json", "saljordrar.json", "vanvarvning.json", "nyhetsbrev.json", "samtycken.json"]));
  expect(JSON.parse(strFromU8(files["profil.json"]!))).toMatchObject({ account: { email: EMAIL }, profile: { first_name: "Elsa" } });
  await context.close();
});
