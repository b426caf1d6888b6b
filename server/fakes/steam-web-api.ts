/**
 * A local stand-in for the Steam Web API (`STEAM_API_URL`) on 127.0.0.1, used by tests and by
 * offline development (`npm run fakes`, README "Offline development"). It answers
 * the IEconService and ISteamUser calls the product makes, from states a test (or a developer) sets:
 *
 * - `GET /IEconService/GetTradeHoldDurations/v1/?steamid_target=…` →
 *   `{ response: { their_escrow: { escrow_end_duration_seconds } } }` (0 unless set per SteamID64);
 * - `GET /IEconService/GetTradeOffer/v1/?tradeofferid=…` →
 *   `{ response: { offer: { tradeofferid, trade_offer_state, tradeid?, time_updated } } }`
 *   (an unknown offer: `{ response: {} }`);
 * - `GET /IEconService/GetTradeStatus/v1/?tradeid=…&get_descriptions=1` →
 *   `{ response: { trades: [{ tradeid, status, time_init, assets_received: [{ assetid, new_assetid, classid, instanceid }] }],
 *   descriptions: [{ classid, instanceid, cache_expiration? }] } }` — `cache_expiration` (ISO 8601)
 *   is when the received item's Trade Protection ends (decision 047); it is left out unless set;
 * - `GET /ISteamUser/ResolveVanityURL/v1/?vanityurl=…` → `{ response: { steamid, success: 1 } }`
 *   for a custom profile name set here, else `{ response: { success: 42, message: "No match" } }`
 *   (names match case-insensitively, as Steam's do);
 * - `GET /ISteamUser/GetPlayerSummaries/v2/?steamids=…` → `{ response: { players: [{ steamid,
 *   personaname, profileurl, avatarfull, timecreated, … }] } }` for the profiles set here (an
 *   unknown account is left out, as Steam does);
 * - `GET /IPlayerService/GetSteamLevel/v1/?steamid=…` → `{ response: { player_level } }` for a
 *   profile set here, else `{ response: {} }`.
 *
 * A bot account's trading calls (GenerateAccessTokenForApp, GetTradeOffers, CancelTradeOffer, and
 * GetTradeOffer/GetTradeStatus for the offers it sends) are answered by `this.trading`
 * (`steam-trading.ts`, decision 057); an `access_token` it issued stands in for the key.
 *
 * Control (for the browser test and development): `POST /fake/offers/{id}` with JSON
 * `{ "state": 3, "tradeid": "…", "time_updated": seconds }`, `POST /fake/trades/{id}` with
 * `{ "status": 12, "time_init": seconds, "protected_until": "ISO 8601" }`, `POST /fake/holds/{steamid}` with `{ "seconds": 0 }`,
 * `POST /fake/vanity/{name}` with `{ "steamid": "7656…" }`, `POST /fake/profiles/{steamid}` with
 * `{ "personaname": "…", "avatarfull": "https://…", "timecreated": seconds, "player_level": 12 }`. A missing or wrong
 * `key` gets 403, as Steam answers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FakeSteamTrading, readJson, type TradingOffer } from "./steam-trading";

/** `time_updated` in seconds since the epoch; an offer a bot sent through the trading fake carries `details`. */
export type FakeOffer = TradingOffer;

export interface FakeTrade {
  status: number;
  /** Seconds since the epoch; defaults to when the trade was first set. */
  time_init: number;
  /** The received item's Trade Protection end (ISO 8601), served as its description's cache_expiration. */
  protected_until?: string;
  /** The items received and their new asset ids (unset: one item named after the trade id). */
  assets?: { assetid: string; new_assetid: string }[];
}

/** A public Steam profile (GetPlayerSummaries and GetSteamLevel). */
export interface FakeProfile {
  personaname: string;
  avatarfull: string;
  /** Seconds since the epoch. */
  timecreated: number;
  player_level: number;
}

export class FakeSteamWebApi {
  readonly offers = new Map<string, FakeOffer>();
  readonly trades = new Map<string, FakeTrade>();
  readonly holds = new Map<string, number>();
  /** Custom profile names (lower-cased) → SteamID64. */
  readonly vanityNames = new Map<string, string>();
  /** Public profiles by SteamID64. */
  readonly profiles = new Map<string, FakeProfile>();
  /** Every API path asked (without the key or access token), oldest first. */
  readonly calls: string[] = [];
  /** Bot accounts' sessions, offers and confirmations (`steam-trading.ts`); give it to the Community fake too. */
  readonly trading = new FakeSteamTrading(this.offers, (tradeId, status, details) => this.setTrade(tradeId, status, details));
  url = "";
  private readonly server: Server;

  constructor(readonly apiKey = "fake-steam-key") {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.trading.stop();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  setOffer(offerId: string, offer: Partial<FakeOffer> & { state: number }): void {
    const previous = this.offers.get(offerId);
    this.offers.set(offerId, { ...previous, time_updated: Math.floor(Date.now() / 1000), ...offer });
  }

  setTrade(tradeId: string, status: number, details: Partial<Omit<FakeTrade, "status">> = {}): void {
    const previous = this.trades.get(tradeId);
    this.trades.set(tradeId, { time_init: Math.floor(Date.now() / 1000), ...previous, ...details, status });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (url.pathname.startsWith("/fake/trading/")) return this.trading.handleControl(req, res, url);
    if (await this.trading.handleApi(req, res, url)) {
      this.calls.push(url.pathname);
      return;
    }
    if (req.method === "POST" && url.pathname.startsWith("/fake/")) {
      const body = await readJson(req);
      const [, , kind, id] = url.pathname.split("/");
      if (!id || body === null) return json(400, { error: "bad request" });
      if (kind === "offers" && typeof body.state === "number") {
        this.setOffer(id, {
          state: body.state,
          ...(typeof body.tradeid === "string" ? { tradeid: body.tradeid } : {}),
          ...(typeof body.time_updated === "number" ? { time_updated: body.time_updated } : {}),
        });
      } else if (kind === "trades" && typeof body.status === "number") {
        this.setTrade(id, body.status, {
          ...(typeof body.time_init === "number" ? { time_init: body.time_init } : {}),
          ...(typeof body.protected_until === "string" ? { protected_until: body.protected_until } : {}),
        });
      } else if (kind === "holds" && typeof body.seconds === "number") {
        this.holds.set(id, body.seconds);
      } else if (kind === "vanity" && typeof body.steamid === "string") {
        this.vanityNames.set(id.toLowerCase(), body.steamid);
      } else if (kind === "profiles" && typeof body.personaname === "string" && typeof body.timecreated === "number" && typeof body.player_level === "number") {
        this.profiles.set(id, {
          personaname: body.personaname,
          avatarfull: typeof body.avatarfull === "string" ? body.avatarfull : "",
          timecreated: body.timecreated,
          player_level: body.player_level,
        });
      } else {
        return json(400, { error: "bad request" });
      }
      return json(200, { ok: true });
    }
    if (req.method !== "GET") return json(405, { error: "method not allowed" });
    if (url.searchParams.get("key") !== this.apiKey && !this.trading.accessTokenOwner(url.searchParams.get("access_token"))) {
      res.writeHead(403, { "content-type": "text/html" }).end("<html><body>Forbidden</body></html>");
      return;
    }
    url.searchParams.delete("key");
    url.searchParams.delete("access_token");
    this.calls.push(`${url.pathname}${url.search}`);
    switch (url.pathname.replace(/\/$/, "")) {
      case "/IEconService/GetTradeHoldDurations/v1": {
        const seconds = this.holds.get(url.searchParams.get("steamid_target") ?? "") ?? 0;
        return json(200, { response: { their_escrow: { escrow_end_duration_seconds: seconds }, both_escrow: { escrow_end_duration_seconds: seconds } } });
      }
      case "/IEconService/GetTradeOffer/v1": {
        const id = url.searchParams.get("tradeofferid") ?? "";
        const offer = this.offers.get(id);
        if (!offer) return json(200, { response: {} });
        return json(200, { response: { offer: this.trading.offerJson(id, offer) } });
      }
      case "/IEconService/GetTradeStatus/v1": {
        const id = url.searchParams.get("tradeid") ?? "";
        const trade = this.trades.get(id);
        if (!trade) return json(200, { response: { trades: [] } });
        const received = (trade.assets ?? [{ assetid: `1${id}`, new_assetid: `2${id}` }]).map((asset, index) => ({ ...asset, classid: `9${id}${index || ""}` }));
        return json(200, {
          response: {
            trades: [
              {
                tradeid: id,
                status: trade.status,
                time_init: trade.time_init,
                assets_received: received.map((asset) => ({ appid: 730, contextid: "2", ...asset, instanceid: "0" })),
              },
            ],
            descriptions: received.map(({ classid }) => ({ appid: 730, classid, instanceid: "0", ...(trade.protected_until ? { cache_expiration: trade.protected_until } : {}) })),
          },
        });
      }
      case "/ISteamUser/ResolveVanityURL/v1": {
        const steamid = this.vanityNames.get((url.searchParams.get("vanityurl") ?? "").toLowerCase());
        return json(200, { response: steamid ? { steamid, success: 1 } : { success: 42, message: "No match" } });
      }
      case "/ISteamUser/GetPlayerSummaries/v2": {
        const ids = (url.searchParams.get("steamids") ?? "").split(",");
        const players = ids.flatMap((steamid) => {
          const profile = this.profiles.get(steamid);
          if (!profile) return [];
          const { player_level: _level, ...summary } = profile;
          return [{ steamid, communityvisibilitystate: 3, profilestate: 1, profileurl: `https://steamcommunity.com/profiles/${steamid}/`, personastate: 1, ...summary }];
        });
        return json(200, { response: { players } });
      }
      case "/IPlayerService/GetSteamLevel/v1": {
        const profile = this.profiles.get(url.searchParams.get("steamid") ?? "");
        return json(200, { response: profile ? { player_level: profile.player_level } : {} });
      }
      default:
        return json(404, { error: "not found" });
    }
  }
}

