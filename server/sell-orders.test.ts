/**
 * Sell orders through the production build (docs/rules/selling.md#member-pages,
 * docs/rules/selling.md#staff-pages): accepting a quote at /mina-affarer, the member's order page
 * (owner only), cancelling, the staff actions and the payout queue — and hostile input getting a
 * Swedish 4xx that changes nothing. Steam is the local fake.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STEP_UP_MAX_AGE_MS } from "~/modules/accounts/accounts-constants";
import { TWO_FACTOR_MESSAGES } from "~/modules/accounts/two-factor-messages";
import { createPayoutKeyring, payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { REVEAL_AUDIT_ACTION } from "~/modules/selling/payout-recipient.server";
import { acceptQuote } from "~/modules/selling/sell-orders.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { account, audit_log, mail_queue, payout_details, sell_orders, user } from "~/platform/db/schema";
import { TRADE_SHIELD } from "~/modules/bots/bot-constants";
import { payoutWaitsForDetails } from "~/modules/selling/sell-order-rules";
import { FakeSteamWebApi } from "./fakes/steam-web-api";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { ageStepUpOf, currentTotp, formBody, MEMBER_PASSWORD, signInCookie, makeStaff } from "./test-members";

let server: InProcessServer;
let fake: FakeSteamWebApi;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const sellers: { userId: string; cookie: string }[] = [];
let adminCookie: string;
const db = () => server.database.db;

async function signedInSeller(email: string) {
  const userId = await createSeller(db(), keyring, { email });
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await db().insert(account).values({ accountId: userId, providerId: "credential", userId, password: await hashPassword(MEMBER_PASSWORD) });
  return { userId, email, cookie: await signInCookie(server.url, email) };
}

beforeAll(async () => {
  fake = await new FakeSteamWebApi().start();
  server = await startInProcessServer({ STEAM_API_URL: fake.url, STEAM_API_KEY: fake.apiKey });
  sellers.push(await signedInSeller("saljare-1@example.se"), await signedInSeller("saljare-2@example.se"));
  const admin = await signedInSeller("saljadmin@example.se");
  await makeStaff(server, admin, "admin");
  adminCookie = admin.cookie;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

function post(path: string, fields: Record<string, string> | string, cookie: string | null, type = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { origin: server.url, "content-type": type, ...(cookie ? { cookie } : {}) },
    body: typeof fields === "string" ? fields : formBody(fields),
    redirect: "manual",
  });
}

describe("accepting a quote at /mina-affarer", () => {
  it("refuses hostile input with a Swedish 400 and creates nothing", async () => {
    const [seller] = sellers;
    for (const body of [
      { intent: "accept", quoteId: "inte-ett-id" },
      { intent: "accept", quoteId: "00000000-0000-4000-8000-00000000000\u0000" },
      { intent: "radera", quoteId: "00000000-0000-4000-8000-000000000000" },
    ]) {
      const response = await post("/mina-affarer.data", body, seller!.cookie);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/Offerten saknas eller är ogiltig|Ogiltig förfrågan|tecken som inte är tillåtna/);
    }
    const json = await post("/mina-affarer.data", "[1,2]", seller!.cookie, "application/json");
    expect(json.status).toBe(400);
    expect(await db().select().from(sell_orders).where(eq(sell_orders.user_id, seller!.userId))).toHaveLength(0);
  });

  it("answers an expired quote with 410 and another member's quote with 404", async () => {
    const [seller, other] = sellers;
    const expired = await createQuote(db(), seller!.userId, { expiresAt: new Date(Date.now() - 1_000) });
    const gone = await post("/mina-affarer.data", { intent: "accept", quoteId: expired }, seller!.cookie);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("Offerten har gått ut");
    const foreign = await createQuote(db(), other!.userId);
    expect((await post("/mina-affarer.data", { intent: "accept", quoteId: foreign }, seller!.cookie)).status).toBe(404);
  });

  it("accepts a quote, sends the member to the order page, which only its owner sees", async () => {
    const [seller, other] = sellers;
    const quoteId = await createQuote(db(), seller!.userId);
    const response = await post("/mina-affarer", { intent: "accept", quoteId }, seller!.cookie);
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/mina-affarer\/[0-9a-f-]{36}$/);
    const [order] = await db().select().from(sell_orders).where(eq(sell_orders.quote_id, quoteId));

    const page = await fetch(`${server.url}${location}`, { headers: { cookie: seller!.cookie } });
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(order!.security_code);
    expect(html).toContain("Väntar på trade-erbjudande");

    expect((await fetch(`${server.url}${location}`, { headers: { cookie: other!.cookie } })).status).toBe(404);
    const list = await fetch(`${server.url}/mina-affarer`, { headers: { cookie: seller!.cookie } });
    expect((await list.text()).replace(/<!-- -->/g, "")).toContain("Väntar på trade-erbjudande");
    const empty = await fetch(`${server.url}/mina-affarer`, { headers: { cookie: other!.cookie } });
    expect(await empty.text()).toContain("Du har inga säljordrar än.");

    const unknownIntent = await post(`${location}.data`, { intent: "radera" }, seller!.cookie);
    expect(unknownIntent.status).toBe(400);
    expect(await unknownIntent.text()).toContain("Ogiltig förfrågan.");
    // Another member cannot cancel it; its owner can, once.
    expect((await post(`${location}.data`, { intent: "cancel" }, other!.cookie)).status).toBe(404);
    expect((await post(`${location}.data`, { intent: "cancel" }, seller!.cookie)).status).toBe(200);
    const again = await post(`${location}.data`, { intent: "cancel" }, seller!.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Ordern kan inte ändras så nu");
  });
});

describe("new payout details (docs/rules/selling.md#payouts)", () => {
  it("changed an hour ago: the member accepts, and the order page says only the payout waits", async () => {
    const seller = await signedInSeller("nya-uppgifter@example.se");
    const usableAt = new Date(Date.now() + 23 * 60 * 60_000);
    await db().update(payout_details).set({ usable_at: usableAt }).where(eq(payout_details.user_id, seller.userId));
    const quoteId = await createQuote(db(), seller.userId);
    const response = await post("/mina-affarer", { intent: "accept", quoteId }, seller.cookie);
    expect(response.status).toBe(302);
    const page = await fetch(`${server.url}${response.headers.get("location")}`, { headers: { cookie: seller.cookie } });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Utbetalningen väntar");
    expect(html).toContain(payoutWaitsForDetails(usableAt.toISOString()).replace(/&/g, "&amp;"));
  });
});

describe("cancelling on the member's order page without JavaScript", () => {
  it("posts the page's cancel form and shows the outcome on the page it answers with", async () => {
    const [seller] = sellers;
    const quoteId = await createQuote(db(), seller!.userId);
    const location = (await post("/mina-affarer", { intent: "accept", quoteId }, seller!.cookie)).headers.get("location") ?? "";
    // The form as the browser posts it: a document request with the form's hidden intent.
    const page = await fetch(`${server.url}${location}`, { headers: { cookie: seller!.cookie } });
    expect(await page.text()).toMatch(/<form[^>]*method="post"[^>]*>\s*<input type="hidden" name="intent" value="cancel"/);
    // The page's markup only: the answer's data also travels in a script for the browser.
    const markup = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    const cancelled = await post(location, { intent: "cancel" }, seller!.cookie);
    expect(cancelled.status).toBe(200);
    expect(await markup(cancelled)).toMatch(/role="status"[^>]*>(?:(?!role=)[\s\S])*Ordern är avbruten\./);
    const again = await post(location, { intent: "cancel" }, seller!.cookie);
    expect(again.status).toBe(409);
    expect(await markup(again)).toMatch(/role="alert"[^>]*>(?:(?!role=)[\s\S])*Ordern kan inte ändras så nu/);
  });
});

describe("the trade shield on the member's order page (docs/rules/bots.md#trade-shield)", () => {
  it("only the owner reports another offer, once; the page warns; confirming lifts the hold once; a closed order cannot be reported", async () => {
    const seller = await signedInSeller("skold@example.se");
    const [, other] = sellers;
    const quoteId = await createQuote(db(), seller.userId);
    const location = (await post("/mina-affarer", { intent: "accept", quoteId }, seller.cookie)).headers.get("location")!;
    const page = `${location}.data`;
    expect((await post(page, { intent: "report-other-offer" }, other!.cookie)).status).toBe(404);
    expect((await post(page, { intent: "account-safe" }, other!.cookie)).status).toBe(404);
    const reported = await post(page, { intent: "report-other-offer" }, seller.cookie);
    expect(reported.status).toBe(200);
    expect(await reported.text()).toContain(TRADE_SHIELD.reported);
    // A double submit acts once: one flag, one mail, one audit row.
    expect((await post(page, { intent: "report-other-offer" }, seller.cookie)).status).toBe(200);
    const [order] = await db().select().from(sell_orders).where(eq(sell_orders.quote_id, quoteId));
    expect(order!.hijack_flagged_at).not.toBeNull();
    expect(await db().select().from(mail_queue).where(and(eq(mail_queue.to_address, seller.email), eq(mail_queue.template, "tradeShieldWarning")))).toHaveLength(1);
    expect(await db().select().from(audit_log).where(and(eq(audit_log.entity_id, order!.id), eq(audit_log.action, "sell_order.shield_flag")))).toHaveLength(1);
    const held = await fetch(`${server.url}${location}`, { headers: { cookie: seller.cookie } });
    const html = await held.text();
    expect(html).toContain(TRADE_SHIELD.warningTitle);
    expect(html).toContain(TRADE_SHIELD.apiKeyUrl);
    expect(html).not.toContain("Jag fick ett annat erbjudande</button>");
    const safe = await post(page, { intent: "account-safe" }, seller.cookie);
    expect(await safe.text()).toContain(TRADE_SHIELD.released);
    expect(await (await post(page, { intent: "account-safe" }, seller.cookie)).text()).toContain(TRADE_SHIELD.alreadyReleased);
    expect(await (await fetch(`${server.url}${location}`, { headers: { cookie: seller.cookie } })).text()).not.toContain(TRADE_SHIELD.warningTitle);
    // Once the order is closed there is nothing to report.
    expect((await post(page, { intent: "cancel" }, seller.cookie)).status).toBe(200);
    const late = await post(page, { intent: "report-other-offer" }, seller.cookie);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(TRADE_SHIELD.notNow);
  });
});

describe("the staff's sell-order pages", () => {
  it("refuses a bad trade offer id, a missing reference and an unknown order in Swedish", async () => {
    const [, seller] = sellers;
    const quoteId = await createQuote(db(), seller!.userId);
    await post("/mina-affarer", { intent: "accept", quoteId }, seller!.cookie);
    const [order] = await db().select().from(sell_orders).where(eq(sell_orders.quote_id, quoteId));
    const path = `/admin/transactions/saljordrar/${order!.id}.data`;

    const bad = await post(path, { intent: "set-offer", tradeOfferId: "1; DROP TABLE" }, adminCookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Ange trade-erbjudandets id");
    const tooMany = await post(path, { intent: "allow-orders", maxOpenOrders: "99" }, adminCookie);
    expect(tooMany.status).toBe(400);
    expect((await post(path, { intent: "set-offer", tradeOfferId: "5550001" }, seller!.cookie)).status).toBe(403);

    const saved = await post(path, { intent: "set-offer", tradeOfferId: "5550001" }, adminCookie);
    expect(saved.status).toBe(200);
    const [after] = await db().select().from(sell_orders).where(eq(sell_orders.id, order!.id));
    expect(after).toMatchObject({ status: "offer_sent", trade_offer_id: "5550001" });

    const noReference = await post("/admin/transactions/utbetalningar.data", { intent: "mark-paid", orderId: order!.id, reference: "  " }, adminCookie);
    expect(noReference.status).toBe(400);
    expect(await noReference.text()).toContain("Ange betalningens referens");
    const notDue = await post("/admin/transactions/utbetalningar.data", { intent: "mark-paid", orderId: order!.id, reference: "REF-1" }, adminCookie);
    expect(notDue.status).toBe(409);
    const unknown = await post(
      "/admin/transactions/utbetalningar.data",
      { intent: "mark-paid", orderId: "00000000-0000-4000-8000-000000000000", reference: "REF-1" },
      adminCookie,
    );
    expect(unknown.status).toBe(404);

    const sent = await fetch(`${server.url}/admin/transactions/saljordrar?status=offer_sent`, { headers: { cookie: adminCookie } });
    expect(await sent.text()).toContain(order!.security_code);
    const paid = await fetch(`${server.url}/admin/transactions/saljordrar?status=paid`, { headers: { cookie: adminCookie } });
    const paidHtml = await paid.text();
    expect(paidHtml).toContain("Inga säljordrar.");
    expect(paidHtml).not.toContain(order!.security_code);
    const junk = await fetch(`${server.url}/admin/transactions/saljordrar?status=bogus'&page=-4`, { headers: { cookie: adminCookie } });
    expect(junk.status).toBe(200);
    expect((await fetch(`${server.url}/admin/transactions/saljordrar?status=%00`, { headers: { cookie: adminCookie } })).status).toBe(400);

    const page = await fetch(`${server.url}/admin/transactions/saljordrar/${order!.id}`, { headers: { cookie: adminCookie } });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("5550001");
    expect(html).toContain("Erbjudande skickat");
  });
});

describe("revealing a recipient on the payout queue (decision 047)", () => {
  it("wants the admin's fresh step-up, then answers the full recipient and audits it; members and bad input are refused", async () => {
    const userId = await createSeller(db(), payoutKeyring(), { email: "mottagare@example.se" });
    const accepted = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId) }, { steam: { apiUrl: fake.url, apiKey: fake.apiKey } });
    if (!accepted.ok) throw new Error(accepted.message);
    const orderId = accepted.value.id;
    // The way an order reaches the queue is proved in app/modules/selling/sell-orders.server.test.ts.
    await db().update(sell_orders).set({ status: "payout_scheduled", payout_due_at: new Date() }).where(eq(sell_orders.id, orderId));
    const path = "/admin/transactions/utbetalningar.data";
    const body = { intent: "reveal-recipient", orderId };
    const reveals = () => db().select().from(audit_log).where(and(eq(audit_log.action, REVEAL_AUDIT_ACTION), eq(audit_log.entity_id, orderId)));

    await ageStepUpOf(db(), adminCookie, STEP_UP_MAX_AGE_MS + 1_000);
    const stale = await post(path, body, adminCookie);
    expect(stale.status).toBe(403);
    const staleText = await stale.text();
    expect(staleText).toContain(TWO_FACTOR_MESSAGES.stepUpRequired);
    expect(staleText).not.toContain("070-123 45 12");
    expect(await reveals()).toHaveLength(0);

    const stepUp = await post("/profile/bekrafta", { intent: "code", code: await currentTotp("saljadmin@example.se"), redirectTo: "/admin/transactions/utbetalningar" }, adminCookie);
    expect(stepUp.status).toBe(302);
    const shown = await post(path, body, adminCookie);
    expect(shown.status).toBe(200);
    const shownText = await shown.text();
    expect(shownText).toContain("070-123 45 12");
    expect(shownText).toContain("Test Medlem");
    expect(await reveals()).toHaveLength(1);

    const member = await post(path, body, sellers[0]!.cookie);
    expect([403, 404]).toContain(member.status);
    expect(await member.text()).not.toContain("070-123 45 12");
    const hostileBodies: Record<string, string>[] = [{ intent: "reveal-recipient", orderId: "x\u0000" }, { intent: "reveal-recipient" }, { intent: "reveal-all", orderId }];
    for (const hostile of hostileBodies) {
      const refused = await post(path, hostile, adminCookie);
      expect(refused.status).toBe(400);
    }
    expect(await reveals()).toHaveLength(1);
  });
});
