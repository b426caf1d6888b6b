/**
 * The trade shield (docs/rules/bots.md#trade-shield): the usual way sellers lose items is a stolen
 * Steam Web API key — malware cancels our offer and sends a look-alike within seconds. When our
 * offer is declined or cancelled within a minute of sending with no action on our site, or the
 * member reports another offer, the order is flagged "möjlig API-nyckelstöld", the member is held
 * (`seller_limits.offers_held_at`: no new offer goes to them), mailed what to do and told live;
 * staff see the flag and the audit row. The member confirms their account is safe to release the hold.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/platform/audit/audit.server";
import { config } from "~/platform/config.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { profiles, sell_orders, seller_limits, user } from "~/platform/db/schema";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { TRADE_SHIELD } from "./bot-constants";
import { noticeOfferNeeded } from "./offer-notice.server";

type ShieldResult = { ok: true; flagged: boolean } | { ok: false; code: "not_found" | "conflict"; message: string };

/**
 * Flags the order and holds the member, in the caller's transaction; once per order (a second
 * flag — a report after a quick decline — changes nothing and mails nothing). True when it flagged.
 */
export async function flagPossibleTheft(
  tx: Tx,
  input: { orderId: string; reason: string; actorUserId: string | null; now: Date; mails: string[] },
): Promise<boolean> {
  const [order] = await tx
    .update(sell_orders)
    .set({ hijack_flagged_at: input.now, hijack_reason: input.reason, updated_at: input.now })
    .where(and(eq(sell_orders.id, input.orderId), isNull(sell_orders.hijack_flagged_at)))
    .returning({ id: sell_orders.id, userId: sell_orders.user_id, securityCode: sell_orders.security_code });
  if (!order) return false;
  await tx
    .insert(seller_limits)
    .values({ user_id: order.userId, offers_held_at: input.now })
    .onConflictDoUpdate({ target: seller_limits.user_id, set: { offers_held_at: sql`coalesce(${seller_limits.offers_held_at}, ${input.now.toISOString()}::timestamptz)`, updated_at: input.now } });
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: "sell_order.shield_flag",
    entityType: "sell_order",
    entityId: order.id,
    before: null,
    after: { flag: TRADE_SHIELD.label, reason: input.reason, offersHeld: true },
  });
  const [member] = await tx
    .select({ email: user.email, name: user.name, firstName: profiles.first_name })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(eq(user.id, order.userId));
  if (member) {
    const id = await enqueueMail(tx, {
      to: member.email,
      template: "tradeShieldWarning",
      data: {
        name: member.firstName?.trim() || member.name,
        securityCode: order.securityCode,
        orderUrl: `${config().PUBLIC_URL}/mina-affarer/${order.id}`,
        apiKeyUrl: TRADE_SHIELD.apiKeyUrl,
        devicesUrl: TRADE_SHIELD.devicesUrl,
      },
    });
    if (id) input.mails.push(id);
  }
  await publishEvent(tx, { type: "account", userId: order.userId, what: `trade-shield:${order.id}` });
  return true;
}

/** "Jag fick ett annat erbjudande": the member's own order while we send or wait for their accept. */
export async function reportOtherOffer(db: Db, input: { userId: string; orderId: string; now?: Date }): Promise<ShieldResult> {
  const now = input.now ?? new Date();
  if (!/^[0-9a-f-]{36}$/i.test(input.orderId)) return { ok: false, code: "not_found", message: TRADE_SHIELD.notYours };
  const mails: string[] = [];
  const result = await db.transaction(async (tx): Promise<ShieldResult> => {
    const [order] = await tx
      .select({ status: sell_orders.status })
      .from(sell_orders)
      .where(and(eq(sell_orders.id, input.orderId), eq(sell_orders.user_id, input.userId)))
      .for("update");
    if (!order) return { ok: false, code: "not_found", message: TRADE_SHIELD.notYours };
    if (order.status !== "offer_sent" && order.status !== "awaiting_offer") return { ok: false, code: "conflict", message: TRADE_SHIELD.notNow };
    const flagged = await flagPossibleTheft(tx, { orderId: input.orderId, reason: TRADE_SHIELD.memberReport, actorUserId: input.userId, now, mails });
    return { ok: true, flagged };
  });
  if (result.ok) await deliverQueuedMail(db, mails);
  return result;
}

/**
 * The member confirms they revoked the key and signed out other devices: the hold ends (audited)
 * and their waiting orders are handed to the offer engine. Confirming again changes nothing.
 */
export async function confirmSteamAccountSafe(db: Db, input: { userId: string; now?: Date }): Promise<{ released: boolean }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(seller_limits)
      .set({ offers_held_at: null, updated_at: now })
      .where(and(eq(seller_limits.user_id, input.userId), isNotNull(seller_limits.offers_held_at)))
      .returning({ userId: seller_limits.user_id });
    if (!released) return { released: false };
    await recordAudit(tx, {
      actorUserId: input.userId,
      action: "seller.confirm_steam_safe",
      entityType: "seller_limits",
      entityId: input.userId,
      before: { offersHeld: true },
      after: { offersHeld: false },
    });
    const waiting = await tx
      .select({ id: sell_orders.id })
      .from(sell_orders)
      .where(and(eq(sell_orders.user_id, input.userId), inArray(sell_orders.status, ["awaiting_offer"])));
    for (const order of waiting) await noticeOfferNeeded(tx, order.id);
    await publishEvent(tx, { type: "account", userId: input.userId, what: "trade-shield:released" });
    return { released: true };
  });
}

/** Whether no new offer goes to the member until they confirm their Steam account is safe. */
export async function offersHeld(db: Db, userId: string): Promise<boolean> {
  const [limits] = await db.select({ heldAt: seller_limits.offers_held_at }).from(seller_limits).where(eq(seller_limits.user_id, userId));
  return Boolean(limits?.heldAt);
}
