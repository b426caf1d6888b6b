/**
 * Sell orders (docs/rules/selling.md#sell-orders): accepting a quote, every status change, the
 * Steam poller, the payout queue and the payout itself.
 *
 * Every status change is one transaction with a conditional update (`WHERE status = expected`),
 * so a race between two requests, two instances or staff and the poller applies it once; the
 * loser sees "nothing changed". Each change writes a `sell_order_events` row, an audit row when
 * staff made it, and a realtime event to the member's open pages; the member's mail goes out
 * after the commit (a failed mail is logged, the change stands).
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import {
  PAYOUT_LABELS,
  SELL_ORDER_STATUSES,
  SELL_ORDER_STATUS_LABELS,
  SELL_ORDERS,
  SELL_QUOTE_VALID_MINUTES,
  type PayoutMethod,
  type SellOrderStatus,
} from "~/modules/selling/selling-constants";
import type { SkinVariant, SkinWear } from "~/modules/trades/trades-constants";
import { ADMIN_PAGE_SIZE, PROFILE_PAGE_SIZE } from "~/platform/platform-constants";
import { formatLongDateTime, formatSek } from "~/lib/format";
import { pageParams, wholeBetween } from "~/lib/paging";
import { keysetPage, type KeysetLinks, type KeysetPosition } from "~/lib/keyset";
import { cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { isVerified, readVerifiedPerson } from "~/modules/identity/bankid.server";
import { recordPaidSale } from "~/modules/trades/trades.server";
import { config } from "~/platform/config.server";
import { queryRows, type Db, type Tx } from "~/platform/db/client.server";
import {
  payout_batch_orders,
  payout_details,
  profiles,
  sell_order_events,
  sell_order_items,
  sell_orders,
  sell_quote_items,
  sell_quotes,
  seller_limits,
  swish_payout_instructions,
  user,
  verified_identities,
} from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import type { MailAttachment } from "~/platform/mail/mailer.server";
import { correctPurchaseDocument, issuePurchaseDocument } from "~/modules/bookkeeping/purchase-documents.server";
import { sellerLegalName, type PurchaseDocumentContent } from "~/modules/bookkeeping/purchase-document-rules";
import { maskPersonnummer } from "./payout-rules";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { readPayoutDetails } from "./payout-details.server";
import type { PayoutKeyring } from "./payout-encryption.server";
import { automaticPayoutMethods, type PayoutAnswer, type PayoutGateway } from "./payout-gateway.server";
import type { SaleAmounts } from "~/modules/trades/trade-rules";
import {
  canTransition,
  isRollback,
  needsReview,
  nextStep,
  offerOutcome,
  OPEN_SELL_ORDER_STATUSES,
  payoutLine,
  promisesPayout,
  securityCodeFrom,
  statusText,
  TRADE_OFFER_STATES,
  unlockHour,
  type SellOrderActor,
} from "./sell-order-rules";
import { sellLimitRefusal, SELL_LIMIT_TEXTS, type SellLimitFacts } from "./sell-limits";
import { swishPayoutErrorMessage } from "./swish-payouts";
import { sellerRequirements } from "./seller-requirements.server";
import type { TradeHoldOptions } from "./steam-trade-hold.server";
import type { SteamTradeApi } from "./steam-trade-offers.server";
import { noticeOfferNeeded } from "~/modules/bots/offer-notice.server";
import { flagPossibleTheft } from "~/modules/bots/trade-shield.server";
import { OFFER_ENGINE, TRADE_SHIELD } from "~/modules/bots/bot-constants";

const DAY_MS = 24 * 60 * 60_000;

export const SELL_ORDER_ERRORS = {
  notFound: "Ordern finns inte.",
  quoteNotFound: "Offerten finns inte.",
  quoteExpired: `Offerten har gått ut. Hämta en ny offert – priserna gäller i ${SELL_QUOTE_VALID_MINUTES} minuter.`,
  quoteEmpty: "Offerten innehåller inga föremål som vi kan köpa.",
  requirements: "Du uppfyller inte kraven för att sälja än. Se vad som saknas i din profil.",
  ...SELL_LIMIT_TEXTS,
  invalidTransition: (status: SellOrderStatus) =>
    `Ordern kan inte ändras så nu (status: ${SELL_ORDER_STATUS_LABELS[status].toLowerCase()}).`,
  alreadyPaid: "Ordern är redan utbetald.",
  payoutInProgress: "Utbetalningen pågår redan.",
  notDue: (at: Date) => `Utbetalningen är inte förfallen än (${formatLongDateTime(at)}).`,
  noPayoutDetails: "Medlemmen har inga utbetalningsuppgifter.",
  sellerNotVerified: "Säljaren är inte verifierad med BankID. Utbetalningen väntar tills säljaren har verifierat sig.",
  detailsNeedRenewal: "Säljarens Swish-uppgifter har ett annat personnummer än det säljaren verifierade med BankID. Utbetalningen väntar på nya uppgifter.",
  payoutWaiting: (at: Date) => `Utbetalningsuppgifterna ändrades nyligen. Utbetalningen kan göras från ${formatLongDateTime(at)}.`,
  offerTaken: "Det trade-erbjudandet hör redan till en annan order.",
  inBankFile: "Ordern ligger i en bankfil som är skickad till banken. Markera bankfilen som betald eller ta tillbaka ordern till kön först.",
  notInBankFile: "Ordern ligger inte längre i den här bankfilen.",
  paidAutomatically: "Swish-utbetalningar skickas automatiskt när de förfaller. Misslyckas en visas felet här, och ”Försök igen” skickar den på nytt.",
} as const;

type SellOrderFailureCode = "not_found" | "gone" | "refused" | "conflict" | "invalid";

export type SellOrderResult<T> = { ok: true; value: T } | { ok: false; code: SellOrderFailureCode; message: string };

function fail<T>(code: SellOrderFailureCode, message: string): SellOrderResult<T> {
  return { ok: false, code, message };
}

export interface SellOrderItem {
  position: number;
  assetId: string;
  marketHashName: string;
  name: string;
  wear: SkinWear | null;
  variant: SkinVariant | null;
  imageUrl: string | null;
  priceOre: number;
}

export interface SellOrder extends SaleAmounts {
  id: string;
  userId: string;
  quoteId: string;
  status: SellOrderStatus;
  securityCode: string;
  levelAtQuote: LevelId;
  payoutMethod: PayoutMethod;
  tradeOfferId: string | null;
  offerSentAt: Date | null;
  offerState: number | null;
  steamTradeId: string | null;
  offerAcceptedAt: Date | null;
  protectionEndsAt: Date | null;
  payoutDueAt: Date | null;
  paidAt: Date | null;
  payoutReference: string | null;
  payoutMasked: string | null;
  payoutFailure: string | null;
  tradeId: string | null;
  reviewed: boolean;
  /** docs/rules/bots.md: the bot the offer goes out from (null in manual mode), the send attempt, why a send did not go out. */
  botId: string | null;
  offerAttempt: number;
  offerProblem: string | null;
  /** The problem is the member's to fix (trade link or trade hold). */
  offerProblemMember: boolean;
  manualOfferReason: string | null;
  /** The trade shield (docs/rules/bots.md#trade-shield): a possible API-key theft. */
  hijackFlaggedAt: Date | null;
  hijackReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SellOrderEvent {
  id: string;
  fromStatus: SellOrderStatus | null;
  toStatus: SellOrderStatus;
  actorUserId: string | null;
  actorName: string | null;
  note: string | null;
  createdAt: Date;
}

export interface SellOrderDetail extends SellOrder {
  items: SellOrderItem[];
  events: SellOrderEvent[];
  /** A failed automatic payout's reason in the member's words (decision 051); null otherwise. */
  payoutFailureForMember: string | null;
}

type OrderRow = typeof sell_orders.$inferSelect;

function toOrder(row: OrderRow): SellOrder {
  return {
    id: row.id,
    userId: row.user_id,
    quoteId: row.quote_id,
    status: row.status as SellOrderStatus,
    securityCode: row.security_code,
    levelAtQuote: row.level_at_quote as LevelId,
    baseTotalOre: row.base_total_ore,
    levelBonusPercent: row.level_bonus_percent,
    levelBonusOre: row.level_bonus_ore,
    bulkBonusPercent: row.bulk_bonus_percent,
    bulkBonusOre: row.bulk_bonus_ore,
    totalOre: row.total_ore,
    points: row.points,
    xp: row.xp,
    payoutMethod: row.payout_method as PayoutMethod,
    tradeOfferId: row.trade_offer_id,
    offerSentAt: row.offer_sent_at,
    offerState: row.offer_state,
    steamTradeId: row.steam_trade_id,
    offerAcceptedAt: row.offer_accepted_at,
    protectionEndsAt: row.protection_ends_at,
    payoutDueAt: row.payout_due_at,
    paidAt: row.paid_at,
    payoutReference: row.payout_reference,
    payoutMasked: row.payout_masked,
    payoutFailure: row.payout_failure,
    tradeId: row.trade_id,
    reviewed: needsReview(row.total_ore),
    botId: row.bot_id,
    offerAttempt: row.offer_attempt,
    offerProblem: row.offer_problem,
    offerProblemMember: row.offer_problem_member,
    manualOfferReason: row.manual_offer_reason,
    hijackFlaggedAt: row.hijack_flagged_at,
    hijackReason: row.hijack_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** docs/rules/selling.md#sell-orders: six letters from the unambiguous alphabet, from the OS's CSPRNG. */
function newSecurityCode(): string {
  return securityCodeFrom(randomBytes(SELL_ORDERS.securityCodeLength));
}

// ---------------------------------------------------------------------------
// Status changes
// ---------------------------------------------------------------------------

interface Change {
  orderId: string;
  from: SellOrderStatus;
  to: SellOrderStatus;
  actor: SellOrderActor;
  actorUserId: string | null;
  note?: string | null;
  set?: Partial<typeof sell_orders.$inferInsert>;
  /** Staff changes are audited under this action. */
  auditAction?: string;
  /** Files attached to the member's mail (the purchase document of a payout). */
  attachments?: readonly MailAttachment[];
  /** Why, in the member's mail (Steam said the items are gone). */
  memberReason?: string;
}

/**
 * Applies one status change if the order is still in `from`: the conditional update, its event
 * row, the audit row (staff), the member's mail (queued; its id goes into `mails` for the kick
 * after the commit) and the realtime event, in the caller's transaction. Null when the order had
 * moved on (another request or instance won).
 */
export async function applyChange(tx: Tx, change: Change, now: Date, mails: string[]): Promise<SellOrder | null> {
  if (!canTransition(change.from, change.to, change.actor)) return null;
  const [row] = await tx
    .update(sell_orders)
    .set({ ...change.set, status: change.to, updated_at: now })
    .where(and(eq(sell_orders.id, change.orderId), eq(sell_orders.status, change.from)))
    .returning();
  if (!row) return null;
  const order = toOrder(row);
  await tx.insert(sell_order_events).values({
    order_id: order.id,
    from_status: change.from,
    to_status: change.to,
    actor_user_id: change.actorUserId,
    note: change.note ?? null,
    // The database clock: the log keeps the real order of changes even when a job runs with a moved clock.
    created_at: sql`clock_timestamp()`,
  });
  if (change.auditAction) {
    await recordAudit(tx, {
      actorUserId: change.actorUserId,
      action: change.auditAction,
      entityType: "sell_order",
      entityId: order.id,
      before: { status: change.from },
      after: {
        status: change.to,
        ...(change.note ? { note: change.note } : {}),
        ...change.set,
      },
    });
  }
  await queueMemberMail(tx, order, mails, change.attachments, change.memberReason);
  await publishEvent(tx, {
    type: "account",
    userId: order.userId,
    what: `sell-order:${order.id}`,
  });
  // docs/rules/bots.md#sending: an order that now waits for its offer (approved, or to be re-sent) wakes the offer engine on commit.
  if (change.to === "awaiting_offer") await noticeOfferNeeded(tx, order.id);
  return order;
}

/**
 * docs/rules/selling.md#sell-orders: every change is mailed to the member, queued in the change's
 * transaction (decision 034), so a committed change always has its mail.
 */
async function queueMemberMail(tx: Tx, order: SellOrder, mails: string[], attachments?: readonly MailAttachment[], reason?: string): Promise<void> {
  const [member] = await tx
    .select({
      email: user.email,
      name: user.name,
      firstName: profiles.first_name,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(eq(user.id, order.userId));
  if (!member) return;
  const id = await enqueueMail(tx, {
    to: member.email,
    template: "sellOrderUpdate",
    data: {
      name: member.firstName?.trim() || member.name,
      status: statusText(order),
      nextStep: nextStep(order.status),
      securityCode: order.securityCode,
      total: promisesPayout(order.status) ? formatSek(order.totalOre) : null,
      payout: payoutLine(order, automaticPayoutMethods()),
      reason: reason ?? null,
      orderUrl: memberOrderUrl(order.id),
    },
    ...(attachments?.length ? { attachments } : {}),
  });
  if (id) mails.push(id);
}

/** The member's order page, for mails. */
export function memberOrderUrl(orderId: string): string {
  return `${config().PUBLIC_URL}/mina-affarer/${orderId}`;
}

/** One change in its own transaction, then the kick that sends its mail. */
async function change(db: Db, input: Change, now: Date): Promise<SellOrderResult<SellOrder>> {
  const mails: string[] = [];
  const result = await db.transaction(async (tx): Promise<SellOrderResult<SellOrder>> => {
    const [current] = await tx.select().from(sell_orders).where(eq(sell_orders.id, input.orderId)).for("update");
    if (!current) return fail("not_found", SELL_ORDER_ERRORS.notFound);
    const status = current.status as SellOrderStatus;
    if (status !== input.from && !canTransition(status, input.to, input.actor)) {
      return fail("conflict", SELL_ORDER_ERRORS.invalidTransition(status));
    }
    const order = await applyChange(tx, { ...input, from: status }, now, mails);
    return order ? { ok: true, value: order } : fail("conflict", SELL_ORDER_ERRORS.invalidTransition(status));
  });
  if (result.ok) await deliverQueuedMail(db, mails);
  return result;
}

// ---------------------------------------------------------------------------
// Accepting a quote
// ---------------------------------------------------------------------------

export interface AcceptOptions {
  now?: Date;
  /** The trade-hold check's Steam options (tests point it at the fake). */
  steam?: Partial<TradeHoldOptions>;
  firstWeekLimitOre?: number;
}

/**
 * Locks the member's profile row: their accepts run one at a time, so the limits hold under races.
 * A deleted account (decision 049) takes the same lock, so an accept that waited for it finds none.
 */
async function lockMember(tx: Tx, userId: string): Promise<{ createdAt: Date } | null> {
  const [row] = await tx
    .select({ createdAt: profiles.created_at, deletedAt: profiles.deleted_at })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .for("update");
  return row && !row.deletedAt ? { createdAt: row.createdAt } : null;
}

async function limitsOf(tx: Db | Tx, userId: string): Promise<{ maxOpenOrders: number; blockedUntil: Date | null }> {
  const [row] = await tx.select().from(seller_limits).where(eq(seller_limits.user_id, userId));
  return {
    maxOpenOrders: row?.max_open_orders ?? SELL_ORDERS.defaultMaxOpenOrders,
    blockedUntil: row?.blocked_until ?? null,
  };
}

async function countOpenOrders(tx: Db | Tx, userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`SELECT count(*)::int AS count FROM sell_orders WHERE user_id = ${userId} AND status IN (${sql.join(
      OPEN_SELL_ORDER_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})`,
  );
  return row?.count ?? 0;
}

/** What the member sold (or is selling) in their first days: orders not cancelled, declined, expired or reversed. */
async function soldSince(tx: Db | Tx, userId: string, from: Date, until: Date): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    tx,
    sql`SELECT coalesce(sum(total_ore), 0) AS total FROM sell_orders
        WHERE user_id = ${userId} AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${until.toISOString()}::timestamptz
          AND status NOT IN ('cancelled', 'declined', 'expired', 'reversed')`,
  );
  return Number(row?.total ?? 0);
}

/**
 * What limits apply to the member now (docs/rules/selling.md#limits), for the pure rule in
 * sell-limits.ts; `identity` comes from the seller checklist's BankID step.
 */
async function sellLimitFacts(
  db: Db | Tx,
  input: { userId: string; createdAt: Date; identity: SellLimitFacts["identity"]; now: Date; firstWeekLimitOre?: number },
): Promise<SellLimitFacts> {
  const limitOre = input.firstWeekLimitOre ?? config().SELL_FIRST_WEEK_LIMIT_ORE;
  const firstWeekEnds = new Date(input.createdAt.getTime() + SELL_ORDERS.newMemberDays * DAY_MS);
  const inFirstWeek = input.now.getTime() < firstWeekEnds.getTime();
  const [limits, openOrders, soldOre] = await Promise.all([
    limitsOf(db, input.userId),
    countOpenOrders(db, input.userId),
    inFirstWeek ? soldSince(db, input.userId, input.createdAt, firstWeekEnds) : Promise.resolve(0),
  ]);
  return {
    identity: input.identity,
    firstWeek: inFirstWeek ? { limitOre, soldOre, endsAt: firstWeekEnds.toISOString() } : null,
    blockedUntil: limits.blockedUntil && limits.blockedUntil.getTime() > input.now.getTime() ? limits.blockedUntil.toISOString() : null,
    openOrders,
    maxOpenOrders: limits.maxOpenOrders,
  };
}

/** The member's account date and BankID state, for `sellLimitFacts` outside an accept. */
export async function memberLimitFacts(db: Db, userId: string, identity: SellLimitFacts["identity"], now: Date, firstWeekLimitOre?: number) {
  const [member] = await db.select({ createdAt: profiles.created_at }).from(profiles).where(eq(profiles.user_id, userId));
  if (!member) return null;
  return sellLimitFacts(db, { userId, createdAt: member.createdAt, identity, now, firstWeekLimitOre });
}

/**
 * docs/rules/selling.md#accepting-a-quote: turns the member's quote into one sell order with
 * every amount fixed, after the seller checklist and the limits. Accepting an accepted quote
 * again (a double click, two tabs) answers with the same order.
 */
export async function acceptQuote(
  db: Db,
  input: { userId: string; quoteId: string },
  options: AcceptOptions = {},
): Promise<SellOrderResult<SellOrder>> {
  if (!isUuid(input.quoteId)) return fail("not_found", SELL_ORDER_ERRORS.quoteNotFound);
  const now = options.now ?? new Date();
  const [existing] = await db
    .select()
    .from(sell_orders)
    .where(and(eq(sell_orders.quote_id, input.quoteId), eq(sell_orders.user_id, input.userId)));
  if (existing) return { ok: true, value: toOrder(existing) };

  const checklist = await sellerRequirements(db, input.userId, options.steam, now);
  if (!checklist.ready) return fail("refused", SELL_ORDER_ERRORS.requirements);
  const firstWeekLimit = options.firstWeekLimitOre ?? config().SELL_FIRST_WEEK_LIMIT_ORE;

  const mails: string[] = [];
  const result = await db.transaction(async (tx): Promise<SellOrderResult<SellOrder> & { created?: boolean }> => {
    const member = await lockMember(tx, input.userId);
    if (!member) return fail("not_found", SELL_ORDER_ERRORS.quoteNotFound);
    const [quote] = await tx
      .select()
      .from(sell_quotes)
      .where(and(eq(sell_quotes.id, input.quoteId), eq(sell_quotes.user_id, input.userId)))
      .for("update");
    if (!quote) return fail("not_found", SELL_ORDER_ERRORS.quoteNotFound);
    if (quote.accepted_at) {
      const [order] = await tx.select().from(sell_orders).where(eq(sell_orders.quote_id, quote.id));
      if (order) return { ok: true, value: toOrder(order) };
    }
    if (quote.expires_at.getTime() <= now.getTime()) return fail("gone", SELL_ORDER_ERRORS.quoteExpired);
    const items = await tx
      .select()
      .from(sell_quote_items)
      .where(eq(sell_quote_items.quote_id, quote.id))
      .orderBy(asc(sell_quote_items.position));
    const accepted = items.filter((item) => item.refusal === null && item.price_ore !== null);
    if (accepted.length === 0 || quote.base_total_ore <= 0) return fail("refused", SELL_ORDER_ERRORS.quoteEmpty);

    // docs/rules/selling.md#limits: the rule /salja and the quote use, checked again under the member's lock.
    const facts = await sellLimitFacts(tx, { userId: input.userId, createdAt: member.createdAt, identity: "ok", now, firstWeekLimitOre: firstWeekLimit });
    const refusal = sellLimitRefusal(facts, quote.total_ore);
    if (refusal) return fail("refused", refusal);

    const status: SellOrderStatus = needsReview(quote.total_ore) ? "in_review" : "awaiting_offer";
    const [row] = await tx
      .insert(sell_orders)
      .values({
        user_id: input.userId,
        quote_id: quote.id,
        status,
        security_code: newSecurityCode(),
        level_at_quote: quote.level_at_quote,
        base_total_ore: quote.base_total_ore,
        level_bonus_percent: quote.level_bonus_percent,
        level_bonus_ore: quote.level_bonus_ore,
        bulk_bonus_percent: quote.bulk_bonus_percent,
        bulk_bonus_ore: quote.bulk_bonus_ore,
        total_ore: quote.total_ore,
        points: quote.points,
        xp: quote.xp,
        payout_method: quote.payout_method,
        created_at: now,
        updated_at: now,
      })
      .returning();
    const order = toOrder(row!);
    await tx.insert(sell_order_items).values(
      accepted.map((item, position) => ({
        order_id: order.id,
        position,
        asset_id: item.asset_id,
        market_hash_name: item.market_hash_name,
        name: item.name,
        wear: item.wear,
        variant: item.variant,
        image_url: item.image_url,
        price_ore: item.price_ore!,
      })),
    );
    await tx.update(sell_quotes).set({ accepted_at: now }).where(eq(sell_quotes.id, quote.id));
    await tx.insert(sell_order_events).values({
      order_id: order.id,
      from_status: null,
      to_status: status,
      actor_user_id: input.userId,
      note: null,
      created_at: sql`clock_timestamp()`,
    });
    await publishEvent(tx, {
      type: "account",
      userId: order.userId,
      what: `sell-order:${order.id}`,
    });
    await queueMemberMail(tx, order, mails);
    // docs/rules/bots.md#sending: the offer engine hears of it once this commits.
    if (status === "awaiting_offer") await noticeOfferNeeded(tx, order.id);
    return { ok: true, value: order, created: true };
  });
  if (result.ok && result.created) await deliverQueuedMail(db, mails);
  if (result.ok) return { ok: true, value: result.value };
  return result;
}

// ---------------------------------------------------------------------------
// Member and staff actions
// ---------------------------------------------------------------------------

async function ownedStatus(db: Db, orderId: string, userId: string | null): Promise<SellOrderStatus | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ status: sell_orders.status })
    .from(sell_orders)
    .where(userId ? and(eq(sell_orders.id, orderId), eq(sell_orders.user_id, userId)) : eq(sell_orders.id, orderId));
  return (row?.status as SellOrderStatus | undefined) ?? null;
}

/** A member cancels their own order before the offer is sent. */
export async function cancelByMember(db: Db, input: { userId: string; orderId: string; now?: Date }): Promise<SellOrderResult<SellOrder>> {
  const status = await ownedStatus(db, input.orderId, input.userId);
  if (!status) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  return change(
    db,
    {
      orderId: input.orderId,
      from: status,
      to: "cancelled",
      actor: "member",
      actorUserId: input.userId,
      set: { closed_at: input.now ?? new Date() },
    },
    input.now ?? new Date(),
  );
}

/** docs/rules/selling.md#review: staff approve (→ awaiting the offer) or decline an order under review. */
export async function reviewOrder(
  db: Db,
  input: {
    actorUserId: string;
    orderId: string;
    approve: boolean;
    note?: string | null;
    now?: Date;
  },
): Promise<SellOrderResult<SellOrder>> {
  const now = input.now ?? new Date();
  return change(
    db,
    {
      orderId: input.orderId,
      from: "in_review",
      to: input.approve ? "awaiting_offer" : "declined",
      actor: "staff",
      actorUserId: input.actorUserId,
      note: input.note ?? null,
      set: input.approve ? {} : { closed_at: now },
      auditAction: input.approve ? "sell_order.approve" : "sell_order.decline",
    },
    now,
  );
}

/** Staff cancel an order (before the offer is accepted), e.g. the member asked in chat. */
export async function cancelByStaff(
  db: Db,
  input: {
    actorUserId: string;
    orderId: string;
    note?: string | null;
    now?: Date;
  },
): Promise<SellOrderResult<SellOrder>> {
  const now = input.now ?? new Date();
  const status = await ownedStatus(db, input.orderId, null);
  if (!status) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  return change(
    db,
    {
      orderId: input.orderId,
      from: status,
      to: "cancelled",
      actor: "staff",
      actorUserId: input.actorUserId,
      note: input.note ?? null,
      set: { closed_at: now },
      auditAction: "sell_order.cancel",
    },
    now,
  );
}

/** docs/rules/selling.md#trade-offers: staff sent the offer from the bot account and paste its id (manual mode). */
export async function setTradeOffer(
  db: Db,
  input: {
    actorUserId: string | null;
    orderId: string;
    tradeOfferId: string;
    now?: Date;
  },
): Promise<SellOrderResult<SellOrder>> {
  const now = input.now ?? new Date();
  if (!isUuid(input.orderId)) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  const [taken] = await db.select({ id: sell_orders.id }).from(sell_orders).where(eq(sell_orders.trade_offer_id, input.tradeOfferId));
  if (taken && taken.id !== input.orderId) return fail("conflict", SELL_ORDER_ERRORS.offerTaken);
  try {
    return await change(
      db,
      {
        orderId: input.orderId,
        from: "awaiting_offer",
        to: "offer_sent",
        actor: "staff",
        actorUserId: input.actorUserId,
        note: `Trade-erbjudande ${input.tradeOfferId}`,
        set: {
          trade_offer_id: input.tradeOfferId,
          offer_sent_at: now,
          offer_state: TRADE_OFFER_STATES.active,
        },
        auditAction: "sell_order.set_offer",
      },
      now,
    );
  } catch (error) {
    // Two orders given one offer id at the same moment: the unique index keeps one.
    if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === "23505") {
      return fail("conflict", SELL_ORDER_ERRORS.offerTaken);
    }
    throw error;
  }
}

/** docs/rules/selling.md#limits: staff let a member have more open orders at once (audited). */
export async function setMaxOpenOrders(
  db: Db,
  input: { actorUserId: string; userId: string; maxOpenOrders: number },
): Promise<SellOrderResult<{ maxOpenOrders: number }>> {
  return db.transaction(async (tx): Promise<SellOrderResult<{ maxOpenOrders: number }>> => {
    const [member] = await tx.select({ id: profiles.user_id }).from(profiles).where(eq(profiles.user_id, input.userId));
    if (!member) return fail("not_found", "Medlemmen finns inte.");
    const before = await limitsOf(tx, input.userId);
    await tx
      .insert(seller_limits)
      .values({ user_id: input.userId, max_open_orders: input.maxOpenOrders })
      .onConflictDoUpdate({
        target: seller_limits.user_id,
        set: { max_open_orders: input.maxOpenOrders, updated_at: sql`now()` },
      });
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "seller.set_max_open_orders",
      entityType: "seller_limits",
      entityId: input.userId,
      before: { maxOpenOrders: before.maxOpenOrders },
      after: { maxOpenOrders: input.maxOpenOrders },
    });
    return { ok: true, value: { maxOpenOrders: input.maxOpenOrders } };
  });
}

// ---------------------------------------------------------------------------
// Following the offer (the poller) and the end of the protection
// ---------------------------------------------------------------------------

export interface PollSummary {
  checked: number;
  accepted: number;
  closed: number;
  reversed: number;
  errors: number;
}

/** The offer engine's hold on a bot's offers (docs/rules/bots.md#expiry); without it, bot offers are followed but never cancelled. */
export interface BotOfferControl {
  /** Cancels the bot's offer at Steam; true once Steam says it is cancelled. */
  cancel(botId: string, offerId: string): Promise<boolean>;
  /** How long an offer may wait for the member (OFFER_EXPIRY_HOURS). */
  expiryMs: number;
  /** Steam's trade reads as the bot itself (its offers and trades are its own); null when it cannot be opened. */
  api(botId: string): Promise<SteamTradeApi | null>;
}

/**
 * docs/rules/selling.md#following-the-offer: one pass over the open offers and the protected
 * trades. Idempotent: each move is conditional on the status it leaves, so an offer whose state
 * flips accepted → active → accepted is processed once (the order left `offer_sent` the first time).
 */
export async function pollTradeOffers(db: Db, steam: SteamTradeApi | null, now: Date = new Date(), bots?: BotOfferControl): Promise<PollSummary> {
  const summary: PollSummary = {
    checked: 0,
    accepted: 0,
    closed: 0,
    reversed: 0,
    errors: 0,
  };
  // Offers and protected trades each get their own batch: protected orders, which wait days and
  // are rarely updated, must not crowd out the offers whose answers free the bots' room.
  const batch = (status: "offer_sent" | "protected") =>
    db.select().from(sell_orders).where(eq(sell_orders.status, status)).orderBy(asc(sell_orders.updated_at)).limit(SELL_ORDERS.pollBatchSize);
  const open = [...(await batch("offer_sent")), ...(await batch("protected"))];
  for (const row of open) {
    try {
      // A bot's offer is read as that bot (docs/rules/bots.md#following); a manual one with the site's key.
      const source = row.bot_id && bots ? await bots.api(row.bot_id) : steam;
      if (!source) continue;
      summary.checked++;
      const moved = row.status === "offer_sent" ? await followOffer(db, source, row, now, bots) : await watchProtection(db, source, toOrder(row), now);
      if (moved) summary[moved]++;
    } catch (error) {
      summary.errors++;
      logger.warn({ err: error, orderId: row.id }, "sell order: Steam check failed; next run tries again");
    }
  }
  return summary;
}

/** Steam's states for an offer the member (or someone with their API key) ended: the trade shield watches these. */
const SHIELD_STATES: readonly number[] = [TRADE_OFFER_STATES.declined, TRADE_OFFER_STATES.canceled, TRADE_OFFER_STATES.countered];

async function followOffer(db: Db, steam: SteamTradeApi, row: OrderRow, now: Date, bots?: BotOfferControl): Promise<"accepted" | "closed" | null> {
  const order = toOrder(row);
  // Staff are re-sending or cancelling this offer right now (docs/rules/bots.md#staff-actions): their action settles it.
  if (!order.tradeOfferId || row.offer_claimed_at) return null;
  const offer = await steam.getTradeOffer(order.tradeOfferId);
  if (!offer) return null;
  const outcome = offerOutcome(offer.state);
  if (outcome === "accepted") {
    // decision 047: payable at the hour Steam's Trade Protection ends for this trade — the expiry
    // Steam reports for the received items, else the trade's time (or the acceptance) + 7 days.
    const acceptedAt = offer.updatedAt && offer.updatedAt.getTime() <= now.getTime() ? offer.updatedAt : now;
    const trade = offer.tradeId ? await steam.getTradeStatus(offer.tradeId) : null;
    const tradeTime = trade?.tradeTime && trade.tradeTime.getTime() <= now.getTime() ? trade.tradeTime : acceptedAt;
    const unlocksAt = unlockHour({ tradeTime, reportedEnds: trade?.protectionEnds ?? [] });
    const mails: string[] = [];
    const moved = await db.transaction(async (tx) => {
      const applied = await applyChange(
        tx,
        {
          orderId: order.id,
          from: "offer_sent",
          to: "protected",
          actor: "steam",
          actorUserId: null,
          note: offer.tradeId ? `Steam-trade ${offer.tradeId}` : null,
          set: {
            offer_state: offer.state,
            steam_trade_id: offer.tradeId,
            offer_accepted_at: acceptedAt,
            protection_ends_at: unlocksAt,
            payout_due_at: unlocksAt,
          },
        },
        now,
        mails,
      );
      if (!applied) return false;
      // docs/rules/bots.md#receipt: the items' asset ids in our inventory, from the trade's receipt, with the move.
      for (const asset of trade?.received ?? []) {
        await tx
          .update(sell_order_items)
          .set({ new_asset_id: asset.newAssetId })
          .where(and(eq(sell_order_items.order_id, order.id), eq(sell_order_items.asset_id, asset.assetId)));
      }
      return true;
    });
    if (moved) await deliverQueuedMail(db, mails);
    return moved ? "accepted" : null;
  }
  if (outcome) {
    const sentAt = order.offerSentAt?.getTime() ?? null;
    const endedAt = (offer.updatedAt ?? now).getTime();
    // docs/rules/bots.md#trade-shield: our bot's offer ended by the other side within a minute, nothing done on our site.
    const quick = order.botId !== null && sentAt !== null && SHIELD_STATES.includes(offer.state) && endedAt - sentAt <= OFFER_ENGINE.shieldWindowMs;
    const mails: string[] = [];
    const moved = await db.transaction(async (tx) => {
      const applied = await applyChange(
        tx,
        {
          orderId: order.id,
          from: "offer_sent",
          to: outcome,
          actor: "steam",
          actorUserId: null,
          note: `Steam: erbjudandets status ${offer.state}`,
          set: { offer_state: offer.state, closed_at: now },
        },
        now,
        mails,
      );
      if (!applied) return false;
      if (quick) {
        const seconds = Math.max(0, Math.round((endedAt - sentAt!) / 1000));
        await flagPossibleTheft(tx, { orderId: order.id, reason: TRADE_SHIELD.quickEnd(seconds, offer.state), actorUserId: null, now, mails });
      }
      return true;
    });
    if (moved) await deliverQueuedMail(db, mails);
    return moved ? "closed" : null;
  }
  // docs/rules/bots.md#expiry: a bot's offer not accepted in time is cancelled at Steam, then the order expires.
  if (bots && order.botId && order.offerSentAt && now.getTime() - order.offerSentAt.getTime() >= bots.expiryMs) {
    if (await bots.cancel(order.botId, order.tradeOfferId)) {
      const result = await change(
        db,
        {
          orderId: order.id,
          from: "offer_sent",
          to: "expired",
          actor: "job",
          actorUserId: null,
          note: `Erbjudandet accepterades inte inom ${Math.round(bots.expiryMs / 3_600_000)} timmar och är avbrutet hos Steam`,
          set: { offer_state: TRADE_OFFER_STATES.canceled, closed_at: now },
        },
        now,
      );
      return result.ok ? "closed" : null;
    }
  }
  if (offer.state !== order.offerState) {
    await db
      .update(sell_orders)
      .set({ offer_state: offer.state, updated_at: now })
      .where(and(eq(sell_orders.id, order.id), eq(sell_orders.status, "offer_sent")));
  }
  return null;
}

/** docs/rules/selling.md#reversals: a rollback during the protection → reversed, no payout, the member blocked 30 days. */
async function watchProtection(db: Db, steam: SteamTradeApi, order: SellOrder, now: Date): Promise<"reversed" | null> {
  if (!order.steamTradeId) return null;
  const trade = await steam.getTradeStatus(order.steamTradeId);
  if (trade === null || !isRollback(trade.status)) return null;
  const status = trade.status;
  const blockedUntil = new Date(now.getTime() + SELL_ORDERS.reversalBlockDays * DAY_MS);
  const mails: string[] = [];
  const result = await db.transaction(async (tx) => {
    const reversed = await applyChange(
      tx,
      {
        orderId: order.id,
        from: "protected",
        to: "reversed",
        actor: "steam",
        actorUserId: null,
        note: `Steam: trade-status ${status} (återförd)`,
        set: { closed_at: now },
      },
      now,
      mails,
    );
    if (!reversed) return null;
    await tx
      .insert(seller_limits)
      .values({
        user_id: order.userId,
        blocked_until: blockedUntil,
        blocked_reason: `sell_order:${order.id}`,
      })
      .onConflictDoUpdate({
        target: seller_limits.user_id,
        set: {
          blocked_until: sql`greatest(${seller_limits.blocked_until}, ${blockedUntil.toISOString()}::timestamptz)`,
          blocked_reason: `sell_order:${order.id}`,
          updated_at: now,
        },
      });
    await recordAudit(tx, {
      actorUserId: null,
      action: "seller.block_after_reversal",
      entityType: "seller_limits",
      entityId: order.userId,
      before: null,
      after: { blockedUntil, orderId: order.id },
    });
    return reversed;
  });
  if (!result) return null;
  await deliverQueuedMail(db, mails);
  return "reversed";
}

/** docs/rules/selling.md#payouts: protected orders whose protection has ended are scheduled for payout. */
export async function scheduleDuePayouts(db: Db, now: Date = new Date()): Promise<{ scheduled: number }> {
  const due = await db
    .select({ id: sell_orders.id })
    .from(sell_orders)
    .where(and(eq(sell_orders.status, "protected"), lte(sell_orders.protection_ends_at, now)))
    .limit(SELL_ORDERS.pollBatchSize);
  let scheduled = 0;
  for (const { id } of due) {
    const result = await change(
      db,
      {
        orderId: id,
        from: "protected",
        to: "payout_scheduled",
        actor: "job",
        actorUserId: null,
      },
      now,
    );
    if (result.ok) scheduled++;
  }
  return { scheduled };
}

// ---------------------------------------------------------------------------
// Payouts
// ---------------------------------------------------------------------------

export interface PayoutQueueEntry {
  orderId: string;
  userId: string;
  memberName: string;
  email: string;
  method: PayoutMethod;
  totalOre: number;
  payoutDueAt: Date;
  status: "payout_scheduled" | "payout_failed";
  payoutFailure: string | null;
  /** The member's current details, masked; null when they have none. */
  details: {
    method: PayoutMethod;
    label: string;
    masked: string;
    usableAt: Date;
    /** Swish details with another personnummer than the verified one (decision 044). */
    renewalRequired: boolean;
  } | null;
  /** The seller has verified with BankID (decision 044); an order from before the rule waits. */
  verified: boolean;
  /** Paid only when the seller is verified and the details exist and are past their 24-hour wait. */
  ready: boolean;
  claimed: boolean;
  /** The open bank file the payout is in ("Skickad till banken", decision 050); paid with the file, not alone. */
  batchId: string | null;
  /** Paid by the job runner through the method's API (decision 051), never by hand. */
  automatic: boolean;
  /** The details are in their 24-hour wait: the payout waits, by hand or automatic. */
  detailsWaiting: boolean;
}

/** docs/rules/selling.md#payouts: due payouts (and failed ones to retry), oldest first, by method. */
export async function listPayoutQueue(db: Db, now: Date = new Date()): Promise<PayoutQueueEntry[]> {
  const automatic = automaticPayoutMethods();
  const rows = await db
    .select({
      order: sell_orders,
      memberName: user.name,
      email: user.email,
      detailsMethod: payout_details.method,
      label: payout_details.masked_label,
      masked: payout_details.masked_value,
      usableAt: payout_details.usable_at,
      renewalRequiredAt: payout_details.renewal_required_at,
      verifiedUser: verified_identities.user_id,
      batchId: payout_batch_orders.batch_id,
    })
    .from(sell_orders)
    .innerJoin(user, eq(user.id, sell_orders.user_id))
    .leftJoin(payout_details, eq(payout_details.user_id, sell_orders.user_id))
    .leftJoin(verified_identities, eq(verified_identities.user_id, sell_orders.user_id))
    .leftJoin(payout_batch_orders, and(eq(payout_batch_orders.order_id, sell_orders.id), eq(payout_batch_orders.state, "open")))
    .where(
      sql`(${sell_orders.status} = 'payout_scheduled' AND ${sell_orders.payout_due_at} <= ${now.toISOString()}::timestamptz) OR ${sell_orders.status} = 'payout_failed'`,
    )
    .orderBy(asc(sell_orders.payout_method), asc(sell_orders.payout_due_at))
    .limit(ADMIN_PAGE_SIZE.max);
  return rows.map((row) => {
    const details =
      row.detailsMethod && row.usableAt
        ? {
            method: row.detailsMethod as PayoutMethod,
            label: row.label!,
            masked: row.masked!,
            usableAt: row.usableAt,
            renewalRequired: row.renewalRequiredAt !== null,
          }
        : null;
    const paidAutomatically = automatic.includes(row.order.payout_method as PayoutMethod);
    return {
      orderId: row.order.id,
      userId: row.order.user_id,
      memberName: row.memberName,
      email: row.email,
      method: row.order.payout_method as PayoutMethod,
      totalOre: row.order.total_ore,
      payoutDueAt: row.order.payout_due_at!,
      status: row.order.status as "payout_scheduled" | "payout_failed",
      payoutFailure: row.order.payout_failure,
      details,
      verified: row.verifiedUser !== null,
      ready:
        row.order.status === "payout_scheduled" &&
        row.verifiedUser !== null &&
        details !== null &&
        !details.renewalRequired &&
        details.usableAt.getTime() <= now.getTime() &&
        row.order.payout_claimed_at === null &&
        row.batchId === null &&
        !paidAutomatically,
      claimed: row.order.payout_claimed_at !== null,
      batchId: row.batchId,
      automatic: paidAutomatically,
      detailsWaiting: details !== null && details.usableAt.getTime() > now.getTime(),
    };
  });
}

interface PayoutReady {
  order: OrderRow;
  masked: string;
}

/**
 * The checks before money moves: due, the seller verified with BankID (decision 044), details
 * present, not awaiting renewal, and past their 24-hour wait (docs/rules/selling.md#payouts).
 * An order in an open bank file (decision 050) is paid only with that file: the checks were made
 * when the file was built and the money went to the account in it, whatever the details say now.
 */
async function checkPayable(tx: Tx, orderId: string, now: Date, claimed: boolean, batchId: string | null = null): Promise<SellOrderResult<PayoutReady>> {
  const [order] = await tx.select().from(sell_orders).where(eq(sell_orders.id, orderId)).for("update");
  if (!order) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  if (order.status === "paid") return fail("conflict", SELL_ORDER_ERRORS.alreadyPaid);
  if (order.status !== "payout_scheduled") return fail("conflict", SELL_ORDER_ERRORS.invalidTransition(order.status as SellOrderStatus));
  if ((order.payout_claimed_at !== null) !== claimed) return fail("conflict", SELL_ORDER_ERRORS.payoutInProgress);
  const [inFile] = await tx
    .select({ batchId: payout_batch_orders.batch_id, masked: payout_batch_orders.masked })
    .from(payout_batch_orders)
    .where(and(eq(payout_batch_orders.order_id, orderId), eq(payout_batch_orders.state, "open")));
  if (batchId !== null) {
    if (inFile?.batchId !== batchId) return fail("conflict", SELL_ORDER_ERRORS.notInBankFile);
    return { ok: true, value: { order, masked: inFile.masked } };
  }
  if (inFile) return fail("conflict", SELL_ORDER_ERRORS.inBankFile);
  if (order.payout_due_at && order.payout_due_at.getTime() > now.getTime())
    return fail("refused", SELL_ORDER_ERRORS.notDue(order.payout_due_at));
  if (!(await isVerified(tx, order.user_id))) return fail("refused", SELL_ORDER_ERRORS.sellerNotVerified);
  const [details] = await tx.select().from(payout_details).where(eq(payout_details.user_id, order.user_id));
  if (!details) return fail("refused", SELL_ORDER_ERRORS.noPayoutDetails);
  if (details.renewal_required_at) return fail("refused", SELL_ORDER_ERRORS.detailsNeedRenewal);
  if (details.usable_at.getTime() > now.getTime()) return fail("refused", SELL_ORDER_ERRORS.payoutWaiting(details.usable_at));
  return {
    ok: true,
    value: { order, masked: `${details.masked_label} ${details.masked_value}` },
  };
}

/**
 * Marks the order paid and creates the completed sale trade (points, XP and the referral
 * milestone through the ledger), in one transaction, once: the row lock and the conditional
 * update make a second click or instance find it paid.
 */
async function completePayout(
  tx: Tx,
  ready: PayoutReady,
  input: {
    actorUserId: string | null;
    reference: string;
    now: Date;
    claimed: boolean;
    /** The queued mail's id, for the kick after the commit. */
    mails: string[];
    /** Reads the personnummer of Swish details for the purchase document; without it none is printed. */
    keyring?: PayoutKeyring;
  },
): Promise<SellOrder | null> {
  const order = toOrder(ready.order);
  const items = await tx
    .select()
    .from(sell_order_items)
    .where(eq(sell_order_items.order_id, order.id))
    .orderBy(asc(sell_order_items.position));
  const trade = await recordPaidSale(
    tx,
    {
      userId: order.userId,
      actorUserId: input.actorUserId,
      levelAtRecording: order.levelAtQuote,
      baseTotalOre: order.baseTotalOre,
      levelBonusPercent: order.levelBonusPercent,
      levelBonusOre: order.levelBonusOre,
      bulkBonusPercent: order.bulkBonusPercent,
      bulkBonusOre: order.bulkBonusOre,
      totalOre: order.totalOre,
      payoutMethod: order.payoutMethod,
      points: order.points,
      xp: order.xp,
      note: `Säljorder ${order.id.slice(0, 8)} (${order.securityCode})`,
      items: items.map((item) => ({
        name: item.name,
        wear: item.wear as SkinWear | null,
        variant: item.variant as SkinVariant | null,
        priceOre: item.price_ore,
      })),
    },
    input.now,
  );
  // decision 047: the purchase document, numbered and stored in this transaction, attached to the paid mail.
  const content = await purchaseDocumentContent(tx, ready.order, {
    reference: input.reference,
    paidAt: input.now,
    masked: ready.masked,
    keyring: input.keyring,
  });
  const document = await issuePurchaseDocument(tx, { ...content, issuedAt: input.now, userId: order.userId });
  const paid = await applyChange(
    tx,
    {
      orderId: order.id,
      from: "payout_scheduled",
      to: "paid",
      actor: input.actorUserId ? "staff" : "job",
      actorUserId: input.actorUserId,
      note: `Referens ${input.reference}`,
      set: {
        paid_at: input.now,
        payout_reference: input.reference,
        payout_masked: ready.masked,
        trade_id: trade.id,
        payout_failure: null,
        closed_at: input.now,
      },
      auditAction: "sell_order.mark_paid",
      attachments: [{ filename: document.filename, contentType: "application/pdf", content: document.pdf }],
    },
    input.now,
    input.mails,
  );
  // The row is locked and payout_scheduled (checkPayable), so this cannot happen; if it did, the
  // document's number must go back to the series with the rest of the transaction.
  if (!paid) throw new Error(`sell order ${order.id} was not payable after its document was issued`);
  return paid;
}

/**
 * What a sell order's purchase document says (decision 047), read in the caller's transaction:
 * the seller (sellerLegalName with the BankID name, the masked personnummer), the items, the
 * amounts and the payout.
 */
async function purchaseDocumentContent(
  tx: Tx,
  order: OrderRow,
  payout: { reference: string; paidAt: Date; masked: string | null; keyring?: PayoutKeyring },
): Promise<Omit<PurchaseDocumentContent, "number" | "company" | "issuedAt">> {
  const [member] = await tx
    .select({ accountName: user.name, firstName: profiles.first_name, lastName: profiles.last_name })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(eq(user.id, order.user_id));
  const items = await tx
    .select({ name: sell_order_items.name, wear: sell_order_items.wear, priceOre: sell_order_items.price_ore })
    .from(sell_order_items)
    .where(eq(sell_order_items.order_id, order.id))
    .orderBy(asc(sell_order_items.position));
  // The person BankID verified (decision 044): name and personnummer; else the Swish details' number.
  let personnummer: string | null = null;
  let verifiedName: string | null = null;
  if (payout.keyring) {
    const verified = await readVerifiedPerson(tx, payout.keyring, order.user_id).catch(() => null);
    verifiedName = verified?.name ?? null;
    const details = verified ? null : await readPayoutDetails(tx, payout.keyring, order.user_id).catch(() => null);
    const number = verified?.personalNumber ?? (details?.method === "swish" ? details.personnummer : null);
    personnummer = number ? maskPersonnummer(number) : null;
  }
  return {
    paidAt: payout.paidAt,
    seller: {
      name: sellerLegalName(
        { firstName: member?.firstName ?? null, lastName: member?.lastName ?? null, accountName: member?.accountName ?? "" },
        verifiedName,
      ),
      personnummer,
    },
    order: { id: order.id, securityCode: order.security_code },
    items: items.map((item) => ({ name: item.wear ? `${item.name} (${item.wear})` : item.name, priceOre: item.priceOre })),
    baseTotalOre: order.base_total_ore,
    levelBonusPercent: order.level_bonus_percent,
    levelBonusOre: order.level_bonus_ore,
    bulkBonusPercent: order.bulk_bonus_percent,
    bulkBonusOre: order.bulk_bonus_ore,
    totalOre: order.total_ore,
    payout: { method: order.payout_method as PayoutMethod, masked: payout.masked, reference: payout.reference },
  };
}


/** docs/rules/selling.md#payouts: staff paid by hand and enter the reference (manual mode). */
export async function markPaid(
  db: Db,
  input: {
    actorUserId: string;
    orderId: string;
    reference: string;
    /** Reads the Swish personnummer for the purchase document. */
    keyring?: PayoutKeyring;
    /** The bank file that paid the order (decision 050): its line is marked paid in the same transaction. */
    batchId?: string;
    now?: Date;
  },
): Promise<SellOrderResult<SellOrder>> {
  const now = input.now ?? new Date();
  if (!isUuid(input.orderId)) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  const mails: string[] = [];
  const result = await db.transaction(async (tx): Promise<SellOrderResult<SellOrder>> => {
    const ready = await checkPayable(tx, input.orderId, now, false, input.batchId ?? null);
    if (!ready.ok) return ready;
    // Decision 051: a method the job runner pays is never also paid by hand (it could be paid twice).
    if (!input.batchId && automaticPayoutMethods().includes(ready.value.order.payout_method as PayoutMethod)) {
      return fail("conflict", SELL_ORDER_ERRORS.paidAutomatically);
    }
    if (input.batchId) {
      await tx
        .update(payout_batch_orders)
        .set({ state: "paid" })
        .where(and(eq(payout_batch_orders.batch_id, input.batchId), eq(payout_batch_orders.order_id, input.orderId)));
    }
    const paid = await completePayout(tx, ready.value, {
      actorUserId: input.actorUserId,
      reference: input.reference,
      now,
      claimed: false,
      mails,
      keyring: input.keyring,
    });
    return paid ? { ok: true, value: paid } : fail("conflict", SELL_ORDER_ERRORS.alreadyPaid);
  });
  if (result.ok) await deliverQueuedMail(db, mails);
  return result;
}

/**
 * Claims a due payout for an automatic gateway (docs/rules/selling.md#payouts): the checks of a
 * manual payout, then `payout_claimed_at` — so staff can no longer pay it by hand — and `record`
 * (the gateway's own row, written before it is called) in the same transaction. One caller wins.
 */
export async function claimPayout(
  db: Db,
  orderId: string,
  now: Date,
  record?: (tx: Tx, order: OrderRow) => Promise<void>,
): Promise<SellOrderResult<OrderRow>> {
  if (!isUuid(orderId)) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  return db.transaction(async (tx): Promise<SellOrderResult<OrderRow>> => {
    const ready = await checkPayable(tx, orderId, now, false);
    if (!ready.ok) return ready;
    await tx.update(sell_orders).set({ payout_claimed_at: now }).where(eq(sell_orders.id, orderId));
    await record?.(tx, ready.value.order);
    return { ok: true, value: ready.value.order };
  });
}

/**
 * Writes down a claimed payout's answer, once: paid (the sale, its points and XP, the document
 * and the mail) or failed (back to staff as `payout_failed` with the reason). The money has moved
 * or not whatever the member's details say now, so only the claim is checked. `within` runs first
 * in the transaction (the gateway's row, locked); when it answers false nothing is written.
 */
export async function settleClaimedPayout(
  db: Db,
  input: {
    orderId: string;
    actorUserId: string | null;
    answer: PayoutAnswer;
    /** The masked recipient the money went to; the current details' when not given. */
    masked?: string;
    keyring?: PayoutKeyring;
    now: Date;
    within?: (tx: Tx) => Promise<boolean>;
  },
): Promise<SellOrderResult<SellOrder>> {
  const { answer, now } = input;
  const mails: string[] = [];
  const result = await db.transaction(async (tx): Promise<SellOrderResult<SellOrder>> => {
    if (input.within && !(await input.within(tx))) return fail("conflict", SELL_ORDER_ERRORS.payoutInProgress);
    const [order] = await tx.select().from(sell_orders).where(eq(sell_orders.id, input.orderId)).for("update");
    if (!order) return fail("not_found", SELL_ORDER_ERRORS.notFound);
    if (order.status === "paid") return fail("conflict", SELL_ORDER_ERRORS.alreadyPaid);
    if (order.status !== "payout_scheduled" || order.payout_claimed_at === null) return fail("conflict", SELL_ORDER_ERRORS.payoutInProgress);
    if (!answer.ok) {
      const failed = await applyChange(
        tx,
        {
          orderId: order.id,
          from: "payout_scheduled",
          to: "payout_failed",
          actor: input.actorUserId ? "staff" : "job",
          actorUserId: input.actorUserId,
          note: answer.reason.slice(0, 500),
          set: { payout_claimed_at: null, payout_failure: answer.reason.slice(0, 500) },
          auditAction: "sell_order.payout_failed",
        },
        now,
        mails,
      );
      return failed ? { ok: true, value: failed } : fail("conflict", SELL_ORDER_ERRORS.payoutInProgress);
    }
    let masked = input.masked;
    if (masked === undefined) {
      const [details] = await tx.select().from(payout_details).where(eq(payout_details.user_id, order.user_id));
      masked = details ? `${details.masked_label} ${details.masked_value}` : PAYOUT_LABELS[order.payout_method as PayoutMethod];
    }
    const paid = await completePayout(tx, { order, masked }, {
      actorUserId: input.actorUserId,
      reference: answer.reference,
      now,
      claimed: true,
      mails,
      keyring: input.keyring,
    });
    return paid ? { ok: true, value: paid } : fail("conflict", SELL_ORDER_ERRORS.alreadyPaid);
  });
  if (result.ok) await deliverQueuedMail(db, mails);
  return result;
}

/**
 * docs/rules/selling.md#payouts: sends a payout through the gateway, at most once. The claim (a
 * conditional update) lets one caller through; the gateway gets the order's idempotency key.
 */
export async function payWithGateway(
  db: Db,
  gateway: PayoutGateway,
  keyring: PayoutKeyring,
  input: { actorUserId: string | null; orderId: string; now?: Date },
): Promise<SellOrderResult<SellOrder>> {
  const now = input.now ?? new Date();
  const claim = await claimPayout(db, input.orderId, now);
  if (!claim.ok) return claim;
  const order = claim.value;
  let answer: PayoutAnswer;
  try {
    const details = await readPayoutDetails(db, keyring, order.user_id);
    if (!details) throw new Error("payout details disappeared");
    answer = await gateway.send({
      idempotencyKey: `sell-order:${order.id}`,
      orderId: order.id,
      method: details.method,
      amountOre: order.total_ore,
      details,
    });
  } catch (error) {
    answer = {
      ok: false,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  return settleClaimedPayout(db, { orderId: order.id, actorUserId: input.actorUserId, answer, keyring, now });
}

/**
 * decision 047: staff correct a paid order's purchase document — a new document with the next
 * number that refers to the latest one; the stored ones never change.
 */
export async function correctOrderDocument(
  db: Db,
  input: { actorUserId: string; orderId: string; sellerName: string; reference: string; note: string; keyring?: PayoutKeyring; now?: Date },
) {
  if (!isUuid(input.orderId)) return fail<never>("not_found", SELL_ORDER_ERRORS.notFound);
  return correctPurchaseDocument(db, {
    ...input,
    content: async (tx, latest) => {
      const [row] = await tx.select().from(sell_orders).where(eq(sell_orders.id, input.orderId));
      if (!row || row.status !== "paid" || !row.paid_at) return null;
      return purchaseDocumentContent(tx, row, { reference: latest.reference, paidAt: row.paid_at, masked: row.payout_masked, keyring: input.keyring });
    },
  });
}

/** Staff retry a failed payout: back in the queue. */
export function retryPayout(db: Db, input: { actorUserId: string; orderId: string; now?: Date }): Promise<SellOrderResult<SellOrder>> {
  const now = input.now ?? new Date();
  return change(
    db,
    {
      orderId: input.orderId,
      from: "payout_failed",
      to: "payout_scheduled",
      actor: "staff",
      actorUserId: input.actorUserId,
      set: { payout_failure: null },
      auditAction: "sell_order.retry_payout",
    },
    now,
  );
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

async function detailOf(db: Db, row: OrderRow): Promise<SellOrderDetail> {
  const [items, events, failedSwish] = await Promise.all([
    db.select().from(sell_order_items).where(eq(sell_order_items.order_id, row.id)).orderBy(asc(sell_order_items.position)),
    db
      .select({ event: sell_order_events, actorName: user.name })
      .from(sell_order_events)
      .leftJoin(user, eq(user.id, sell_order_events.actor_user_id))
      .where(eq(sell_order_events.order_id, row.id))
      .orderBy(asc(sell_order_events.created_at), asc(sell_order_events.id)),
    row.status === "payout_failed"
      ? db
          .select({ errorCode: swish_payout_instructions.error_code })
          .from(swish_payout_instructions)
          .where(and(eq(swish_payout_instructions.order_id, row.id), eq(swish_payout_instructions.state, "failed")))
          .orderBy(desc(swish_payout_instructions.attempt))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    ...toOrder(row),
    payoutFailureForMember: failedSwish[0] ? swishPayoutErrorMessage(failedSwish[0].errorCode).member : null,
    items: items.map((item) => ({
      position: item.position,
      assetId: item.asset_id,
      marketHashName: item.market_hash_name,
      name: item.name,
      wear: item.wear as SkinWear | null,
      variant: item.variant as SkinVariant | null,
      imageUrl: item.image_url,
      priceOre: item.price_ore,
    })),
    events: events.map(({ event, actorName }) => ({
      id: event.id,
      fromStatus: event.from_status as SellOrderStatus | null,
      toStatus: event.to_status as SellOrderStatus,
      actorUserId: event.actor_user_id,
      actorName,
      note: event.note,
      createdAt: event.created_at,
    })),
  };
}

/** The member's own order; another member's is "not found". */
export async function getMemberOrder(db: Db, userId: string, orderId: string): Promise<SellOrderDetail | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select()
    .from(sell_orders)
    .where(and(eq(sell_orders.id, orderId), eq(sell_orders.user_id, userId)));
  return row ? detailOf(db, row) : null;
}

export async function getOrderForStaff(
  db: Db,
  orderId: string,
): Promise<
  | (SellOrderDetail & {
      memberName: string;
      email: string;
      maxOpenOrders: number;
      blockedUntil: Date | null;
    })
  | null
> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      order: sell_orders,
      memberName: user.name,
      email: user.email,
      limits: seller_limits,
    })
    .from(sell_orders)
    .innerJoin(user, eq(user.id, sell_orders.user_id))
    .leftJoin(seller_limits, eq(seller_limits.user_id, sell_orders.user_id))
    .where(eq(sell_orders.id, orderId));
  if (!row) return null;
  return {
    ...(await detailOf(db, row.order)),
    memberName: row.memberName,
    email: row.email,
    maxOpenOrders: row.limits?.max_open_orders ?? SELL_ORDERS.defaultMaxOpenOrders,
    blockedUntil: row.limits?.blocked_until ?? null,
  };
}

export interface SellOrderListItem extends SellOrder {
  itemCount: number;
  itemNames: string[];
  memberName?: string;
}

export interface SellOrderPage {
  orders: SellOrderListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** A keyset page of the staff list (docs/decisions/039-keyset-lists-and-search.md). */
export interface SellOrderKeysetPage {
  orders: SellOrderListItem[];
  links: KeysetLinks;
}

const STAFF_ORDER: KeysetOrder = { column: sql`${sell_orders.created_at}`, kind: "timestamp", id: sql`${sell_orders.id}`, direction: "desc" };

/** Newest first: the rows `OFFSET offset`, or the keyset page at `position` (its rows in the order shown). */
async function listOrders(
  db: Db,
  where: SQL | undefined,
  pageSize: number,
  withMember: boolean,
  at: { offset: number } | { position: KeysetPosition },
): Promise<{ orders: SellOrderListItem[]; links: KeysetLinks | null }> {
  const keyset = "position" in at ? keysetSql(STAFF_ORDER, at.position) : null;
  const query = db
    .select({ order: sell_orders, memberName: user.name, cursor: sql<string>`${cursorValueSql(STAFF_ORDER)}` })
    .from(sell_orders)
    .innerJoin(user, eq(user.id, sell_orders.user_id))
    .$dynamic();
  const fetched = keyset
    ? await query.where(and(where, keyset.where)).orderBy(keyset.terms).limit(pageSize + 1)
    : await query
        .where(where)
        .orderBy(desc(sell_orders.created_at), desc(sell_orders.id))
        .limit(pageSize)
        .offset("offset" in at ? at.offset : 0);
  const page = "position" in at ? keysetPage(fetched, pageSize, at.position, (row) => ({ value: row.cursor, id: row.order.id })) : null;
  const rows = page ? page.rows : fetched;
  const ids = rows.map((row) => row.order.id);
  const items = ids.length
    ? await db
        .select({
          orderId: sell_order_items.order_id,
          name: sell_order_items.name,
        })
        .from(sell_order_items)
        .where(inArray(sell_order_items.order_id, ids))
        .orderBy(asc(sell_order_items.position))
    : [];
  return {
    orders: rows.map((row) => {
      const names = items.filter((item) => item.orderId === row.order.id).map((item) => item.name);
      return {
        ...toOrder(row.order),
        itemCount: names.length,
        itemNames: names.slice(0, 3),
        ...(withMember ? { memberName: row.memberName } : {}),
      };
    }),
    links: page ? page.links : null,
  };
}

/** "Mina affärer": the member's orders, newest first, a page at a time (a member's few orders keep page numbers). */
export async function listMemberOrders(db: Db, userId: string, pageParam: number | undefined): Promise<SellOrderPage> {
  const { page, pageSize, offset } = pageParams({ page: pageParam }, PROFILE_PAGE_SIZE);
  const mine = eq(sell_orders.user_id, userId);
  const [[{ count } = { count: 0 }], list] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int` }).from(sell_orders).where(mine),
    listOrders(db, mine, pageSize, false, { offset }),
  ]);
  return { orders: list.orders, total: Number(count), page, pageSize };
}

/** The staff list, optionally one status, one keyset page at a time. */
export async function listOrdersForStaff(
  db: Db,
  query: { status?: string | null; position?: KeysetPosition; pageSize?: number },
): Promise<SellOrderKeysetPage> {
  const pageSize = wholeBetween(query.pageSize, 1, ADMIN_PAGE_SIZE.max, ADMIN_PAGE_SIZE.default);
  const status = SELL_ORDER_STATUSES.find((candidate) => candidate === query.status);
  const list = await listOrders(db, status ? eq(sell_orders.status, status) : undefined, pageSize, true, { position: query.position ?? null });
  return { orders: list.orders, links: list.links! };
}
