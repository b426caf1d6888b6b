/**
 * The member's CS2 inventory from Steam Community (docs/rules/selling.md#inventory):
 * `GET {STEAM_COMMUNITY_URL}/inventory/{steamid64}/730/2?l=english&count=2000[&start_assetid=…]`,
 * paged with `more_items`/`last_assetid`. A loaded inventory is cached per Steam id for a few
 * minutes; a 403 is a private inventory; a 429 starts a back-off during which Steam is not
 * asked at all; a timeout or a bad answer is "could not load", never a crash. Failures are not
 * cached.
 */
import { LRUCache } from "lru-cache";
import { STEAM_INVENTORY } from "~/modules/selling/selling-constants";
import { logger } from "~/platform/logger.server";
import { singleton } from "~/platform/singleton.server";
import { parseInventoryPage, type InventoryItem, type SteamInventoryPage } from "./inventory-items";

export type InventoryResult =
  | { status: "ok"; items: InventoryItem[]; loadedAt: string; truncated: boolean }
  | { status: "private" }
  | { status: "rate_limited"; retryAt: string }
  | { status: "unavailable" };

export interface InventoryOptions {
  communityUrl: string;
  imageUrl: string;
  fetchImpl?: typeof fetch;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  /** Load again even if cached (the refresh button), unless loaded within `refreshMinMs`. */
  refresh?: boolean;
}

type Cached = { result: Extract<InventoryResult, { status: "ok" }>; loadedAt: number };

function state() {
  return singleton("steam-inventory-state", () => ({
    // Bounded: a busy day does not grow it without end.
    cache: new LRUCache<string, Cached>({ max: 1000 }),
    /** Per Community URL: no request before this time (ms), after a 429. */
    backoffUntil: new Map<string, number>(),
  }));
}

/** Forgets every cached inventory and back-off (tests). */
export function clearInventoryCache(): void {
  state().cache.clear();
  state().backoffUntil.clear();
}

function retryAfterMs(header: string | null, now: number): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, STEAM_INVENTORY.maxBackoffMs);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.min(Math.max(date - now, 0), STEAM_INVENTORY.maxBackoffMs);
  }
  return STEAM_INVENTORY.backoffMs;
}

export async function loadInventory(steamId64: string, options: InventoryOptions): Promise<InventoryResult> {
  if (!/^\d{17}$/.test(steamId64)) return { status: "unavailable" };
  const now = options.now ?? Date.now;
  const { cache, backoffUntil } = state();
  const cached = cache.get(steamId64);
  if (cached) {
    const age = now() - cached.loadedAt;
    if (age < (options.refresh ? STEAM_INVENTORY.refreshMinMs : STEAM_INVENTORY.cacheMs)) return cached.result;
  }
  const base = options.communityUrl.replace(/\/$/, "");
  const until = backoffUntil.get(base);
  if (until !== undefined && until > now()) return { status: "rate_limited", retryAt: new Date(until).toISOString() };

  const items: InventoryItem[] = [];
  const seen = new Set<string>();
  let start: string | null = null;
  let truncated = false;
  try {
    for (let pageNo = 0; ; pageNo++) {
      if (pageNo >= STEAM_INVENTORY.maxPages) {
        truncated = true;
        break;
      }
      const url = new URL(`${base}/inventory/${steamId64}/730/2`);
      url.searchParams.set("l", "english");
      url.searchParams.set("count", String(STEAM_INVENTORY.pageSize));
      if (start) url.searchParams.set("start_assetid", start);
      const response = await (options.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(STEAM_INVENTORY.timeoutMs) });
      if (response.status === 403) return { status: "private" };
      if (response.status === 429) {
        const retryAt = now() + retryAfterMs(response.headers.get("retry-after"), now());
        backoffUntil.set(base, retryAt);
        logger.warn({ retryAt: new Date(retryAt).toISOString() }, "steam inventory rate limited");
        return { status: "rate_limited", retryAt: new Date(retryAt).toISOString() };
      }
      if (!response.ok) {
        logger.warn({ status: response.status }, "steam inventory refused");
        return { status: "unavailable" };
      }
      const body = (await response.json()) as SteamInventoryPage | null;
      // An empty inventory answers with no assets at all (and sometimes `success` only).
      if (!body || typeof body !== "object" || (body.success !== undefined && body.success !== 1 && body.success !== true)) {
        logger.warn("steam inventory answer not understood");
        return { status: "unavailable" };
      }
      for (const item of parseInventoryPage(body, options.imageUrl)) {
        if (seen.has(item.assetId)) continue;
        seen.add(item.assetId);
        items.push(item);
      }
      const last = typeof body.last_assetid === "string" ? body.last_assetid : null;
      if (!(body.more_items === 1 || body.more_items === true) || !last || last === start) break;
      start = last;
    }
  } catch (error) {
    logger.warn({ errName: error instanceof Error ? error.name : typeof error }, "steam inventory load failed");
    return { status: "unavailable" };
  }
  const result = { status: "ok" as const, items, loadedAt: new Date(now()).toISOString(), truncated };
  cache.set(steamId64, { result, loadedAt: now() });
  return result;
}
