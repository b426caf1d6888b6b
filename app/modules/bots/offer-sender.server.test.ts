/**
 * The offer engine against a real database (PGlite, or PostgreSQL with DATABASE_URL, where the
 * races are real) and the local Steam fakes started in-process: sending, Steam's errors, the
 * claim across instances, lost answers, bot status, the poller's additions and the trade shield.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { audit_log, mail_queue, profiles, sell_order_events, sell_order_items, sell_orders, seller_limits, trade_bots, user } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { REALTIME_CHANNEL } from "~/platform/realtime/events";
import { updateOwnProfile } from "~/modules/accounts/profile-account.server";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { runSellOrderJob } from "~/modules/selling/sell-order-job.server";
import { acceptQuote, reviewOrder, setTradeOffer, type SellOrder } from "~/modules/selling/sell-orders.server";
import { clearTradeHoldCache } from "~/modules/selling/steam-trade-hold.server";
import { steamTradeApi, tradeOfferMessage } from "~/modules/selling/steam-trade-offers.server";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../../server/fakes/steam-community";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import type { FakeBotCredentials } from "../../../server/fakes/steam-trading";
import { OFFER_ENGINE, OFFER_PROBLEMS, TRADE_SHIELD } from "./bot-constants";
import { addBot, replaceBotCredentials } from "./bots.server";
import { OfferSender, sendOrderOffer, sendWaitingOffers, startOfferEngine, type OfferEngine } from "./offer-sender.server";
import { confirmSteamAccountSafe, reportOtherOffer } from "./trade-shield.server";
import { cancelOfferByStaff, resendOffer, switchToManual } from "./offer-staff-actions.server";

let database: TestDatabase;
let api: FakeSteamWebApi;
let community: FakeSteamCommunity;
let staffId: string;
const db = () => database.db;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
let botSequence = 0;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  api = await new FakeSteamWebApi().start();
  community = await startFakeSteamCommunity(0, { trading: api.trading });
  staffId = await createStaff(db());
});
afterAll(async () => {
  await community?.stop();
  await api?.stop();
  await database?.close();
});

beforeEach(async () => {
  // Each test brings its own bots; earlier ones are switched off so no test inherits their offers.
  await db().update(trade_bots).set({ status: "disabled" }).where(ne(trade_bots.status, "disabled"));
  api.trading.acceptDelayMs = null;
  api.trading.failNextSend(null);
  clearTradeHoldCache();
});

function engine(overrides: Partial<OfferEngine> & { fetchImpl?: typeof fetch } = {}): OfferEngine {
  const { fetchImpl, ...rest } = overrides;
  return { db: db(), keyring, steam: { apiUrl: api.url, communityUrl: community.url, apiKey: api.apiKey, fetchImpl }, siteName: "Skinhamnen", ...rest };
}

async function newBot(): Promise<{ id: string; credentials: FakeBotCredentials }> {
  botSequence += 1;
  const steamId = String(76561198900000000n + BigInt(botSequence) + BigInt(Math.floor(Math.random() * 1e6) * 100));
  const credentials = api.trading.addBot(steamId);
  const added = await addBot(db(), keyring, {
    actorUserId: staffId,
    steam_id: steamId,
    display_name: `Bot ${botSequence}`,
    refresh_token: credentials.refreshToken,
    shared_secret: credentials.sharedSecret,
    identity_secret: credentials.identitySecret,
  });
  if (!added.ok) throw new Error(added.message);
  return { id: added.value.id, credentials };
}

async function order(userId?: string): Promise<SellOrder & { memberSteamId: string }> {
  const seller = userId ?? (await createSeller(db(), keyring));
  clearTradeHoldCache();
  const accepted = await acceptQuote(db(), { userId: seller, quoteId: await createQuote(db(), seller, { prices: [25_000, 15_000] }) }, { steam: { apiUrl: api.url, apiKey: api.apiKey } });
  if (!accepted.ok) throw new Error(accepted.message);
  const [profile] = await db().select({ steamId: profiles.steam_id }).from(profiles).where(eq(profiles.user_id, seller));
  return { ...accepted.value, memberSteamId: profile!.steamId! };
}

async function row(orderId: string) {
  const [found] = await db().select().from(sell_orders).where(eq(sell_orders.id, orderId));
  return found!;
}

/** The fake's offers carrying this order's code (every attempt). */
function offersAtFake(securityCode: string) {
  return [...api.offers.entries()].filter(([, offer]) => offer.details?.message.includes(securityCode));
}

async function mailsTo(userId: string, template: string) {
  const [member] = await db().select({ email: user.email }).from(user).where(eq(user.id, userId));
  return db().select().from(mail_queue).where(and(eq(mail_queue.to_address, member!.email), eq(mail_queue.template, template)));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("sending (docs/rules/bots.md#sending)", () => {
  it("an accepted quote's offer goes out from the notice within seconds: the member's trade link, exactly the order's items, nothing given, the code", async () => {
    const bot = await newBot();
    const stop = startOfferEngine(database, engine());
    try {
      // The listener must be in place before the accept commits.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const placed = await order();
      const sent = await until(() => row(placed.id), (current) => current.status === "offer_sent");
      expect(Date.now() - started).toBeLessThan(30_000);
      const offers = offersAtFake(placed.securityCode);
      expect(offers).toHaveLength(1);
      const [offerId, offer] = offers[0]!;
      expect(sent).toMatchObject({ trade_offer_id: offerId, bot_id: bot.id, offer_attempt: 1, offer_claimed_at: null, offer_state: 2 });
      expect(offer.details).toMatchObject({
        owner: bot.credentials.steamId,
        partner: placed.memberSteamId,
        message: tradeOfferMessage("Skinhamnen", placed.securityCode),
        itemsToGive: [],
        itemsToReceive: ["1000000", "1000001"],
      });
      const events = await db().select().from(sell_order_events).where(eq(sell_order_events.order_id, placed.id));
      expect(events.map((event) => event.to_status)).toEqual(["awaiting_offer", "offer_sent"]);
    } finally {
      await stop();
    }
  });

  it("a reviewed order's offer goes out from the notice in the staff approval's transaction", async () => {
    await newBot();
    const stop = startOfferEngine(database, engine());
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const seller = await createSeller(db(), keyring);
      clearTradeHoldCache();
      const accepted = await acceptQuote(db(), { userId: seller, quoteId: await createQuote(db(), seller, { prices: [70_000, 50_000] }) }, { steam: { apiUrl: api.url, apiKey: api.apiKey } });
      if (!accepted.ok) throw new Error(accepted.message);
      expect(accepted.value.status).toBe("in_review");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(offersAtFake(accepted.value.securityCode)).toHaveLength(0);
      expect((await reviewOrder(db(), { actorUserId: staffId, orderId: accepted.value.id, approve: true })).ok).toBe(true);
      await until(() => row(accepted.value.id), (current) => current.status === "offer_sent");
      expect(offersAtFake(accepted.value.securityCode)).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it("no bot secret in audit rows, order events, mails, the bot's last error or the order", async () => {
    const bot = await newBot();
    const placed = await order();
    api.trading.failNextSend(16);
    await sendOrderOffer(engine(), placed.id);
    api.trading.revokeRefreshToken(bot.credentials.refreshToken);
    const second = await order();
    await sendOrderOffer(engine(), second.id);
    const [stored] = await db().select().from(trade_bots).where(eq(trade_bots.id, bot.id));
    expect(stored!.status).toBe("session_expired");
    const text = JSON.stringify([
      await db().select().from(audit_log),
      await db().select().from(sell_order_events),
      await db().select().from(mail_queue),
      stored!.last_error,
      await row(placed.id),
      await row(second.id),
    ]);
    for (const secret of [bot.credentials.refreshToken, bot.credentials.sharedSecret, bot.credentials.identitySecret]) expect(text).not.toContain(secret);
  });

  it("error 16 then the offer is found by its message: recorded, no second offer", async () => {
    await newBot();
    const placed = await order();
    api.trading.failNextSend(16);
    expect(await sendOrderOffer(engine(), placed.id)).toBe("sent");
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
    expect((await row(placed.id)).trade_offer_id).toBe(offersAtFake(placed.securityCode)[0]![0]);
    expect(await sendOrderOffer(engine(), placed.id)).toBe("skipped");
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
  });

  it("a send whose answer is lost (a timeout) is looked up: one offer", async () => {
    await newBot();
    const placed = await order();
    const losesSendAnswer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith("/tradeoffer/new/send")) throw new DOMException("timed out", "TimeoutError");
      return response;
    };
    expect(await sendOrderOffer(engine({ fetchImpl: losesSendAnswer }), placed.id)).toBe("sent");
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
    expect((await row(placed.id)).status).toBe("offer_sent");
  });

  /** Steam makes the offer, then nothing answers: neither the send nor the lookup (a process killed mid-send). */
  const diesAfterSteamSends: typeof fetch = async (input, init) => {
    if (String(input).includes("GetTradeOffers")) throw new DOMException("gone", "AbortError");
    const response = await fetch(input, init);
    if (String(input).endsWith("/tradeoffer/new/send")) throw new DOMException("gone", "AbortError");
    return response;
  };

  it("a process that dies after the claim and Steam's offer: the claim stays, and after the delay the next run finds the offer — no duplicate", async () => {
    await newBot();
    const placed = await order();
    expect(await sendOrderOffer(engine({ fetchImpl: diesAfterSteamSends }), placed.id)).toBe("unknown");
    const claimed = await row(placed.id);
    expect(claimed).toMatchObject({ status: "awaiting_offer", offer_attempt: 1 });
    expect(claimed.offer_claimed_at).not.toBeNull();
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
    // Another instance within the delay does nothing (the send may still be in flight).
    expect(await sendOrderOffer(engine(), placed.id)).toBe("skipped");
    const later = () => new Date(Date.now() + OFFER_ENGINE.lostAnswerAfterMs + 1_000);
    expect(await sendOrderOffer(engine({ now: later }), placed.id)).toBe("sent");
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
    expect(await row(placed.id)).toMatchObject({ status: "offer_sent", offer_attempt: 1, trade_offer_id: offersAtFake(placed.securityCode)[0]![0] });
  });

  it("an offer whose answer was lost and that the member declined before the lookup is still found: no second offer", async () => {
    await newBot();
    const placed = await order();
    expect(await sendOrderOffer(engine({ fetchImpl: diesAfterSteamSends }), placed.id)).toBe("unknown");
    const [[offerId]] = offersAtFake(placed.securityCode) as [[string, unknown]];
    // No longer active at Steam: only the historical cutoff finds it.
    expect(api.trading.endOfferByPartner(offerId, 7)).toBe(true);
    const later = () => new Date(Date.now() + OFFER_ENGINE.lostAnswerAfterMs + 1_000);
    expect(await sendOrderOffer(engine({ now: later }), placed.id)).toBe("sent");
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
    expect((await row(placed.id)).trade_offer_id).toBe(offerId);
  });

  it("a claim whose send never reached Steam is sent once after the delay", async () => {
    await newBot();
    const placed = await order();
    const unreachable: typeof fetch = async (input, init) => {
      if (String(input).endsWith("/tradeoffer/new/send") || String(input).includes("GetTradeOffers")) throw new DOMException("down", "AbortError");
      return fetch(input, init);
    };
    expect(await sendOrderOffer(engine({ fetchImpl: unreachable }), placed.id)).toBe("unknown");
    expect(offersAtFake(placed.securityCode)).toHaveLength(0);
    const later = () => new Date(Date.now() + OFFER_ENGINE.lostAnswerAfterMs + 1_000);
    expect(await sendOrderOffer(engine({ now: later }), placed.id)).toBe("sent");
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
  });

  it("two instances sending the same orders at once, and two kicks each: one offer per order", async () => {
    await newBot();
    await newBot();
    const orders = await Promise.all(Array.from({ length: 6 }, () => order()));
    const first = engine();
    const second = engine();
    const outcomes = await Promise.all(orders.flatMap((placed) => [sendOrderOffer(first, placed.id), sendOrderOffer(second, placed.id)]));
    expect(outcomes.filter((outcome) => outcome === "sent")).toHaveLength(orders.length);
    const more = await Promise.all(Array.from({ length: 4 }, () => order()));
    const senders = [new OfferSender(first), new OfferSender(second)];
    for (const placed of more) {
      for (const sender of senders) {
        sender.kick(placed.id);
        sender.kick(placed.id);
      }
    }
    await Promise.all(senders.map((sender) => sender.idle()));
    for (const placed of [...orders, ...more]) {
      expect(offersAtFake(placed.securityCode)).toHaveLength(1);
      expect((await row(placed.id)).status).toBe("offer_sent");
    }
  });
});

describe("Steam's errors (docs/rules/bots.md#errors)", () => {
  it("error 25: that bot rests and the next bot sends now", async () => {
    const first = await newBot();
    const second = await newBot();
    const placed = await order();
    api.trading.failNextSend(25);
    expect(await sendOrderOffer(engine(), placed.id)).toBe("sent");
    const sent = await row(placed.id);
    const [limited] = await db().select().from(trade_bots).where(inArray(trade_bots.id, [first.id, second.id])).then((bots) => bots.filter((bot) => bot.status === "rate_limited"));
    expect(limited).toBeDefined();
    expect(limited!.rate_limited_until!.getTime()).toBeGreaterThan(Date.now());
    expect(sent.bot_id).not.toBe(limited!.id);
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
  });

  it("no bot with room: the order waits, and is sent once a bot has room", async () => {
    const bot = await newBot();
    const until = new Date(Date.now() + 60_000);
    await db().update(trade_bots).set({ status: "rate_limited", rate_limited_until: until }).where(eq(trade_bots.id, bot.id));
    const placed = await order();
    expect(await sendOrderOffer(engine(), placed.id)).toBe("waiting");
    expect(await row(placed.id)).toMatchObject({ status: "awaiting_offer", bot_id: null, offer_claimed_at: null, offer_attempt: 0 });
    expect(offersAtFake(placed.securityCode)).toHaveLength(0);
    const later = () => new Date(until.getTime() + 1_000);
    expect(await sendWaitingOffers(engine({ now: later }))).toMatchObject({ sent: expect.any(Number) });
    expect((await row(placed.id)).status).toBe("offer_sent");
    const [active] = await db().select().from(trade_bots).where(eq(trade_bots.id, bot.id));
    expect(active).toMatchObject({ status: "active", rate_limited_until: null });
  });

  it("error 26: the order is cancelled with the reason, mailed", async () => {
    await newBot();
    const placed = await order();
    // The member no longer holds the items.
    api.trading.setInventory(placed.memberSteamId, ["42"]);
    expect(await sendOrderOffer(engine(), placed.id)).toBe("cancelled");
    expect(await row(placed.id)).toMatchObject({ status: "cancelled", offer_problem: OFFER_PROBLEMS.itemsGone, bot_id: null });
    const mails = await mailsTo(placed.userId, "sellOrderUpdate");
    expect(mails.some((mail) => mail.text.includes(OFFER_PROBLEMS.itemsGone))).toBe(true);
    expect(offersAtFake(placed.securityCode)).toHaveLength(0);
  });

  it("error 15: the member is told what to fix, once; a new trade link sends it", async () => {
    await newBot();
    const placed = await order();
    api.trading.setPartner(placed.memberSteamId, { token: "OtherTok" });
    expect(await sendOrderOffer(engine(), placed.id)).toBe("member_problem");
    expect(await row(placed.id)).toMatchObject({ status: "awaiting_offer", offer_problem: OFFER_PROBLEMS.cannotTrade, offer_problem_member: true, bot_id: null });
    // Not tried again until the member acts: no second mail, no offer.
    expect(await sendOrderOffer(engine(), placed.id)).toBe("skipped");
    expect(await sendWaitingOffers(engine())).toMatchObject({ tried: 0 });
    expect(await mailsTo(placed.userId, "sellOfferProblem")).toHaveLength(1);
    const [profile] = await db().select().from(profiles).where(eq(profiles.user_id, placed.userId));
    const accountId = BigInt(placed.memberSteamId) - 76561197960265728n;
    await updateOwnProfile(db(), placed.userId, {
      first_name: profile!.first_name ?? "Medlem",
      last_name: profile!.last_name,
      phone_number: profile!.phone_number,
      steam_trade_link: `https://steamcommunity.com/tradeoffer/new/?partner=${accountId}&token=OtherTok`,
    });
    expect(await row(placed.id)).toMatchObject({ offer_problem: null, offer_problem_member: false });
    const outcome = await sendOrderOffer(engine(), placed.id);
    expect([outcome, (await row(placed.id)).offer_problem]).toEqual(["sent", null]);
    expect(offersAtFake(placed.securityCode)).toHaveLength(1);
  });

  it("a trade hold found at send time is the member's problem, no offer", async () => {
    await newBot();
    const placed = await order();
    api.holds.set(placed.memberSteamId, 3 * 86_400);
    clearTradeHoldCache();
    try {
      expect(await sendOrderOffer(engine(), placed.id)).toBe("member_problem");
      expect(await row(placed.id)).toMatchObject({ offer_problem: OFFER_PROBLEMS.tradeHold(3), offer_problem_member: true });
      expect(offersAtFake(placed.securityCode)).toHaveLength(0);
    } finally {
      api.holds.delete(placed.memberSteamId);
    }
  });

  it("a bot that cannot sign in is marked and skipped; new credentials (a new refresh token) make it send again", async () => {
    const broken = await newBot();
    const working = await newBot();
    api.trading.revokeRefreshToken(broken.credentials.refreshToken);
    await db().update(trade_bots).set({ status: "disabled" }).where(eq(trade_bots.id, working.id));
    const first = await order();
    // Only the broken bot: marked, nothing sent.
    expect(await sendOrderOffer(engine(), first.id)).toBe("waiting");
    const [marked] = await db().select().from(trade_bots).where(eq(trade_bots.id, broken.id));
    expect(marked).toMatchObject({ status: "session_expired" });
    expect(marked!.last_error).not.toContain(broken.credentials.refreshToken);
    // With a working bot beside it, the order goes out from that one.
    await db().update(trade_bots).set({ status: "active" }).where(eq(trade_bots.id, working.id));
    expect(await sendOrderOffer(engine(), first.id)).toBe("sent");
    expect((await row(first.id)).bot_id).toBe(working.id);
    // The admin gives the broken bot a new refresh token: active again, its adapter renewed.
    const renewed = api.trading.issueRefreshToken(broken.credentials.steamId);
    await replaceBotCredentials(db(), keyring, {
      actorUserId: staffId,
      botId: broken.id,
      refresh_token: renewed,
      shared_secret: broken.credentials.sharedSecret,
      identity_secret: broken.credentials.identitySecret,
    });
    await db().update(trade_bots).set({ status: "disabled" }).where(eq(trade_bots.id, working.id));
    const second = await order();
    expect(await sendOrderOffer(engine(), second.id)).toBe("sent");
    expect((await row(second.id)).bot_id).toBe(broken.id);
  });

  it("a bot marked session-expired whose renewal works again is made active by the job", async () => {
    const bot = await newBot();
    await db().update(trade_bots).set({ status: "session_expired", last_error: "x" }).where(eq(trade_bots.id, bot.id));
    await sendWaitingOffers(engine());
    const [revived] = await db().select().from(trade_bots).where(eq(trade_bots.id, bot.id));
    expect(revived).toMatchObject({ status: "active", last_error: null });
  });
});

describe("no bot configured (docs/rules/selling.md#trade-offers)", () => {
  it("manual mode as before: nothing is claimed or sent, staff paste the offer id", async () => {
    const placed = await order();
    expect(await sendOrderOffer(engine(), placed.id)).toBe("waiting");
    expect(await sendWaitingOffers(engine())).toEqual({ tried: 0, sent: 0 });
    expect(await row(placed.id)).toMatchObject({ status: "awaiting_offer", bot_id: null, offer_attempt: 0, offer_claimed_at: null });
    const pasted = await setTradeOffer(db(), { actorUserId: staffId, orderId: placed.id, tradeOfferId: String(5_000_000_000 + Math.floor(Math.random() * 1e6)) });
    expect(pasted.ok).toBe(true);
  });
});

describe("following bot offers (docs/rules/bots.md#expiry)", () => {
  const steam = () => steamTradeApi({ apiUrl: api.url, apiKey: api.apiKey });

  it("an offer not accepted within 24 hours is cancelled at Steam and the order expires, mailed", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const [offerId] = offersAtFake(placed.securityCode)[0]!;
    await runSellOrderJob(db(), new Date(Date.now() + 23 * 3_600_000), steam(), engine());
    expect((await row(placed.id)).status).toBe("offer_sent");
    await runSellOrderJob(db(), new Date(Date.now() + 24 * 3_600_000 + 60_000), steam(), engine());
    expect(api.offers.get(offerId)!.state).toBe(6);
    expect(await row(placed.id)).toMatchObject({ status: "expired" });
    expect((await mailsTo(placed.userId, "sellOrderUpdate")).length).toBeGreaterThanOrEqual(3);
    // Our own cancel is not a quick decline: no shield flag.
    expect((await row(placed.id)).hijack_flagged_at).toBeNull();
  });

  it("a bot's offer and trade are read with the bot's own access token: the site's key (here refused) is not needed", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const [offerId] = offersAtFake(placed.securityCode)[0]!;
    api.trading.acceptOffer(offerId);
    const refusedKey = steamTradeApi({ apiUrl: api.url, apiKey: "not-the-key" });
    await runSellOrderJob(db(), new Date(), refusedKey, engine());
    expect(await row(placed.id)).toMatchObject({ status: "protected", steam_trade_id: api.offers.get(offerId)!.tradeid });
  });

  it("on accept the items' new asset ids from the trade's receipt are recorded with the move to protected, once", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const [offerId] = offersAtFake(placed.securityCode)[0]!;
    api.trading.acceptOffer(offerId);
    await runSellOrderJob(db(), new Date(), steam(), engine());
    expect((await row(placed.id)).status).toBe("protected");
    const trade = api.trades.get(api.offers.get(offerId)!.tradeid!)!;
    const items = await db().select().from(sell_order_items).where(eq(sell_order_items.order_id, placed.id));
    expect(items.map((item) => [item.asset_id, item.new_asset_id]).sort()).toEqual(trade.assets!.map((asset) => [asset.assetid, asset.new_assetid]).sort());
    // A state flip (accepted → active → accepted) is processed once.
    api.setOffer(offerId, { state: 2 });
    await runSellOrderJob(db(), new Date(), steam(), engine());
    api.setOffer(offerId, { state: 3 });
    await runSellOrderJob(db(), new Date(), steam(), engine());
    const events = await db().select().from(sell_order_events).where(and(eq(sell_order_events.order_id, placed.id), eq(sell_order_events.to_status, "protected")));
    expect(events).toHaveLength(1);
  });
});

describe("the trade shield (docs/rules/bots.md#trade-shield)", () => {
  const steam = () => steamTradeApi({ apiUrl: api.url, apiKey: api.apiKey });

  async function heldAt(userId: string) {
    const [limits] = await db().select().from(seller_limits).where(eq(seller_limits.user_id, userId));
    return limits?.offers_held_at ?? null;
  }

  it("a decline within a minute flags the order, holds the member, mails and tells them live; no new offer until they confirm", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const [offerId] = offersAtFake(placed.securityCode)[0]!;
    const heard: string[] = [];
    const listening = database.listen(REALTIME_CHANNEL, { onPayload: (payload) => heard.push(payload), onReconnect: () => {} });
    await listening.ready();
    try {
      expect(api.trading.endOfferByPartner(offerId, 7)).toBe(true);
      await runSellOrderJob(db(), new Date(), steam(), engine());
      const flagged = await row(placed.id);
      expect(flagged.status).toBe("declined");
      expect(flagged.hijack_flagged_at).not.toBeNull();
      expect(flagged.hijack_reason).toContain("status 7");
      expect(await heldAt(placed.userId)).not.toBeNull();
      const [warning] = await mailsTo(placed.userId, "tradeShieldWarning");
      expect(warning!.text).toContain(TRADE_SHIELD.apiKeyUrl);
      expect(warning!.text).toContain(TRADE_SHIELD.devicesUrl);
      expect(warning!.text).toContain("Avauktorisera alla andra enheter");
      await until(
        () => Promise.resolve(heard),
        (payloads) => payloads.some((payload) => payload.includes(`trade-shield:${placed.id}`)),
        5_000,
      );
    } finally {
      await listening.close();
    }
    // A new order waits: nothing goes to a held member.
    const next = await order(placed.userId);
    expect(await sendOrderOffer(engine(), next.id)).toBe("skipped");
    expect(await sendWaitingOffers(engine())).toMatchObject({ tried: 0 });
    expect(offersAtFake(next.securityCode)).toHaveLength(0);
    // The member confirms: the hold ends and the waiting order is noticed and sent.
    const sender = new OfferSender(engine());
    const notices = database.listen("skinhamnen_offers", { onPayload: (orderId) => sender.kick(orderId), onReconnect: () => {} });
    await notices.ready();
    try {
      expect(await confirmSteamAccountSafe(db(), { userId: placed.userId })).toEqual({ released: true });
      expect(await confirmSteamAccountSafe(db(), { userId: placed.userId })).toEqual({ released: false });
      await until(() => row(next.id), (current) => current.status === "offer_sent");
      await sender.idle();
    } finally {
      await notices.close();
    }
    expect(offersAtFake(next.securityCode)).toHaveLength(1);
  });

  it("a decline after the minute is only a decline", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const [offerId] = offersAtFake(placed.securityCode)[0]!;
    await db().update(sell_orders).set({ offer_sent_at: new Date(Date.now() - 2 * 60_000) }).where(eq(sell_orders.id, placed.id));
    api.trading.endOfferByPartner(offerId, 7);
    await runSellOrderJob(db(), new Date(), steam(), engine());
    expect(await row(placed.id)).toMatchObject({ status: "declined", hijack_flagged_at: null });
    expect(await heldAt(placed.userId)).toBeNull();
  });

  it("the member's report flags their own order once; another member's order is not found", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const stranger = await createSeller(db(), keyring);
    expect(await reportOtherOffer(db(), { userId: stranger, orderId: placed.id })).toMatchObject({ ok: false, code: "not_found" });
    expect(await reportOtherOffer(db(), { userId: placed.userId, orderId: placed.id })).toEqual({ ok: true, flagged: true });
    expect(await reportOtherOffer(db(), { userId: placed.userId, orderId: placed.id })).toEqual({ ok: true, flagged: false });
    expect(await row(placed.id)).toMatchObject({ hijack_reason: TRADE_SHIELD.memberReport });
    expect(await heldAt(placed.userId)).not.toBeNull();
    expect(await mailsTo(placed.userId, "tradeShieldWarning")).toHaveLength(1);
  });
});

describe("staff actions (docs/rules/bots.md#staff-actions)", () => {
  const steam = () => steamTradeApi({ apiUrl: api.url, apiKey: api.apiKey });
  const audits = (orderId: string, action: string) => db().select().from(audit_log).where(and(eq(audit_log.entity_id, orderId), eq(audit_log.action, action)));

  it("re-send: the old offer is cancelled at Steam, a new attempt goes out with its own message; a double submit acts once; no shield flag", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const [oldId] = offersAtFake(placed.securityCode)[0]!;
    const [first, second] = await Promise.all([
      resendOffer(engine(), { actorUserId: staffId, orderId: placed.id }),
      resendOffer(engine(), { actorUserId: staffId, orderId: placed.id }),
    ]);
    expect([first.ok, second.ok].filter(Boolean)).toHaveLength(1);
    expect(api.offers.get(oldId)!.state).toBe(6);
    expect(await row(placed.id)).toMatchObject({ status: "awaiting_offer", trade_offer_id: null, bot_id: null, offer_attempt: 1 });
    // The poller meanwhile sees the old offer cancelled within the minute: no flag, the order is no longer offer_sent.
    // The job's backstop sends the new attempt (a kick would too); either way one new offer.
    await runSellOrderJob(db(), new Date(), steam(), engine());
    await sendOrderOffer(engine(), placed.id);
    const after = await row(placed.id);
    expect(after).toMatchObject({ status: "offer_sent", offer_attempt: 2, hijack_flagged_at: null });
    const offers = offersAtFake(placed.securityCode);
    expect(offers).toHaveLength(2);
    expect(api.offers.get(after.trade_offer_id!)!.details!.message).toBe(tradeOfferMessage("Skinhamnen", placed.securityCode, 2));
    expect(await audits(placed.id, "sell_order.resend_offer")).toHaveLength(1);
  });

  it("a re-send waits while staff's action is marked: the poller leaves the offer alone", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const [offerId] = offersAtFake(placed.securityCode)[0]!;
    await db().update(sell_orders).set({ offer_claimed_at: new Date() }).where(eq(sell_orders.id, placed.id));
    api.trading.endOfferByPartner(offerId, 6);
    await runSellOrderJob(db(), new Date(), steam(), engine());
    expect(await row(placed.id)).toMatchObject({ status: "offer_sent", hijack_flagged_at: null });
  });

  it("cancel: at Steam and the order, audited; twice acts once", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    const [offerId] = offersAtFake(placed.securityCode)[0]!;
    expect((await cancelOfferByStaff(db(), engine(), { actorUserId: staffId, orderId: placed.id, note: "Medlemmen bad om det" })).ok).toBe(true);
    expect((await cancelOfferByStaff(db(), engine(), { actorUserId: staffId, orderId: placed.id })).ok).toBe(false);
    expect(api.offers.get(offerId)!.state).toBe(6);
    expect(await row(placed.id)).toMatchObject({ status: "cancelled" });
    expect(await audits(placed.id, "sell_order.cancel_offer")).toHaveLength(1);
  });

  it("staff's cancel before the offer: as before, but not while a send is in flight", async () => {
    await newBot();
    const waiting = await order();
    await db().update(sell_orders).set({ offer_claimed_at: new Date() }).where(eq(sell_orders.id, waiting.id));
    expect(await cancelOfferByStaff(db(), engine(), { actorUserId: staffId, orderId: waiting.id })).toMatchObject({ ok: false, code: "conflict" });
    await db().update(sell_orders).set({ offer_claimed_at: null }).where(eq(sell_orders.id, waiting.id));
    expect(await cancelOfferByStaff(db(), null, { actorUserId: staffId, orderId: waiting.id })).toMatchObject({ ok: true, value: { status: "cancelled" } });
  });

  it("an accepted offer is neither re-sent nor cancelled", async () => {
    await newBot();
    const placed = await order();
    await sendOrderOffer(engine(), placed.id);
    api.trading.acceptOffer(offersAtFake(placed.securityCode)[0]![0]);
    expect(await resendOffer(engine(), { actorUserId: staffId, orderId: placed.id })).toMatchObject({ ok: false, message: "Erbjudandet är redan accepterat i Steam." });
    expect(await row(placed.id)).toMatchObject({ status: "offer_sent", offer_claimed_at: null });
  });

  it("switch to manual: the engine skips the order, staff paste the offer id; audited once", async () => {
    await newBot();
    const placed = await order();
    // The kick of the accept is not run here: staff switch first.
    expect(await switchToManual(db(), { actorUserId: staffId, orderId: placed.id, reason: "Medlemmen vill ha erbjudandet från en viss bot" })).toEqual({ ok: true, value: { orderId: placed.id } });
    expect((await switchToManual(db(), { actorUserId: staffId, orderId: placed.id, reason: "igen" })).ok).toBe(false);
    expect(await sendOrderOffer(engine(), placed.id)).toBe("skipped");
    expect(await sendWaitingOffers(engine())).toMatchObject({ tried: 0 });
    expect(offersAtFake(placed.securityCode)).toHaveLength(0);
    expect((await setTradeOffer(db(), { actorUserId: staffId, orderId: placed.id, tradeOfferId: String(5_100_000_000 + Math.floor(Math.random() * 1e6)) })).ok).toBe(true);
    expect(await audits(placed.id, "sell_order.manual_offer")).toHaveLength(1);
  });
});
