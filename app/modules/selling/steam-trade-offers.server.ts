/**
 * Following our trade offers through the Steam Web API (docs/rules/selling.md#following-the-offer),
 * at the configured STEAM_API_URL (the local fake `server/fakes/steam-web-api.ts` in tests and
 * offline development). The key never reaches the log.
 *
 * - `IEconService/GetTradeOffer/v1?tradeofferid=…` → `response.offer.trade_offer_state`,
 *   `tradeid` (once accepted) and `time_updated` (seconds; for an accepted offer, when the member
 *   accepted it).
 * - `IEconService/GetTradeStatus/v1?tradeid=…` → `response.trades[0].status` (ETradeStatus).
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

export interface SteamTradeApi {
  getTradeOffer(offerId: string): Promise<TradeOfferSnapshot | null>;
  getTradeStatus(tradeId: string): Promise<number | null>;
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

/** The offer message: the member checks the code against their order page. */
export function tradeOfferMessage(siteName: string, securityCode: string): string {
  return `${siteName} – säkerhetskod ${securityCode}`;
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
      const body = (await getJson(url("GetTradeStatus", { tradeid: tradeId, get_descriptions: "0" }), fetchImpl)) as {
        response?: { trades?: { status?: unknown }[] };
      };
      const status = body.response?.trades?.[0]?.status;
      return typeof status === "number" ? status : null;
    },
  };
}
