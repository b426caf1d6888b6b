/**
 * Whether Steam would hold trades with a member (docs/rules/selling.md#seller-requirements):
 * `IEconService/GetTradeHoldDurations/v1` with the member's trade-link token, at the configured
 * STEAM_API_URL (a local fake in tests and development). A hold above zero means Steam Guard
 * Mobile Authenticator is missing. Answers are cached briefly per member and token; a failure is
 * "could not check" (never a pass) and is not cached. The key and token never reach the log.
 */
import { STEAM_TRADE_HOLD } from "~/modules/selling/selling-constants";
import { logger } from "~/platform/logger.server";
import { singleton } from "~/platform/singleton.server";

export type TradeHoldResult =
  | { status: "none" }
  | { status: "hold"; days: number }
  | { status: "unknown"; reason: "not_configured" | "unreachable" | "bad_answer" };

export interface TradeHoldQuery {
  steamId64: string;
  token: string;
}

export interface TradeHoldOptions {
  apiUrl: string;
  apiKey: string | undefined;
  fetchImpl?: typeof fetch;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

type CacheEntry = { result: TradeHoldResult; expiresAt: number };

function cache(): Map<string, CacheEntry> {
  return singleton("steam-trade-hold-cache", () => new Map<string, CacheEntry>());
}

/** Forgets every cached answer (tests, and a member who changed their trade link gets a new key anyway). */
export function clearTradeHoldCache(): void {
  cache().clear();
}

export async function checkTradeHold(query: TradeHoldQuery, options: TradeHoldOptions): Promise<TradeHoldResult> {
  if (!options.apiKey) return { status: "unknown", reason: "not_configured" };
  const now = options.now ?? Date.now;
  const key = `${query.steamId64}:${query.token}`;
  const cached = cache().get(key);
  if (cached && cached.expiresAt > now()) return cached.result;

  const url = new URL(`${options.apiUrl.replace(/\/$/, "")}/IEconService/GetTradeHoldDurations/v1/`);
  url.searchParams.set("key", options.apiKey);
  url.searchParams.set("steamid_target", query.steamId64);
  url.searchParams.set("trade_offer_access_token", query.token);
  let result: TradeHoldResult;
  try {
    const response = await (options.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(STEAM_TRADE_HOLD.timeoutMs) });
    if (!response.ok) {
      logger.warn({ status: response.status }, "steam trade hold check refused");
      return { status: "unknown", reason: "unreachable" };
    }
    const body = (await response.json()) as {
      response?: { their_escrow?: { escrow_end_duration_seconds?: unknown } };
    };
    const seconds = body.response?.their_escrow?.escrow_end_duration_seconds;
    if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
      logger.warn("steam trade hold answer not understood");
      return { status: "unknown", reason: "bad_answer" };
    }
    result = seconds > 0 ? { status: "hold", days: Math.max(1, Math.ceil(seconds / 86_400)) } : { status: "none" };
  } catch (error) {
    logger.warn({ errName: error instanceof Error ? error.name : typeof error }, "steam trade hold check failed");
    return { status: "unknown", reason: "unreachable" };
  }
  cache().set(key, { result, expiresAt: now() + STEAM_TRADE_HOLD.cacheMs });
  return result;
}
