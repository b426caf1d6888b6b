/**
 * One bot account's trading with Steam (decision 057), on Steam's public web endpoints at the
 * configured hosts — STEAM_API_URL (api.steampowered.com) and STEAM_COMMUNITY_URL
 * (steamcommunity.com); in tests and offline development the local fakes `server/fakes/steam-web-api.ts`
 * and `steam-community.ts` with `steam-trading.ts`.
 *
 * - The session: an access token renewed from the bot's refresh token
 *   (`IAuthenticationService/GenerateAccessTokenForApp`), used as `access_token` on the Web API
 *   and in the `steamLoginSecure` cookie on the community. A refused refresh token is the outcome
 *   `session_expired` (staff sign the bot in again); a refused access token is renewed once.
 * - Offers: sent with `tradeoffer/new/send`; Steam's refusals carry an EResult in `strError`
 *   ("… (26)"): 15 partner cannot trade / wrong trade-link token, 16 timed out — the offer may
 *   exist, look for it among the sent offers by its message —, 25 too many active offers, 26 an
 *   item gone. Read, listed and cancelled through `IEconService`.
 * - Mobile confirmations: `mobileconf/getlist` and `mobileconf/ajaxop`, each signed with the
 *   identity secret for the time and the request's tag.
 *
 * Every outcome Steam states is a return value; a transport failure (no answer, a 5xx without
 * Steam's error, a timeout) throws `SteamTransportError`: whether the call took effect is unknown.
 * No token or secret reaches a message, an error or a return value: URLs and bodies never do.
 */
import { randomBytes } from "node:crypto";
import { BOT_LIMITS } from "~/modules/bots/bot-constants";
import { confirmationKey, mobileDeviceId, steamGuardCode } from "~/modules/bots/steam-guard.server";
import { accountIdOf } from "~/modules/bots/steam-ids";
import { providerAvatarUrl, providerText } from "~/modules/accounts/provider-profile";
import { steamId64FromAccountId } from "~/modules/selling/steam-profile-input";
import { SELL_ORDERS } from "~/modules/selling/selling-constants";
import { steamTradeApi, type SteamTradeApi } from "~/modules/selling/steam-trade-offers.server";

export interface SteamBotCredentials {
  steamId: string;
  refreshToken: string;
  sharedSecret: string;
  identitySecret: string;
}

export interface SteamBotEndpoints {
  apiUrl: string;
  communityUrl: string;
  fetchImpl?: typeof fetch;
  /** Milliseconds since the epoch (the confirmation key and Guard code depend on it). */
  now?: () => number;
}

/** Steam did not answer in a way that tells what happened; the call may or may not have taken effect. */
export class SteamTransportError extends Error {
  override name = "SteamTransportError";
}

export type SessionExpired = { kind: "session_expired" };
export type SendOfferResult = { kind: "sent"; offerId: string; needsConfirmation: boolean } | { kind: "error"; eresult: number | null; message: string } | SessionExpired;
export type CancelOfferResult = { kind: "canceled" } | { kind: "error"; eresult: number | null } | SessionExpired;
export type ConfirmOfferResult = { kind: "confirmed" } | { kind: "not_found" } | { kind: "error"; message: string } | SessionExpired;

export interface BotOffer {
  offerId: string;
  /** SteamID64 of the other party. */
  partnerSteamId: string | null;
  message: string;
  /** Steam's ETradeOfferState (2 active, 3 accepted, 6 cancelled, 9 awaiting our confirmation, …). */
  state: number;
  tradeId: string | null;
  itemsToGive: string[];
  itemsToReceive: string[];
  createdAt: Date | null;
  updatedAt: Date | null;
}

/** The bot's public Steam profile (what a seller sees of it on Steam). */
export interface BotPublicProfile {
  name: string | null;
  avatarUrl: string | null;
  accountCreatedAt: Date | null;
  level: number | null;
}

export interface MobileConfirmation {
  id: string;
  nonce: string;
  /** Steam's confirmation type (2: a trade offer). */
  type: number;
  /** For a trade offer, its id. */
  offerId: string | null;
}

export interface OfferToSend {
  partnerSteamId: string;
  /** The `token` of the partner's trade link. */
  tradeToken: string;
  /** Our asset ids to give (may be empty). */
  give: string[];
  /** Their asset ids to receive. */
  receive: string[];
  message: string;
}

/** EResults that say "try again later", not "this session is over". */
const TRANSIENT_ERESULTS = new Set([3, 10, 16, 20, 84]);
const UNAUTHORIZED = Symbol("unauthorized");
type Unauthorized = typeof UNAUTHORIZED;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const idOf = (value: unknown): string | null => (typeof value === "string" && /^\d+$/.test(value) ? value : typeof value === "number" ? String(value) : null);
const dateOf = (seconds: unknown): Date | null => (typeof seconds === "number" && seconds > 0 ? new Date(seconds * 1000) : null);

function offerOf(value: unknown): BotOffer | null {
  if (!isRecord(value)) return null;
  const offerId = idOf(value.tradeofferid);
  if (!offerId || typeof value.trade_offer_state !== "number") return null;
  const assets = (items: unknown) => (Array.isArray(items) ? items.map((item) => (isRecord(item) ? idOf(item.assetid) : null)).filter((id): id is string => id !== null) : []);
  const accountId = typeof value.accountid_other === "number" ? value.accountid_other : null;
  return {
    offerId,
    partnerSteamId: accountId === null ? null : steamId64FromAccountId(accountId),
    message: typeof value.message === "string" ? value.message : "",
    state: value.trade_offer_state,
    tradeId: idOf(value.tradeid),
    itemsToGive: assets(value.items_to_give),
    itemsToReceive: assets(value.items_to_receive),
    createdAt: dateOf(value.time_created),
    updatedAt: dateOf(value.time_updated),
  };
}

export interface SteamBotClient {
  readonly steamId: string;
  /** Renews the access token now. */
  renewSession(): Promise<{ kind: "ok" } | SessionExpired>;
  sendOffer(offer: OfferToSend): Promise<SendOfferResult>;
  /** Our sent offers that are still active or await our confirmation. */
  sentActiveOffers(since?: Date): Promise<{ kind: "ok"; offers: BotOffer[] } | SessionExpired>;
  /**
   * The sent offer with exactly this message (after error 16 or a timeout), or null: active ones,
   * and with `since` also those that ended after it — an offer the member declined before we looked
   * was still made, and must not be sent twice.
   */
  findSentOffer(message: string, since?: Date): Promise<{ kind: "ok"; offer: BotOffer | null } | SessionExpired>;
  getOffer(offerId: string): Promise<{ kind: "ok"; offer: BotOffer | null } | SessionExpired>;
  cancelOffer(offerId: string): Promise<CancelOfferResult>;
  confirmations(): Promise<{ kind: "ok"; confirmations: MobileConfirmation[] } | { kind: "error"; message: string } | SessionExpired>;
  /** Accepts the mobile confirmation of our offer. */
  confirmOffer(offerId: string): Promise<ConfirmOfferResult>;
  /**
   * Acknowledges Steam's Trade Protection for the account (`POST trade/new/acknowledge`), which Steam
   * asks of an account once before it trades; repeating it changes nothing.
   */
  acknowledgeTradeProtection(): Promise<{ kind: "ok" } | SessionExpired>;
  /** The Steam Guard code for signing in now. */
  guardCode(): string;
  /**
   * GetTradeOffer and GetTradeStatus with this bot's own access token: a Web API key reads only the
   * offers and trades of the account that owns it, so each bot's offers are followed as that bot.
   */
  tradeApi(): SteamTradeApi;
  /** Its public profile: name, avatar and account age (GetPlayerSummaries) and Steam level (GetSteamLevel). */
  publicProfile(): Promise<{ kind: "ok"; profile: BotPublicProfile } | SessionExpired>;
}

export function steamBotClient(credentials: SteamBotCredentials, endpoints: SteamBotEndpoints): SteamBotClient {
  const fetchImpl = endpoints.fetchImpl ?? fetch;
  const now = endpoints.now ?? Date.now;
  const apiBase = endpoints.apiUrl.replace(/\/$/, "");
  const communityBase = endpoints.communityUrl.replace(/\/$/, "");
  const sessionId = randomBytes(12).toString("hex");
  const { steamId } = credentials;
  let accessToken: string | null = null;

  /** Sends the request; the label names the call in an error, never its URL. */
  async function request(label: string, url: URL | string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(SELL_ORDERS.steamTimeoutMs) });
    } catch (error) {
      throw new SteamTransportError(`Steam ${label}: no answer (${error instanceof Error ? error.name : "error"})`);
    }
  }

  async function jsonOf(label: string, response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new SteamTransportError(`Steam ${label}: HTTP ${response.status} without JSON`);
    }
  }

  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const communityHeaders = (token: string, extra: Record<string, string> = {}) => ({
    cookie: `steamLoginSecure=${encodeURIComponent(`${steamId}||${token}`)}; sessionid=${sessionId}`,
    ...extra,
  });
  const apiUrl = (path: string, params: Record<string, string>) => {
    const url = new URL(`${apiBase}/${path}/`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  };
  const unauthorized = (response: Response) => response.status === 401 || response.status === 403 || (response.status >= 300 && response.status < 400);

  async function renewSession(): Promise<{ kind: "ok" } | SessionExpired> {
    const label = "GenerateAccessTokenForApp";
    const response = await request(label, apiUrl("IAuthenticationService/GenerateAccessTokenForApp/v1", {}), form({ refresh_token: credentials.refreshToken, steamid: steamId }));
    if (response.status >= 500 || response.status === 429) throw new SteamTransportError(`Steam ${label}: HTTP ${response.status}`);
    const eresult = Number(response.headers.get("x-eresult") ?? 1);
    const body = response.ok ? await jsonOf(label, response) : null;
    const token = isRecord(body) && isRecord(body.response) ? body.response.access_token : undefined;
    if (typeof token === "string" && token) {
      accessToken = token;
      return { kind: "ok" };
    }
    if (TRANSIENT_ERESULTS.has(eresult)) throw new SteamTransportError(`Steam ${label}: EResult ${eresult}`);
    accessToken = null;
    return { kind: "session_expired" };
  }

  /** Runs a call with the access token, renewing it first if there is none and once more if it is refused. */
  async function withSession<T>(call: (token: string) => Promise<T | Unauthorized>): Promise<T | SessionExpired> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (!accessToken || attempt > 0) {
        const renewed = await renewSession();
        if (renewed.kind === "session_expired") return renewed;
      }
      const result = await call(accessToken!);
      if (result !== UNAUTHORIZED) return result;
    }
    accessToken = null;
    return { kind: "session_expired" };
  }

  /** Active sent offers; with `since`, also those that ended after it (Steam's `time_historical_cutoff`). */
  async function sentActiveOffers(since?: Date) {
    return withSession(async (token) => {
      const label = "GetTradeOffers";
      const cutoff: Record<string, string> = since ? { time_historical_cutoff: String(Math.floor(since.getTime() / 1000)) } : {};
      const response = await request(label, apiUrl("IEconService/GetTradeOffers/v1", { access_token: token, get_sent_offers: "1", active_only: "1", get_descriptions: "0", ...cutoff }));
      if (unauthorized(response)) return UNAUTHORIZED;
      if (!response.ok) throw new SteamTransportError(`Steam ${label}: HTTP ${response.status}`);
      const body = await jsonOf(label, response);
      const sent = isRecord(body) && isRecord(body.response) && Array.isArray(body.response.trade_offers_sent) ? body.response.trade_offers_sent : [];
      return { kind: "ok" as const, offers: sent.map(offerOf).filter((offer): offer is BotOffer => offer !== null) };
    });
  }

  /** Signs a mobile-confirmation request: device, account, key, time and tag. */
  function confirmationUrl(path: string, tag: string, extra: Record<string, string> = {}): URL {
    const time = Math.floor(now() / 1000);
    const url = new URL(`${communityBase}/mobileconf/${path}`);
    const params = { p: mobileDeviceId(steamId), a: steamId, k: confirmationKey(credentials.identitySecret, time, tag), t: String(time), m: "react", tag, ...extra };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  }

  async function confirmationCall(label: string, url: URL, token: string): Promise<Record<string, unknown> | Unauthorized> {
    const response = await request(label, url, { headers: communityHeaders(token) });
    if (unauthorized(response)) return UNAUTHORIZED;
    if (!response.ok) throw new SteamTransportError(`Steam ${label}: HTTP ${response.status}`);
    const body = await jsonOf(label, response);
    if (!isRecord(body)) throw new SteamTransportError(`Steam ${label}: unexpected answer`);
    return body.needauth === true ? UNAUTHORIZED : body;
  }

  const refusal = (body: Record<string, unknown>) => (typeof body.message === "string" && body.message ? body.message : "Steam refused the confirmation request");

  async function confirmations() {
    return withSession(async (token) => {
      const body = await confirmationCall("mobileconf/getlist", confirmationUrl("getlist", "list"), token);
      if (body === UNAUTHORIZED) return body;
      if (body.success !== true) return { kind: "error" as const, message: refusal(body) };
      const list = Array.isArray(body.conf) ? body.conf : [];
      return {
        kind: "ok" as const,
        confirmations: list.filter(isRecord).flatMap((entry) => {
          const id = idOf(entry.id);
          const nonce = idOf(entry.nonce);
          return id && nonce ? [{ id, nonce, type: typeof entry.type === "number" ? entry.type : 0, offerId: idOf(entry.creator_id) }] : [];
        }),
      };
    });
  }

  return {
    steamId,
    renewSession,

    sendOffer(offer) {
      return withSession(async (token) => {
        const label = "tradeoffer/new/send";
        const asset = (assetid: string) => ({ appid: 730, contextid: "2", amount: 1, assetid });
        const partnerAccountId = accountIdOf(offer.partnerSteamId);
        const response = await request(label, `${communityBase}/tradeoffer/new/send`, {
          ...form({
            sessionid: sessionId,
            serverid: "1",
            partner: offer.partnerSteamId,
            tradeoffermessage: offer.message,
            json_tradeoffer: JSON.stringify({
              newversion: true,
              version: offer.give.length + offer.receive.length + 1,
              me: { assets: offer.give.map(asset), currency: [], ready: false },
              them: { assets: offer.receive.map(asset), currency: [], ready: false },
            }),
            captcha: "",
            trade_offer_create_params: JSON.stringify({ trade_offer_access_token: offer.tradeToken }),
          }),
          headers: communityHeaders(token, {
            "content-type": "application/x-www-form-urlencoded",
            referer: `${communityBase}/tradeoffer/new/?partner=${partnerAccountId}&token=${encodeURIComponent(offer.tradeToken)}`,
          }),
        });
        if (unauthorized(response)) return UNAUTHORIZED;
        const body = await response.json().catch(() => null);
        if (response.ok && isRecord(body) && idOf(body.tradeofferid)) {
          return { kind: "sent" as const, offerId: idOf(body.tradeofferid)!, needsConfirmation: body.needs_mobile_confirmation === true };
        }
        if (isRecord(body) && typeof body.strError === "string") {
          const code = /\((\d+)\)\s*$/.exec(body.strError)?.[1];
          return { kind: "error" as const, eresult: code ? Number(code) : null, message: body.strError };
        }
        throw new SteamTransportError(`Steam ${label}: HTTP ${response.status}`);
      });
    },

    sentActiveOffers,

    async findSentOffer(message, since) {
      const result = await sentActiveOffers(since);
      if (result.kind !== "ok") return result;
      return { kind: "ok", offer: result.offers.find((offer) => offer.message === message) ?? null };
    },

    getOffer(offerId) {
      return withSession(async (token) => {
        const label = "GetTradeOffer";
        const response = await request(label, apiUrl("IEconService/GetTradeOffer/v1", { access_token: token, tradeofferid: offerId }));
        if (unauthorized(response)) return UNAUTHORIZED;
        if (!response.ok) throw new SteamTransportError(`Steam ${label}: HTTP ${response.status}`);
        const body = await jsonOf(label, response);
        return { kind: "ok" as const, offer: isRecord(body) && isRecord(body.response) ? offerOf(body.response.offer) : null };
      });
    },

    cancelOffer(offerId) {
      return withSession(async (token) => {
        const label = "CancelTradeOffer";
        const response = await request(label, apiUrl("IEconService/CancelTradeOffer/v1", {}), form({ access_token: token, tradeofferid: offerId }));
        if (unauthorized(response)) return UNAUTHORIZED;
        if (response.status >= 500) throw new SteamTransportError(`Steam ${label}: HTTP ${response.status}`);
        const eresult = Number(response.headers.get("x-eresult") ?? (response.ok ? 1 : NaN));
        if (response.ok && eresult === 1) return { kind: "canceled" as const };
        return { kind: "error" as const, eresult: Number.isFinite(eresult) ? eresult : null };
      });
    },

    confirmations,

    async confirmOffer(offerId) {
      const listed = await confirmations();
      if (listed.kind !== "ok") return listed;
      const confirmation = listed.confirmations.find((entry) => entry.offerId === offerId);
      if (!confirmation) return { kind: "not_found" };
      return withSession(async (token) => {
        const body = await confirmationCall("mobileconf/ajaxop", confirmationUrl("ajaxop", "allow", { op: "allow", cid: confirmation.id, ck: confirmation.nonce }), token);
        if (body === UNAUTHORIZED) return body;
        return body.success === true ? { kind: "confirmed" as const } : { kind: "error" as const, message: refusal(body) };
      });
    },

    acknowledgeTradeProtection() {
      return withSession(async (token) => {
        const label = "trade/new/acknowledge";
        const response = await request(label, `${communityBase}/trade/new/acknowledge`, {
          ...form({ sessionid: sessionId, message: "1" }),
          headers: communityHeaders(token, { "content-type": "application/x-www-form-urlencoded" }),
        });
        if (unauthorized(response)) return UNAUTHORIZED;
        if (!response.ok) throw new SteamTransportError(`Steam ${label}: HTTP ${response.status}`);
        return { kind: "ok" as const };
      });
    },

    guardCode: () => steamGuardCode(credentials.sharedSecret, Math.floor(now() / 1000)),

    tradeApi() {
      // The reads as the site's key makes them, with the bot's token in place of the key: renewed
      // first if there is none and once more if Steam refuses it.
      const asBot: typeof fetch = async (input, init) => {
        for (let attempt = 0; attempt < 2; attempt += 1) {
          if (!accessToken || attempt > 0) {
            const renewed = await renewSession();
            if (renewed.kind === "session_expired") break;
          }
          const url = new URL(input instanceof Request ? input.url : String(input));
          url.searchParams.delete("key");
          url.searchParams.set("access_token", accessToken!);
          const response = await fetchImpl(url, init);
          if (!unauthorized(response)) return response;
        }
        return new Response(null, { status: 401 });
      };
      return steamTradeApi({ apiUrl: apiBase, apiKey: undefined, fetchImpl: asBot });
    },

    publicProfile() {
      return withSession(async (token) => {
        const read = async (label: string, path: string, params: Record<string, string>) => {
          const response = await request(label, apiUrl(path, { access_token: token, ...params }));
          if (unauthorized(response)) return UNAUTHORIZED;
          if (!response.ok) throw new SteamTransportError(`Steam ${label}: HTTP ${response.status}`);
          const body = await jsonOf(label, response);
          return isRecord(body) && isRecord(body.response) ? body.response : {};
        };
        const summaries = await read("GetPlayerSummaries", "ISteamUser/GetPlayerSummaries/v2", { steamids: steamId });
        if (summaries === UNAUTHORIZED) return summaries;
        const level = await read("GetSteamLevel", "IPlayerService/GetSteamLevel/v1", { steamid: steamId });
        if (level === UNAUTHORIZED) return level;
        const players = Array.isArray(summaries.players) ? summaries.players.filter(isRecord) : [];
        const player = players.find((entry) => entry.steamid === steamId);
        return {
          kind: "ok" as const,
          profile: {
            name: providerText(player?.personaname, BOT_LIMITS.displayNameMaxLength),
            avatarUrl: providerAvatarUrl(player?.avatarfull),
            accountCreatedAt: dateOf(player?.timecreated),
            level: typeof level.player_level === "number" && Number.isInteger(level.player_level) && level.player_level >= 0 ? level.player_level : null,
          },
        };
      });
    },
  };
}
