/**
 * The scheduled price import (docs/rules/selling.md#scheduled-import): a `PriceSource` adapter
 * reads reference prices from an outside source; the job writes them to the price list, where
 * they add names and update rows from the same source but never overwrite what staff set. The
 * first adapter reads Skinport's public `/v1/items` format at PRICE_SOURCE_URL (off when unset).
 * Skinport caches that answer for 5 minutes and allows 8 requests per 5 minutes, so the adapter
 * reuses an answer for 5 minutes and, after a 429, asks again only when Retry-After has passed.
 */
import { PRICE_LIST, PRICE_SOURCE, type PriceSourceId } from "~/modules/selling/selling-constants";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { singleton } from "~/platform/singleton.server";
import { checkMarketHashName } from "./price-list-rules";
import { writeSourcePrices } from "./price-list.server";

export interface SourcePrice {
  marketHashName: string;
  priceOre: number;
}

/** An outside price source. `fetchPrices` throws when the source cannot be read. */
export interface PriceSource {
  id: PriceSourceId;
  fetchPrices(signal?: AbortSignal): Promise<SourcePrice[]>;
}

class PriceSourceError extends Error {
  override name = "PriceSourceError";
}

interface SkinportItem {
  market_hash_name?: unknown;
  currency?: unknown;
  suggested_price?: unknown;
  min_price?: unknown;
}

/** Skinport's items as prices in öre: suggested price, else the lowest listing; other currencies and bad rows left out. */
export function parseSkinportItems(body: unknown, currency: string = PRICE_SOURCE.currency): SourcePrice[] {
  if (!Array.isArray(body)) throw new PriceSourceError("answer is not a list");
  const prices: SourcePrice[] = [];
  const seen = new Set<string>();
  for (const item of body as SkinportItem[]) {
    if (!item || typeof item !== "object") continue;
    const name = typeof item.market_hash_name === "string" ? item.market_hash_name.trim() : "";
    if (!name || checkMarketHashName(name) || seen.has(name)) continue;
    if (item.currency !== currency) continue;
    const price = [item.suggested_price, item.min_price].find((value) => typeof value === "number" && Number.isFinite(value) && value > 0) as number | undefined;
    if (price === undefined) continue;
    const ore = Math.round(price * 100);
    if (ore <= 0 || ore > PRICE_LIST.maxPriceOre) continue;
    seen.add(name);
    prices.push({ marketHashName: name, priceOre: ore });
  }
  return prices;
}

type SourceState = { answer: SourcePrice[] | null; fetchedAt: number; blockedUntil: number };

function sourceState(url: string): SourceState {
  const states = singleton("price-source-state", () => new Map<string, SourceState>());
  let state = states.get(url);
  if (!state) {
    state = { answer: null, fetchedAt: 0, blockedUntil: 0 };
    states.set(url, state);
  }
  return state;
}

/** Forgets cached answers and back-offs (tests). */
export function clearPriceSourceCache(): void {
  singleton("price-source-state", () => new Map<string, SourceState>()).clear();
}

export function skinportSource(url: string, options: { fetchImpl?: typeof fetch; now?: () => number } = {}): PriceSource {
  const now = options.now ?? Date.now;
  return {
    id: "skinport",
    async fetchPrices(signal) {
      const state = sourceState(url);
      if (state.answer && now() - state.fetchedAt < PRICE_SOURCE.minRequestIntervalMs) return state.answer;
      if (state.blockedUntil > now()) throw new PriceSourceError(`rate limited until ${new Date(state.blockedUntil).toISOString()}`);
      const target = new URL(url);
      target.searchParams.set("app_id", "730");
      target.searchParams.set("currency", PRICE_SOURCE.currency);
      const timeout = AbortSignal.timeout(PRICE_SOURCE.timeoutMs);
      let response: Response;
      try {
        response = await (options.fetchImpl ?? fetch)(target, {
          // Skinport answers /v1/items only to clients that accept Brotli.
          headers: { accept: "application/json", "accept-encoding": "br" },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new PriceSourceError(`unreachable (${error instanceof Error ? error.name : typeof error})`);
      }
      if (response.status === 429) {
        const seconds = Number(response.headers.get("retry-after"));
        state.blockedUntil = now() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : PRICE_SOURCE.minRequestIntervalMs);
        throw new PriceSourceError("rate limited");
      }
      if (!response.ok) throw new PriceSourceError(`answered ${response.status}`);
      const declared = Number(response.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > PRICE_SOURCE.maxBytes) throw new PriceSourceError("answer too large");
      const text = await response.text();
      if (text.length > PRICE_SOURCE.maxBytes) throw new PriceSourceError("answer too large");
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new PriceSourceError("answer is not JSON");
      }
      const answer = parseSkinportItems(body);
      state.answer = answer;
      state.fetchedAt = now();
      return answer;
    },
  };
}

export const PRICE_IMPORT_JOB = "price-source-import";

/** The job: imports from the configured source, or does nothing when none is configured. */
export async function importFromPriceSource(db: Db, now: Date, signal?: AbortSignal, source?: PriceSource | null) {
  const chosen = source === undefined ? (config().PRICE_SOURCE_URL ? skinportSource(config().PRICE_SOURCE_URL!) : null) : source;
  if (!chosen) return { skipped: "no price source configured" };
  try {
    const prices = await chosen.fetchPrices(signal);
    const { written } = await writeSourcePrices(db, chosen.id, prices, now);
    return { source: chosen.id, received: prices.length, written };
  } catch (error) {
    if (!(error instanceof PriceSourceError)) throw error;
    // An unreachable or limiting source is not a failed job: the list keeps its prices until the next run.
    logger.warn({ source: chosen.id, reason: error.message }, "price source import skipped");
    return { source: chosen.id, skipped: error.message };
  }
}
