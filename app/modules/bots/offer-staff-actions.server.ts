/**
 * Staff's actions on a bot's offer (docs/rules/bots.md#staff-actions): re-send once the old offer
 * is no longer active at Steam, cancel at Steam and the order, or take the order out of automatic
 * sending with a reason. Each is audited and acts once: a conditional update marks the order
 * (`offer_claimed_at` on an `offer_sent` order: our site is acting on this offer, so the poller
 * and the trade shield leave it alone), so a double submit finds it taken.
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/platform/audit/audit.server";
import type { Db } from "~/platform/db/client.server";
import { sell_orders } from "~/platform/db/schema";
import { deliverQueuedMail } from "~/platform/mail/mail-queue.server";
import { TRADE_OFFER_STATES } from "~/modules/selling/sell-order-rules";
import { applyChange, cancelByStaff, SELL_ORDER_ERRORS, type SellOrder, type SellOrderResult } from "~/modules/selling/sell-orders.server";
import type { SellOrderStatus } from "~/modules/selling/selling-constants";
import { botClient, type OfferEngine } from "./offer-sender.server";

const OFFER_STAFF_ERRORS = {
  inProgress: "Ett erbjudande skickas eller hanteras just nu. Försök igen om en stund.",
  notBotOffer: "Ordern har inget erbjudande från en bot.",
  accepted: "Erbjudandet är redan accepterat i Steam.",
  notCancelled: "Steam avbröt inte erbjudandet. Försök igen om en stund.",
  alreadyManual: "Ordern skickas redan för hand.",
  noBots: "Botarna är inte konfigurerade.",
} as const;

type Failure = Extract<SellOrderResult<never>, { ok: false }>;
const fail = (code: Failure["code"], message: string): Failure => ({ ok: false, code, message });
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Marks a bot's sent offer as being handled by staff; the row, or the refusal. */
async function markOffer(db: Db, orderId: string, now: Date): Promise<{ ok: true; botId: string; offerId: string } | Failure> {
  if (!isUuid(orderId)) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  const [marked] = await db
    .update(sell_orders)
    .set({ offer_claimed_at: now })
    .where(and(eq(sell_orders.id, orderId), eq(sell_orders.status, "offer_sent"), isNotNull(sell_orders.bot_id), isNull(sell_orders.offer_claimed_at)))
    .returning({ botId: sell_orders.bot_id, offerId: sell_orders.trade_offer_id });
  if (marked?.botId && marked.offerId) return { ok: true, botId: marked.botId, offerId: marked.offerId };
  const [current] = await db.select().from(sell_orders).where(eq(sell_orders.id, orderId));
  if (!current) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  if (current.status !== "offer_sent") return fail("conflict", SELL_ORDER_ERRORS.invalidTransition(current.status as SellOrderStatus));
  if (!current.bot_id) return fail("conflict", OFFER_STAFF_ERRORS.notBotOffer);
  return fail("conflict", OFFER_STAFF_ERRORS.inProgress);
}

async function unmark(db: Db, orderId: string): Promise<void> {
  await db.update(sell_orders).set({ offer_claimed_at: null }).where(and(eq(sell_orders.id, orderId), eq(sell_orders.status, "offer_sent")));
}

/** Ends the offer at Steam through its bot: null once it is no longer active there, else the refusal. */
async function endAtSteam(engine: OfferEngine, botId: string, offerId: string): Promise<Failure | null> {
  const client = await botClient(engine, botId);
  if (!client) return fail("conflict", OFFER_STAFF_ERRORS.notCancelled);
  const read = await client.getOffer(offerId);
  if (read.kind !== "ok") return fail("conflict", OFFER_STAFF_ERRORS.notCancelled);
  const state = read.offer?.state;
  if (state === TRADE_OFFER_STATES.accepted) return fail("conflict", OFFER_STAFF_ERRORS.accepted);
  if (state === TRADE_OFFER_STATES.active || state === TRADE_OFFER_STATES.createdNeedsConfirmation) {
    const cancelled = await client.cancelOffer(offerId);
    if (cancelled.kind !== "canceled") return fail("conflict", OFFER_STAFF_ERRORS.notCancelled);
  }
  return null;
}

/** Moves the marked order on, audited, in one transaction; its mail after the commit. */
async function settle(
  db: Db,
  input: { orderId: string; to: "awaiting_offer" | "cancelled"; actorUserId: string; note: string; auditAction: string; set: Partial<typeof sell_orders.$inferInsert> },
  now: Date,
): Promise<SellOrderResult<SellOrder>> {
  const mails: string[] = [];
  const order = await db.transaction((tx) =>
    applyChange(
      tx,
      { orderId: input.orderId, from: "offer_sent", to: input.to, actor: "staff", actorUserId: input.actorUserId, note: input.note, auditAction: input.auditAction, set: { ...input.set, offer_claimed_at: null } },
      now,
      mails,
    ),
  );
  if (!order) return fail("conflict", OFFER_STAFF_ERRORS.inProgress);
  await deliverQueuedMail(db, mails);
  return { ok: true, value: order };
}

/**
 * "Skicka nytt erbjudande": the old offer is cancelled at Steam first if still active, then the
 * order waits for its offer again; the engine sends a new attempt with its own message (the
 * notice in the same transaction wakes it).
 */
export async function resendOffer(engine: OfferEngine | null, input: { actorUserId: string; orderId: string; now?: Date }): Promise<SellOrderResult<SellOrder>> {
  const now = input.now ?? new Date();
  if (!engine) return fail("conflict", OFFER_STAFF_ERRORS.noBots);
  const marked = await markOffer(engine.db, input.orderId, now);
  if (!marked.ok) return marked;
  const refused = await endAtSteam(engine, marked.botId, marked.offerId).catch(() => fail("conflict", OFFER_STAFF_ERRORS.notCancelled));
  if (refused) {
    await unmark(engine.db, input.orderId);
    return refused;
  }
  return settle(
    engine.db,
    {
      orderId: input.orderId,
      to: "awaiting_offer",
      actorUserId: input.actorUserId,
      note: `Nytt erbjudande; ${marked.offerId} är avbrutet hos Steam`,
      auditAction: "sell_order.resend_offer",
      set: { trade_offer_id: null, offer_sent_at: null, offer_state: null, bot_id: null, offer_problem: null },
    },
    now,
  );
}

/**
 * Staff's "Avbryt" and "Avbryt erbjudandet": a bot's sent offer is cancelled at Steam, then the
 * order (so the member can no longer accept an offer for a cancelled order). Any other order is
 * cancelled as staff always could — unless a send is in flight (staff are told to wait).
 */
export async function cancelOfferByStaff(
  db: Db,
  engine: OfferEngine | null,
  input: { actorUserId: string; orderId: string; note?: string | null; now?: Date },
): Promise<SellOrderResult<SellOrder>> {
  const now = input.now ?? new Date();
  if (!isUuid(input.orderId)) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  const [current] = await db.select().from(sell_orders).where(eq(sell_orders.id, input.orderId));
  if (!current) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  if (current.status !== "offer_sent" || !current.bot_id) {
    if (current.status === "awaiting_offer" && current.offer_claimed_at) return fail("conflict", OFFER_STAFF_ERRORS.inProgress);
    return cancelByStaff(db, { actorUserId: input.actorUserId, orderId: input.orderId, note: input.note ?? null, now });
  }
  if (!engine) return fail("conflict", OFFER_STAFF_ERRORS.noBots);
  const marked = await markOffer(db, input.orderId, now);
  if (!marked.ok) return marked;
  const refused = await endAtSteam(engine, marked.botId, marked.offerId).catch(() => fail("conflict", OFFER_STAFF_ERRORS.notCancelled));
  if (refused) {
    await unmark(db, input.orderId);
    return refused;
  }
  return settle(
    db,
    {
      orderId: input.orderId,
      to: "cancelled",
      actorUserId: input.actorUserId,
      note: input.note ? `Erbjudandet avbrutet hos Steam: ${input.note}` : "Erbjudandet avbrutet hos Steam",
      auditAction: "sell_order.cancel_offer",
      set: { closed_at: now, offer_state: TRADE_OFFER_STATES.canceled },
    },
    now,
  );
}

/** "Skicka för hand": the engine skips the order; staff send from a bot account and paste the offer id as in manual mode. */
export async function switchToManual(db: Db, input: { actorUserId: string; orderId: string; reason: string }): Promise<SellOrderResult<{ orderId: string }>> {
  if (!isUuid(input.orderId)) return fail("not_found", SELL_ORDER_ERRORS.notFound);
  return db.transaction(async (tx): Promise<SellOrderResult<{ orderId: string }>> => {
    const [current] = await tx.select().from(sell_orders).where(eq(sell_orders.id, input.orderId)).for("update");
    if (!current) return fail("not_found", SELL_ORDER_ERRORS.notFound);
    if (current.status !== "awaiting_offer") return fail("conflict", SELL_ORDER_ERRORS.invalidTransition(current.status as SellOrderStatus));
    if (current.manual_offer_reason !== null) return fail("conflict", OFFER_STAFF_ERRORS.alreadyManual);
    if (current.offer_claimed_at) return fail("conflict", OFFER_STAFF_ERRORS.inProgress);
    await tx
      .update(sell_orders)
      .set({ manual_offer_reason: input.reason, bot_id: null, updated_at: sql`now()` })
      .where(eq(sell_orders.id, input.orderId));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "sell_order.manual_offer",
      entityType: "sell_order",
      entityId: input.orderId,
      before: { manualOfferReason: null },
      after: { manualOfferReason: input.reason },
    });
    return { ok: true, value: { orderId: input.orderId } };
  });
}
