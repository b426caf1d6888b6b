/**
 * Quotes that explain themselves and limits known up front (docs/rules/selling.md#price-history,
 * #quote-prices, #limits) against a real database (PGlite; PostgreSQL with DATABASE_URL), with
 * the fake Steam Community for inventories and the fake Steam Web API for the trade-hold check.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeSteamCommunity } from "../../../server/fakes/steam-community";
import { payout_details, profiles, sell_orders, sell_price_history, seller_limits } from "~/platform/db/schema";
import type { TestDatabase } from "~/platform/db/test-db";
import { startQuoteTestEnv, type QuoteTestEnv } from "./quote-test-env";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { importPriceCsv, priceHistory, setPrice, writeSourcePrices } from "./price-list.server";
import { createQuote, getQuote, type QuoteDeps } from "./quotes.server";
import { identityOf, sellLimitLines, sellLimitRefusal, SELL_LIMIT_TEXTS } from "./sell-limits";
import { acceptQuote, listPayoutQueue, markPaid, memberLimitFacts, SELL_ORDER_ERRORS } from "./sell-orders.server";
import { sellerRequirements } from "./seller-requirements.server";
import { clearInventoryCache } from "./steam-inventory.server";
import { clearTradeHoldCache } from "./steam-trade-hold.server";
import { createReadySeller, makeReadySeller } from "./test-sellers";

let env: QuoteTestEnv;
let database: TestDatabase;
let fake: FakeSteamCommunity;
let deps: QuoteDeps;
let staffId: string;
const db = () => database.db;
const AK = "AK-47 | Redline (Field-Tested)";
const KNIFE = "★ Karambit | Doppler (Factory New)";
let steamCounter = 76561198000000500n;

beforeAll(async () => {
  env = await startQuoteTestEnv();
  ({ database, fake, deps } = env);
  staffId = await createStaff(db());
});
afterAll(() => env?.stop());
beforeEach(() => {
  clearInventoryCache();
  clearTradeHoldCache();
});

async function historyRows(name: string) {
  return db().select().from(sell_price_history).where(eq(sell_price_history.market_hash_name, name)).orderBy(sell_price_history.day);
}

/** A seller with an AK (1 000 kr reference) in their inventory. */
async function seller(options: { unverified?: boolean } = {}) {
  const steamId = String(steamCounter++);
  const userId = options.unverified ? await createMember(db()) : await createReadySeller(db(), { steamId });
  if (options.unverified) await makeReadySeller(db(), userId, steamId, undefined, { unverified: true });
  fake.setInventory(steamId, [{ assetId: "1", marketHashName: AK }]);
  return userId;
}

describe("price history (docs/rules/selling.md#price-history)", () => {
  it("an import and a staff edit each write the day's row, and two imports in a day keep one row with the last value", async () => {
    const morning = new Date("2026-11-20T07:00:00Z");
    const evening = new Date("2026-11-20T20:00:00Z");
    await writeSourcePrices(db(), "skinport", [{ marketHashName: "Källa (Minimal Wear)", priceOre: 500 }], morning);
    await writeSourcePrices(db(), "skinport", [{ marketHashName: "Källa (Minimal Wear)", priceOre: 650 }], evening);
    expect((await historyRows("Källa (Minimal Wear)")).map((row) => [row.day, Number(row.reference_price_ore), row.source])).toEqual([
      ["2026-11-20", 650, "skinport"],
    ]);

    // A staff edit the next day writes that day's row; the source import then leaves the staff price (and its history) alone.
    const nextDay = new Date("2026-11-21T09:00:00Z");
    await setPrice(db(), { actorUserId: staffId, input: { market_hash_name: "Källa (Minimal Wear)", price: "7,25" }, now: nextDay });
    await writeSourcePrices(db(), "skinport", [{ marketHashName: "Källa (Minimal Wear)", priceOre: 900 }], new Date("2026-11-21T12:00:00Z"));
    expect((await historyRows("Källa (Minimal Wear)")).map((row) => [row.day, Number(row.reference_price_ore), row.source])).toEqual([
      ["2026-11-20", 650, "skinport"],
      ["2026-11-21", 725, "manual"],
    ]);

    // A CSV import writes too, on Stockholm's day (00:30 in Stockholm is the 22nd).
    await importPriceCsv(db(), { actorUserId: staffId, text: "market_hash_name;price\nKälla (Minimal Wear);8", now: new Date("2026-11-21T23:30:00Z") });
    const rows = await historyRows("Källa (Minimal Wear)");
    expect(rows.at(-1)).toMatchObject({ day: "2026-11-22", reference_price_ore: 800, source: "csv" });

    // The last 90 days, oldest first; a name without history has none.
    const history = await priceHistory(db(), ["Källa (Minimal Wear)", "Okänd"], new Date("2026-11-22T12:00:00Z"));
    expect(history.get("Källa (Minimal Wear)")!.map((point) => point.priceOre)).toEqual([650, 725, 800]);
    expect(history.get("Okänd")).toEqual([]);
    const later = await priceHistory(db(), ["Källa (Minimal Wear)"], new Date("2027-02-18T12:00:00Z"));
    expect(later.get("Källa (Minimal Wear)")!.map((point) => point.day)).toEqual(["2026-11-21", "2026-11-22"]);
  });
});

describe("quote lines explain themselves (docs/rules/selling.md#quote-prices)", () => {
  it("carry the reference price with its source and date, the category's rate, our price, and the total's share", async () => {
    const setAt = new Date(Date.now() - 2 * 86_400_000);
    await writeSourcePrices(db(), "skinport", [{ marketHashName: AK, priceOre: 100_000 }], setAt);
    await setPrice(db(), { actorUserId: staffId, input: { market_hash_name: KNIFE, price: "2000" }, now: setAt });
    const steamId = String(steamCounter++);
    const userId = await createReadySeller(db(), { steamId, xp: 6_000 });
    fake.setInventory(steamId, [
      { assetId: "1", marketHashName: AK },
      { assetId: "2", marketHashName: KNIFE, type: { internal: "CSGO_Type_Knife", name: "Knife" } },
    ]);
    const created = await createQuote(db(), { userId, input: { assetIds: "1,2" } }, deps);
    if (!created.ok) throw new Error(created.message);
    const quote = (await getQuote(db(), userId, created.quoteId))!;
    expect(quote.items.map((item) => [item.referencePriceOre, item.referenceSource, item.referenceUpdatedAt, item.category, item.buyRatePercent, item.priceOre])).toEqual([
      [100_000, "skinport", setAt.toISOString(), "weapon", 70, 70_000],
      [200_000, "manual", setAt.toISOString(), "knife", 75, 150_000],
    ]);
    // 2 200 kr with the silver level's 1 % = 2 222 kr of 3 000 kr reference: 74 %.
    expect(quote.totalOre).toBe(222_200);
    expect(quote.shareOfReferencePercent).toBe(74);
  });
});

describe("limits known up front (docs/rules/selling.md#limits)", () => {
  async function factsOf(userId: string, firstWeekLimitOre?: number) {
    const checklist = await sellerRequirements(db(), userId, deps.steam);
    return (await memberLimitFacts(db(), userId, identityOf(checklist), new Date(), firstWeekLimitOre))!;
  }
  const line = (facts: Awaited<ReturnType<typeof factsOf>>, id: string) => sellLimitLines(facts).find((entry) => entry.id === id)!;

  it("a member past the first-week cap sees it and the server refuses the quote with the page's text", async () => {
    const userId = await seller();
    // 700 kr AK against a 500 kr cap: 0 sold, 500 kr left.
    const facts = await factsOf(userId, 50_000);
    expect(facts.firstWeek).toMatchObject({ limitOre: 50_000, soldOre: 0 });
    expect(line(facts, "first_week")).toMatchObject({ state: "info" });
    expect(line(facts, "first_week").text).toContain(SELL_LIMIT_TEXTS.firstWeek(50_000, 50_000));
    const refused = await createQuote(db(), { userId, input: { assetIds: "1" } }, { ...deps, firstWeekLimitOre: 50_000 });
    const pageText = sellLimitRefusal(facts, 70_000);
    expect(pageText).toBe(SELL_LIMIT_TEXTS.firstWeek(50_000, 50_000));
    expect(refused).toEqual({ ok: false, code: "refused", message: pageText });
    // Under the cap the same member gets the quote.
    expect((await createQuote(db(), { userId, input: { assetIds: "1" } }, { ...deps, firstWeekLimitOre: 100_000 })).ok).toBe(true);
    // After the week, no cap.
    await db().update(profiles).set({ created_at: new Date(Date.now() - 8 * 86_400_000) }).where(eq(profiles.user_id, userId));
    const after = await factsOf(userId, 50_000);
    expect(after.firstWeek).toBeNull();
    expect(line(after, "first_week").state).toBe("ok");
  });

  it("after a reversal the block and its end are shown and nothing may be quoted", async () => {
    const userId = await seller();
    const until = new Date(Date.now() + 20 * 86_400_000);
    await db().insert(seller_limits).values({ user_id: userId, blocked_until: until });
    const facts = await factsOf(userId);
    expect(line(facts, "reversal")).toEqual({ id: "reversal", title: "Spärr efter återförd affär", state: "blocked", text: SELL_LIMIT_TEXTS.blocked(until) });
    expect(sellLimitRefusal(facts, 0)).toBe(SELL_LIMIT_TEXTS.blocked(until));
    expect(await createQuote(db(), { userId, input: { assetIds: "1" } }, deps)).toEqual({ ok: false, code: "refused", message: SELL_LIMIT_TEXTS.blocked(until) });
  });

  it("with an open order the limit is shown, a new quote is refused, and the accept still checks it", async () => {
    const userId = await seller();
    const first = await createQuote(db(), { userId, input: { assetIds: "1" } }, deps);
    const second = await createQuote(db(), { userId, input: { assetIds: "1" } }, deps);
    if (!first.ok || !second.ok) throw new Error("quotes");
    clearTradeHoldCache();
    expect((await acceptQuote(db(), { userId, quoteId: first.quoteId }, { steam: deps.steam })).ok).toBe(true);
    const facts = await factsOf(userId);
    expect(facts).toMatchObject({ openOrders: 1, maxOpenOrders: 1 });
    expect(line(facts, "open_orders")).toMatchObject({ state: "blocked", text: SELL_LIMIT_TEXTS.openOrder });
    expect(await createQuote(db(), { userId, input: { assetIds: "1" } }, deps)).toMatchObject({ ok: false, message: SELL_LIMIT_TEXTS.openOrder });
    // The quote made before the order: the accept refuses it with the same text.
    clearTradeHoldCache();
    expect(await acceptQuote(db(), { userId, quoteId: second.quoteId }, { steam: deps.steam })).toMatchObject({ ok: false, message: SELL_LIMIT_TEXTS.openOrder });
    expect(SELL_ORDER_ERRORS.openOrder).toBe(SELL_LIMIT_TEXTS.openOrder);
  });

  it("an unverified member is told BankID is needed to accept, and may still get a quote", async () => {
    const userId = await seller({ unverified: true });
    const facts = await factsOf(userId);
    expect(facts.identity).toBe("missing");
    expect(line(facts, "identity")).toMatchObject({ state: "info" });
    expect(line(facts, "identity").text).toContain("verifiera dig med BankID");
    expect(sellLimitRefusal(facts, 70_000)).toBeNull();
    const quote = await createQuote(db(), { userId, input: { assetIds: "1" } }, deps);
    expect(quote.ok).toBe(true);
    if (!quote.ok) return;
    clearTradeHoldCache();
    expect(await acceptQuote(db(), { userId, quoteId: quote.quoteId }, { steam: deps.steam })).toMatchObject({ ok: false, message: SELL_ORDER_ERRORS.requirements });
  });
});

describe("new payout details hold back the payout only (docs/rules/selling.md#payouts)", () => {
  it("details changed an hour ago: the member gets a quote and an order, the payout waits for the 24 hours", async () => {
    const userId = await seller();
    const usableAt = new Date(Date.now() + 23 * 60 * 60_000);
    await db().update(payout_details).set({ usable_at: usableAt }).where(eq(payout_details.user_id, userId));
    const checklist = await sellerRequirements(db(), userId, deps.steam);
    expect(checklist.requirements.find((requirement) => requirement.id === "payout_details")?.state).toBe("waiting");
    expect(checklist).toMatchObject({ ready: true, readyToQuote: true });

    const quote = await createQuote(db(), { userId, input: { assetIds: "1" } }, deps);
    if (!quote.ok) throw new Error(quote.message);
    clearTradeHoldCache();
    const order = await acceptQuote(db(), { userId, quoteId: quote.quoteId }, { steam: deps.steam });
    if (!order.ok) throw new Error(order.message);

    // The trade went through and the protection is over: the payout is due, but the details wait.
    await db()
      .update(sell_orders)
      .set({ status: "payout_scheduled", payout_due_at: sql`now() - interval '1 minute'` })
      .where(and(eq(sell_orders.id, order.value.id), eq(sell_orders.user_id, userId)));
    const entry = (await listPayoutQueue(db())).find((row) => row.orderId === order.value.id)!;
    expect(entry.ready).toBe(false);
    const paid = await markPaid(db(), { actorUserId: staffId, orderId: order.value.id, reference: "SWISH-1" });
    expect(paid).toMatchObject({ ok: false, code: "refused" });
    expect(paid.ok || paid.message).toBe(SELL_ORDER_ERRORS.payoutWaiting(usableAt));
  });
});
