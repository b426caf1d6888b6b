/**
 * Following our trade offers through the Steam Web API (docs/rules/selling.md#following-the-offer),
 * at the configured STEAM_API_URL (the local fake `server/fakes/steam-web-api.ts` in tests and
 * offline development). The key never reaches the log.
 *
 * - `IEconService/GetTradeOffer/v1?tradeofferid=…` → `response.offer.trade_offer_state`,
 *   `tradeid` (once accepted) and `time_updated` (seconds; for an accepted offer, when the member
 *   accepted it).
 * - `IEconService/GetTradeStatus/v1?tradeid=…&get_descriptions=1` → `response.trades[0].status`
 *   (ETradeStatus), `time_init` (seconds; when the trade was made) and `assets_received`, whose
 *   items' descriptions (`response.descriptions`, matched by classid/instanceid) carry
 *   `cache_expiration` (ISO 8601) — the time the item's Trade Protection ends (decision 047).
 *
 * Sending the offer is the `TradeOfferGateway`'s job: manual by default (staff send it from the
 * bot account and paste its id), an automatic adapter can implement `send`.
 */
import { SELL_ORDERS } from "~/modules/selling/selling-constants";

export interface TradeOfferSnapshot {
  state: number;
  tradeId: string | null;
  /** Steam's time_updated. */
  updatedAt: Date | null;
}

export interface TradeStatusSnapshot {
  /** Steam's ETradeStatus. */
  status: number;
  /** The received items' asset ids before the trade and in our inventory after it (Steam's new_assetid). */
  received: { assetId: string; newAssetId: string }[];
  /** time_init: when the trade was made. */
  tradeTime: Date | null;
  /** The received items' Trade Protection ends, as Steam reports them (may be empty). */
  protectionEnds: Date[];
}

export interface SteamTradeApi {
  getTradeOffer(offerId: string): Promise<TradeOfferSnapshot | null>;
  getTradeStatus(tradeId: string): Promise<TradeStatusSnapshot | null>;
}

/**
 * Sends the trade offer for an order (automatic mode). Without one (manual mode, the default)
 * staff send it from the bot account with the security code in the message and paste the offer's id.
 */
export interface TradeOfferGateway {
  readonly mode: "manual" | "automatic";
  /** Returns Steam's trade offer id; the order then becomes `offer_sent`. */
  send(order: { orderId: string; tradeLink: string; assetIds: string[]; message: string }): Promise<string>;
}

/**
 * The offer message: the member checks the code against their order page. A re-sent offer (attempt
 * 2 and later) names its attempt, so the message is unique per order and attempt and looking an
 * offer up by its message (after error 16 or a timeout) never finds an older attempt's offer
 * (docs/decisions/058-offer-engine.md).
 */
export function tradeOfferMessage(siteName: string, securityCode: string, attempt = 1): string {
  const base = `${siteName} – säkerhetskod ${securityCode}`;
  return attempt > 1 ? `${base} (försök ${attempt})` : base;
}

async function getJson(url: URL, fetchImpl: typeof fetch): Promise<unknown> {
  const response = await fetchImpl(url, {
    signal: AbortSignal.timeout(SELL_ORDERS.steamTimeoutMs),
  });
  if (!response.ok) throw new Error(`Steam Web API answered ${response.status}`);
  return response.json();
}

export function steamTradeApi(options: { apiUrl: string; apiKey: string | undefined; fetchImpl?: typeof fetch }): SteamTradeApi {
  const fetchImpl = options.fetchImpl ?? fetch;
  const url = (method: string, params: Record<string, string>) => {
    const target = new URL(`${options.apiUrl.replace(/\/$/, "")}/IEconService/${method}/v1/`);
    target.searchParams.set("key", options.apiKey ?? "");
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
    return target;
  };
  return {
    async getTradeOffer(offerId) {
      const body = (await getJson(url("GetTradeOffer", { tradeofferid: offerId }), fetchImpl)) as {
        response?: {
          offer?: {
            trade_offer_state?: unknown;
            tradeid?: unknown;
            time_updated?: unknown;
          };
        };
      };
      const offer = body.response?.offer;
      if (!offer || typeof offer.trade_offer_state !== "number") return null;
      return {
        state: offer.trade_offer_state,
        tradeId: typeof offer.tradeid === "string" && /^\d+$/.test(offer.tradeid) ? offer.tradeid : null,
        updatedAt: typeof offer.time_updated === "number" ? new Date(offer.time_updated * 1000) : null,
      };
    },
    async getTradeStatus(tradeId) {
      const body = (await getJson(url("GetTradeStatus", { tradeid: tradeId, get_descriptions: "1" }), fetchImpl)) as {
        response?: {
          trades?: {
            status?: unknown;
            time_init?: unknown;
            assets_received?: { assetid?: unknown; new_assetid?: unknown; classid?: unknown; instanceid?: unknown }[];
          }[];
          descriptions?: { classid?: unknown; instanceid?: unknown; cache_expiration?: unknown }[];
        };
      };
      const trade = body.response?.trades?.[0];
      if (!trade || typeof trade.status !== "number") return null;
      const assets = Array.isArray(trade.assets_received) ? trade.assets_received : [];
      const received = new Set(assets.map((asset) => `${String(asset.classid)}_${String(asset.instanceid ?? "0")}`));
      const assetId = (value: unknown) => (typeof value === "string" && /^\d{1,20}$/.test(value) ? value : null);
      const protectionEnds = (Array.isArray(body.response?.descriptions) ? body.response.descriptions : [])
        .filter((description) => received.has(`${String(description.classid)}_${String(description.instanceid ?? "0")}`))
        .map((description) => (typeof description.cache_expiration === "string" ? new Date(description.cache_expiration) : null))
        .filter((at): at is Date => at !== null && Number.isFinite(at.getTime()));
      return {
        status: trade.status,
        received: assets.flatMap((asset) => {
          const [before, after] = [assetId(asset.assetid), assetId(asset.new_assetid)];
          return before && after ? [{ assetId: before, newAssetId: after }] : [];
        }),
        tradeTime: typeof trade.time_init === "number" ? new Date(trade.time_init * 1000) : null,
        protectionEnds,
      };
    },
  };
}
