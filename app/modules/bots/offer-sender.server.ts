/**
 * The offer engine's sender (docs/rules/bots.md#sending, decision 058): sends a sell order's trade
 * offer from a bot within seconds of the order becoming `awaiting_offer`.
 *
 * - Automatic mode is on while a bot exists that is not disabled; with none, nothing here acts and
 *   staff send by hand as before.
 * - **Claim before the call**: one transaction locks the order, re-checks it, picks the bot with
 *   the fewest offers held (under Steam's 30, and under 5 to this member) and writes `bot_id`,
 *   `offer_claimed_at` and the next `offer_attempt`. Only then is Steam called, so two instances
 *   (or a kick and the job) never both send.
 * - **Never two offers for one order**: the message carries the security code and the attempt, so
 *   it is unique; after error 16 or no answer the offer is looked up by its message before
 *   anything else. Not found → the claim stays, and the next try after `lostAnswerAfterMs` looks
 *   again before it sends again with the same message.
 * - Steam's answers: sent → `offer_sent` (confirmed first if Steam asks); 15 → the member's problem;
 *   25 → the bot is full for a while, the next bot now; 26 → the order is cancelled with the
 *   reason; session expired → the bot is marked, the next bot now.
 *
 * Credentials are opened only here (`openBotCredentials`); one adapter per bot per process keeps
 * its access token. No secret reaches a log line, an error, an event or an audit row.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "~/platform/db/client.server";
import { profiles, sell_order_items, sell_orders, seller_limits, trade_bots, user } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { singleton } from "~/platform/singleton.server";
import { config } from "~/platform/config.server";
import { optionalPayoutKeyring, type PayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { tradeLinkTarget } from "~/modules/selling/seller-requirements";
import { applyChange, memberOrderUrl, type BotOfferControl } from "~/modules/selling/sell-orders.server";
import { TRADE_OFFER_STATES } from "~/modules/selling/sell-order-rules";
import { checkTradeHold } from "~/modules/selling/steam-trade-hold.server";
import { tradeOfferMessage } from "~/modules/selling/steam-trade-offers.server";
import { BOT_LIMITS, OFFER_ENGINE, OFFER_PROBLEMS } from "./bot-constants";
import { OFFER_CHANNEL } from "./offer-notice.server";
import { markBotActive, markBotRateLimited, markBotSessionExpired, openBotCredentials } from "./bots.server";
import { SteamTransportError, steamBotClient, type SteamBotClient } from "./steam-bot-client.server";

export interface OfferEngine {
  db: Db;
  keyring: PayoutKeyring;
  steam: { apiUrl: string; communityUrl: string; apiKey: string | undefined; fetchImpl?: typeof fetch };
  siteName: string;
  now?: () => Date;
}

/** The engine as the configuration gives it; null without the key that unseals the bots' credentials. */
export function offerEngineFromConfig(db: Db): OfferEngine | null {
  const keyring = optionalPayoutKeyring();
  if (!keyring) return null;
  const cfg = config();
  return { db, keyring, steam: { apiUrl: cfg.STEAM_API_URL, communityUrl: cfg.STEAM_COMMUNITY_URL, apiKey: cfg.STEAM_API_KEY }, siteName: cfg.SITE_NAME };
}

type SendOutcome =
  /** The order is `offer_sent`. */
  | "sent"
  /** Nothing to do (another send, manual mode, a held member, not awaiting an offer). */
  | "skipped"
  /** No bot with room, a bot problem, or Steam could not be asked: the next kick or job run tries again. */
  | "waiting"
  /** The send's answer was lost and the offer was not found yet: the claim stays. */
  | "unknown"
  /** Trade link or trade hold: the member was told what to fix. */
  | "member_problem"
  /** Steam said the items are gone: the order is cancelled. */
  | "cancelled";

// ---------------------------------------------------------------------------
// One adapter per bot per process
// ---------------------------------------------------------------------------

type CachedClient = { client: SteamBotClient; fetchImpl: typeof fetch | undefined };

function clients(): Map<string, CachedClient> {
  return singleton("offer-engine-bot-clients", () => new Map<string, CachedClient>());
}

/** The bot's adapter; a new one when its credentials were replaced (the sealed text changed) or the hosts differ. */
async function clientFor(engine: OfferEngine, botId: string): Promise<SteamBotClient | null> {
  const [row] = await engine.db.select({ ciphertext: trade_bots.ciphertext }).from(trade_bots).where(eq(trade_bots.id, botId));
  if (!row) return null;
  const fingerprint = createHash("sha256").update(row.ciphertext).digest("hex").slice(0, 16);
  const key = `${botId}:${fingerprint}:${engine.steam.apiUrl}:${engine.steam.communityUrl}`;
  const cached = clients().get(key);
  if (cached && cached.fetchImpl === engine.steam.fetchImpl) return cached.client;
  const credentials = await openBotCredentials(engine.db, engine.keyring, botId);
  if (!credentials) return null;
  const client = steamBotClient(credentials, { apiUrl: engine.steam.apiUrl, communityUrl: engine.steam.communityUrl, fetchImpl: engine.steam.fetchImpl });
  for (const existing of clients().keys()) if (existing.startsWith(`${botId}:`)) clients().delete(existing);
  clients().set(key, { client, fetchImpl: engine.steam.fetchImpl });
  return client;
}

/** The adapter of the bot an order's offer came from (the poller's expiry, staff actions). */
export function botClient(engine: OfferEngine, botId: string): Promise<SteamBotClient | null> {
  return clientFor(engine, botId);
}

// ---------------------------------------------------------------------------
// The claim
// ---------------------------------------------------------------------------

interface Claimed {
  kind: "send" | "lookup";
  orderId: string;
  userId: string;
  botId: string;
  attempt: number;
  securityCode: string;
  /** When the order was made: no offer of it can be older, so a lookup asks Steam for offers ended since. */
  orderCreatedAt: Date;
  assetIds: string[];
  tradeLink: { steamId64: string; token: string } | null;
}

type ClaimResult = Claimed | { kind: "skip" } | { kind: "no_bot" };

/** Offers each bot holds now: sent and open, plus claims in flight; and how many of them go to this member. */
async function heldOffers(tx: Tx, botIds: string[], userId: string): Promise<Map<string, { total: number; member: number }>> {
  const held = new Map<string, { total: number; member: number }>();
  if (botIds.length === 0) return held;
  const rows = await tx
    .select({
      botId: sell_orders.bot_id,
      total: sql<number>`count(*)::int`,
      member: sql<number>`(count(*) filter (where ${sell_orders.user_id} = ${userId}))::int`,
    })
    .from(sell_orders)
    .where(
      and(
        inArray(sell_orders.bot_id, botIds),
        or(eq(sell_orders.status, "offer_sent"), and(eq(sell_orders.status, "awaiting_offer"), sql`${sell_orders.offer_claimed_at} IS NOT NULL`)),
      ),
    )
    .groupBy(sell_orders.bot_id);
  for (const row of rows) if (row.botId) held.set(row.botId, { total: Number(row.total), member: Number(row.member) });
  return held;
}

async function claim(engine: OfferEngine, orderId: string, now: Date, skipBots: ReadonlySet<string>): Promise<ClaimResult> {
  return engine.db.transaction(async (tx): Promise<ClaimResult> => {
    const [order] = await tx.select().from(sell_orders).where(eq(sell_orders.id, orderId)).for("update");
    if (!order || order.status !== "awaiting_offer" || order.manual_offer_reason !== null || order.offer_problem_member) return { kind: "skip" };
    const [limits] = await tx.select({ heldAt: seller_limits.offers_held_at }).from(seller_limits).where(eq(seller_limits.user_id, order.user_id));
    // docs/rules/bots.md#trade-shield: no new offer to a member until they confirm their account is safe.
    if (limits?.heldAt) return { kind: "skip" };
    const [profile] = await tx.select({ steamId: profiles.steam_id, tradeLink: profiles.steam_trade_link }).from(profiles).where(eq(profiles.user_id, order.user_id));
    const target = tradeLinkTarget(profile?.tradeLink ?? null);
    const items = await tx.select({ assetId: sell_order_items.asset_id }).from(sell_order_items).where(eq(sell_order_items.order_id, order.id)).orderBy(asc(sell_order_items.position));
    const facts = {
      orderId: order.id,
      userId: order.user_id,
      securityCode: order.security_code,
      orderCreatedAt: order.created_at,
      assetIds: items.map((item) => item.assetId),
      tradeLink: target && profile?.steamId === target.steamId64 ? target : null,
    };
    if (order.offer_claimed_at) {
      // A send is in flight on some instance, or its answer was lost: only after the delay is it looked up.
      if (now.getTime() - order.offer_claimed_at.getTime() < OFFER_ENGINE.lostAnswerAfterMs || !order.bot_id) return { kind: "skip" };
      await tx.update(sell_orders).set({ offer_claimed_at: now }).where(eq(sell_orders.id, order.id));
      return { kind: "lookup", botId: order.bot_id, attempt: order.offer_attempt, ...facts };
    }
    // Bots locked in a fixed order: claims that pick a bot run one at a time, so counts hold under races.
    const bots = await tx
      .select({ id: trade_bots.id, status: trade_bots.status, limitedUntil: trade_bots.rate_limited_until })
      .from(trade_bots)
      .where(inArray(trade_bots.status, ["active", "rate_limited"]))
      .orderBy(asc(trade_bots.id))
      .for("update");
    const usable = bots.filter((bot) => !skipBots.has(bot.id) && (!bot.limitedUntil || bot.limitedUntil.getTime() <= now.getTime()));
    const held = await heldOffers(
      tx,
      usable.map((bot) => bot.id),
      order.user_id,
    );
    const chosen = usable
      .map((bot) => ({ id: bot.id, ...(held.get(bot.id) ?? { total: 0, member: 0 }) }))
      .filter((bot) => bot.total < BOT_LIMITS.maxActiveOffers && bot.member < BOT_LIMITS.maxOffersPerPartner)
      .sort((a, b) => a.total - b.total)[0];
    if (!chosen) return { kind: "no_bot" };
    const attempt = order.offer_attempt + 1;
    await tx.update(sell_orders).set({ bot_id: chosen.id, offer_claimed_at: now, offer_attempt: attempt }).where(eq(sell_orders.id, order.id));
    return { kind: "send", botId: chosen.id, attempt, ...facts };
  });
}

/** Gives the claim back: Steam said no offer was made. A staff-facing note may say why. */
async function release(engine: OfferEngine, claimed: Claimed, problem?: string): Promise<void> {
  await engine.db
    .update(sell_orders)
    .set({ bot_id: null, offer_claimed_at: null, ...(problem ? { offer_problem: problem } : {}) })
    .where(and(eq(sell_orders.id, claimed.orderId), eq(sell_orders.status, "awaiting_offer"), eq(sell_orders.offer_attempt, claimed.attempt)));
}

// ---------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------

/** Records the offer: `offer_sent` with its id through the one change path. False when the order moved on meanwhile. */
async function recordSent(engine: OfferEngine, claimed: Claimed, offerId: string, state: number): Promise<boolean> {
  const now = engine.now?.() ?? new Date();
  const mails: string[] = [];
  const recorded = await engine.db.transaction(async (tx) => {
    const [order] = await tx.select().from(sell_orders).where(eq(sell_orders.id, claimed.orderId)).for("update");
    if (!order || order.status !== "awaiting_offer" || order.bot_id !== claimed.botId || order.offer_attempt !== claimed.attempt) return false;
    const sent = await applyChange(
      tx,
      {
        orderId: claimed.orderId,
        from: "awaiting_offer",
        to: "offer_sent",
        actor: "bot",
        actorUserId: null,
        note: `Trade-erbjudande ${offerId} skickat av boten (försök ${claimed.attempt})`,
        set: { trade_offer_id: offerId, offer_sent_at: now, offer_state: state, offer_claimed_at: null, offer_problem: null, offer_problem_member: false },
      },
      now,
      mails,
    );
    if (sent) await markBotActive(tx, claimed.botId);
    return sent !== null;
  });
  if (recorded) await deliverQueuedMail(engine.db, mails);
  return recorded;
}

/** An offer made for an order that is no longer waiting for it (cancelled meanwhile): withdrawn at Steam. */
async function withdraw(client: SteamBotClient, offerId: string, orderId: string): Promise<void> {
  const cancelled = await client.cancelOffer(offerId).catch(() => null);
  if (cancelled?.kind !== "canceled") logger.warn({ orderId, offerId }, "offer engine: an offer for an order that moved on could not be withdrawn");
}

/** docs/rules/bots.md#errors: trade link or trade hold — the member's to fix; mailed and told live once. */
async function memberProblem(engine: OfferEngine, claimed: Claimed, problem: string): Promise<void> {
  const mails: string[] = [];
  await engine.db.transaction(async (tx) => {
    const [order] = await tx
      .update(sell_orders)
      .set({ bot_id: null, offer_claimed_at: null, offer_problem: problem, offer_problem_member: true, updated_at: new Date() })
      .where(
        and(
          eq(sell_orders.id, claimed.orderId),
          eq(sell_orders.status, "awaiting_offer"),
          eq(sell_orders.offer_attempt, claimed.attempt),
          eq(sell_orders.offer_problem_member, false),
        ),
      )
      .returning({ id: sell_orders.id });
    if (!order) return;
    const [member] = await tx
      .select({ email: user.email, name: user.name, firstName: profiles.first_name })
      .from(user)
      .leftJoin(profiles, eq(profiles.user_id, user.id))
      .where(eq(user.id, claimed.userId));
    if (member) {
      const id = await enqueueMail(tx, {
        to: member.email,
        template: "sellOfferProblem",
        data: { name: member.firstName?.trim() || member.name, problem, securityCode: claimed.securityCode, orderUrl: memberOrderUrl(claimed.orderId) },
      });
      if (id) mails.push(id);
    }
    await publishEvent(tx, { type: "account", userId: claimed.userId, what: `sell-order:${claimed.orderId}` });
  });
  await deliverQueuedMail(engine.db, mails);
}

/** Error 26: an item is gone or not tradable — the order ends, with the reason in the mail. */
async function cancelForGoneItems(engine: OfferEngine, claimed: Claimed): Promise<void> {
  const now = engine.now?.() ?? new Date();
  const mails: string[] = [];
  await engine.db.transaction((tx) =>
    applyChange(
      tx,
      {
        orderId: claimed.orderId,
        from: "awaiting_offer",
        to: "cancelled",
        actor: "bot",
        actorUserId: null,
        note: "Steam fel 26: föremål saknas eller går inte att byta",
        set: { closed_at: now, bot_id: null, offer_claimed_at: null, offer_problem: OFFER_PROBLEMS.itemsGone },
        memberReason: OFFER_PROBLEMS.itemsGone,
      },
      now,
      mails,
    ),
  );
  await deliverQueuedMail(engine.db, mails);
}

/** Confirms the offer in the bot's mobile authenticator when Steam asks (an offer that gives items). */
async function confirm(client: SteamBotClient, claimed: Claimed, offerId: string): Promise<void> {
  const confirmed = await client.confirmOffer(offerId).catch((error: unknown) => ({ kind: "error" as const, message: error instanceof Error ? error.name : "error" }));
  if (confirmed.kind !== "confirmed") logger.warn({ orderId: claimed.orderId, offerId, outcome: confirmed.kind }, "offer engine: the offer awaits its mobile confirmation");
}

/** After error 16 or no answer: the offer with this attempt's message, if Steam made it. */
async function lookUp(engine: OfferEngine, client: SteamBotClient, claimed: Claimed, message: string): Promise<"sent" | "absent" | "unknown"> {
  let found;
  try {
    found = await client.findSentOffer(message, claimed.orderCreatedAt);
  } catch (error) {
    logger.warn({ orderId: claimed.orderId, err: error instanceof SteamTransportError ? error.message : "error" }, "offer engine: the lookup got no answer; the claim stays");
    return "unknown";
  }
  if (found.kind === "session_expired") {
    // The offer may exist at this bot: the claim stays with it until it can be looked up.
    await markBotSessionExpired(engine.db, claimed.botId, "Steam godtog inte botens refresh-token (sessionen har gått ut).");
    return "unknown";
  }
  if (!found.offer) return "absent";
  const recorded = await recordSent(engine, claimed, found.offer.offerId, found.offer.state);
  if (!recorded) await withdraw(client, found.offer.offerId, claimed.orderId);
  else if (found.offer.state === TRADE_OFFER_STATES.createdNeedsConfirmation) await confirm(client, claimed, found.offer.offerId);
  return "sent";
}

/**
 * One order: claim, check, send, and act on Steam's answer. Safe to call from any number of
 * instances at once: the claim lets one through.
 */
export async function sendOrderOffer(engine: OfferEngine, orderId: string): Promise<SendOutcome> {
  const tried = new Set<string>();
  for (let pass = 0; pass < OFFER_ENGINE.botsPerPass; pass += 1) {
    const claimed = await claim(engine, orderId, engine.now?.() ?? new Date(), tried);
    if (claimed.kind === "skip") return "skipped";
    if (claimed.kind === "no_bot") return "waiting";
    tried.add(claimed.botId);
    const client = await clientFor(engine, claimed.botId);
    if (!client) {
      await release(engine, claimed);
      continue;
    }
    const message = tradeOfferMessage(engine.siteName, claimed.securityCode, claimed.attempt);
    if (claimed.kind === "lookup") {
      const looked = await lookUp(engine, client, claimed, message);
      if (looked !== "absent") return looked;
      // Not made: sent again below with the same message, so a late one is still found by it.
    }
    if (!claimed.tradeLink) {
      await memberProblem(engine, claimed, OFFER_PROBLEMS.tradeLink);
      return "member_problem";
    }
    // The member's hold days, checked again at send time (docs/rules/selling.md#seller-requirements).
    const hold = await checkTradeHold(claimed.tradeLink, { apiUrl: engine.steam.apiUrl, apiKey: engine.steam.apiKey, fetchImpl: engine.steam.fetchImpl });
    if (hold.status === "hold") {
      await memberProblem(engine, claimed, OFFER_PROBLEMS.tradeHold(hold.days));
      return "member_problem";
    }
    if (hold.status === "unknown") {
      await release(engine, claimed);
      return "waiting";
    }
    let answer;
    try {
      answer = await client.sendOffer({ partnerSteamId: claimed.tradeLink.steamId64, tradeToken: claimed.tradeLink.token, give: [], receive: claimed.assetIds, message });
    } catch (error) {
      if (!(error instanceof SteamTransportError)) throw error;
      answer = null;
    }
    if (answer === null || (answer.kind === "error" && answer.eresult === 16)) {
      // The offer may exist: look before anything else; never a second offer for one order.
      const looked = await lookUp(engine, client, claimed, message);
      return looked === "absent" ? "unknown" : looked;
    }
    if (answer.kind === "sent") {
      const state = answer.needsConfirmation ? TRADE_OFFER_STATES.createdNeedsConfirmation : TRADE_OFFER_STATES.active;
      if (!(await recordSent(engine, claimed, answer.offerId, state))) {
        await withdraw(client, answer.offerId, claimed.orderId);
        return "skipped";
      }
      if (answer.needsConfirmation) await confirm(client, claimed, answer.offerId);
      return "sent";
    }
    if (answer.kind === "session_expired") {
      await markBotSessionExpired(engine.db, claimed.botId, "Steam godtog inte botens refresh-token (sessionen har gått ut).");
      await release(engine, claimed);
      continue;
    }
    switch (answer.eresult) {
      case 15:
        await memberProblem(engine, claimed, OFFER_PROBLEMS.cannotTrade);
        return "member_problem";
      case 25: {
        const until = new Date((engine.now?.() ?? new Date()).getTime() + OFFER_ENGINE.fullPauseMs);
        await markBotRateLimited(engine.db, claimed.botId, until, "Steam fel 25: för många aktiva erbjudanden.");
        await release(engine, claimed);
        continue;
      }
      case 26:
        await cancelForGoneItems(engine, claimed);
        return "cancelled";
      default:
        await release(engine, claimed, OFFER_PROBLEMS.steamError(answer.eresult));
        return "waiting";
    }
  }
  return "waiting";
}

// ---------------------------------------------------------------------------
// Kicks, the listener and the job's backstop
// ---------------------------------------------------------------------------

/** Whether automatic mode is on: a bot exists that an admin has not disabled. */
async function automaticOffers(db: Db): Promise<boolean> {
  const [bot] = await db.select({ id: trade_bots.id }).from(trade_bots).where(ne(trade_bots.status, "disabled")).limit(1);
  return Boolean(bot);
}

/**
 * A process's queue of kicks: each order once at a time, a few at once. Kicking an order twice
 * (two notices, the job) runs it again after the first ends — the claim makes that a no-op.
 */
export class OfferSender {
  private readonly queued = new Set<string>();
  private readonly running = new Set<string>();
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly engine: OfferEngine) {}

  kick(orderId: string): void {
    this.queued.add(orderId);
    this.pump();
  }

  /** Resolves once nothing is queued or running. */
  idle(): Promise<void> {
    if (this.queued.size === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private pump(): void {
    for (const orderId of [...this.queued]) {
      if (this.running.size >= OFFER_ENGINE.concurrency) break;
      if (this.running.has(orderId)) continue;
      this.queued.delete(orderId);
      this.running.add(orderId);
      void sendOrderOffer(this.engine, orderId)
        .catch((error: unknown) => logger.error({ orderId, err: error instanceof Error ? error.message : "error" }, "offer engine: send failed; the job tries again"))
        .finally(() => {
          this.running.delete(orderId);
          this.pump();
          if (this.queued.size === 0 && this.running.size === 0) for (const resolve of this.waiters.splice(0)) resolve();
        });
    }
  }
}

/**
 * The job's backstop (every minute): orders waiting for their offer that no kick sent — a missed
 * notice, a bot that was full, an answer lost — and bots whose session may work again.
 */
export async function sendWaitingOffers(engine: OfferEngine): Promise<{ tried: number; sent: number }> {
  const now = engine.now?.() ?? new Date();
  if (!(await automaticOffers(engine.db))) return { tried: 0, sent: 0 };
  await reviveBots(engine);
  const lostBefore = new Date(now.getTime() - OFFER_ENGINE.lostAnswerAfterMs);
  const due = await engine.db
    .select({ id: sell_orders.id })
    .from(sell_orders)
    .leftJoin(seller_limits, eq(seller_limits.user_id, sell_orders.user_id))
    .where(
      and(
        eq(sell_orders.status, "awaiting_offer"),
        isNull(sell_orders.manual_offer_reason),
        eq(sell_orders.offer_problem_member, false),
        isNull(seller_limits.offers_held_at),
        or(isNull(sell_orders.offer_claimed_at), lte(sell_orders.offer_claimed_at, lostBefore)),
      ),
    )
    .orderBy(asc(sell_orders.updated_at))
    .limit(OFFER_ENGINE.sendBatchSize);
  let sent = 0;
  for (const { id } of due) {
    if ((await sendOrderOffer(engine, id)) === "sent") sent += 1;
  }
  return { tried: due.length, sent };
}

/** docs/rules/bots.md#status: a bot whose session expired is tried once a run; a renewal that works makes it active. */
async function reviveBots(engine: OfferEngine): Promise<void> {
  const expired = await engine.db.select({ id: trade_bots.id }).from(trade_bots).where(eq(trade_bots.status, "session_expired"));
  for (const bot of expired) {
    const client = await clientFor(engine, bot.id);
    const renewed = await client?.renewSession().catch(() => null);
    if (renewed?.kind === "ok") await markBotActive(engine.db, bot.id);
  }
}

/**
 * Every instance listens for the notice (`noticeOfferNeeded`) and kicks its sender; after the
 * connection was lost (notices may have been missed) it runs the backstop at once. Returns the stop.
 */
export function startOfferEngine(database: Pick<Database, "db" | "listen">, engine = offerEngineFromConfig(database.db)): () => Promise<void> {
  if (!engine) return () => Promise.resolve();
  const sender = new OfferSender(engine);
  const connection = database.listen(OFFER_CHANNEL, {
    onPayload: (orderId) => {
      if (/^[0-9a-f-]{36}$/i.test(orderId)) sender.kick(orderId);
    },
    onReconnect: () => {
      void sendWaitingOffers(engine).catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : "error" }, "offer engine: backstop failed"));
    },
  });
  return async () => {
    await connection.close();
    await sender.idle();
  };
}

/** What the poller needs of the bots (docs/rules/bots.md#expiry): cancelling an offer through the bot that sent it. */
export function botOfferControl(engine: OfferEngine, expiryHours: number): BotOfferControl {
  return {
    expiryMs: expiryHours * 3_600_000,
    async api(botId) {
      return (await clientFor(engine, botId))?.tradeApi() ?? null;
    },
    async cancel(botId, offerId) {
      const client = await clientFor(engine, botId);
      const answer = await client?.cancelOffer(offerId);
      return answer?.kind === "canceled";
    },
  };
}
