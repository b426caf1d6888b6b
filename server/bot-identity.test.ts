/**
 * The trade shield's bot identity (docs/rules/bots.md#the-bots-identity-for-sellers) through the
 * real server: the member's order page and the staff order page show, beside the security code,
 * the Steam name, profile link, level and account age of the bot the offer comes from and the
 * promise that a real offer carries the code and comes from that bot — and never a bot secret.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBot } from "~/modules/bots/bots.server";
import { payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { acceptQuote } from "~/modules/selling/sell-orders.server";
import { account, sell_orders, trade_bots, user } from "~/platform/db/schema";
import { FakeSteamWebApi } from "./fakes/steam-web-api";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { makeStaff, MEMBER_PASSWORD, signInCookie } from "./test-members";

let server: InProcessServer;
let fake: FakeSteamWebApi;
const db = () => server.database.db;
const guardSecret = () => randomBytes(20).toString("base64");
const SECRETS = {
  refresh_token: `eyJhbGciOiJFUzI1NiJ9.${randomBytes(48).toString("base64url")}.${randomBytes(32).toString("base64url")}`,
  shared_secret: guardSecret(),
  identity_secret: guardSecret(),
};
const BOT_STEAM_ID = "76561198000002002";
let seller: { userId: string; cookie: string };
let other: { userId: string; cookie: string };
let adminCookie: string;
let botId: string;

async function signedIn(email: string, staff = false) {
  const userId = await createSeller(db(), payoutKeyring(), { email });
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await db().insert(account).values({ accountId: userId, providerId: "credential", userId, password: await hashPassword(MEMBER_PASSWORD) });
  const member = { userId, email, cookie: await signInCookie(server.url, email) };
  if (staff) await makeStaff(server, member, "admin");
  return member;
}

async function order(userId: string, withBot: boolean) {
  const accepted = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId) }, { steam: { apiUrl: fake.url, apiKey: fake.apiKey } });
  if (!accepted.ok) throw new Error(accepted.message);
  if (withBot) await db().update(sell_orders).set({ status: "offer_sent", trade_offer_id: "6200000001", bot_id: botId }).where(eq(sell_orders.id, accepted.value.id));
  const [row] = await db().select().from(sell_orders).where(eq(sell_orders.id, accepted.value.id));
  return row!;
}

const html = async (path: string, cookie: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  return { status: response.status, text: (await response.text()).replace(/<!-- -->/g, "") };
};

beforeAll(async () => {
  fake = await new FakeSteamWebApi().start();
  server = await startInProcessServer({ STEAM_API_URL: fake.url, STEAM_API_KEY: fake.apiKey });
  seller = await signedIn("skold-saljare@example.se");
  other = await signedIn("skold-annan@example.se");
  const admin = await signedIn("skold-admin@example.se", true);
  adminCookie = admin.cookie;
  const added = await addBot(db(), payoutKeyring(), { actorUserId: admin.userId, steam_id: BOT_STEAM_ID, display_name: "Skinhamnen Leverans 2", ...SECRETS });
  if (!added.ok) throw new Error(added.message);
  botId = added.value.id;
  await db()
    .update(trade_bots)
    .set({ steam_level: 37, account_created_at: new Date("2014-06-01T12:00:00Z"), last_error: "Internt fel som inte ska visas" })
    .where(eq(trade_bots.id, botId));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.stop();
});

describe("the bot's identity beside the security code", () => {
  it("shows the member the bot's Steam name, profile link, level, account age and the promise, and no secret", async () => {
    const row = await order(seller.userId, true);
    const page = await html(`/mina-affarer/${row.id}`, seller.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="bot-identity"');
    expect(page.text).toContain("Skinhamnen Leverans 2");
    expect(page.text).toContain(`href="https://steamcommunity.com/profiles/${BOT_STEAM_ID}"`);
    expect(page.text).toContain("Steam-nivå 37");
    expect(page.text).toMatch(/Konto skapat 2014 · \d+ år gammalt/);
    expect(page.text).toContain(`Ett äkta erbjudande från oss kommer alltid från Skinhamnen Leverans 2 och har koden ${row.security_code} i meddelandet.`);
    const [bot] = await db().select().from(trade_bots).where(eq(trade_bots.id, botId));
    for (const secret of [...Object.values(SECRETS), bot!.ciphertext, bot!.key_id, "Internt fel som inte ska visas"]) expect(page.text).not.toContain(secret);
    // The route's data answer carries no more than the page.
    const data = await html(`/mina-affarer/${row.id}.data`, seller.cookie);
    for (const secret of [...Object.values(SECRETS), bot!.ciphertext]) expect(data.text).not.toContain(secret);
    expect((await html(`/mina-affarer/${row.id}`, other.cookie)).status).toBe(404);

    const staff = await html(`/admin/transactions/saljordrar/${row.id}`, adminCookie);
    expect(staff.status).toBe(200);
    expect(staff.text).toContain('data-testid="bot-identity"');
    expect(staff.text).toContain(`https://steamcommunity.com/profiles/${BOT_STEAM_ID}`);
    for (const secret of Object.values(SECRETS)) expect(staff.text).not.toContain(secret);
  });

  it("shows no bot on an order no bot has sent", async () => {
    const row = await order(other.userId, false);
    const page = await html(`/mina-affarer/${row.id}`, other.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain(row.security_code);
    expect(page.text).not.toContain('data-testid="bot-identity"');
  });
});
