/**
 * A price before signing up (docs/rules/selling.md#valuation-before-sign-up): anyone may have a
 * public CS2 inventory valued with today's buy prices, by a profile link, a SteamID64, a trade
 * link or Steam sign-in. Each item's price is the one a quote would give (`priceItem`), the total
 * the one a Bronze member's quote would show. Limited per address (its salted hash: the limiter
 * never sees the address itself); a custom profile name is resolved at Steam and cached, the
 * inventory comes through the gateway's own cache. Nothing about the visitor is stored.
 */
import { LEVELS } from "~/modules/loyalty/loyalty-constants";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit, rateLimitMessage } from "~/platform/rate-limit/rate-limiter.server";
import { singleton } from "~/platform/singleton.server";
import { ipHash } from "~/platform/visitor-hash.server";
import type { InventoryItem } from "./inventory-items";
import { referencePrices } from "./price-list.server";
import { priceItem, quoteTotals, refusalText } from "./quote-rules";
import { inventoryFailureMessage, memberInventory, type QuoteDeps } from "./quotes.server";
import { VISITOR_VALUATION } from "./selling-constants";
import { steamProfileInputSchema, STEAM_PROFILE_INPUT_MESSAGE, type SteamProfileInput } from "./steam-profile-input";

export const VALUATION_MESSAGES = {
  noSuchProfile: "Vi hittade ingen Steam-profil med det namnet. Kontrollera länken eller klistra in ditt SteamID64.",
  lookupUnavailable:
    "Vi kan inte slå upp profilnamn hos Steam just nu. Klistra in länken med /profiles/…, ditt SteamID64 eller din trade-länk.",
} as const;

export interface ValuedItem extends Pick<InventoryItem, "assetId" | "marketHashName" | "name" | "wear" | "variant" | "type" | "imageUrl"> {
  referencePriceOre: number | null;
  buyRatePercent: number | null;
  priceOre: number | null;
  /** Why the item is not accepted, in Swedish; null when it is. */
  refusal: string | null;
}

export type Valuation =
  | {
      ok: true;
      steamId64: string;
      items: ValuedItem[];
      acceptedCount: number;
      baseTotalOre: number;
      bulkBonusOre: number;
      totalOre: number;
      referenceTotalOre: number;
      loadedAt: string;
      truncated: boolean;
    }
  | { ok: false; status: 400 | 404 | 429 | 503; message: string; retryAfterSeconds?: number };

export interface ValuationDeps extends QuoteDeps {
  now?: Date;
}

/** Custom profile names resolved at Steam: name (lower-cased) → SteamID64 or null for "no such". */
const vanityCache = () => singleton("visitor-valuation-vanity", () => new Map<string, { steamId64: string | null; at: number }>());

/** Forgets resolved names (tests). */
export function clearVanityCache(): void {
  vanityCache().clear();
}

type Resolved = { ok: true; steamId64: string } | { ok: false; status: 404 | 503; message: string };

async function resolveVanity(name: string, deps: ValuationDeps): Promise<Resolved> {
  const key = name.toLowerCase();
  const cache = vanityCache();
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < VISITOR_VALUATION.vanityCacheMs) {
    return hit.steamId64 ? { ok: true, steamId64: hit.steamId64 } : { ok: false, status: 404, message: VALUATION_MESSAGES.noSuchProfile };
  }
  const cfg = config();
  const apiKey = deps.steam?.apiKey ?? cfg.STEAM_API_KEY;
  if (!apiKey) return { ok: false, status: 503, message: VALUATION_MESSAGES.lookupUnavailable };
  const url = new URL(`${(deps.steam?.apiUrl ?? cfg.STEAM_API_URL).replace(/\/$/, "")}/ISteamUser/ResolveVanityURL/v1/`);
  url.searchParams.set("key", apiKey);
  url.searchParams.set("vanityurl", name);
  let steamId64: string | null;
  try {
    const response = await (deps.steam?.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(VISITOR_VALUATION.timeoutMs) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as { response?: { success?: unknown; steamid?: unknown } } | null;
    const answer = body?.response;
    // success 1 names the account; 42 is "No match". Anything else is not understood.
    if (answer?.success === 1 && typeof answer.steamid === "string" && /^\d{17}$/.test(answer.steamid)) steamId64 = answer.steamid;
    else if (answer?.success === 42) steamId64 = null;
    else throw new Error("answer not understood");
  } catch (error) {
    logger.warn({ errName: error instanceof Error ? error.message : typeof error }, "steam vanity lookup failed");
    return { ok: false, status: 503, message: VALUATION_MESSAGES.lookupUnavailable };
  }
  if (cache.size >= VISITOR_VALUATION.vanityCacheSize) cache.delete(cache.keys().next().value!);
  cache.set(key, { steamId64, at: Date.now() });
  return steamId64 ? { ok: true, steamId64 } : { ok: false, status: 404, message: VALUATION_MESSAGES.noSuchProfile };
}

/** The SteamID64 a pasted text names (a custom name looked up at Steam), or why not. */
export async function resolveSteamProfile(input: SteamProfileInput, deps: ValuationDeps = {}): Promise<Resolved> {
  return input.kind === "steamid" ? { ok: true, steamId64: input.steamId64 } : resolveVanity(input.name, deps);
}

/** A visitor's address as the limiter keys it: a salted hash, so no address is stored. */
export function limiterId(ip: string): string {
  return ipHash(config().VISITOR_HASH_SALT, ip);
}

/** Values the inventory a pasted text (`{ steam }`) names, or of a SteamID64 proven by Steam sign-in. */
export async function valueInventory(
  db: Db,
  input: { steam: unknown } | { provenSteamId64: string },
  client: { ip: string },
  deps: ValuationDeps = {},
): Promise<Valuation> {
  let target: SteamProfileInput;
  if ("provenSteamId64" in input) {
    target = { kind: "steamid", steamId64: input.provenSteamId64 };
  } else {
    const parsed = steamProfileInputSchema.safeParse({ steam: input.steam });
    if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? STEAM_PROFILE_INPUT_MESSAGE };
    target = parsed.data.steam;
  }
  // Counted before Steam is asked: every valuation may read a whole inventory.
  const limit = await consumeRateLimit(db, VISITOR_VALUATION.rateLimit, "ip", limiterId(client.ip));
  if (!limit.allowed) return { ok: false, status: 429, message: rateLimitMessage(limit), retryAfterSeconds: limit.retryAfterSeconds };

  const resolved = await resolveSteamProfile(target, deps);
  if (!resolved.ok) return resolved;
  const inventory = await memberInventory(resolved.steamId64, deps);
  if (inventory.status !== "ok") {
    const status = inventory.status === "rate_limited" ? 429 : inventory.status === "private" ? 404 : 503;
    return { ok: false, status, message: inventoryFailureMessage(inventory) };
  }
  const now = deps.now ?? new Date();
  const prices = await referencePrices(db, inventory.items.map((item) => item.marketHashName));
  const priced = inventory.items.map((item) => ({ item, priced: priceItem(item, prices.get(item.marketHashName) ?? null, now) }));
  const items: ValuedItem[] = priced
    .map(({ item, priced }) => ({
      assetId: item.assetId,
      marketHashName: item.marketHashName,
      name: item.name,
      wear: item.wear,
      variant: item.variant,
      type: item.type,
      imageUrl: item.imageUrl,
      referencePriceOre: priced.referencePriceOre,
      buyRatePercent: priced.buyRatePercent,
      priceOre: priced.priceOre,
      refusal: priced.refusal ? refusalText(priced.refusal, priced.tradableAfter) : null,
    }))
    .sort((a, b) => (b.priceOre ?? -1) - (a.priceOre ?? -1) || a.marketHashName.localeCompare(b.marketHashName, "sv"));
  // A visitor has no level yet: the first level's totals (the bulk bonus applies to everyone).
  const totals = quoteTotals(priced.map(({ priced }) => priced), LEVELS[0]!);
  const referenceTotalOre = priced.reduce((sum, { priced }) => sum + (priced.priceOre !== null ? (priced.referencePriceOre ?? 0) : 0), 0);
  return {
    ok: true,
    steamId64: resolved.steamId64,
    items,
    acceptedCount: totals.acceptedCount,
    baseTotalOre: totals.baseTotalOre,
    bulkBonusOre: totals.bulkBonusOre,
    totalOre: totals.totalOre,
    referenceTotalOre,
    loadedAt: inventory.loadedAt,
    truncated: inventory.truncated,
  };
}
