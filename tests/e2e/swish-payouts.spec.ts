/**
 * Swish payouts as staff and members see them (docs/decisions/051-swish-payouts.md), in Chromium
 * against the production server pointed at the local Swish payouts fake. Three sellers have a
 * due Swish payout: one is paid by the job runner with no staff step, one fails at Swish (the
 * number is not enrolled), one waits because its details changed just now. The admin's payout
 * queue says what happens to each and offers no way to pay a Swish payout by hand; the member
 * whose payout failed is told what to fix. Sending, callbacks, reconciliation and the crash
 * are proven in app/modules/selling/swish-payout-sender.server.test.ts and server/swish-payouts.test.ts.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { createDueOrder } from "../../app/modules/payouts/payout-batch-fixtures";
import { changePayoutDetails } from "../../app/modules/selling/payout-details.server";
import { createPayoutKeyring } from "../../app/modules/selling/payout-encryption.server";
import { swishPayoutErrorMessage, swishPayoutInstructionUuid } from "../../app/modules/selling/swish-payouts";
import { makeReadySeller } from "../../app/modules/selling/test-sellers";
import { readVerifiedPersonnummer } from "../../app/modules/identity/bankid.server";
import { payout_details } from "../../app/platform/db/schema";
import type { Database } from "../../app/platform/db/client.server";
import { startFakeSwishPayouts, type FakeSwishPayouts } from "../../server/fakes/swish-payouts";
import { startTestServer, type TestServer } from "../../server/test-server";
import { createAccount } from "./helpers/loyalty-members";
import { screenshotFits } from "./helpers/screenshots";
import { expectAccessible, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const ADMIN = "swishadmin@example.se";
const FAILING = { email: "swish.fel@example.se", phone: "0709876543", alias: "46709876543" };
const PAYOUT_KEY = randomBytes(32).toString("base64");
const keyring = createPayoutKeyring(PAYOUT_KEY);
const orders: { paid?: string; failing?: string; waiting?: string } = {};

let fake: FakeSwishPayouts;
let server: TestServer;

async function seller(database: Database, email: string, steamId: string, phone?: string, detailsUsable = true): Promise<string> {
  const id = await createAccount(database, { email, firstName: "Sara", lastName: "Säljare" });
  await makeReadySeller(database.db, id, steamId, keyring);
  if (phone) {
    const personnummer = (await readVerifiedPersonnummer(database.db, keyring, id))!;
    await changePayoutDetails(database.db, keyring, { userId: id, details: { method: "swish", phone, personnummer }, confirmedBy: "password" });
  }
  if (detailsUsable) await database.db.update(payout_details).set({ usable_at: sql`now() - interval '1 second'` }).where(eq(payout_details.user_id, id));
  return id;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeSwishPayouts(0, 0, { stepMs: 100 });
  fake.setOutcome(FAILING.alias, "ACMT07");
  server = await startTestServer(
    { LOG_LEVEL: "warn", PAYOUT_DETAILS_KEY: PAYOUT_KEY, ...fake.env(mkdtempSync(path.join(os.tmpdir(), "swish-e2e-"))) },
    {
      prepare: async (database) => {
        await createAccount(database, { email: ADMIN, firstName: "Alma", lastName: "Admin", role: "admin" });
        orders.paid = await createDueOrder(database.db, await seller(database, "swish.betald@example.se", "76561198000000801"), { method: "swish", priceOre: 31_250 });
        orders.failing = await createDueOrder(database.db, await seller(database, FAILING.email, "76561198000000802", FAILING.phone), { method: "swish", priceOre: 45_000 });
        // New details, changed just now: the payout waits out their 24 hours.
        orders.waiting = await createDueOrder(database.db, await seller(database, "swish.vantar@example.se", "76561198000000803", "0701112233", false), { method: "swish" });
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;
const entry = (page: Page, orderId: string) => page.locator(`[data-testid="payout-entry"][data-order-id="${orderId}"]`);

test("the job runner pays Swish payouts with no staff step; the queue says what happens to each and offers no hand payment", async ({ browser }) => {
  // The job's run (the server's own tick may come first; either way each is sent once).
  await server.runJob("sell-orders");
  await expect.poll(() => fake.payouts.get(swishPayoutInstructionUuid(orders.paid!, 1))?.callbacks.length ?? 0).toBe(3);
  await expect.poll(() => fake.payouts.get(swishPayoutInstructionUuid(orders.failing!, 1))?.callbacks.length ?? 0).toBe(2);
  expect(fake.payouts.has(swishPayoutInstructionUuid(orders.waiting!, 1))).toBe(false);

  const staff = await (await signedIn(browser, server.url, ADMIN)).newPage();
  await staff.goto(url("/admin/transactions/utbetalningar"));
  await expect(staff.getByText("Swish-utbetalningar skickas automatiskt när de förfaller")).toBeVisible();
  // Paid by Swish: gone from the queue.
  await expect(entry(staff, orders.paid!)).toHaveCount(0);
  const failure = swishPayoutErrorMessage("ACMT07");
  await expect(entry(staff, orders.failing!)).toContainText(`Misslyckades: Swish ACMT07: ${failure.staff}`);
  await expect(entry(staff, orders.failing!).getByRole("link", { name: "Försök igen från ordern" })).toBeVisible();
  await expect(entry(staff, orders.waiting!)).toContainText("Skickas automatiskt med Swish");
  await expect(entry(staff, orders.waiting!)).toContainText("Väntar: nya uppgifter kan användas från");
  // Nothing to pay by hand: no recipient to reveal, no "Markera som utbetald".
  await expect(staff.getByRole("button", { name: "Visa mottagare" })).toHaveCount(0);
  await expect(staff.getByTestId("mark-paid")).toHaveCount(0);
  await expectAccessible(staff);
  await screenshotFits(staff, "screenshots/swish-payout-queue-1280.png");
  await staff.setViewportSize({ width: 375, height: 800 });
  await screenshotFits(staff, "screenshots/swish-payout-queue-375.png");
  await staff.context().close();
});

test("the member whose Swish payout failed is told what to fix", async ({ browser }) => {
  const member = await (await signedIn(browser, server.url, FAILING.email, { width: 375, height: 800 })).newPage();
  await member.goto(url(`/mina-affarer/${orders.failing}`));
  await expect(member.getByText(swishPayoutErrorMessage("ACMT07").member)).toBeVisible();
  await screenshotFits(member, "screenshots/swish-payout-failed-member-375.png");
  await member.context().close();
});
