/**
 * The `bots` job (docs/rules/bots.md#profile-and-counts) on a real database against the local Steam
 * fakes: a bot signed in reads its profile, level and inventory size; a refused refresh token
 * marks it `session_expired` with the reason, and new credentials make it active again; a bot
 * turned off is not asked about; the list counts each bot's open offers. No secret reaches a column.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../../server/fakes/steam-community";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import { APP_JOBS } from "~/jobs.server";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { acceptQuote } from "~/modules/selling/sell-orders.server";
import { clearInventoryCache } from "~/modules/selling/steam-inventory.server";
import { sell_orders, trade_bots } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { BOT_MESSAGES, BOTS_JOB, BOTS_JOB_INTERVAL_MS } from "./bot-constants";
import { refreshBots, type BotRefreshDeps } from "./bot-profiles.server";
import { addBot, listBots, replaceBotCredentials, setBotEnabled } from "./bots.server";

let database: TestDatabase;
let api: FakeSteamWebApi;
let community: FakeSteamCommunity;
let deps: BotRefreshDeps;
let adminId: string;
const db = () => database.db;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const CREATED = new Date("2015-03-14T10:00:00Z");
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await new FakeSteamWebApi().start();
  community = await startFakeSteamCommunity(0, { trading: api.trading });
  deps = { apiUrl: api.url, communityUrl: community.url, imageUrl: `${community.url}/economy/image`, keyring };
  adminId = await createMember(db(), { email: "bot-jobb-admin@example.se" });
}, 60_000);
afterAll(async () => {
  await community?.stop();
  await api?.stop();
  await database?.close();
});
beforeEach(async () => {
  clearInventoryCache();
  await db().delete(sell_orders);
  await db().delete(trade_bots);
});

/** A bot known to the fake (profile and inventory set) and added to the site with its credentials. */
async function addFakeBot(options: { items?: number; level?: number } = {}) {
  sequence += 1;
  const steamId = `765611980000${String(20_000 + sequence).padStart(5, "0")}`;
  const credentials = api.trading.addBot(steamId);
  api.profiles.set(steamId, { personaname: `Skinhamnen Bot ${sequence}`, avatarfull: "https://avatars.example/bot.jpg", timecreated: CREATED.getTime() / 1000, player_level: options.level ?? 23 });
  community.setInventory(
    steamId,
    Array.from({ length: options.items ?? 3 }, (_, index) => ({ assetId: `${sequence}00${index}`, marketHashName: "AK-47 | Redline (Field-Tested)" })),
  );
  const secrets = { refresh_token: credentials.refreshToken, shared_secret: credentials.sharedSecret, identity_secret: credentials.identitySecret };
  const added = await addBot(db(), keyring, { actorUserId: adminId, steam_id: steamId, display_name: "Adminens namn", ...secrets });
  if (!added.ok) throw new Error(added.message);
  return { id: added.value.id, steamId, credentials, secrets };
}

const rowOf = async (id: string) => (await db().select().from(trade_bots).where(eq(trade_bots.id, id)))[0]!;

describe("the bots job", () => {
  it("is registered with the runner every 10 minutes", () => {
    expect(APP_JOBS.find((job) => job.name === BOTS_JOB)?.intervalMs).toBe(BOTS_JOB_INTERVAL_MS);
    expect(BOTS_JOB_INTERVAL_MS).toBe(600_000);
  });

  it("renews the session, acknowledges Trade Protection and stores the Steam name, avatar, level, account creation and inventory size", async () => {
    const bot = await addFakeBot({ items: 4, level: 31 });
    const now = new Date("2026-12-01T12:00:00Z");
    expect(api.trading.acknowledged.has(bot.steamId)).toBe(false);
    expect(await refreshBots(db(), now, deps)).toEqual({ checked: 1, active: 1, expired: 0, failed: 0 });
    // Steam's one-time Trade Protection acknowledgement, made as the bot (signed in, its sessionid).
    expect(api.trading.acknowledged.has(bot.steamId)).toBe(true);
    const row = await rowOf(bot.id);
    expect(row).toMatchObject({
      status: "active",
      last_error: null,
      display_name: `Skinhamnen Bot ${sequence}`,
      avatar_url: "https://avatars.example/bot.jpg",
      steam_level: 31,
      inventory_size: 4,
    });
    expect(row.account_created_at?.toISOString()).toBe(CREATED.toISOString());
    expect(row.profile_refreshed_at?.toISOString()).toBe(now.toISOString());
    const everything = JSON.stringify(row);
    for (const secret of Object.values(bot.secrets)) expect(everything).not.toContain(secret);
  });

  it("marks a bot whose refresh token Steam refuses as session_expired, and new credentials make it active again", async () => {
    const bot = await addFakeBot();
    api.trading.revokeRefreshToken(bot.credentials.refreshToken);
    expect(await refreshBots(db(), new Date(), deps)).toMatchObject({ expired: 1, active: 0 });
    expect(await rowOf(bot.id)).toMatchObject({ status: "session_expired", last_error: BOT_MESSAGES.sessionExpired, steam_level: null });

    // Staff sign the bot in again; until then a run leaves it expired.
    const fresh = api.trading.issueRefreshToken(bot.steamId);
    await db().update(trade_bots).set({ status: "session_expired" }).where(eq(trade_bots.id, bot.id));
    await replaceBotCredentials(db(), keyring, { actorUserId: adminId, botId: bot.id, ...bot.secrets, refresh_token: fresh });
    // A bot expired at the database (the sender marked it) is made active by a working session.
    await db().update(trade_bots).set({ status: "session_expired", last_error: BOT_MESSAGES.sessionExpired }).where(eq(trade_bots.id, bot.id));
    expect(await refreshBots(db(), new Date(), deps)).toMatchObject({ active: 1, expired: 0 });
    expect(await rowOf(bot.id)).toMatchObject({ status: "active", last_error: null, steam_level: 23 });
  });

  it("leaves a bot turned off alone, and a rate-limited one rate-limited", async () => {
    const off = await addFakeBot();
    await setBotEnabled(db(), { actorUserId: adminId, botId: off.id, enabled: false });
    const limited = await addFakeBot();
    await db().update(trade_bots).set({ status: "rate_limited" }).where(eq(trade_bots.id, limited.id));
    expect(await refreshBots(db(), new Date(), deps)).toMatchObject({ checked: 1, active: 1 });
    expect(await rowOf(off.id)).toMatchObject({ status: "disabled", profile_refreshed_at: null, inventory_size: null });
    expect(await rowOf(limited.id)).toMatchObject({ status: "rate_limited", steam_level: 23 });
  });

  it("notes an unreachable Steam without changing the status, and a private inventory", async () => {
    const bot = await addFakeBot();
    const down = await refreshBots(db(), new Date(), { ...deps, apiUrl: "http://127.0.0.1:9" });
    expect(down).toMatchObject({ failed: 1 });
    expect(await rowOf(bot.id)).toMatchObject({ status: "active", last_error: BOT_MESSAGES.steamUnreachable });
    community.setInventory(bot.steamId, { status: 403 });
    await refreshBots(db(), new Date(), deps);
    expect(await rowOf(bot.id)).toMatchObject({ status: "active", last_error: BOT_MESSAGES.inventoryPrivate, inventory_size: null });
  });

  it("asks Steam nothing when there is no bot", async () => {
    const before = api.calls.length;
    expect(await refreshBots(db(), new Date(), deps)).toEqual({ checked: 0, active: 0, expired: 0, failed: 0 });
    expect(api.calls.length).toBe(before);
  });
});

describe("the bots list", () => {
  it("counts each bot's offers still open (offer_sent), not other orders or other bots'", async () => {
    const first = await addFakeBot();
    const second = await addFakeBot();
    const orderIds: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      // One open order per member.
      const seller = await createSeller(db(), keyring, { email: `bot-saljare-${index}@example.se` });
      const accepted = await acceptQuote(db(), { userId: seller, quoteId: await createQuote(db(), seller) }, { steam: { apiUrl: api.url, apiKey: api.apiKey } });
      if (!accepted.ok) throw new Error(accepted.message);
      orderIds.push(accepted.value.id);
    }
    const set = (id: string, values: Partial<typeof sell_orders.$inferInsert>) => db().update(sell_orders).set(values).where(eq(sell_orders.id, id));
    await set(orderIds[0]!, { status: "offer_sent", trade_offer_id: "6100000001", bot_id: first.id });
    await set(orderIds[1]!, { status: "offer_sent", trade_offer_id: "6100000002", bot_id: first.id });
    await set(orderIds[2]!, { status: "offer_sent", trade_offer_id: "6100000003", bot_id: second.id });
    await set(orderIds[3]!, { status: "cancelled", bot_id: first.id });
    const listed = await listBots(db());
    expect(listed.map((bot) => [bot.id, bot.activeOffers])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);
  });
});
