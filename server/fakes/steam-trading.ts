/**
 * The trading half of the local Steam fakes (decision 057): the state a bot account's trades live
 * in, answered on the two hosts the product talks to. It has no server of its own — the Steam Web
 * API fake (`steam-web-api.ts`, STEAM_API_URL) and the Steam Community fake (`steam-community.ts`,
 * STEAM_COMMUNITY_URL, given this object) hand it their requests, so each host stays one server.
 *
 * Steam Web API (form-encoded POSTs, `access_token` for the bot's own calls, answers in `response`,
 * a failure as the `x-eresult` header):
 * - `POST /IAuthenticationService/GenerateAccessTokenForApp/v1/` `steamid`, `refresh_token` →
 *   `{ response: { access_token } }`; a refresh token this fake did not issue for that account, or
 *   one it revoked, gets `x-eresult: 15` (AccessDenied) and `{ response: {} }`, and revoking also
 *   ends the access tokens made from it;
 * - `GET /IEconService/GetTradeOffers/v1/?access_token=…&get_sent_offers=1&active_only=1` →
 *   `{ response: { trade_offers_sent: [CEcon_TradeOffer…] } }` (active: states 2 and 9; with
 *   `time_historical_cutoff` also those updated since that time, as Steam documents);
 * - `GET /IEconService/GetTradeOffer/v1/` (in steam-web-api.ts) answers a traded offer in full;
 * - `POST /IEconService/CancelTradeOffer/v1/` `access_token`, `tradeofferid` → `{ response: {} }`,
 *   state 6; not the bot's offer → `x-eresult: 9`, not active → `x-eresult: 11`.
 *
 * Steam Community (signed in by the `steamLoginSecure` cookie, `{steamid}||{access_token}`):
 * - `POST /tradeoffer/new/send` (`sessionid` matching its cookie, `partner`, `tradeoffermessage`,
 *   `json_tradeoffer`, `trade_offer_create_params` with `trade_offer_access_token`) →
 *   `{ tradeofferid, needs_mobile_confirmation }`, or HTTP 500 `{ strError: "… (N)" }` with N =
 *   15 (partner cannot trade or wrong trade-link token), 16 (timeout — the offer IS made), 25 (over
 *   30 active offers for the bot or 5 to one partner), 26 (an item gone or not tradable); not
 *   signed in → 401. An offer giving items waits in state 9 for its mobile confirmation, one giving
 *   nothing is active (2) at once;
 * - `POST /trade/new/acknowledge` (`sessionid`, `message=1`) → `{ success: 1 }`: the account's
 *   acknowledgement of Trade Protection, recorded in `acknowledged`. Steam's answer to an offer sent
 *   before it is not public, so sends are not refused for it here;
 * - `GET /mobileconf/getlist?p&a&k&t&m&tag` → `{ success: true, conf: [{ type: 2, id, nonce,
 *   creator_id (the offer id), creation_time, … }] }`; `GET /mobileconf/ajaxop?op=allow|cancel&cid&ck…`
 *   → `{ success }`. `k` must be the identity-secret key for `t` (within 5 minutes) and `tag`;
 *   not signed in → `{ success: false, needauth: true }`.
 *
 * An active offer is accepted by its partner after `acceptDelayMs` (null: never by itself): state 3
 * with a trade id whose GetTradeStatus lists the received items with their new asset ids, and the
 * bot's inventory follows. Not covered: offer expiry (14 days), trade holds on the bot's side,
 * counter offers, received offers, e-mail confirmation, the community's cancel/decline pages,
 * access-token expiry other than by revocation, and captcha or rate limits.
 *
 * Signing a bot in (`npm run bot:login`; form-encoded, answers in `response`, failures as `x-eresult`):
 * - `GET /IAuthenticationService/GetPasswordRSAPublicKey/v1/?account_name=…` → `{ response: {
 *   publickey_mod, publickey_exp (hex), timestamp } }` (any name: Steam does not tell which exist);
 * - `POST …/BeginAuthSessionViaCredentials/v1/` `account_name`, `encrypted_password` (RSA PKCS#1
 *   v1.5, base64), `encryption_timestamp` → `{ response: { client_id, request_id, interval, steamid,
 *   allowed_confirmations: [{ confirmation_type: 3 }] } }`; an unknown account or wrong password →
 *   `x-eresult: 5` and `{ response: {} }`;
 * - `POST …/UpdateAuthSessionWithSteamGuardCode/v1/` `client_id`, `steamid`, `code`, `code_type` 3 →
 *   `{ response: {} }`; a code that is not the account's shared-secret code for now (±30 s) →
 *   `x-eresult: 88`; an unknown session → `x-eresult: 9`;
 * - `POST …/PollAuthSessionStatus/v1/` `client_id`, `request_id` → `{ response: {} }` until the code is
 *   in, then `{ response: { refresh_token, access_token, account_name } }`, a refresh token that
 *   GenerateAccessTokenForApp accepts.
 *
 * Control under the Web API fake (JSON bodies): `POST /fake/trading/bots/{steamid}` `{ "assets":
 * ["…"] }` → the bot's credentials; `POST /fake/trading/inventories/{steamid}` `{ "assets": [],
 * "untradable": [] }`; `POST /fake/trading/partners/{steamid}` `{ "token": "…", "can_trade": true }`;
 * `POST /fake/trading/revoke` `{ "refresh_token": "…" }`; `POST /fake/trading/logins/{steamid}` `{ "account_name": "…",
 * "password": "…" }` (a bot added here can then be signed in with its shared secret); `POST /fake/trading/next-send-error`
 * `{ "eresult": 16 }`; `POST /fake/trading/accept-delay` `{ "ms": 5000 }`;
 * `POST /fake/trading/offers/{id}/accept`; `POST /fake/trading/offers/{id}/decline` `{ "state": 7 }` (the
 * partner declines — or, with 6 or 4, cancels or counters — an active offer); `GET /fake/trading/offers`.
 */
import { constants, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { confirmationKey, steamGuardCode } from "../../app/modules/bots/steam-guard.server";
import { BOT_LIMITS } from "../../app/modules/bots/bot-constants";
import { accountIdOf } from "../../app/modules/bots/steam-ids";

/** Offer states (ETradeOfferState) the fake uses. */
const OFFER_STATE = { active: 2, accepted: 3, countered: 4, canceled: 6, declined: 7, needsConfirmation: 9, canceledBySecondFactor: 10 } as const;
/** What a partner (or whoever holds their account) can do to an offer they received. */
const PARTNER_ENDINGS = new Set<number>([OFFER_STATE.declined, OFFER_STATE.canceled, OFFER_STATE.countered]);
const CONFIRMATION_WINDOW_SECONDS = 300;

interface TradingOfferDetails {
  owner: string;
  partner: string;
  message: string;
  itemsToGive: string[];
  itemsToReceive: string[];
  /** Seconds since the epoch. */
  timeCreated: number;
}

/** The offer store the Web API fake keeps (`FakeSteamWebApi.offers`); traded offers carry `details`. */
export interface TradingOffer {
  state: number;
  tradeid?: string;
  time_updated: number;
  details?: TradingOfferDetails;
}

interface TradeAssets {
  assets: { assetid: string; new_assetid: string }[];
}

export interface FakeBotCredentials {
  steamId: string;
  refreshToken: string;
  sharedSecret: string;
  identitySecret: string;
}

type Inventory = Map<string, { tradable: boolean }>;
type Json = (status: number, body: unknown, headers?: Record<string, string>) => void;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const secret = () => randomBytes(20).toString("base64");
const token = (bytes: number) => randomBytes(bytes).toString("base64url");
/** Steam's tokens are JWTs (three Base64url parts); the fake's are shaped alike but opaque. */
const jwtShaped = (kind: string, steamId: string) =>
  [Buffer.from(JSON.stringify({ typ: "JWT", alg: "none" })), Buffer.from(JSON.stringify({ iss: "fake-steam", sub: steamId, aud: [kind] }))]
    .map((part) => part.toString("base64url"))
    .concat(token(24))
    .join(".");

async function readText(req: IncomingMessage, limit = 100_000): Promise<string | null> {
  let raw = "";
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > limit) return null;
  }
  return raw;
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const raw = await readText(req, 10_000);
  try {
    const value: unknown = JSON.parse(raw ?? "");
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function responder(res: ServerResponse): Json {
  return (status, body, headers = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  };
}

function cookies(req: IncomingMessage): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) found.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return found;
}

function assetIdsOf(side: unknown): string[] | null {
  const assets = (side as { assets?: unknown } | undefined)?.assets;
  if (!Array.isArray(assets)) return null;
  const ids = assets.map((asset) => (asset as { assetid?: unknown }).assetid);
  return ids.every((id): id is string => typeof id === "string" && /^\d+$/.test(id)) ? ids : null;
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

export class FakeSteamTrading {
  /** Partner accepts an active offer after this many milliseconds; null: only by control. */
  acceptDelayMs: number | null = 5000;
  private readonly bots = new Map<string, { sharedSecret: string; identitySecret: string }>();
  private readonly inventories = new Map<string, Inventory>();
  /** Accounts that acknowledged Trade Protection (`POST /trade/new/acknowledge`). */
  readonly acknowledged = new Set<string>();
  private readonly partners = new Map<string, { token: string; canTrade: boolean }>();
  private readonly refreshTokens = new Map<string, { steamId: string; revoked: boolean }>();
  private readonly accessTokens = new Map<string, { steamId: string; refreshToken: string }>();
  private readonly confirmations = new Map<string, { offerId: string; nonce: string; owner: string; created: number }>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private nextSendError: number | null = null;
  private sequence = 0;
  /** Sign-in names (lower-case) → the account and its password. */
  private readonly logins = new Map<string, { steamId: string; password: string }>();
  private readonly authSessions = new Map<string, { steamId: string; requestId: string; codeAccepted: boolean }>();
  private rsa: { privateKey: KeyObject; modulus: string; exponent: string; timestamp: string } | null = null;

  constructor(
    private readonly offers: Map<string, TradingOffer>,
    private readonly recordTrade: (tradeId: string, status: number, details: TradeAssets) => void,
  ) {}

  /** A bot account with the given items; returns what its operator would hold for it. */
  addBot(steamId: string, assetIds: string[] = []): FakeBotCredentials {
    const bot = { sharedSecret: secret(), identitySecret: secret() };
    this.bots.set(steamId, bot);
    this.setInventory(steamId, assetIds);
    return { steamId, refreshToken: this.issueRefreshToken(steamId), ...bot };
  }

  /** Lets `npm run bot:login` sign the bot in with this name and password (and its shared secret). */
  setLogin(steamId: string, accountName: string, password: string): void {
    this.logins.set(accountName.toLowerCase(), { steamId, password });
  }

  private rsaKey() {
    if (!this.rsa) {
      const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const jwk = publicKey.export({ format: "jwk" });
      this.rsa = {
        privateKey,
        modulus: Buffer.from(jwk.n!, "base64url").toString("hex"),
        exponent: Buffer.from(jwk.e!, "base64url").toString("hex"),
        timestamp: String(Date.now() * 1000),
      };
    }
    return this.rsa;
  }

  /** The password the operator typed: RSA without padding (Node refuses PKCS#1 v1.5 decryption), then 00 02 … 00 stripped. */
  private decryptPassword(encrypted: string): string | null {
    try {
      const block = privateDecrypt({ key: this.rsaKey().privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(encrypted, "base64"));
      const end = block.indexOf(0, 2);
      return block[0] === 0 && block[1] === 2 && end >= 10 ? block.subarray(end + 1).toString("utf8") : null;
    } catch {
      return null;
    }
  }

  private guardCodeMatches(steamId: string, code: string): boolean {
    const bot = this.bots.get(steamId);
    const now = nowSeconds();
    return Boolean(bot) && [now - 30, now, now + 30].some((time) => steamGuardCode(bot!.sharedSecret, time) === code.toUpperCase());
  }

  private async handleSignIn(req: IncomingMessage, path: string, json: Json): Promise<boolean> {
    const method = /^\/IAuthenticationService\/(\w+)\/v1$/.exec(path)?.[1];
    if (method === "GetPasswordRSAPublicKey" && req.method === "GET") {
      const key = this.rsaKey();
      json(200, { response: { publickey_mod: key.modulus, publickey_exp: key.exponent, timestamp: key.timestamp } }, { "x-eresult": "1" });
      return true;
    }
    if (req.method !== "POST" || !method || !["BeginAuthSessionViaCredentials", "UpdateAuthSessionWithSteamGuardCode", "PollAuthSessionStatus"].includes(method)) return false;
    const form = new URLSearchParams((await readText(req)) ?? "");
    const fail = (eresult: number) => json(200, { response: {} }, { "x-eresult": String(eresult) });
    if (method === "BeginAuthSessionViaCredentials") {
      const login = this.logins.get((form.get("account_name") ?? "").toLowerCase());
      const password = this.decryptPassword(form.get("encrypted_password") ?? "");
      if (!login || password === null || password !== login.password || form.get("encryption_timestamp") !== this.rsaKey().timestamp) {
        fail(5);
        return true;
      }
      const clientId = String(BigInt(`0x${randomBytes(7).toString("hex")}`));
      const requestId = randomBytes(16).toString("base64");
      this.authSessions.set(clientId, { steamId: login.steamId, requestId, codeAccepted: false });
      json(200, { response: { client_id: clientId, request_id: requestId, interval: 0.1, allowed_confirmations: [{ confirmation_type: 3 }], steamid: login.steamId, weak_token: token(24) } }, { "x-eresult": "1" });
      return true;
    }
    const session = this.authSessions.get(form.get("client_id") ?? "");
    if (!session) {
      fail(9);
      return true;
    }
    if (method === "UpdateAuthSessionWithSteamGuardCode") {
      if (form.get("steamid") !== session.steamId || form.get("code_type") !== "3" || !this.guardCodeMatches(session.steamId, form.get("code") ?? "")) {
        fail(88);
        return true;
      }
      session.codeAccepted = true;
      json(200, { response: {} }, { "x-eresult": "1" });
      return true;
    }
    if (form.get("request_id") !== session.requestId) {
      fail(9);
      return true;
    }
    if (!session.codeAccepted) {
      json(200, { response: {} }, { "x-eresult": "1" });
      return true;
    }
    this.authSessions.delete(form.get("client_id")!);
    const refreshToken = this.issueRefreshToken(session.steamId);
    const accessToken = jwtShaped("fake-access", session.steamId);
    this.accessTokens.set(accessToken, { steamId: session.steamId, refreshToken });
    const accountName = [...this.logins].find(([, login]) => login.steamId === session.steamId)?.[0] ?? "";
    json(200, { response: { refresh_token: refreshToken, access_token: accessToken, had_remote_interaction: false, account_name: accountName } }, { "x-eresult": "1" });
    return true;
  }

  issueRefreshToken(steamId: string): string {
    const issued = jwtShaped("fake-refresh", steamId);
    this.refreshTokens.set(issued, { steamId, revoked: false });
    return issued;
  }

  revokeRefreshToken(refreshToken: string): void {
    const entry = this.refreshTokens.get(refreshToken);
    if (entry) entry.revoked = true;
    for (const [access, owner] of this.accessTokens) if (owner.refreshToken === refreshToken) this.accessTokens.delete(access);
  }

  /** An account's items (a partner without one set may offer any asset id). */
  setInventory(steamId: string, tradable: string[], untradable: string[] = []): void {
    const inventory: Inventory = new Map();
    for (const id of tradable) inventory.set(id, { tradable: true });
    for (const id of untradable) inventory.set(id, { tradable: false });
    this.inventories.set(steamId, inventory);
  }

  inventoryOf(steamId: string): string[] {
    return [...(this.inventories.get(steamId) ?? new Map<string, unknown>()).keys()];
  }

  /** A partner's trade-link token and whether they can trade; an unset partner takes any token. */
  setPartner(steamId: string, partner: { token: string; canTrade?: boolean }): void {
    this.partners.set(steamId, { token: partner.token, canTrade: partner.canTrade ?? true });
  }

  /** The next offer sent answers this EResult (16 still makes the offer). */
  failNextSend(eresult: number | null): void {
    this.nextSendError = eresult;
  }

  accessTokenOwner(accessToken: string | null | undefined): string | null {
    return (accessToken && this.accessTokens.get(accessToken)?.steamId) || null;
  }

  /** The partner accepts the offer now: state 3, a trade, the items moved. */
  acceptOffer(offerId: string): boolean {
    const offer = this.offers.get(offerId);
    if (!offer?.details || offer.state !== OFFER_STATE.active) return false;
    clearTimeout(this.timers.get(offerId));
    this.timers.delete(offerId);
    const { owner, partner, itemsToGive, itemsToReceive } = offer.details;
    const tradeId = String(7_000_000_000 + ++this.sequence);
    const botInventory = this.inventories.get(owner) ?? new Map();
    const partnerInventory = this.inventories.get(partner);
    const assets = itemsToReceive.map((assetid) => ({ assetid, new_assetid: String(8_000_000_000 + ++this.sequence) }));
    for (const id of itemsToGive) {
      botInventory.delete(id);
      partnerInventory?.set(id, { tradable: false });
    }
    for (const asset of assets) {
      partnerInventory?.delete(asset.assetid);
      botInventory.set(asset.new_assetid, { tradable: false });
    }
    this.inventories.set(owner, botInventory);
    Object.assign(offer, { state: OFFER_STATE.accepted, tradeid: tradeId, time_updated: nowSeconds() });
    this.recordTrade(tradeId, 3, { assets });
    return true;
  }

  /**
   * The partner ends an active offer without accepting it: declined (7), countered (4), or cancelled
   * (6, as a stolen Web API key can do through CancelTradeOffer / DeclineTradeOffer).
   */
  endOfferByPartner(offerId: string, state: number = OFFER_STATE.declined): boolean {
    const offer = this.offers.get(offerId);
    if (!offer?.details || offer.state !== OFFER_STATE.active || !PARTNER_ENDINGS.has(state)) return false;
    this.close(offerId, offer, state);
    return true;
  }

  /** An offer in IEconService's CEcon_TradeOffer shape. */
  offerJson(offerId: string, offer: TradingOffer): Record<string, unknown> {
    const base = { tradeofferid: offerId, trade_offer_state: offer.state, tradeid: offer.tradeid, time_updated: offer.time_updated };
    const details = offer.details;
    if (!details) return base;
    const item = (assetid: string) => ({ appid: 730, contextid: "2", assetid, classid: `9${assetid.slice(-6)}`, instanceid: "0", amount: "1", missing: offer.state === OFFER_STATE.accepted });
    return {
      ...base,
      accountid_other: Number(accountIdOf(details.partner)),
      message: details.message,
      expiration_time: details.timeCreated + 14 * 86_400,
      items_to_give: details.itemsToGive.map(item),
      items_to_receive: details.itemsToReceive.map(item),
      is_our_offer: true,
      time_created: details.timeCreated,
      from_real_time_trade: false,
      escrow_end_date: 0,
      confirmation_method: details.itemsToGive.length > 0 ? 2 : 0,
    };
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Web API calls this fake answers; false when the path is not one of them. */
  async handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const json = responder(res);
    const path = url.pathname.replace(/\/$/, "");
    if (await this.handleSignIn(req, path, json)) return true;
    if (req.method === "POST" && path === "/IAuthenticationService/GenerateAccessTokenForApp/v1") {
      const form = new URLSearchParams((await readText(req)) ?? "");
      const entry = this.refreshTokens.get(form.get("refresh_token") ?? "");
      if (!entry || entry.revoked || entry.steamId !== form.get("steamid")) {
        json(200, { response: {} }, { "x-eresult": "15" });
        return true;
      }
      const accessToken = jwtShaped("fake-access", entry.steamId);
      this.accessTokens.set(accessToken, { steamId: entry.steamId, refreshToken: form.get("refresh_token")! });
      json(200, { response: { access_token: accessToken } }, { "x-eresult": "1" });
      return true;
    }
    if (req.method === "POST" && path === "/IEconService/CancelTradeOffer/v1") {
      const form = new URLSearchParams((await readText(req)) ?? "");
      const owner = this.accessTokenOwner(form.get("access_token"));
      if (!owner) {
        json(401, {}, { "x-eresult": "21" });
        return true;
      }
      const offerId = form.get("tradeofferid") ?? "";
      const offer = this.offers.get(offerId);
      if (!offer?.details || offer.details.owner !== owner) json(200, { response: {} }, { "x-eresult": "9" });
      else if (offer.state !== OFFER_STATE.active && offer.state !== OFFER_STATE.needsConfirmation) json(200, { response: {} }, { "x-eresult": "11" });
      else {
        this.close(offerId, offer, OFFER_STATE.canceled);
        json(200, { response: {} }, { "x-eresult": "1" });
      }
      return true;
    }
    if (req.method === "GET" && path === "/IEconService/GetTradeOffers/v1") {
      const owner = this.accessTokenOwner(url.searchParams.get("access_token"));
      if (!owner) {
        res.writeHead(401, { "content-type": "text/html" }).end("<html><body>Unauthorized</body></html>");
        return true;
      }
      const activeOnly = url.searchParams.get("active_only") === "1";
      const sent = url.searchParams.get("get_sent_offers") === "1";
      // With active_only, Steam also returns offers that ended after time_historical_cutoff (seconds).
      const cutoff = Number(url.searchParams.get("time_historical_cutoff") ?? NaN);
      const mine = [...this.offers]
        .filter(([, offer]) => offer.details?.owner === owner)
        .filter(
          ([, offer]) =>
            !activeOnly ||
            offer.state === OFFER_STATE.active ||
            offer.state === OFFER_STATE.needsConfirmation ||
            (Number.isFinite(cutoff) && offer.time_updated >= cutoff),
        );
      json(200, { response: sent ? { trade_offers_sent: mine.map(([id, offer]) => this.offerJson(id, offer)) } : {} });
      return true;
    }
    return false;
  }

  /** `/fake/trading/…` control calls. */
  async handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const json = responder(res);
    const [, , , kind, id, action] = url.pathname.split("/");
    if (req.method === "GET" && kind === "offers") {
      return json(200, { offers: [...this.offers].filter(([, offer]) => offer.details).map(([offerId, offer]) => this.offerJson(offerId, offer)) });
    }
    const body = req.method === "POST" ? await readJson(req) : null;
    if (body === null) return json(400, { error: "bad request" });
    if (kind === "bots" && id) return json(200, this.addBot(id, stringList(body.assets)));
    if (kind === "inventories" && id) this.setInventory(id, stringList(body.assets), stringList(body.untradable));
    else if (kind === "partners" && id && typeof body.token === "string") this.setPartner(id, { token: body.token, canTrade: body.can_trade !== false });
    else if (kind === "revoke" && typeof body.refresh_token === "string") this.revokeRefreshToken(body.refresh_token);
    else if (kind === "logins" && id && typeof body.account_name === "string" && typeof body.password === "string") this.setLogin(id, body.account_name, body.password);
    else if (kind === "next-send-error" && (typeof body.eresult === "number" || body.eresult === null)) this.failNextSend(body.eresult);
    else if (kind === "accept-delay" && (typeof body.ms === "number" || body.ms === null)) this.acceptDelayMs = body.ms;
    else if (kind === "offers" && id && action === "accept") {
      if (!this.acceptOffer(id)) return json(409, { error: "offer not active" });
    } else if (kind === "offers" && id && action === "decline") {
      if (!this.endOfferByPartner(id, typeof body.state === "number" ? body.state : OFFER_STATE.declined)) return json(409, { error: "offer not active" });
    } else return json(400, { error: "bad request" });
    return json(200, { ok: true });
  }

  /** Steam Community pages this fake answers; false when the path is not one of them. */
  async handleCommunity(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname.replace(/\/$/, "");
    if (req.method === "POST" && path === "/tradeoffer/new/send") {
      await this.send(req, res);
      return true;
    }
    if (req.method === "GET" && (path === "/mobileconf/getlist" || path === "/mobileconf/ajaxop")) {
      this.mobileConfirmation(req, res, url, path.endsWith("getlist"));
      return true;
    }
    if (req.method === "POST" && path === "/trade/new/acknowledge") {
      // The account's one-time acknowledgement of Trade Protection (`sessionid`, `message=1`).
      const owner = this.signedIn(req);
      const form = new URLSearchParams((await readText(req)) ?? "");
      if (!owner || form.get("sessionid") !== cookies(req).get("sessionid") || form.get("message") !== "1") {
        res.writeHead(401, { "content-type": "text/html" }).end("<html><body>Unauthorized</body></html>");
        return true;
      }
      this.acknowledged.add(owner);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success: 1 }));
      return true;
    }
    return false;
  }

  private signedIn(req: IncomingMessage): string | null {
    const [steamId, accessToken] = (cookies(req).get("steamLoginSecure") ?? "").split("||");
    const owner = this.accessTokenOwner(accessToken);
    return owner && owner === steamId ? owner : null;
  }

  private async send(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = responder(res);
    const owner = this.signedIn(req);
    const form = new URLSearchParams((await readText(req)) ?? "");
    if (!owner || !form.get("sessionid") || form.get("sessionid") !== cookies(req).get("sessionid")) return json(401, null);
    const fail = (eresult: number) => json(500, { strError: `There was an error sending your trade offer.  Please try again later. (${eresult})` });
    let offer: unknown;
    let params: unknown;
    try {
      offer = JSON.parse(form.get("json_tradeoffer") ?? "");
      params = JSON.parse(form.get("trade_offer_create_params") ?? "{}");
    } catch {
      return fail(8);
    }
    const give = assetIdsOf((offer as { me?: unknown }).me);
    const receive = assetIdsOf((offer as { them?: unknown }).them);
    const partner = form.get("partner") ?? "";
    if (!give || !receive || give.length + receive.length === 0 || !/^\d{17}$/.test(partner)) return fail(8);
    const forced = this.nextSendError;
    this.nextSendError = null;
    if (forced !== null && forced !== 16) return fail(forced);
    const tradeToken = (params as { trade_offer_access_token?: unknown }).trade_offer_access_token;
    const expected = this.partners.get(partner);
    if (typeof tradeToken !== "string" || !tradeToken || (expected && (!expected.canTrade || expected.token !== tradeToken))) return fail(15);
    const active = [...this.offers.values()].filter(
      (existing) => existing.details?.owner === owner && (existing.state === OFFER_STATE.active || existing.state === OFFER_STATE.needsConfirmation),
    );
    if (active.length >= BOT_LIMITS.maxActiveOffers || active.filter((existing) => existing.details?.partner === partner).length >= BOT_LIMITS.maxOffersPerPartner) return fail(25);
    const ours = this.inventories.get(owner);
    const theirs = this.inventories.get(partner);
    if (give.some((id) => !ours?.get(id)?.tradable) || (theirs && receive.some((id) => !theirs.get(id)?.tradable))) return fail(26);
    const offerId = String(6_000_000_000 + ++this.sequence);
    const needsConfirmation = give.length > 0;
    const created = nowSeconds();
    this.offers.set(offerId, {
      state: needsConfirmation ? OFFER_STATE.needsConfirmation : OFFER_STATE.active,
      time_updated: created,
      details: { owner, partner, message: form.get("tradeoffermessage") ?? "", itemsToGive: give, itemsToReceive: receive, timeCreated: created },
    });
    if (needsConfirmation) {
      this.confirmations.set(String(9_000_000_000 + ++this.sequence), { offerId, nonce: String(BigInt(`0x${randomBytes(7).toString("hex")}`)), owner, created });
    } else {
      this.scheduleAccept(offerId);
    }
    if (forced === 16) return fail(16);
    json(200, { tradeofferid: offerId, needs_mobile_confirmation: needsConfirmation, needs_email_confirmation: false });
  }

  private mobileConfirmation(req: IncomingMessage, res: ServerResponse, url: URL, listing: boolean): void {
    const json = responder(res);
    const owner = this.signedIn(req);
    if (!owner) return json(200, { success: false, needauth: true });
    const params = url.searchParams;
    const time = Number(params.get("t"));
    const tag = params.get("tag") ?? "";
    const bot = this.bots.get(owner);
    const valid =
      bot &&
      params.get("a") === owner &&
      (params.get("p") ?? "").startsWith("android:") &&
      Number.isInteger(time) &&
      Math.abs(time - nowSeconds()) <= CONFIRMATION_WINDOW_SECONDS &&
      params.get("k") === confirmationKey(bot.identitySecret, time, tag);
    if (!valid) return json(200, { success: false, message: "Invalid authenticator" });
    if (listing) {
      const conf = [...this.confirmations]
        .filter(([, confirmation]) => confirmation.owner === owner)
        .map(([id, confirmation]) => ({
          type: 2,
          type_name: "Trade Offer",
          id,
          creator_id: confirmation.offerId,
          nonce: confirmation.nonce,
          creation_time: confirmation.created,
          cancel: "Cancel",
          accept: "Send Offer",
          icon: "",
          multi: false,
          headline: "Trade offer",
          summary: [],
          warn: null,
        }));
      return json(200, { success: true, conf });
    }
    const op = params.get("op");
    const id = params.get("cid") ?? "";
    const confirmation = this.confirmations.get(id);
    if (!confirmation || confirmation.owner !== owner || confirmation.nonce !== params.get("ck") || (op !== "allow" && op !== "cancel") || tag !== op) {
      return json(200, { success: false });
    }
    this.confirmations.delete(id);
    const offer = this.offers.get(confirmation.offerId);
    if (offer?.state === OFFER_STATE.needsConfirmation) {
      if (op === "allow") {
        Object.assign(offer, { state: OFFER_STATE.active, time_updated: nowSeconds() });
        this.scheduleAccept(confirmation.offerId);
      } else {
        this.close(confirmation.offerId, offer, OFFER_STATE.canceledBySecondFactor);
      }
    }
    json(200, { success: true });
  }

  private scheduleAccept(offerId: string): void {
    if (this.acceptDelayMs === null) return;
    const timer = setTimeout(() => this.acceptOffer(offerId), this.acceptDelayMs);
    timer.unref();
    this.timers.set(offerId, timer);
  }

  private close(offerId: string, offer: TradingOffer, state: number): void {
    clearTimeout(this.timers.get(offerId));
    this.timers.delete(offerId);
    for (const [id, confirmation] of this.confirmations) if (confirmation.offerId === offerId) this.confirmations.delete(id);
    Object.assign(offer, { state, time_updated: nowSeconds() });
  }
}
