/**
 * Sell-side price alerts (docs/rules/selling.md#price-alerts): a member, or a visitor by e-mail
 * with double opt-in, watches what we would pay for one item or a whole inventory. Every price
 * write (staff edit, CSV import, price-source import) calls `firePriceAlerts` in its own
 * transaction: an alert whose value crosses its target fires once — a mail through the queue and
 * a live note to a member's open pages — and is armed again only after the value falls below.
 *
 * Links in mails carry the alert's id signed with a key of its own (HMAC-SHA-256), so no token
 * is stored; the link's page confirms or ends the alert with one button (link scanners fetch
 * GETs, so a GET changes nothing).
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import { formatSek } from "~/lib/format";
import type { Db } from "~/platform/db/client.server";
import { price_alert_items, price_alerts } from "~/platform/db/schema";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { consumeRateLimit, rateLimitMessage } from "~/platform/rate-limit/rate-limiter.server";
import { firstError } from "~/lib/validation";
import { referencePrices } from "./price-list.server";
import { priceAlertSchema } from "./price-alert-schema";
import { memberInventory } from "./quotes.server";
import { PRICE_ALERTS, type PriceAlertKind } from "./selling-constants";
import { alertUrl, readPriceAlertToken, watchedValueOre, type WatchedItem } from "./price-alert-firing.server";
import { limiterId, resolveSteamProfile, type ValuationDeps } from "./visitor-valuation.server";

export const PRICE_ALERT_MESSAGES = {
  emailNeeded: "Ange din e-postadress så att vi kan meddela dig.",
  alreadyReached: (valueOre: number) => `Vi betalar redan ${formatSek(valueOre)} – välj ett högre målpris.`,
  tooManyForMember: `Du kan ha högst ${PRICE_ALERTS.maxPerMember} prisbevakningar. Ta bort någon under Prisbevakningar först.`,
  tooManyForEmail: `Den här e-postadressen har redan ${PRICE_ALERTS.maxPerEmail} prisbevakningar. Avsluta någon via länken i mejlen först.`,
  itemGone: "Föremålet finns inte längre i lagret. Värdera lagret igen.",
  emptyInventory: "Lagret har inga föremål att bevaka.",
  invalidLink: "Länken till prisbevakningen är ogiltig eller bevakningen är redan avslutad.",
  expired: "Bevakningen bekräftades inte i tid och är borttagen. Skapa en ny från värderingen.",
  saved: "Bevakningen är sparad. Vi mejlar dig när vi betalar ditt målpris.",
  confirmSent: "Nästan klart: bekräfta bevakningen via länken vi har mejlat dig.",
} as const;

// --- creating ---------------------------------------------------------------------------------

export type CreateAlertResult =
  | { ok: true; alertId: string; confirmed: boolean }
  | { ok: false; status: 400 | 404 | 409 | 429 | 503; message: string; retryAfterSeconds?: number };

export async function createPriceAlert(
  db: Db,
  input: { form: unknown; member: { userId: string } | null; ip: string; now?: Date },
  deps: ValuationDeps = {},
): Promise<CreateAlertResult> {
  const parsed = priceAlertSchema.safeParse(input.form);
  if (!parsed.success) return { ok: false, status: 400, message: firstError(parsed.error) };
  const form = parsed.data;
  const email = input.member ? null : form.email?.toLowerCase() ?? null;
  if (!input.member && !email) return { ok: false, status: 400, message: PRICE_ALERT_MESSAGES.emailNeeded };
  const now = input.now ?? new Date();

  const limit = await consumeRateLimit(db, PRICE_ALERTS.createRateLimit, "ip", limiterId(input.ip));
  if (!limit.allowed) return { ok: false, status: 429, message: rateLimitMessage(limit), retryAfterSeconds: limit.retryAfterSeconds };

  const resolved = await resolveSteamProfile(form.steam, deps);
  if (!resolved.ok) return resolved;
  const inventory = await memberInventory(resolved.steamId64, deps);
  if (inventory.status !== "ok") return { ok: false, status: 503, message: PRICE_ALERT_MESSAGES.itemGone };
  const chosen = form.assetId ? inventory.items.filter((item) => item.assetId === form.assetId) : inventory.items;
  if (chosen.length === 0) return { ok: false, status: 404, message: form.assetId ? PRICE_ALERT_MESSAGES.itemGone : PRICE_ALERT_MESSAGES.emptyInventory };
  const watched = new Map<string, WatchedItem>();
  for (const item of chosen) {
    const entry = watched.get(item.marketHashName) ?? { marketHashName: item.marketHashName, category: item.category, quantity: 0 };
    entry.quantity += 1;
    watched.set(item.marketHashName, entry);
  }
  const items = [...watched.values()];
  const kind: PriceAlertKind = form.assetId ? "item" : "inventory";
  const label = kind === "item" ? chosen[0]!.marketHashName : `Hela lagret (${chosen.length} föremål)`;

  return db.transaction(async (tx) => {
    // The owner's alerts are counted under a lock on their rows' owner, so two requests cannot both pass the limit.
    const owner = input.member ? eq(price_alerts.user_id, input.member.userId) : eq(price_alerts.email, email!);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`price-alerts:${input.member?.userId ?? email}`}))`);
    const [{ n = 0 } = {}] = await tx.select({ n: count() }).from(price_alerts).where(owner);
    if (input.member && n >= PRICE_ALERTS.maxPerMember) return { ok: false as const, status: 409 as const, message: PRICE_ALERT_MESSAGES.tooManyForMember };
    if (!input.member && n >= PRICE_ALERTS.maxPerEmail) return { ok: false as const, status: 409 as const, message: PRICE_ALERT_MESSAGES.tooManyForEmail };

    const value = watchedValueOre(items, await referencePrices(tx, items.map((item) => item.marketHashName)));
    if (value >= form.target) return { ok: false as const, status: 400 as const, message: PRICE_ALERT_MESSAGES.alreadyReached(value) };

    const alertId = randomUUID();
    await tx.insert(price_alerts).values({
      id: alertId,
      user_id: input.member?.userId ?? null,
      email,
      kind,
      steam_id: resolved.steamId64,
      label,
      target_ore: form.target,
      last_value_ore: value,
      reached: false,
      confirmed_at: input.member ? now : null,
      created_at: now,
    });
    await tx.insert(price_alert_items).values(items.map((item) => ({ alert_id: alertId, market_hash_name: item.marketHashName, category: item.category, quantity: item.quantity })));
    if (email) {
      const mailId = await enqueueMail(tx, {
        to: email,
        template: "priceAlertConfirm",
        data: { label, targetOre: form.target, valueOre: value, url: alertUrl(alertId), hours: PRICE_ALERTS.confirmHours },
      });
      return { ok: true as const, alertId, confirmed: false, mailId };
    }
    return { ok: true as const, alertId, confirmed: true, mailId: null };
  }).then(async (result) => {
    if (!result.ok) return result;
    if (result.mailId) await deliverQueuedMail(db, [result.mailId]);
    return { ok: true as const, alertId: result.alertId, confirmed: result.confirmed };
  });
}

// --- the link's page and the member's list ----------------------------------------------------

export interface PriceAlertView {
  id: string;
  kind: PriceAlertKind;
  label: string;
  targetOre: number;
  lastValueOre: number;
  reached: boolean;
  confirmed: boolean;
  firedAt: string | null;
  createdAt: string;
}

const viewColumns = {
  id: price_alerts.id,
  kind: price_alerts.kind,
  label: price_alerts.label,
  targetOre: price_alerts.target_ore,
  lastValueOre: price_alerts.last_value_ore,
  reached: price_alerts.reached,
  confirmedAt: price_alerts.confirmed_at,
  firedAt: price_alerts.fired_at,
  createdAt: price_alerts.created_at,
};

function toView(row: { id: string; kind: string; label: string; targetOre: number; lastValueOre: number; reached: boolean; confirmedAt: Date | null; firedAt: Date | null; createdAt: Date }): PriceAlertView {
  return {
    id: row.id,
    kind: row.kind as PriceAlertKind,
    label: row.label,
    targetOre: Number(row.targetOre),
    lastValueOre: Number(row.lastValueOre),
    reached: row.reached,
    confirmed: row.confirmedAt !== null,
    firedAt: row.firedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const confirmDeadline = (now: Date) => new Date(now.getTime() - PRICE_ALERTS.confirmHours * 60 * 60_000);

/** The alert a signed link names (null when it is gone), or null when the link is not ours. */
export async function alertByToken(db: Db, token: unknown): Promise<{ alert: PriceAlertView | null } | null> {
  const alertId = readPriceAlertToken(token);
  if (!alertId) return null;
  const [row] = await db.select(viewColumns).from(price_alerts).where(eq(price_alerts.id, alertId));
  return { alert: row ? toView(row) : null };
}

export type AlertLinkResult = { ok: true; alert: PriceAlertView | null } | { ok: false; status: 400 | 410; message: string };

/** The link page's button: confirm (double opt-in, within its time) or end the alert. Idempotent. */
export async function answerAlertLink(db: Db, input: { token: unknown; intent: "confirm" | "stop"; now?: Date }): Promise<AlertLinkResult> {
  const alertId = readPriceAlertToken(input.token);
  if (!alertId) return { ok: false, status: 400, message: PRICE_ALERT_MESSAGES.invalidLink };
  if (input.intent === "stop") {
    await db.delete(price_alerts).where(eq(price_alerts.id, alertId));
    return { ok: true, alert: null };
  }
  const now = input.now ?? new Date();
  const [row] = await db.select(viewColumns).from(price_alerts).where(eq(price_alerts.id, alertId));
  if (!row) return { ok: false, status: 400, message: PRICE_ALERT_MESSAGES.invalidLink };
  if (row.confirmedAt) return { ok: true, alert: toView(row) };
  if (row.createdAt < confirmDeadline(now)) {
    await db.delete(price_alerts).where(eq(price_alerts.id, alertId));
    return { ok: false, status: 410, message: PRICE_ALERT_MESSAGES.expired };
  }
  const [updated] = await db.update(price_alerts).set({ confirmed_at: now }).where(eq(price_alerts.id, alertId)).returning(viewColumns);
  return { ok: true, alert: updated ? toView(updated) : null };
}

export async function memberAlerts(db: Db, userId: string): Promise<PriceAlertView[]> {
  const rows = await db.select(viewColumns).from(price_alerts).where(eq(price_alerts.user_id, userId)).orderBy(price_alerts.created_at);
  return rows.map(toView);
}

/** A member removes one of their own alerts; someone else's id changes nothing. */
export async function deleteMemberAlert(db: Db, userId: string, alertId: string): Promise<boolean> {
  const removed = await db
    .delete(price_alerts)
    .where(and(eq(price_alerts.id, alertId), eq(price_alerts.user_id, userId)))
    .returning({ id: price_alerts.id });
  return removed.length > 0;
}

/** The job: visitors' alerts never confirmed within their time are deleted. */
export async function purgeUnconfirmedAlerts(db: Db, now: Date): Promise<{ removed: number }> {
  const removed = await db
    .delete(price_alerts)
    .where(and(isNull(price_alerts.confirmed_at), lt(price_alerts.created_at, confirmDeadline(now))))
    .returning({ id: price_alerts.id });
  return { removed: removed.length };
}

