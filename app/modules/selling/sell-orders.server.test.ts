/**
 * Sell orders against a real database (PGlite, or PostgreSQL with DATABASE_URL, where the races
 * are meaningful) and the fake Steam Web API: accept → review → offer → protection → payout.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileLedger } from "~/modules/loyalty/ledger.server";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import {
  audit_log,
  email_outbox,
  payout_details,
  points_transactions,
  profiles,
  sell_order_events,
  sell_orders,
  sell_quotes,
  seller_limits,
  trades,
  user,
  verified_identities,
  xp_transactions,
} from "~/platform/db/schema";
import { testPersonnummer, verifyForTest } from "~/modules/identity/test-identities";
import { queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { enterReferralCode, referralKeys } from "~/modules/referrals/referrals.server";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import { markSwishForRenewal } from "./payout-details.server";
import { REVEAL_AUDIT_ACTION, REVEAL_MESSAGES, revealPayoutRecipient } from "./payout-recipient.server";
import { PAYOUT_REVEAL } from "./selling-constants";
import { createPayoutKeyring } from "./payout-encryption.server";
import type { PayoutGateway } from "./payout-gateway.server";
import { runSellOrderJob } from "./sell-order-job.server";
import { createQuote, createSeller } from "./sell-order-fixtures";
import {
  acceptQuote,
  cancelByMember,
  getMemberOrder,
  listPayoutQueue,
  markPaid,
  payWithGateway,
  retryPayout,
  reviewOrder,
  SELL_ORDER_ERRORS,
  setMaxOpenOrders,
  setTradeOffer,
  type SellOrder,
} from "./sell-orders.server";
import { clearTradeHoldCache } from "./steam-trade-hold.server";
import { steamTradeApi } from "./steam-trade-offers.server";

let database: TestDatabase;
let fake: FakeSteamWebApi;
let staffId: string;
const db = () => database.db;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const DAY = 24 * 60 * 60_000;
let offerCounter = 7_000_000_000;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  fake = await new FakeSteamWebApi().start();
  staffId = await createStaff(db());
});
afterAll(async () => {
  await fake?.stop();
  await database?.close();
});

const steamOptions = () => ({ apiUrl: fake.url, apiKey: fake.apiKey });
const steamApi = () => steamTradeApi(steamOptions());

async function accept(userId: string, quoteId: string, now?: Date): Promise<SellOrder> {
  clearTradeHoldCache();
  const result = await acceptQuote(db(), { userId, quoteId }, { steam: steamOptions(), now });
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

async function statusOf(orderId: string) {
  const [row] = await db().select().from(sell_orders).where(eq(sell_orders.id, orderId));
  return row!;
}

async function ledgerRows(userId: string) {
  const points = await db().select().from(points_transactions).where(eq(points_transactions.user_id, userId));
  const xp = await db().select().from(xp_transactions).where(eq(xp_transactions.user_id, userId));
  return { points, xp };
}

/** An order sent and accepted in Steam `acceptedDaysAgo` days ago; returns it protected. */
async function protectedOrder(userId: string, acceptedDaysAgo: number, prices = [25_000, 15_000], protectedUntil?: string) {
  const order = await accept(userId, await createQuote(db(), userId, { prices }));
  const offerId = String(offerCounter++);
  const tradeId = String(offerCounter++);
  const sent = await setTradeOffer(db(), { actorUserId: staffId, orderId: order.id, tradeOfferId: offerId });
  expect(sent.ok).toBe(true);
  const acceptedAt = Math.floor((Date.now() - acceptedDaysAgo * DAY) / 1000);
  fake.setOffer(offerId, { state: 3, tradeid: tradeId, time_updated: acceptedAt });
  fake.setTrade(tradeId, 3, { time_init: acceptedAt, ...(protectedUntil ? { protected_until: protectedUntil } : {}) });
  await runSellOrderJob(db(), new Date(), steamApi());
  return { order, offerId, tradeId };
}

describe("accepting a quote (docs/rules/selling.md#accepting-a-quote)", () => {
  it("fixes every amount of the quote, copies only the accepted items, sets accepted_at and gives a 6-letter code", async () => {
    const userId = await createSeller(db(), keyring);
    const quoteId = await createQuote(db(), userId, { prices: [25_000, 15_000], refused: 1, levelBonusPercent: 1, bulkBonusPercent: 2 });
    const order = await accept(userId, quoteId);
    const [quote] = await db().select().from(sell_quotes).where(eq(sell_quotes.id, quoteId));
    expect(order).toMatchObject({
      status: "awaiting_offer",
      baseTotalOre: 40_000,
      levelBonusPercent: 1,
      levelBonusOre: 400,
      bulkBonusPercent: 2,
      bulkBonusOre: 800,
      totalOre: 41_200,
      points: quote!.points,
      xp: quote!.xp,
      payoutMethod: "swish",
    });
    expect(order.securityCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
    expect(quote!.accepted_at).not.toBeNull();
    const detail = await getMemberOrder(db(), userId, order.id);
    expect(detail!.items.map((item) => item.priceOre)).toEqual([25_000, 15_000]);
    expect(detail!.events.map((event) => event.toStatus)).toEqual(["awaiting_offer"]);
    const mails = await db().select().from(email_outbox).where(eq(email_outbox.template, "sellOrderUpdate"));
    expect(mails.some((mail) => mail.text.includes(order.securityCode))).toBe(true);
  });

  it("makes one order of concurrent accepts of one quote", async () => {
    const userId = await createSeller(db(), keyring);
    const quoteId = await createQuote(db(), userId);
    clearTradeHoldCache();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => acceptQuote(db(), { userId, quoteId }, { steam: steamOptions() })),
    );
    const ids = new Set(results.map((result) => (result.ok ? result.value.id : result.message)));
    expect(ids.size).toBe(1);
    const rows = await db().select().from(sell_orders).where(eq(sell_orders.quote_id, quoteId));
    expect(rows).toHaveLength(1);
  });

  it("refuses an expired quote in Swedish and creates nothing", async () => {
    const userId = await createSeller(db(), keyring);
    const quoteId = await createQuote(db(), userId, { expiresAt: new Date(Date.now() - 1_000) });
    const result = await acceptQuote(db(), { userId, quoteId }, { steam: steamOptions() });
    expect(result).toMatchObject({ ok: false, code: "gone", message: SELL_ORDER_ERRORS.quoteExpired });
    expect(await db().select().from(sell_orders).where(eq(sell_orders.quote_id, quoteId))).toHaveLength(0);
    const [quote] = await db().select().from(sell_quotes).where(eq(sell_quotes.id, quoteId));
    expect(quote!.accepted_at).toBeNull();
  });

  it("refuses another member's quote as not found, and a member who fails the seller checklist", async () => {
    const owner = await createSeller(db(), keyring);
    const other = await createSeller(db(), keyring);
    const quoteId = await createQuote(db(), owner);
    expect(await acceptQuote(db(), { userId: other, quoteId }, { steam: steamOptions() })).toMatchObject({ ok: false, code: "not_found" });
    // New payout details in their 24-hour wait no longer stop an accept: only the payout waits (quote-limits.server.test.ts).
    const waiting = await createSeller(db(), keyring, { detailsUsable: false });
    const waitingQuote = await createQuote(db(), waiting);
    expect(await acceptQuote(db(), { userId: waiting, quoteId: waitingQuote }, { steam: steamOptions() })).toMatchObject({ ok: true });
    const noLink = await createSeller(db(), keyring);
    const noLinkQuote = await createQuote(db(), noLink);
    await db().update(profiles).set({ steam_trade_link: null }).where(eq(profiles.user_id, noLink));
    expect(await acceptQuote(db(), { userId: noLink, quoteId: noLinkQuote }, { steam: steamOptions() })).toMatchObject({
      ok: false,
      message: SELL_ORDER_ERRORS.requirements,
    });
  });

  it("needs a BankID-verified adult: unverified or 17 refused, accepted on the 18th birthday (Stockholm's date)", async () => {
    const unverified = await createSeller(db(), keyring, { verified: false });
    const unverifiedQuote = await createQuote(db(), unverified);
    expect(await acceptQuote(db(), { userId: unverified, quoteId: unverifiedQuote }, { steam: steamOptions() })).toMatchObject({
      ok: false,
      message: SELL_ORDER_ERRORS.requirements,
    });

    const eve = new Date("2026-11-22T12:00:00Z");
    const birthday = new Date("2026-11-22T23:30:00Z"); // 00:30 on 23 November in Stockholm
    const young = await createSeller(db(), keyring, { birthDate: "2008-11-23" });
    const quoteId = await createQuote(db(), young, { expiresAt: new Date(birthday.getTime() + 60_000) });
    clearTradeHoldCache();
    expect(await acceptQuote(db(), { userId: young, quoteId }, { steam: steamOptions(), now: eve })).toMatchObject({
      ok: false,
      message: SELL_ORDER_ERRORS.requirements,
    });
    expect(await db().select().from(sell_orders).where(eq(sell_orders.quote_id, quoteId))).toHaveLength(0);
    const order = await accept(young, quoteId, birthday);
    expect(order.status).toBe("awaiting_offer");
  });

  it("puts an order over 1 000 kr in review; staff approve it (audited) and a declined one ends", async () => {
    const userId = await createSeller(db(), keyring);
    await setMaxOpenOrders(db(), { actorUserId: staffId, userId, maxOpenOrders: 2 });
    const big = await accept(userId, await createQuote(db(), userId, { prices: [100_000] }));
    expect(big.status).toBe("in_review");
    const approved = await reviewOrder(db(), { actorUserId: staffId, orderId: big.id, approve: true });
    expect(approved).toMatchObject({ ok: true, value: { status: "awaiting_offer" } });
    const second = await accept(userId, await createQuote(db(), userId, { prices: [99_000, 2_000] }));
    const declined = await reviewOrder(db(), { actorUserId: staffId, orderId: second.id, approve: false, note: "Misstänkt" });
    expect(declined).toMatchObject({ ok: true, value: { status: "declined" } });
    const again = await reviewOrder(db(), { actorUserId: staffId, orderId: second.id, approve: true });
    expect(again.ok).toBe(false);
    const audits = await db().select().from(audit_log).where(eq(audit_log.entity_id, big.id));
    expect(audits.map((row) => row.action)).toContain("sell_order.approve");
  });
});

describe("limits (docs/rules/selling.md#limits)", () => {
  it("allows one open order until staff allow more (audited), and a cancelled one frees the slot", async () => {
    const userId = await createSeller(db(), keyring);
    const first = await accept(userId, await createQuote(db(), userId));
    const blocked = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId) }, { steam: steamOptions() });
    expect(blocked).toMatchObject({ ok: false, message: SELL_ORDER_ERRORS.openOrder });

    await setMaxOpenOrders(db(), { actorUserId: staffId, userId, maxOpenOrders: 2 });
    const audit = await db()
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity_id, userId), eq(audit_log.action, "seller.set_max_open_orders")));
    expect(audit).toHaveLength(1);
    const second = await accept(userId, await createQuote(db(), userId));
    expect(second.status).toBe("awaiting_offer");

    expect(await cancelByMember(db(), { userId, orderId: first.id })).toMatchObject({ ok: true, value: { status: "cancelled" } });
    expect(await cancelByMember(db(), { userId: staffId, orderId: second.id })).toMatchObject({ ok: false, code: "not_found" });
  });

  it("limits what a member sells in their first 7 days", async () => {
    const userId = await createSeller(db(), keyring);
    await db().update(profiles).set({ created_at: sql`now() - interval '2 days'` }).where(eq(profiles.user_id, userId));
    await setMaxOpenOrders(db(), { actorUserId: staffId, userId, maxOpenOrders: 3 });
    clearTradeHoldCache();
    const options = { steam: steamOptions(), firstWeekLimitOre: 60_000 };
    const first = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId, { prices: [40_000], levelBonusPercent: 0 }) }, options);
    expect(first.ok).toBe(true);
    const over = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId, { prices: [30_000], levelBonusPercent: 0 }) }, options);
    expect(over).toMatchObject({ ok: false, message: SELL_ORDER_ERRORS.firstWeek(60_000, 20_000) });
    const within = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId, { prices: [20_000], levelBonusPercent: 0 }) }, options);
    expect(within.ok).toBe(true);
  });

  it("keeps one open order when a member accepts two quotes at the same moment", async () => {
    const userId = await createSeller(db(), keyring);
    const quotes = [await createQuote(db(), userId), await createQuote(db(), userId)];
    clearTradeHoldCache();
    const results = await Promise.all(quotes.map((quoteId) => acceptQuote(db(), { userId, quoteId }, { steam: steamOptions() })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ message: SELL_ORDER_ERRORS.openOrder });
    expect(await db().select().from(sell_orders).where(eq(sell_orders.user_id, userId))).toHaveLength(1);
  });

  it("refuses a member whom Steam would hold trades with (the fake's GetTradeHoldDurations)", async () => {
    const userId = await createSeller(db(), keyring);
    const [profile] = await db().select({ steamId: profiles.steam_id }).from(profiles).where(eq(profiles.user_id, userId));
    fake.holds.set(profile!.steamId!, 15 * 86_400);
    const result = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId) }, { steam: steamOptions() });
    expect(result).toMatchObject({ ok: false, message: SELL_ORDER_ERRORS.requirements });
    expect(fake.calls.some((call) => call.includes(`GetTradeHoldDurations/v1/?steamid_target=${profile!.steamId}`))).toBe(true);
  });

  it("refuses a member blocked after a reversal", async () => {
    const userId = await createSeller(db(), keyring);
    const until = new Date(Date.now() + 5 * DAY);
    await db().insert(seller_limits).values({ user_id: userId, blocked_until: until });
    const result = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId) }, { steam: steamOptions() });
    expect(result).toMatchObject({ ok: false, message: SELL_ORDER_ERRORS.blocked(until) });
  });
});

describe("following the offer (docs/rules/selling.md#following-the-offer)", () => {
  it("moves an accepted offer to protected, payable at the hour its Trade Protection ends (7 days, rounded up, no extra day)", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 0);
    const row = await statusOf(order.id);
    expect(row.status).toBe("protected");
    const unlock = Math.ceil((row.offer_accepted_at!.getTime() + 7 * DAY) / 3_600_000) * 3_600_000;
    expect(row.payout_due_at!.getTime()).toBe(unlock);
    expect(row.protection_ends_at!.getTime()).toBe(unlock);
    expect(fake.calls.some((call) => call.startsWith("/IEconService/GetTradeOffer/v1/?tradeofferid="))).toBe(true);
  });

  it("takes the hour the received items' Trade Protection ends from Steam's cache_expiration when it reports one", async () => {
    const userId = await createSeller(db(), keyring);
    const reported = new Date(Date.now() + 6 * DAY + 90 * 60_000);
    const { order } = await protectedOrder(userId, 0, undefined, reported.toISOString());
    const row = await statusOf(order.id);
    expect(row.payout_due_at!.getTime()).toBe(Math.ceil(reported.getTime() / 3_600_000) * 3_600_000);
    expect(fake.calls.some((call) => call.includes("GetTradeStatus/v1/?tradeid=") && call.includes("get_descriptions=1"))).toBe(true);
  });

  it("processes an offer that flips accepted → active → accepted once", async () => {
    const userId = await createSeller(db(), keyring);
    const { order, offerId, tradeId } = await protectedOrder(userId, 0);
    const first = await statusOf(order.id);
    fake.setOffer(offerId, { state: 2 });
    await runSellOrderJob(db(), new Date(), steamApi());
    fake.setOffer(offerId, { state: 3, tradeid: tradeId, time_updated: Math.floor(Date.now() / 1000) + 60 });
    await runSellOrderJob(db(), new Date(), steamApi());
    const after = await statusOf(order.id);
    expect(after.status).toBe("protected");
    expect(after.offer_accepted_at).toEqual(first.offer_accepted_at);
    const events = await db().select().from(sell_order_events).where(eq(sell_order_events.order_id, order.id));
    expect(events.filter((event) => event.to_status === "protected")).toHaveLength(1);
  });

  it("moves an accepted offer once when two job runs see it at the same moment", async () => {
    const userId = await createSeller(db(), keyring);
    const order = await accept(userId, await createQuote(db(), userId));
    const offerId = String(offerCounter++);
    await setTradeOffer(db(), { actorUserId: staffId, orderId: order.id, tradeOfferId: offerId });
    fake.setOffer(offerId, { state: 3, tradeid: String(offerCounter++) });
    await Promise.all([runSellOrderJob(db(), new Date(), steamApi()), runSellOrderJob(db(), new Date(), steamApi())]);
    const events = await db().select().from(sell_order_events).where(eq(sell_order_events.order_id, order.id));
    expect(events.filter((event) => event.to_status === "protected")).toHaveLength(1);
  });

  it("closes declined and expired offers", async () => {
    const userId = await createSeller(db(), keyring);
    await setMaxOpenOrders(db(), { actorUserId: staffId, userId, maxOpenOrders: 2 });
    const declined = await accept(userId, await createQuote(db(), userId));
    const expired = await accept(userId, await createQuote(db(), userId));
    const [a, b] = [String(offerCounter++), String(offerCounter++)];
    await setTradeOffer(db(), { actorUserId: staffId, orderId: declined.id, tradeOfferId: a });
    await setTradeOffer(db(), { actorUserId: staffId, orderId: expired.id, tradeOfferId: b });
    expect(await setTradeOffer(db(), { actorUserId: staffId, orderId: expired.id, tradeOfferId: a })).toMatchObject({ ok: false });
    fake.setOffer(a, { state: 7 });
    fake.setOffer(b, { state: 5 });
    await runSellOrderJob(db(), new Date(), steamApi());
    expect((await statusOf(declined.id)).status).toBe("declined");
    expect((await statusOf(expired.id)).status).toBe("expired");
  });

  it("reverses an order rolled back during the protection: nothing paid, no points, the member blocked 30 days", async () => {
    const userId = await createSeller(db(), keyring);
    const { order, tradeId } = await protectedOrder(userId, 2);
    fake.setTrade(tradeId, 12);
    const now = new Date();
    await runSellOrderJob(db(), now, steamApi());
    const row = await statusOf(order.id);
    expect(row.status).toBe("reversed");
    expect(row.trade_id).toBeNull();
    // The reversal's mail promises no money and no payout time (decision 047).
    const [mail] = await queryRows<{ text: string }>(
      db(),
      sql`SELECT text FROM email_outbox WHERE template = 'sellOrderUpdate' AND to_address = (SELECT email FROM "user" WHERE id = ${userId}) ORDER BY created_at DESC LIMIT 1`,
    );
    expect(mail!.text).toContain("Återförd");
    expect(mail!.text).not.toMatch(/Belopp|Utbetalning |kr\b/);
    const [limits] = await db().select().from(seller_limits).where(eq(seller_limits.user_id, userId));
    expect(Math.round((limits!.blocked_until!.getTime() - now.getTime()) / DAY)).toBe(30);
    expect(await listPayoutQueue(db(), new Date(Date.now() + 30 * DAY))).not.toContainEqual(expect.objectContaining({ orderId: order.id }));
    expect(await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "X" })).toMatchObject({ ok: false });
    const { points, xp } = await ledgerRows(userId);
    expect(points).toHaveLength(0);
    expect(xp).toHaveLength(0);
    expect(await db().select().from(trades).where(eq(trades.user_id, userId))).toHaveLength(0);
    const blocked = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId) }, { steam: steamOptions() });
    expect(blocked.ok).toBe(false);
  });
});

describe("payouts (docs/rules/selling.md#payouts)", () => {
  it("runs a full order to paid: the sale trade with the quote's bonus, points and XP credited once", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9, [25_000, 15_000]);
    await runSellOrderJob(db(), new Date(), steamApi());
    expect((await statusOf(order.id)).status).toBe("payout_scheduled");
    const queue = await listPayoutQueue(db());
    expect(queue.find((entry) => entry.orderId === order.id)).toMatchObject({
      ready: true,
      totalOre: order.totalOre,
      details: { masked: "07•• ••• •12" },
    });
    const paid = await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "SWISH-123" });
    expect(paid).toMatchObject({ ok: true, value: { status: "paid", payoutReference: "SWISH-123" } });
    const again = await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "SWISH-124" });
    expect(again).toMatchObject({ ok: false, message: SELL_ORDER_ERRORS.alreadyPaid });

    const row = await statusOf(order.id);
    const [trade] = await db().select().from(trades).where(eq(trades.id, row.trade_id!));
    expect(trade).toMatchObject({
      status: "completed",
      type: "sale",
      base_total_ore: order.baseTotalOre,
      level_bonus_ore: order.levelBonusOre,
      total_ore: order.totalOre,
      points_credited: order.points,
      xp_credited: order.xp,
    });
    const { points, xp } = await ledgerRows(userId);
    expect(points.map((entry) => entry.amount)).toEqual([order.points]);
    expect(xp.map((entry) => entry.amount)).toEqual([order.xp]);
    expect(await reconcileLedger(db())).toEqual([]);
    const detail = await getMemberOrder(db(), userId, order.id);
    expect(detail!.events.map((event) => event.toStatus)).toEqual(["awaiting_offer", "offer_sent", "protected", "payout_scheduled", "paid"]);
  });

  it("lets the referral milestone follow the paid sale once, through the trade's completion", async () => {
    const referrerId = await createSeller(db(), keyring);
    const code = `SALJ${Date.now().toString(36).toUpperCase().slice(-5)}`;
    await db().update(profiles).set({ referral_code: code }).where(eq(profiles.user_id, referrerId));
    const friendId = await createSeller(db(), keyring);
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, friendId));
    await enterReferralCode(db(), friendId, code);
    const order = await accept(friendId, await createQuote(db(), friendId, { prices: [300_000, 200_000], levelBonusPercent: 0 }));
    expect(order.status).toBe("in_review");
    await reviewOrder(db(), { actorUserId: staffId, orderId: order.id, approve: true });
    const offerId = String(offerCounter++);
    const tradeId = String(offerCounter++);
    await setTradeOffer(db(), { actorUserId: staffId, orderId: order.id, tradeOfferId: offerId });
    fake.setOffer(offerId, { state: 3, tradeid: tradeId, time_updated: Math.floor((Date.now() - 9 * DAY) / 1000) });
    await runSellOrderJob(db(), new Date(), steamApi());
    await runSellOrderJob(db(), new Date(), steamApi());
    const milestoneRows = () =>
      db().select().from(points_transactions).where(eq(points_transactions.idempotency_key, referralKeys.milestone(friendId)));
    expect(await milestoneRows()).toHaveLength(0);
    expect(await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "BANK-1" })).toMatchObject({ ok: true });
    const rows = await milestoneRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBe(referrerId);
  });

  it("waits while the payout details changed within 24 hours", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9);
    await runSellOrderJob(db(), new Date(), steamApi());
    await db().update(payout_details).set({ usable_at: sql`now() + interval '20 hours'` }).where(eq(payout_details.user_id, userId));
    const entry = (await listPayoutQueue(db())).find((candidate) => candidate.orderId === order.id);
    expect(entry).toMatchObject({ ready: false });
    const result = await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "R" });
    expect(result).toMatchObject({ ok: false, code: "refused" });
    expect(result.ok ? "" : result.message).toContain("Utbetalningsuppgifterna ändrades nyligen");
    expect((await statusOf(order.id)).status).toBe("payout_scheduled");
  });

  it("waits until the seller is verified with BankID (an order from before the rule), then pays", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9);
    await runSellOrderJob(db(), new Date(), steamApi());
    // The order was accepted before verification was required: the seller holds no identity.
    await db().delete(verified_identities).where(eq(verified_identities.user_id, userId));
    const entry = (await listPayoutQueue(db())).find((candidate) => candidate.orderId === order.id);
    expect(entry).toMatchObject({ verified: false, ready: false });
    const refused = await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "R" });
    expect(refused).toMatchObject({ ok: false, code: "refused", message: SELL_ORDER_ERRORS.sellerNotVerified });
    expect((await statusOf(order.id)).status).toBe("payout_scheduled");

    await verifyForTest(db(), keyring, userId);
    expect((await listPayoutQueue(db())).find((candidate) => candidate.orderId === order.id)).toMatchObject({ verified: true, ready: true });
    expect(await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "R" })).toMatchObject({ ok: true });
  });

  it("waits while Swish details with another personnummer than the verified one await renewal", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9);
    await runSellOrderJob(db(), new Date(), steamApi());
    expect(await markSwishForRenewal(db(), keyring, userId, testPersonnummer("2000-01-01"))).toBe(true);
    const entry = (await listPayoutQueue(db())).find((candidate) => candidate.orderId === order.id);
    expect(entry).toMatchObject({ verified: true, ready: false, details: { renewalRequired: true } });
    const refused = await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "R" });
    expect(refused).toMatchObject({ ok: false, code: "refused", message: SELL_ORDER_ERRORS.detailsNeedRenewal });
    expect((await statusOf(order.id)).status).toBe("payout_scheduled");
  });

  it("queues the member's paid mail in the payout's own transaction, once, and none for the payouts refused", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9);
    await runSellOrderJob(db(), new Date(), steamApi());
    const results = await Promise.all(
      ["HAND-1", "HAND-2", "HAND-3"].map((reference) => markPaid(db(), { actorUserId: staffId, orderId: order.id, reference })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    // Written by the transaction that marked the order paid (one now() for the audit row and the
    // mail), so a crash right after the commit cannot lose it; the kick after the commit sent it.
    const mails = await queryRows<{ status: string; same_transaction: boolean }>(
      db(),
      sql`SELECT m.status, m.created_at = a.created_at AS same_transaction
            FROM mail_queue m
            JOIN "user" u ON u.email = m.to_address AND u.id = ${userId}
            JOIN audit_log a ON a.entity_id = ${order.id} AND a.action = 'sell_order.mark_paid'
           WHERE m.template = 'sellOrderUpdate' AND m.created_at >= a.created_at`,
    );
    expect(mails).toEqual([{ status: "sent", same_transaction: true }]);
  });

  it("pays at most once when the gateway payout is triggered twice at the same time", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9);
    await runSellOrderJob(db(), new Date(), steamApi());
    const sent: string[] = [];
    const gateway: PayoutGateway = {
      mode: "automatic",
      async send(request) {
        sent.push(request.idempotencyKey);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { ok: true, reference: `GW-${request.orderId.slice(0, 6)}` };
      },
    };
    const results = await Promise.all([
      payWithGateway(db(), gateway, keyring, { actorUserId: staffId, orderId: order.id }),
      payWithGateway(db(), gateway, keyring, { actorUserId: staffId, orderId: order.id }),
      markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "HAND" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(sent.length).toBeLessThanOrEqual(1);
    expect((await statusOf(order.id)).status).toBe("paid");
    expect(await db().select().from(trades).where(eq(trades.user_id, userId))).toHaveLength(1);
    const { points } = await ledgerRows(userId);
    expect(points).toHaveLength(1);
  });

  it("marks a failed gateway payout payout_failed; staff retry it and it is paid", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9);
    await runSellOrderJob(db(), new Date(), steamApi());
    const failing: PayoutGateway = { mode: "automatic", send: () => Promise.resolve({ ok: false, reason: "Swish svarade inte" }) };
    const failed = await payWithGateway(db(), failing, keyring, { actorUserId: staffId, orderId: order.id });
    expect(failed).toMatchObject({ ok: true, value: { status: "payout_failed", payoutFailure: "Swish svarade inte" } });
    expect(await retryPayout(db(), { actorUserId: staffId, orderId: order.id })).toMatchObject({ ok: true, value: { status: "payout_scheduled" } });
    const paid = await markPaid(db(), { actorUserId: staffId, orderId: order.id, reference: "OK-1" });
    expect(paid).toMatchObject({ ok: true, value: { status: "paid" } });
  });
});

describe("revealing a payout's recipient (decision 047)", () => {
  it("shows one queued order's full recipient beside the BankID name, and audits who saw which order without the details", async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9);
    await runSellOrderJob(db(), new Date(), steamApi());
    const now = new Date();
    const revealed = await revealPayoutRecipient(db(), keyring, { actorUserId: staffId, orderId: order.id, now });
    expect(revealed).toEqual({
      ok: true,
      value: {
        orderId: order.id,
        method: "swish",
        methodLabel: "Swish",
        lines: [
          { label: "Swish-nummer", value: "070-123 45 12" },
          { label: "Personnummer", value: expect.stringMatching(/^\d{8}-••••$/) },
        ],
        verifiedName: "Test Medlem",
        visibleUntil: new Date(now.getTime() + PAYOUT_REVEAL.visibleMs).toISOString(),
      },
    });
    const audits = await db().select().from(audit_log).where(and(eq(audit_log.action, REVEAL_AUDIT_ACTION), eq(audit_log.entity_id, order.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_user_id: staffId, entity_type: "sell_order" });
    expect(JSON.stringify(audits)).not.toContain("0701234512");

    const other = await createSeller(db(), keyring);
    const early = await accept(other, await createQuote(db(), other));
    expect(await revealPayoutRecipient(db(), keyring, { actorUserId: staffId, orderId: early.id })).toEqual({
      ok: false,
      code: "refused",
      message: REVEAL_MESSAGES.notQueued,
    });
  });

  it(`allows an admin ${PAYOUT_REVEAL.maxPerHour} reveals an hour, also when asked at once; older ones do not count`, async () => {
    const userId = await createSeller(db(), keyring);
    const { order } = await protectedOrder(userId, 9);
    await runSellOrderJob(db(), new Date(), steamApi());
    const admin = await createStaff(db());
    const earlier = (minutesAgo: number) => ({
      actor_user_id: admin,
      action: REVEAL_AUDIT_ACTION,
      entity_type: "sell_order",
      entity_id: order.id,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
    });
    await db().insert(audit_log).values([...Array.from({ length: 10 }, () => earlier(30)), ...Array.from({ length: 5 }, () => earlier(61))]);
    const results = await Promise.all(
      Array.from({ length: 15 }, () => revealPayoutRecipient(db(), keyring, { actorUserId: admin, orderId: order.id })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(PAYOUT_REVEAL.maxPerHour - 10);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, code: "refused", message: REVEAL_MESSAGES.tooMany });
  });
});
