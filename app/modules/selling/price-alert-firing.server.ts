/**
 * Firing price alerts (docs/rules/selling.md#price-alerts) from the price writes
 * (price-list.server.ts), and the signed links their mails carry. Apart from the rest of the
 * alerts' service, which reads inventories through the price list, so the price list can call it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { percentOfOre } from "~/modules/trades/trade-rules";
import { config } from "~/platform/config.server";
import type { Tx } from "~/platform/db/client.server";
import { price_alert_items, price_alerts, sell_prices, user } from "~/platform/db/schema";
import { enqueueMail } from "~/platform/mail/mail-queue.server";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { BUY_RATE_PERCENT, PRICE_ALERT_PATH, type PriceCategory } from "./selling-constants";

// --- signed links ----------------------------------------------------------------------------

function signingKey(): Buffer {
  // A key of its own, so an alert link can never pass for anything else the auth secret signs.
  return createHmac("sha256", config().BETTER_AUTH_SECRET).update("skinhamnen:price-alert:v1").digest();
}

const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

function sign(alertId: string): Buffer {
  return createHmac("sha256", signingKey()).update(`price-alert.v1.${alertId}`).digest();
}

export function priceAlertToken(alertId: string): string {
  return `${alertId}.${sign(alertId).toString("base64url")}`;
}

/** The alert id a link names, or null for anything we did not sign. */
export function readPriceAlertToken(token: unknown): string | null {
  if (typeof token !== "string") return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, alertId, signed] = match as unknown as [string, string, string];
  const given = Buffer.from(signed, "base64url");
  const expected = sign(alertId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? alertId : null;
}

export const alertUrl = (alertId: string) => `${config().PUBLIC_URL}${PRICE_ALERT_PATH}?token=${priceAlertToken(alertId)}`;

// --- value ------------------------------------------------------------------------------------

export interface WatchedItem {
  marketHashName: string;
  category: PriceCategory;
  quantity: number;
}

/** What we pay for the watched items at these reference prices (an item without one counts 0). */
export function watchedValueOre(items: readonly WatchedItem[], prices: ReadonlyMap<string, number>): number {
  return items.reduce((sum, item) => {
    const reference = prices.get(item.marketHashName);
    return reference ? sum + percentOfOre(reference, BUY_RATE_PERCENT[item.category]) * item.quantity : sum;
  }, 0);
}

// --- firing -----------------------------------------------------------------------------------

const FIRE_BATCH = 1_000;

/**
 * Evaluates the confirmed alerts that watch any of `names`, in the price write's transaction:
 * a value that reaches its target for the first time since it was below fires the alert (once);
 * a value below the target arms it again. Returns the mails queued, to send after the commit.
 */
export async function firePriceAlerts(tx: Tx, names: readonly string[], now: Date): Promise<string[]> {
  const ids = new Set<string>();
  for (let i = 0; i < names.length; i += FIRE_BATCH) {
    const rows = await tx
      .selectDistinct({ id: price_alert_items.alert_id })
      .from(price_alert_items)
      .where(inArray(price_alert_items.market_hash_name, names.slice(i, i + FIRE_BATCH)));
    for (const row of rows) ids.add(row.id);
  }
  if (ids.size === 0) return [];
  const alertIds = [...ids];
  const mailIds: string[] = [];
  for (let i = 0; i < alertIds.length; i += FIRE_BATCH) {
    const batch = alertIds.slice(i, i + FIRE_BATCH);
    // Locked in id order: two price writes evaluating one alert take turns, so it fires once.
    const alerts = await tx
      .select({
        id: price_alerts.id,
        userId: price_alerts.user_id,
        email: price_alerts.email,
        memberEmail: user.email,
        steamId: price_alerts.steam_id,
        label: price_alerts.label,
        target: price_alerts.target_ore,
        reached: price_alerts.reached,
        confirmedAt: price_alerts.confirmed_at,
      })
      .from(price_alerts)
      .leftJoin(user, eq(user.id, price_alerts.user_id))
      .where(inArray(price_alerts.id, batch))
      .orderBy(price_alerts.id)
      .for("update", { of: price_alerts });
    const items = await tx
      .select({
        alertId: price_alert_items.alert_id,
        marketHashName: price_alert_items.market_hash_name,
        category: price_alert_items.category,
        quantity: price_alert_items.quantity,
        reference: sell_prices.reference_price_ore,
      })
      .from(price_alert_items)
      .leftJoin(sell_prices, eq(sell_prices.market_hash_name, price_alert_items.market_hash_name))
      .where(inArray(price_alert_items.alert_id, batch));
    for (const alert of alerts) {
      if (!alert.confirmedAt) continue;
      const own = items.filter((item) => item.alertId === alert.id);
      const prices = new Map(own.filter((item) => item.reference !== null).map((item) => [item.marketHashName, Number(item.reference)]));
      const value = watchedValueOre(
        own.map((item) => ({ marketHashName: item.marketHashName, category: item.category as PriceCategory, quantity: item.quantity })),
        prices,
      );
      const reached = value >= Number(alert.target);
      const fires = reached && !alert.reached;
      await tx
        .update(price_alerts)
        .set({
          last_value_ore: value,
          reached,
          ...(fires ? { fired_at: now, fire_count: sql`${price_alerts.fire_count} + 1` } : {}),
        })
        .where(eq(price_alerts.id, alert.id));
      if (!fires) continue;
      const to = alert.email ?? alert.memberEmail;
      const quoteUrl = alert.userId ? `${config().PUBLIC_URL}/salja` : `${config().PUBLIC_URL}/salja/vardering?steam=${alert.steamId}`;
      if (to) {
        const mailId = await enqueueMail(tx, {
          to,
          template: "priceAlertReached",
          data: { label: alert.label, targetOre: Number(alert.target), valueOre: value, quoteUrl, stopUrl: alertUrl(alert.id) },
        });
        if (mailId) mailIds.push(mailId);
      }
      if (alert.userId) await publishEvent(tx, { type: "account", userId: alert.userId, what: `price-alert:${alert.id}` });
    }
  }
  return mailIds;
}

