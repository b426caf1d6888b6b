import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../../server/fakes/steam-community";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import type { FakeBotCredentials } from "../../../server/fakes/steam-trading";
import { steamTradeApi } from "~/modules/selling/steam-trade-offers.server";
import { SteamTransportError, steamBotClient, type SteamBotClient } from "./steam-bot-client.server";
import { confirmationKey, mobileDeviceId, steamGuardCode } from "./steam-guard.server";

const PARTNER = "76561198012345678";
const TOKEN = "Ab3dE_fG";

let api: FakeSteamWebApi;
let community: FakeSteamCommunity;
let bot: FakeBotCredentials;
let client: SteamBotClient;
/** The first part of every token the fake issues (a JWT header). */
const TOKEN_HEADER = "eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0";
let partnerSequence = 0;
let botSequence = 0;
/** A fresh bot account each test, so no test inherits another's active offers. */
let BOT = "";
/** Every URL, cookie and body the client sent: what a leak would have to come from. */
const sent: string[] = [];

const recordingFetch: typeof fetch = (input, init) => {
  sent.push(String(input), JSON.stringify(init?.headers ?? {}), String(init?.body ?? ""));
  return fetch(input, init);
};

function newClient(credentials: FakeBotCredentials = bot, fetchImpl: typeof fetch = recordingFetch): SteamBotClient {
  return steamBotClient(credentials, { apiUrl: api.url, communityUrl: community.url, fetchImpl });
}

/** A fresh partner each test, so the per-partner limit of one test does not reach the next. */
function newPartner(): string {
  partnerSequence += 1;
  const steamId = String(BigInt(PARTNER) + BigInt(partnerSequence));
  api.trading.setPartner(steamId, { token: TOKEN });
  return steamId;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("timed out waiting");
}

/** No secret of the bot, and no token the fake issued, in what the client handed back. */
function expectNoSecret(value: unknown, credentials: FakeBotCredentials = bot): void {
  const text = value instanceof Error ? `${value.name} ${value.message} ${String(value.stack)}` : JSON.stringify(value);
  for (const secret of [credentials.refreshToken, credentials.sharedSecret, credentials.identitySecret, TOKEN_HEADER]) {
    expect(text).not.toContain(secret);
  }
}

beforeAll(async () => {
  api = await new FakeSteamWebApi().start();
  community = await startFakeSteamCommunity(0, { trading: api.trading });
});

afterAll(async () => {
  await community.stop();
  await api.stop();
});

beforeEach(() => {
  botSequence += 1;
  BOT = String(76561198800000000n + BigInt(botSequence));
  bot = api.trading.addBot(BOT, ["100", "101", "102", "103"]);
  api.trading.acceptDelayMs = null;
  api.trading.failNextSend(null);
  client = newClient();
});

describe("Steam Guard arithmetic", () => {
  // Values computed once with the public reference implementation (steam-totp 2.1.2).
  it("gives Steam's code for a shared secret and time", () => {
    expect(steamGuardCode("MDEyMzQ1Njc4OWFiY2RlZmdoaWo=", 1_700_000_000)).toBe("C96G3");
    expect(steamGuardCode("MDEyMzQ1Njc4OWFiY2RlZmdoaWo=", 1_700_000_000 + 30)).not.toBe("C96G3");
  });

  it("signs confirmation requests per time and tag, and derives the device id", () => {
    expect(confirmationKey("amloZ2ZlZGNiYTk4NzY1NDMyMTA=", 1_700_000_000, "conf")).toBe("rTus/qU/Nh0GWuS2QGnf9W0+r6c=");
    expect(confirmationKey("amloZ2ZlZGNiYTk4NzY1NDMyMTA=", 1_700_000_000, "allow")).toBe("mnuzzdbJdUAWDg6hq5Xow50Bua4=");
    expect(mobileDeviceId("76561198000000001")).toBe("android:ca748b58-133d-73d0-adcd-109baa02c0fa");
  });

  it("the client's code is the one for its clock", () => {
    const at = steamBotClient(bot, { apiUrl: api.url, communityUrl: community.url, now: () => 1_700_000_000_000 });
    expect(at.guardCode()).toBe(steamGuardCode(bot.sharedSecret, 1_700_000_000));
    expect(at.guardCode()).toMatch(/^[2-9BCDFGHJKMNPQRTVWXY]{5}$/);
  });
});

describe("the session", () => {
  it("renews an access token from the refresh token", async () => {
    expect(await client.renewSession()).toEqual({ kind: "ok" });
  });

  it("a revoked refresh token is session_expired, for a renewal and for any call, without a secret", async () => {
    api.trading.revokeRefreshToken(bot.refreshToken);
    const results = [
      await client.renewSession(),
      await client.sendOffer({ partnerSteamId: newPartner(), tradeToken: TOKEN, give: [], receive: ["5"], message: "x" }),
      await client.sentActiveOffers(),
      await client.confirmOffer("1"),
      await client.cancelOffer("1"),
    ];
    for (const result of results) {
      expect(result).toEqual({ kind: "session_expired" });
      expectNoSecret(result);
    }
  });

  it("a refresh token of another account, or one never issued, is session_expired", async () => {
    expect(await newClient({ ...bot, steamId: "76561198899999999" }).renewSession()).toEqual({ kind: "session_expired" });
    expect(await newClient({ ...bot, refreshToken: "made-up" }).renewSession()).toEqual({ kind: "session_expired" });
  });

  it("an access token ended under a live session is renewed once; revoked for good it is session_expired", async () => {
    expect(await client.renewSession()).toEqual({ kind: "ok" });
    // A second refresh token for the bot; revoking the first ends the access token the client holds.
    const second = api.trading.issueRefreshToken(BOT);
    api.trading.revokeRefreshToken(bot.refreshToken);
    const renewed = newClient({ ...bot, refreshToken: second });
    expect((await renewed.sentActiveOffers()).kind).toBe("ok");
    expect(await client.sentActiveOffers()).toEqual({ kind: "session_expired" });
  });
});

describe("sending offers", () => {
  it("an offer that only receives is active at once; the partner accepts; the trade lists the new asset ids", async () => {
    const partner = newPartner();
    api.trading.setInventory(partner, ["555", "556"]);
    api.trading.acceptDelayMs = 30;
    const result = await client.sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give: [], receive: ["555", "556"], message: "Skinhamnen – säkerhetskod K7Q2" });
    expect(result).toMatchObject({ kind: "sent", needsConfirmation: false });
    if (result.kind !== "sent") return;
    const before = await client.getOffer(result.offerId);
    expect(before).toMatchObject({ kind: "ok", offer: { state: 2, partnerSteamId: partner, message: "Skinhamnen – säkerhetskod K7Q2", itemsToReceive: ["555", "556"], itemsToGive: [] } });
    const accepted = await until(
      () => client.getOffer(result.offerId),
      (read) => read.kind === "ok" && read.offer?.state === 3,
    );
    const tradeId = accepted.kind === "ok" ? accepted.offer?.tradeId : null;
    expect(tradeId).toMatch(/^\d+$/);
    // The order flow's own reader (API key) sees the same offer and trade.
    const reader = steamTradeApi({ apiUrl: api.url, apiKey: api.apiKey });
    expect(await reader.getTradeOffer(result.offerId)).toMatchObject({ state: 3, tradeId });
    expect(await reader.getTradeStatus(tradeId!)).toMatchObject({ status: 3 });
    const status = (await (await fetch(`${api.url}/IEconService/GetTradeStatus/v1/?key=${api.apiKey}&tradeid=${tradeId}`)).json()) as {
      response: { trades: { assets_received: { assetid: string; new_assetid: string }[] }[] };
    };
    const received = status.response.trades[0]!.assets_received;
    expect(received.map((asset) => asset.assetid)).toEqual(["555", "556"]);
    expect(api.trading.inventoryOf(BOT)).toEqual(expect.arrayContaining(received.map((asset) => asset.new_assetid)));
    expect(api.trading.inventoryOf(partner)).toEqual([]);
  });

  it("an offer that gives items waits for its mobile confirmation, then becomes active and is accepted", async () => {
    const partner = newPartner();
    const result = await client.sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give: ["100"], receive: ["777"], message: "ge 100" });
    expect(result).toMatchObject({ kind: "sent", needsConfirmation: true });
    if (result.kind !== "sent") return;
    expect(await client.getOffer(result.offerId)).toMatchObject({ offer: { state: 9, itemsToGive: ["100"] } });
    const listed = await client.confirmations();
    expect(listed).toMatchObject({ kind: "ok", confirmations: [{ type: 2, offerId: result.offerId }] });
    expect(await client.confirmOffer("123456")).toEqual({ kind: "not_found" });
    expect(await client.confirmOffer(result.offerId)).toEqual({ kind: "confirmed" });
    expect(await client.getOffer(result.offerId)).toMatchObject({ offer: { state: 2 } });
    expect(await client.confirmations()).toEqual({ kind: "ok", confirmations: [] });
    expect(api.trading.acceptOffer(result.offerId)).toBe(true);
    expect(await client.getOffer(result.offerId)).toMatchObject({ offer: { state: 3 } });
    expect(api.trading.inventoryOf(BOT)).not.toContain("100");
  });

  it("a confirmation signed with another identity secret is refused", async () => {
    const partner = newPartner();
    const result = await client.sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give: ["101"], receive: [], message: "ge 101" });
    expect(result).toMatchObject({ kind: "sent", needsConfirmation: true });
    const wrong = newClient({ ...bot, identitySecret: Buffer.from("not the identity secret").toString("base64") });
    const refused = await wrong.confirmOffer(result.kind === "sent" ? result.offerId : "");
    expect(refused).toMatchObject({ kind: "error" });
    expectNoSecret(refused);
  });

  it("error 15: a wrong trade-link token, or a partner who cannot trade", async () => {
    const partner = newPartner();
    const wrongToken = await client.sendOffer({ partnerSteamId: partner, tradeToken: "wrong", give: [], receive: ["1"], message: "a" });
    expect(wrongToken).toMatchObject({ kind: "error", eresult: 15 });
    api.trading.setPartner(partner, { token: TOKEN, canTrade: false });
    expect(await client.sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give: [], receive: ["1"], message: "a" })).toMatchObject({ kind: "error", eresult: 15 });
    expectNoSecret(wrongToken);
  });

  it("error 16 answers a timeout but the offer exists: it is found among the sent offers by its message", async () => {
    const partner = newPartner();
    api.trading.failNextSend(16);
    const message = "Skinhamnen – säkerhetskod Z9X8";
    const result = await client.sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give: ["102"], receive: ["8"], message });
    expect(result).toMatchObject({ kind: "error", eresult: 16 });
    const found = await client.findSentOffer(message);
    expect(found).toMatchObject({ kind: "ok", offer: { message, state: 9, itemsToGive: ["102"], partnerSteamId: partner } });
    expect(await client.findSentOffer("Skinhamnen – säkerhetskod NONE")).toEqual({ kind: "ok", offer: null });
  });

  it("a forced error answers that EResult and makes no offer", async () => {
    const partner = newPartner();
    api.trading.failNextSend(26);
    expect(await client.sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give: [], receive: ["9"], message: "forced" })).toMatchObject({ kind: "error", eresult: 26 });
    expect(await client.findSentOffer("forced")).toEqual({ kind: "ok", offer: null });
  });

  it("error 25: more than 5 active offers to one partner, more than 30 for the bot", async () => {
    const partner = newPartner();
    const send = (to: string, message: string) => client.sendOffer({ partnerSteamId: to, tradeToken: TOKEN, give: [], receive: ["1"], message });
    for (let index = 0; index < 5; index += 1) expect(await send(partner, `p${index}`)).toMatchObject({ kind: "sent" });
    expect(await send(partner, "p5")).toMatchObject({ kind: "error", eresult: 25 });
    const active = await client.sentActiveOffers();
    const already = active.kind === "ok" ? active.offers.length : 0;
    for (let index = already; index < 30; index += 1) expect(await send(newPartner(), `b${index}`)).toMatchObject({ kind: "sent" });
    expect(await send(newPartner(), "b30")).toMatchObject({ kind: "error", eresult: 25 });
    // Cancelling frees a place.
    const first = await client.findSentOffer("p0");
    expect(await client.cancelOffer(first.kind === "ok" ? first.offer!.offerId : "")).toEqual({ kind: "canceled" });
    expect(await send(newPartner(), "b31")).toMatchObject({ kind: "sent" });
  });

  it("error 26: an item the bot no longer has, or one not tradable, on either side", async () => {
    const partner = newPartner();
    api.trading.setInventory(BOT, ["100"], ["200"]);
    api.trading.setInventory(partner, ["300"], ["301"]);
    const send = (give: string[], receive: string[]) => client.sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give, receive, message: "i" });
    expect(await send(["999"], [])).toMatchObject({ kind: "error", eresult: 26 });
    expect(await send(["200"], [])).toMatchObject({ kind: "error", eresult: 26 });
    expect(await send([], ["301"])).toMatchObject({ kind: "error", eresult: 26 });
    expect(await send([], ["300"])).toMatchObject({ kind: "sent" });
  });
});

describe("cancelling", () => {
  it("cancels an active offer; a second cancel is Steam's refusal, not a throw", async () => {
    const partner = newPartner();
    const result = await client.sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give: [], receive: ["1"], message: "c" });
    const offerId = result.kind === "sent" ? result.offerId : "";
    expect(await client.cancelOffer(offerId)).toEqual({ kind: "canceled" });
    expect(await client.getOffer(offerId)).toMatchObject({ offer: { state: 6 } });
    expect(await client.cancelOffer(offerId)).toEqual({ kind: "error", eresult: 11 });
    expect(await client.findSentOffer("c")).toEqual({ kind: "ok", offer: null });
    expect(await client.getOffer("1")).toEqual({ kind: "ok", offer: null });
  });
});

describe("transport failures", () => {
  it("no answer throws SteamTransportError without a URL, token or secret", async () => {
    const failing: typeof fetch = (input) => Promise.reject(new TypeError(`fetch failed for ${String(input)}`));
    const error = await newClient(bot, failing)
      .renewSession()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SteamTransportError);
    expectNoSecret(error);
    expect((error as Error).message).not.toContain("127.0.0.1");
  });

  it("a 502 from the community on send is 'do not know', thrown without a secret", async () => {
    const partner = newPartner();
    const flaky: typeof fetch = (input, init) =>
      String(input).includes("/tradeoffer/new/send") ? Promise.resolve(new Response("<html>Bad gateway</html>", { status: 502 })) : fetch(input, init);
    const error = await newClient(bot, flaky)
      .sendOffer({ partnerSteamId: partner, tradeToken: TOKEN, give: [], receive: ["1"], message: "t" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SteamTransportError);
    expect((error as Error).message).toBe("Steam tradeoffer/new/send: HTTP 502");
    expectNoSecret(error);
  });

  it("the client did send its secrets-derived values only to the configured hosts", () => {
    // Guard: the recorded traffic above really carried tokens, so the no-secret checks can fail.
    expect(sent.some((entry) => entry.includes(TOKEN_HEADER))).toBe(true);
    expect(sent.every((entry) => !entry.startsWith("http") || entry.startsWith(api.url) || entry.startsWith(community.url))).toBe(true);
  });
});
