/**
 * The sell-order job (docs/rules/selling.md#following-the-offer), run every minute by the job
 * runner under its advisory lock (one instance at a time): follow the open offers and protected
 * trades at Steam, then schedule the payouts whose protection has ended. Idempotent: each move is
 * a conditional update, so a run repeated after a crash changes nothing more.
 */
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { optionalPayoutKeyring } from "./payout-encryption.server";
import { pollTradeOffers, scheduleDuePayouts } from "./sell-orders.server";
import { swishPayoutClientFromConfig } from "./swish-payout-client.server";
import { runSwishPayouts } from "./swish-payout-sender.server";
import { steamTradeApi, type SteamTradeApi } from "./steam-trade-offers.server";
import { botOfferControl, offerEngineFromConfig, sendWaitingOffers, type OfferEngine } from "~/modules/bots/offer-sender.server";

export const SELL_ORDER_JOB = "sell-orders";

export async function runSellOrderJob(db: Db, now: Date, steam?: SteamTradeApi, offers: OfferEngine | null = offerEngineFromConfig(db)) {
  const cfg = config();
  // docs/rules/bots.md#sending: the backstop for orders no notice sent (none without bots: manual mode).
  const sent = offers ? await sendWaitingOffers(offers) : null;
  // Without a key Steam answers nothing useful: the offers wait (staff can still act by hand).
  const api = steam ?? (cfg.STEAM_API_KEY ? steamTradeApi({ apiUrl: cfg.STEAM_API_URL, apiKey: cfg.STEAM_API_KEY }) : null);
  // Bots' offers are read with each bot's own token, so they are followed even without the site's key.
  const polled = api || offers ? await pollTradeOffers(db, api, now, offers ? botOfferControl(offers, cfg.OFFER_EXPIRY_HOURS) : undefined) : null;
  const scheduled = await scheduleDuePayouts(db, now);
  // Decision 051: with the Swish payouts API configured, due Swish payouts go out now, no staff step.
  const keyring = optionalPayoutKeyring();
  const swish = keyring ? swishPayoutClientFromConfig(cfg) : null;
  if (!swish || !keyring) return { sent, polled, ...scheduled };
  try {
    return { sent, polled, ...scheduled, swish: await runSwishPayouts(db, swish, keyring, now) };
  } finally {
    swish.close();
  }
}
