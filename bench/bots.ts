/**
 * The offer engine against the local Steam fakes (docs/decisions/058-offer-engine.md):
 *   npm run bench:bots                     (PGlite, a fresh database in a scratch folder)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:bots   (a fresh database there, dropped after)
 *
 * 1. 60 orders made `awaiting_offer` at once (60 members accepting, ten at a time) over 3 bots, the
 *    engine listening for the notices as an instance does: p50/p95/max of the time from the order's
 *    `awaiting_offer` event to its `offer_sent` event (the database's clock for both).
 * 2. 200 more orders at once over the same 3 bots (90 offers at most at a time), while the fake's
 *    members accept after BENCH_ACCEPT_DELAY_MS (default 2000) and the sell-order job runs every
 *    second (the poller frees the bots; the backstop sends what waited): the most active offers any
 *    bot held at the fake at once (must be ≤ 30), and that every order got exactly one offer
 *    (counted at the fake by its security code).
 * Prints figures; not a timed test.
 */
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

process.env.DATA_DIR ??= path.join(os.tmpdir(), "skinhamnen-bench-bots");
process.env.LOG_LEVEL ??= "error";
const ACCEPT_DELAY_MS = Number(process.env.BENCH_ACCEPT_DELAY_MS ?? 2000);
const FIRST = 60;
const SECOND = 200;
const BOTS = 3;

// The outbox's one line per mail is for development, not for the figures.
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) =>
  String(chunk).startsWith("Mail till") ? true : (write as (...args: unknown[]) => boolean)(chunk, ...rest)) as typeof process.stdout.write;

const { and, eq, inArray, sql } = await import("drizzle-orm");
const { createTestDatabase } = await import("../app/platform/db/test-db");
const { queryRows } = await import("../app/platform/db/client.server");
const { sell_orders } = await import("../app/platform/db/schema");
const { createStaff } = await import("../app/modules/loyalty/test-fixtures");
const { createPayoutKeyring } = await import("../app/modules/selling/payout-encryption.server");
const { createQuote, createSeller } = await import("../app/modules/selling/sell-order-fixtures");
const { acceptQuote } = await import("../app/modules/selling/sell-orders.server");
const { runSellOrderJob } = await import("../app/modules/selling/sell-order-job.server");
const { steamTradeApi } = await import("../app/modules/selling/steam-trade-offers.server");
const { addBot } = await import("../app/modules/bots/bots.server");
const { BOT_LIMITS } = await import("../app/modules/bots/bot-constants");
const { startOfferEngine } = await import("../app/modules/bots/offer-sender.server");
const { FakeSteamWebApi } = await import("../server/fakes/steam-web-api");
const { startFakeSteamCommunity } = await import("../server/fakes/steam-community");

const database = await createTestDatabase();
const db = database.db;
const api = await new FakeSteamWebApi().start();
const community = await startFakeSteamCommunity(0, { trading: api.trading });
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const engine = { db, keyring, steam: { apiUrl: api.url, communityUrl: community.url, apiKey: api.apiKey }, siteName: "Skinhamnen" };
const steam = steamTradeApi({ apiUrl: api.url, apiKey: api.apiKey });
const line = (text: string) => void write(`${text}\n`);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

try {
  const staffId = await createStaff(db);
  const botSteamIds: string[] = [];
  for (let index = 0; index < BOTS; index += 1) {
    const steamId = String(76561198950000000n + BigInt(index));
    const credentials = api.trading.addBot(steamId);
    botSteamIds.push(steamId);
    const added = await addBot(db, keyring, {
      actorUserId: staffId,
      steam_id: steamId,
      display_name: `Bot ${index + 1}`,
      refresh_token: credentials.refreshToken,
      shared_secret: credentials.sharedSecret,
      identity_secret: credentials.identitySecret,
    });
    if (!added.ok) throw new Error(added.message);
  }

  /** Members with a quote each, ready to accept. */
  async function prepare(count: number) {
    const ready: { userId: string; quoteId: string }[] = [];
    for (let index = 0; index < count; index += 1) {
      const userId = await createSeller(db, keyring);
      ready.push({ userId, quoteId: await createQuote(db, userId, { prices: [20_000, 10_000], expiresAt: new Date(Date.now() + 3_600_000) }) });
    }
    return ready;
  }

  /**
   * The members accept as fast as the server takes them (ten requests in flight, as a busy site
   * has). The fakes share this process's event loop, so under load the accept's trade-hold check
   * can time out ("could not check"); that member tries again, as a member would.
   */
  async function acceptOne(entry: { userId: string; quoteId: string }) {
    for (let attempt = 1; ; attempt += 1) {
      const result = await acceptQuote(db, entry, { steam: { apiUrl: api.url, apiKey: api.apiKey } });
      if (result.ok || attempt === 5) return result;
    }
  }

  async function acceptAll(ready: { userId: string; quoteId: string }[]) {
    const orders: Awaited<ReturnType<typeof acceptQuote>>[] = [];
    for (let index = 0; index < ready.length; index += 10) {
      orders.push(...(await Promise.all(ready.slice(index, index + 10).map(acceptOne))));
    }
    return orders.map((result) => {
      if (!result.ok) throw new Error(result.message);
      return result.value;
    });
  }

  async function waitFor(orderIds: string[], timeoutMs: number, tick?: () => Promise<void>) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await queryRows<{ waiting: number }>(
        db,
        sql`SELECT count(*)::int AS waiting FROM sell_orders WHERE id IN (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) AND status = 'awaiting_offer'`,
      );
      if (Number(row?.waiting ?? 0) === 0 || Date.now() > end) return Number(row?.waiting ?? 0);
      await tick?.();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  line(`Offer engine bench: ${BOTS} bots, the fake's members accept after ${ACCEPT_DELAY_MS} ms, database ${database.driver}.`);

  // 1. 60 at once, the engine woken by the notices.
  api.trading.acceptDelayMs = null;
  const firstReady = await prepare(FIRST);
  const stop = startOfferEngine(database, engine);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const firstOrders = await acceptAll(firstReady);
  const firstIds = firstOrders.map((order) => order.id);
  const stuck = await waitFor(firstIds, 120_000);
  const latencies = (
    await queryRows<{ ms: number }>(
      db,
      sql`SELECT extract(epoch FROM (sent.created_at - waiting.created_at)) * 1000 AS ms
          FROM sell_order_events waiting JOIN sell_order_events sent ON sent.order_id = waiting.order_id AND sent.to_status = 'offer_sent'
          WHERE waiting.to_status = 'awaiting_offer' AND waiting.order_id IN (${sql.join(firstIds.map((id) => sql`${id}`), sql`, `)})`,
    )
  )
    .map((row) => Number(row.ms))
    .sort((a, b) => a - b);
  line(
    `1. ${FIRST} orders at once: ${latencies.length} sent${stuck ? `, ${stuck} still waiting` : ""}; awaiting_offer → offer_sent p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms (target: under 30 000 ms).`,
  );
  // The first round's members accept now, so the second round starts with empty bots.
  for (const [offerId, offer] of api.offers) if (offer.details && offer.state === 2) api.trading.acceptOffer(offerId);
  await runSellOrderJob(db, new Date(), steam, engine);

  // 2. 200 at once: bots fill to 30, members accept, the job frees room and sends the rest.
  api.trading.acceptDelayMs = ACCEPT_DELAY_MS;
  const secondReady = await prepare(SECOND);
  let mostHeld = 0;
  const sampler = setInterval(() => {
    for (const bot of botSteamIds) {
      const held = [...api.offers.values()].filter((offer) => offer.details?.owner === bot && (offer.state === 2 || offer.state === 9)).length;
      mostHeld = Math.max(mostHeld, held);
    }
  }, 20);
  const started = Date.now();
  const secondOrders = await acceptAll(secondReady);
  const secondIds = secondOrders.map((order) => order.id);
  const left = await waitFor(secondIds, 300_000, async () => {
    await runSellOrderJob(db, new Date(), steam, engine);
  });
  clearInterval(sampler);
  await stop();
  const elapsed = Date.now() - started;
  const perOrder = secondOrders.map((order) => [...api.offers.values()].filter((offer) => offer.details?.message.includes(order.securityCode)).length);
  const exactlyOne = perOrder.filter((count) => count === 1).length;
  const [{ statuses } = { statuses: "" }] = await queryRows<{ statuses: string }>(
    db,
    sql`SELECT string_agg(status || ' ' || n, ', ') AS statuses FROM (SELECT status, count(*) AS n FROM sell_orders WHERE id IN (${sql.join(secondIds.map((id) => sql`${id}`), sql`, `)}) GROUP BY status) s`,
  );
  line(
    `2. ${SECOND} orders at once: all sent in ${(elapsed / 1000).toFixed(1)} s${left ? ` (${left} still waiting)` : ""}; most active offers one bot held at once: ${mostHeld} (limit ${BOT_LIMITS.maxActiveOffers}); orders with exactly one offer at the fake: ${exactlyOne}/${SECOND}${exactlyOne === SECOND ? "" : ` (counts: ${[...new Set(perOrder)].join(", ")})`}; statuses: ${statuses}.`,
  );
  const allSent = await db.select({ id: sell_orders.id }).from(sell_orders).where(and(inArray(sell_orders.id, secondIds), eq(sell_orders.status, "awaiting_offer")));
  if (mostHeld > BOT_LIMITS.maxActiveOffers || exactlyOne !== SECOND || allSent.length > 0 || stuck > 0) process.exitCode = 1;
} finally {
  await community.stop();
  await api.stop();
  await database.close();
}
