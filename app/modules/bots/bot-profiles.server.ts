/**
 * The `bots` job (docs/rules/bots.md#profile-and-counts), every 10 minutes and right after a bot
 * is added or given new credentials: for each bot not turned off it renews the Steam session from
 * the refresh token (refused → `session_expired` with the reason; working again → `active`),
 * reads the public profile (name, avatar, account age, Steam level) and counts the CS2 inventory
 * with the same reader the sell side uses. Only the status, the reason in Swedish and public
 * facts are written; no secret leaves `openBotCredentials` and the client.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { trade_bots } from "~/platform/db/schema";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import type { PayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { loadInventory } from "~/modules/selling/steam-inventory.server";
import { BOT_MESSAGES } from "./bot-constants";
import { openBotCredentials } from "./bots.server";
import { steamBotClient } from "./steam-bot-client.server";

export interface BotRefreshDeps {
  apiUrl: string;
  communityUrl: string;
  imageUrl: string;
  keyring: PayoutKeyring;
  fetchImpl?: typeof fetch;
}

export interface BotRefreshSummary {
  checked: number;
  active: number;
  expired: number;
  failed: number;
}

function defaultDeps(): BotRefreshDeps {
  const cfg = config();
  return { apiUrl: cfg.STEAM_API_URL, communityUrl: cfg.STEAM_COMMUNITY_URL, imageUrl: cfg.STEAM_IMAGE_URL, keyring: payoutKeyring() };
}

type Outcome = "active" | "expired" | "failed";

async function refreshOne(db: Db, bot: { id: string; steamId: string }, now: Date, deps: BotRefreshDeps): Promise<Outcome> {
  const row = eq(trade_bots.id, bot.id);
  // An admin may turn the bot off while it is checked: nothing here overrides that.
  const notOff = and(row, ne(trade_bots.status, "disabled"));
  const note = (lastError: string) => db.update(trade_bots).set({ last_error: lastError, updated_at: now }).where(notOff);
  let credentials;
  try {
    credentials = await openBotCredentials(db, deps.keyring, bot.id);
  } catch {
    await note(BOT_MESSAGES.credentialsUnreadable);
    return "failed";
  }
  if (!credentials) return "failed";
  const client = steamBotClient(credentials, { apiUrl: deps.apiUrl, communityUrl: deps.communityUrl, fetchImpl: deps.fetchImpl, now: () => now.getTime() });
  try {
    const session = await client.renewSession();
    if (session.kind === "session_expired") {
      await db.update(trade_bots).set({ status: "session_expired", last_error: BOT_MESSAGES.sessionExpired, updated_at: now }).where(notOff);
      return "expired";
    }
    // Signed in again: a bot Steam had refused is usable; one rate-limited stays so until its time.
    await db
      .update(trade_bots)
      .set({
        status: sql`CASE WHEN ${trade_bots.status} = 'session_expired' THEN 'active' ELSE ${trade_bots.status} END`,
        last_error: null,
        updated_at: now,
      })
      .where(notOff);
    // Steam asks an account to acknowledge Trade Protection once before it trades; each check repeats it (harmless).
    await client.acknowledgeTradeProtection();
    const profile = await client.publicProfile();
    if (profile.kind === "ok") {
      const { name, avatarUrl, accountCreatedAt, level } = profile.profile;
      await db
        .update(trade_bots)
        .set({
          // Sellers compare the offer's sender with this name: it is the name Steam shows (decision 059).
          ...(name ? { display_name: name } : {}),
          avatar_url: avatarUrl,
          account_created_at: accountCreatedAt,
          steam_level: level,
          profile_refreshed_at: now,
        })
        .where(row);
    }
  } catch (error) {
    logger.warn({ botId: bot.id, errName: error instanceof Error ? error.name : typeof error }, "bot check failed");
    await note(BOT_MESSAGES.steamUnreachable);
    return "failed";
  }
  const inventory = await loadInventory(bot.steamId, { communityUrl: deps.communityUrl, imageUrl: deps.imageUrl, fetchImpl: deps.fetchImpl, refresh: true });
  if (inventory.status === "ok") await db.update(trade_bots).set({ inventory_size: inventory.items.length }).where(row);
  else if (inventory.status === "private") await note(BOT_MESSAGES.inventoryPrivate);
  return "active";
}

/** Checks every bot not turned off, one at a time (a handful of accounts; Steam is asked gently). */
export async function refreshBots(db: Db, now: Date = new Date(), deps?: BotRefreshDeps): Promise<BotRefreshSummary> {
  const bots = await db.select({ id: trade_bots.id, steamId: trade_bots.steam_id }).from(trade_bots).where(ne(trade_bots.status, "disabled"));
  const summary: BotRefreshSummary = { checked: bots.length, active: 0, expired: 0, failed: 0 };
  if (bots.length === 0) return summary;
  const resolved = deps ?? defaultDeps();
  for (const bot of bots) summary[await refreshOne(db, bot, now, resolved)] += 1;
  return summary;
}
