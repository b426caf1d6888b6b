/**
 * The trading fake's HTTP control API, as a developer or a browser test drives it (README
 * "Offline development"), with the bot adapter on the other side.
 */
import { beforeAll, expect, it } from "vitest";
import { steamBotClient } from "../../app/modules/bots/steam-bot-client.server";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "./steam-community";
import { FakeSteamWebApi } from "./steam-web-api";

let api: FakeSteamWebApi;
let community: FakeSteamCommunity;

const control = async (path: string, body?: unknown) => {
  const response = await fetch(`${api.url}/fake/trading/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

// Both fakes share the trading state; the returned teardown stops them.
beforeAll(async () => {
  api = await new FakeSteamWebApi().start();
  community = await startFakeSteamCommunity(0, { trading: api.trading });
  return () => Promise.all([community.stop(), api.stop()]).then(() => undefined);
});

it("a bot made over HTTP trades; forced errors, acceptance, the offer list and revocation are driven over HTTP", async () => {
  const made = await control("bots/76561198800000099", { assets: ["41"] });
  expect(made.status).toBe(200);
  const { steamId, refreshToken, sharedSecret, identitySecret } = made.body as Record<string, string>;
  expect(steamId).toBe("76561198800000099");
  // Shaped like Steam's (a JWT), so the bot form's check takes it in offline development.
  expect(refreshToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const client = steamBotClient({ steamId: steamId!, refreshToken: refreshToken!, sharedSecret: sharedSecret!, identitySecret: identitySecret! }, { apiUrl: api.url, communityUrl: community.url });
  const partner = "76561198012345678";
  expect((await control(`partners/${partner}`, { token: "tok", can_trade: true })).status).toBe(200);
  expect((await control("accept-delay", { ms: null })).status).toBe(200);

  expect((await control("next-send-error", { eresult: 25 })).status).toBe(200);
  const offer = { partnerSteamId: partner, tradeToken: "tok", give: [], receive: ["7"], message: "http" };
  expect(await client.sendOffer(offer)).toMatchObject({ kind: "error", eresult: 25 });
  const sent = await client.sendOffer(offer);
  expect(sent).toMatchObject({ kind: "sent", needsConfirmation: false });
  const offerId = sent.kind === "sent" ? sent.offerId : "";

  expect((await control("offers")).body.offers).toMatchObject([{ tradeofferid: offerId, trade_offer_state: 2, message: "http" }]);
  expect((await control(`offers/${offerId}/accept`, {})).status).toBe(200);
  expect((await control(`offers/${offerId}/accept`, {})).status).toBe(409);
  const accepted = await client.getOffer(offerId);
  expect(accepted).toMatchObject({ kind: "ok", offer: { state: 3 } });
  expect(api.trading.inventoryOf(steamId!)).toHaveLength(2);

  // The older control of a single offer still works on a bot's offer.
  await fetch(`${api.url}/fake/offers/${offerId}`, { method: "POST", body: JSON.stringify({ state: 8 }) });
  expect(await client.getOffer(offerId)).toMatchObject({ offer: { state: 8, message: "http" } });

  expect((await control("revoke", { refresh_token: refreshToken })).status).toBe(200);
  expect(await client.sentActiveOffers()).toEqual({ kind: "session_expired" });
  expect((await control("nonsense", {})).status).toBe(400);
});

it("the partner declines, cancels or counters an active offer over HTTP; an offer no longer active is refused", async () => {
  const made = await control("bots/76561198800000098", { assets: [] });
  const credentials = made.body as Record<string, string>;
  const client = steamBotClient(
    { steamId: credentials.steamId!, refreshToken: credentials.refreshToken!, sharedSecret: credentials.sharedSecret!, identitySecret: credentials.identitySecret! },
    { apiUrl: api.url, communityUrl: community.url },
  );
  await control("accept-delay", { ms: null });
  const ids: string[] = [];
  for (const message of ["a", "b"]) {
    const sent = await client.sendOffer({ partnerSteamId: "76561198012345600", tradeToken: "tok", give: [], receive: ["9"], message });
    ids.push(sent.kind === "sent" ? sent.offerId : "");
  }
  expect((await control(`offers/${ids[0]}/decline`, {})).status).toBe(200);
  expect((await control(`offers/${ids[1]}/decline`, { state: 6 })).status).toBe(200);
  expect(await client.getOffer(ids[0]!)).toMatchObject({ offer: { state: 7 } });
  expect(await client.getOffer(ids[1]!)).toMatchObject({ offer: { state: 6 } });
  expect((await control(`offers/${ids[0]}/decline`, {})).status).toBe(409);
  expect((await control(`offers/${ids[0]}/accept`, {})).status).toBe(409);
});
