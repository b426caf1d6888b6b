/**
 * Trade bot accounts (docs/rules/bots.md): admins add a bot with the credentials it needs to stay
 * signed in — the refresh token and the Steam Guard shared and identity secrets — sealed at once
 * with the payout keyring (the bot's id as associated data). Nothing here returns, logs or audits
 * a secret: the list shows the Steam id, name and status; `openBotCredentials` is for the sender.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, isNotNull } from "drizzle-orm";
import { recordAudit } from "~/platform/audit/audit.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { hasPgCode, PG_ERRORS } from "~/platform/db/errors";
import { sell_orders, trade_bots } from "~/platform/db/schema";
import { openPayoutDetails, sealPayoutDetails, type PayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { BOT_MESSAGES, type BotStatus } from "./bot-constants";

export interface BotCredentials {
  steamId: string;
  refreshToken: string;
  sharedSecret: string;
  identitySecret: string;
}

export interface BotView {
  id: string;
  steamId: string;
  displayName: string;
  status: BotStatus;
  lastError: string | null;
  inventorySize: number | null;
  steamLevel: number | null;
  accountCreatedAt: Date | null;
  profileRefreshedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type BotResult<T> = { ok: true; value: T } | { ok: false; code: "not_found" | "conflict"; message: string };

type SecretInput = { refresh_token: string; shared_secret: string; identity_secret: string };

function seal(keyring: PayoutKeyring, botId: string, secrets: SecretInput) {
  return sealPayoutDetails(
    keyring,
    botId,
    JSON.stringify({ refreshToken: secrets.refresh_token, sharedSecret: secrets.shared_secret, identitySecret: secrets.identity_secret }),
  );
}

function toView(row: typeof trade_bots.$inferSelect): BotView {
  return {
    id: row.id,
    steamId: row.steam_id,
    displayName: row.display_name,
    status: row.status as BotStatus,
    lastError: row.last_error,
    inventorySize: row.inventory_size,
    steamLevel: row.steam_level,
    accountCreatedAt: row.account_created_at,
    profileRefreshedAt: row.profile_refreshed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every bot with its active offers: the orders whose offer went out from it and is still open. */
export async function listBots(db: Db): Promise<Array<BotView & { activeOffers: number }>> {
  const [rows, offers] = await Promise.all([
    db.select().from(trade_bots).orderBy(asc(trade_bots.created_at), asc(trade_bots.id)),
    db
      .select({ botId: sell_orders.bot_id, offers: count() })
      .from(sell_orders)
      .where(and(eq(sell_orders.status, "offer_sent"), isNotNull(sell_orders.bot_id)))
      .groupBy(sell_orders.bot_id),
  ]);
  const active = new Map(offers.map((entry) => [entry.botId, entry.offers]));
  return rows.map((row) => ({ ...toView(row), activeOffers: active.get(row.id) ?? 0 }));
}

/** Adds a bot; its secrets are sealed before they reach the database and are never read back here. */
export async function addBot(
  db: Db,
  keyring: PayoutKeyring,
  input: SecretInput & { actorUserId: string; steam_id: string; display_name: string },
): Promise<BotResult<BotView>> {
  const id = randomUUID();
  const sealed = seal(keyring, id, input);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(trade_bots)
        .values({ id, steam_id: input.steam_id, display_name: input.display_name, key_id: sealed.keyId, ciphertext: sealed.ciphertext, created_by: input.actorUserId })
        .returning();
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: "bot.add",
        entityType: "trade_bot",
        entityId: id,
        after: { steam_id: input.steam_id, display_name: input.display_name },
      });
      return inserted!;
    });
    return { ok: true, value: toView(row) };
  } catch (error) {
    if (hasPgCode(error, PG_ERRORS.uniqueViolation)) return { ok: false, code: "conflict", message: BOT_MESSAGES.duplicate };
    throw error;
  }
}

/** An admin turns a bot off (no offers go out from it) or on again (it is tried as active). */
export async function setBotEnabled(db: Db, input: { actorUserId: string; botId: string; enabled: boolean }): Promise<BotResult<BotView>> {
  return db.transaction(async (tx): Promise<BotResult<BotView>> => {
    const [before] = await tx.select().from(trade_bots).where(eq(trade_bots.id, input.botId)).for("update");
    if (!before) return { ok: false, code: "not_found", message: BOT_MESSAGES.notFound };
    const status: BotStatus = input.enabled ? "active" : "disabled";
    const [row] = await tx.update(trade_bots).set({ status, last_error: input.enabled ? null : before.last_error, updated_at: new Date() }).where(eq(trade_bots.id, input.botId)).returning();
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.enabled ? "bot.enable" : "bot.disable",
      entityType: "trade_bot",
      entityId: input.botId,
      before: { status: before.status },
      after: { status },
    });
    return { ok: true, value: toView(row!) };
  });
}

/** New credentials (a fresh refresh token after `npm run bot:login`, or moved Steam Guard): sealed, the bot active again. */
export async function replaceBotCredentials(
  db: Db,
  keyring: PayoutKeyring,
  input: SecretInput & { actorUserId: string; botId: string },
): Promise<BotResult<BotView>> {
  const sealed = seal(keyring, input.botId, input);
  return db.transaction(async (tx): Promise<BotResult<BotView>> => {
    const [row] = await tx
      .update(trade_bots)
      .set({ key_id: sealed.keyId, ciphertext: sealed.ciphertext, status: "active", last_error: null, updated_at: new Date() })
      .where(eq(trade_bots.id, input.botId))
      .returning();
    if (!row) return { ok: false, code: "not_found", message: BOT_MESSAGES.notFound };
    // What changed, never the values.
    await recordAudit(tx, { actorUserId: input.actorUserId, action: "bot.credentials", entityType: "trade_bot", entityId: input.botId, after: { credentials: "ersatta" } });
    return { ok: true, value: toView(row) };
  });
}

/** The bot's credentials, for the offer sender only. */
export async function openBotCredentials(db: Db, keyring: PayoutKeyring, botId: string): Promise<BotCredentials | null> {
  const [row] = await db.select().from(trade_bots).where(eq(trade_bots.id, botId));
  if (!row) return null;
  const secrets = JSON.parse(openPayoutDetails(keyring, row.id, { keyId: row.key_id, ciphertext: row.ciphertext })) as Omit<BotCredentials, "steamId">;
  return { steamId: row.steam_id, ...secrets };
}

// ---------------------------------------------------------------------------
// Status updates from the offer engine (docs/rules/bots.md#sending). `last_error` is our own
// sentence, never Steam's body or a secret. An admin's "disabled" is never overwritten.
// ---------------------------------------------------------------------------

/** Steam refused the bot's refresh token: it is skipped until a renewal works or an admin gives new credentials. */
export async function markBotSessionExpired(db: Db, botId: string, lastError: string): Promise<void> {
  await db
    .update(trade_bots)
    .set({ status: "session_expired", last_error: lastError, updated_at: new Date() })
    .where(and(eq(trade_bots.id, botId), inArray(trade_bots.status, ["active", "rate_limited"])));
}

/** Steam answered 25 (too many offers): not used again before `until`. */
export async function markBotRateLimited(db: Db, botId: string, until: Date, lastError: string): Promise<void> {
  await db
    .update(trade_bots)
    .set({ status: "rate_limited", rate_limited_until: until, last_error: lastError, updated_at: new Date() })
    .where(and(eq(trade_bots.id, botId), inArray(trade_bots.status, ["active", "rate_limited"])));
}

/** A send or a session renewal worked again: the bot is active. */
export async function markBotActive(db: Db | Tx, botId: string): Promise<void> {
  await db
    .update(trade_bots)
    .set({ status: "active", rate_limited_until: null, last_error: null, updated_at: new Date() })
    .where(and(eq(trade_bots.id, botId), inArray(trade_bots.status, ["rate_limited", "session_expired"])));
}
