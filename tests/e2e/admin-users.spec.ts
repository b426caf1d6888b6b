/**
 * The Users tab in Chromium against the production build (docs/rules/admin.md#users): an admin
 * finds a member, adjusts their points with a reason (balance, ledger row and audit row
 * change), revokes a role and the member's sessions, blocks the member (signed out, and the
 * sign-in form refuses them in Swedish), and names a contact person that the member's /profile
 * then shows. Refusals and hostile input are proven over HTTP (server/admin-users.test.ts).
 * Screenshots of the list, a member's page and the audit view at 1280 and 375 px go to
 * screenshots/admin-users-*.png.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { SIGN_IN_BLOCKED_MESSAGE } from "../../app/modules/accounts/social-sign-in-errors";
import type { Database } from "../../app/platform/db/client.server";
import { user_roles } from "../../app/platform/db/schema";
import { startTestServer, type TestServer } from "../../server/test-server";
import { BRONZE_TRADES, createAccount, giveTrades, MEMBER_PASSWORD, PLATINUM_TRADES } from "./helpers/loyalty-members";
import { screenshotFits } from "./helpers/screenshots";
import { currentCode, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const ADMIN = { email: "alva.admin@example.se", firstName: "Alva", lastName: "Admin" };
const MEMBER = { email: "petra.platina@example.se", firstName: "Petra", lastName: "Platina" };

let server: TestServer;
let memberId = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer(
    { LOG_LEVEL: "warn" },
    {
      async prepare(database: Database) {
        const adminId = await createAccount(database, { ...ADMIN, role: "admin" });
        memberId = await createAccount(database, MEMBER);
        await database.db.insert(user_roles).values({ user_id: memberId, role: "seo" });
        await giveTrades(database, adminId, memberId, PLATINUM_TRADES);
        for (let index = 0; index < 3; index++) {
          const other = await createAccount(database, { email: `medlem.${index}@example.se`, firstName: `Medlem${index}`, lastName: "Exempel" });
          await giveTrades(database, adminId, other, BRONZE_TRADES.slice(0, 1));
        }
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

async function confirm(page: Page, testId: string, button: string) {
  const dialog = page.getByTestId(testId);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("an admin finds a member and acts on them; the member feels each action", async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await signedIn(browser, server.url, ADMIN.email);
  const memberContext = await signedIn(browser, server.url, MEMBER.email);
  const page = await staff.newPage();
  const memberPage = await memberContext.newPage();

  // Find the member by name; the search is the URL's.
  await page.goto(`${server.url}/admin/users`);
  await page.getByRole("searchbox", { name: "Sök medlem" }).fill("Platina");
  await page.getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users\?q=Platina$/);
  // The table at this width (the cards are for narrow screens).
  const link = page.locator('[data-testid="member-link"]:visible', { hasText: MEMBER.email });
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(`${server.url}/admin/users/${memberId}`);
  await expect(page.getByTestId("member-name")).toHaveText("Petra Platina");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Adjust points with a reason: balance, ledger row and audit row change.
  const before = Number((await page.getByTestId("member-points").innerText()).replace(/\D/g, ""));
  await page.getByRole("spinbutton", { name: "Antal" }).fill("150");
  await page.getByRole("textbox", { name: "Anledning" }).fill("Kompensation för försenad utbetalning");
  await page.getByRole("button", { name: "Justera saldo" }).click();
  await expect(page.getByTestId("confirm-adjust")).toContainText("Lägg till 150 poäng");
  await confirm(page, "confirm-adjust", "Justera");
  await expect(toast(page, "Saldot är justerat")).toBeVisible();
  await expect(page.getByTestId("member-points")).toHaveText((before + 150).toLocaleString("sv-SE"));
  await expect(page.getByTestId("points-ledger").getByTestId("ledger-row").first()).toContainText("Justering: Kompensation för försenad utbetalning");
  await expect(page.getByTestId("member-audit").getByTestId("audit-row").first()).toContainText("Poäng justerade: +150");

  // Revoke the member's seo role.
  await page.getByTestId("role-seo").click();
  await confirm(page, "confirm-role-seo", "Ta bort rollen");
  await expect(toast(page, "Rollen är borttagen")).toBeVisible();
  expect((await memberPage.goto(`${server.url}/admin/seo`))?.status()).toBe(403);

  // Sign the member out everywhere.
  await expect(page.getByTestId("member-sessions")).not.toHaveText("0");
  await page.getByTestId("revoke-sessions").click();
  await confirm(page, "confirm-revoke-sessions", "Logga ut överallt");
  await expect(toast(page, "Sessionerna är avslutade")).toBeVisible();
  await expect(page.getByTestId("member-sessions")).toHaveText("0");
  await memberPage.goto(`${server.url}/profile`);
  await expect(memberPage).toHaveURL(/\/auth/);

  // Block: the member, signed in again, is signed out and cannot sign in.
  await memberContext.request.post(`${server.url}/auth.data`, { headers: { origin: server.url }, form: { intent: "signin", email: MEMBER.email, password: MEMBER_PASSWORD } });
  await page.reload();
  await page.getByTestId("block").click();
  await confirm(page, "confirm-block", "Spärra");
  await expect(toast(page, "Inloggningen är spärrad")).toBeVisible();
  await expect(page.getByTestId("blocked-badge")).toBeVisible();
  await memberPage.goto(`${server.url}/profile`);
  await expect(memberPage).toHaveURL(/\/auth/);
  await memberPage.goto(`${server.url}/auth?mode=signin`);
  await memberPage.getByRole("main").getByLabel("E-postadress").fill(MEMBER.email);
  await memberPage.getByRole("main").getByLabel("Lösenord", { exact: true }).fill(MEMBER_PASSWORD);
  await memberPage.getByRole("button", { name: "Logga in", exact: true }).click();
  // Signing in hashes the password: on a loaded machine the answer can take longer than 5 s.
  await expect(memberPage.getByText(SIGN_IN_BLOCKED_MESSAGE).first()).toBeVisible({ timeout: 15_000 });
  await expect(memberPage).toHaveURL(/\/auth/);

  // Unblock, then name the admin as the Platinum member's contact person.
  await page.getByTestId("unblock").click();
  await confirm(page, "confirm-unblock", "Häv spärren");
  await expect(toast(page, "Spärren är hävd")).toBeVisible();
  await page.getByRole("combobox", { name: "Personal", exact: true }).selectOption({ label: `${ADMIN.firstName} ${ADMIN.lastName} (${ADMIN.email})` });
  await page.getByTestId("save-contact").click();
  await confirm(page, "confirm-contact", "Spara");
  await expect(toast(page, "Kontaktpersonen är sparad")).toBeVisible();

  await memberPage.getByRole("button", { name: "Logga in", exact: true }).click();
  // The member holds a staff role (seo), so the code from the app comes next (decision 046).
  await expect(memberPage).toHaveURL(/mode=two-factor/);
  await memberPage.getByLabel("Kod från autentiseringsappen").fill(await currentCode(MEMBER.email));
  await memberPage.getByRole("button", { name: "Logga in", exact: true }).click();
  await expect(memberPage).not.toHaveURL(/\/auth/);
  await memberPage.goto(`${server.url}/profile`);
  const contact = memberPage.getByTestId("contact-person");
  await expect(contact).toContainText("Alva Admin");
  await expect(contact.getByRole("link", { name: ADMIN.email })).toHaveAttribute("href", `mailto:${ADMIN.email}`);

  // Every action is in the audit view.
  await page.goto(`${server.url}/admin/users/audit?action=member`);
  for (const text of ["Poäng justerade", "Roll borttagen", "Utloggad överallt", "Inloggning spärrad", "Spärr hävd", "Kontaktperson ändrad"]) {
    await expect(page.getByTestId("audit").locator(":visible", { hasText: text }).first()).toBeVisible();
  }
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await staff.close();
  await memberContext.close();
});

test("screenshots of the list, a member's page and the audit view at 1280 and 375 px", async ({ browser }) => {
  test.setTimeout(120_000);
  for (const width of [1280, 375]) {
    const context = await signedIn(browser, server.url, ADMIN.email, { width, height: 900 });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/users`);
    await screenshotFits(page, `screenshots/admin-users-list-${width}.png`);
    await page.goto(`${server.url}/admin/users/${memberId}`);
    await screenshotFits(page, `screenshots/admin-users-member-${width}.png`);
    await page.goto(`${server.url}/admin/users/audit`);
    await screenshotFits(page, `screenshots/admin-users-audit-${width}.png`);
    await context.close();
  }
});
