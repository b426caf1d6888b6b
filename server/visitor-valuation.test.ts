/**
 * Valuing an inventory before signing up through the production build
 * (docs/rules/selling.md#valuation-before-sign-up): the page by `?steam=`, /salja for a visitor,
 * Steam sign-in that proves an id without making an account (tampered answers refused), hostile
 * input answered in Swedish, and no account, session or visitor row afterwards. Price alerts:
 * made from the valuation (a visitor's needs an address and the double opt-in), the signed
 * link's page (GET changes nothing), a member's list, someone else's alert untouchable.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { account, mail_queue, price_alerts, session, sell_prices, user } from "~/platform/db/schema";
import { priceAlertToken } from "~/modules/selling/price-alert-firing.server";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "./fakes/steam-community";
import { startFakeSteamOpenId, type FakeSteamOpenId } from "./fakes/steam-openid";
import { FakeSteamWebApi } from "./fakes/steam-web-api";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody } from "./test-members";

const STEAM_ID = "76561198000000556";
let openId: FakeSteamOpenId;
let community: FakeSteamCommunity;
let steamApi: FakeSteamWebApi;
let server: InProcessServer;
const db = () => server.database.db;

beforeAll(async () => {
  openId = await startFakeSteamOpenId(STEAM_ID);
  community = await startFakeSteamCommunity();
  steamApi = await new FakeSteamWebApi().start();
  community.setInventory(STEAM_ID, [{ assetId: "11", marketHashName: "AK-47 | Redline (Field-Tested)" }]);
  steamApi.vanityNames.set("vardera-mig", STEAM_ID);
  server = await startInProcessServer({
    STEAM_OPENID_URL: openId.endpoint,
    STEAM_COMMUNITY_URL: community.url,
    STEAM_IMAGE_URL: `${community.url}/economy/image`,
    STEAM_API_URL: steamApi.url,
    STEAM_API_KEY: steamApi.apiKey,
  });
  await db()
    .insert(sell_prices)
    .values({ market_hash_name: "AK-47 | Redline (Field-Tested)", reference_price_ore: 31_250, source: "manual" })
    .onConflictDoUpdate({ target: sell_prices.market_hash_name, set: { reference_price_ore: 31_250 } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await openId?.stop();
  await community?.stop();
  await steamApi?.stop();
});

const counts = async () => ({ users: await db().$count(user), sessions: await db().$count(session), accounts: await db().$count(account) });
const page = (query: string) => fetch(`${server.url}/salja/vardering${query}`, { redirect: "manual" });

describe("a price before signing up", () => {
  it("values an inventory by a profile link and by a custom name, and stores nothing about the visitor", async () => {
    const before = await counts();
    for (const link of [`https://steamcommunity.com/profiles/${STEAM_ID}`, "https://steamcommunity.com/id/vardera-mig/"]) {
      const response = await page(`?steam=${encodeURIComponent(link)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie") ?? "").not.toMatch(/session/);
      // React's text separators and formatSek's no-break spaces out of the way.
      const html = (await response.text()).replaceAll("<!-- -->", "").replaceAll("\u00a0", " ");
      expect(html).toContain('data-testid="valuation-total"');
      expect(html).toContain("218,75");
      expect(html).toContain("70 % av 312,50");
    }
    expect(await counts()).toEqual(before);
  });

  it("answers hostile or unknown input with a Swedish 4xx", async () => {
    for (const value of ["<script>alert(1)</script>", "' OR 1=1 --", "x".repeat(5000), "https://steamcommunity.com/id/finns-inte"]) {
      const response = await page(`?steam=${encodeURIComponent(value)}`);
      expect([400, 404]).toContain(response.status);
      const html = await response.text();
      expect(html).toContain('data-testid="valuation-error"');
      expect(html).not.toContain("<script>alert(1)</script>");
    }
    const twice = await page("?steam=1&steam=2");
    expect(twice.status).toBe(400);
  });

  it("shows a visitor the valuation form on /salja instead of sending them to sign in", async () => {
    const response = await fetch(`${server.url}/salja`, { redirect: "manual" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('action="/salja/vardering"');
    expect(html).toContain("Skapa konto");
  });

  it("proves a Steam id by Steam sign-in without making an account, and refuses a tampered answer", async () => {
    const before = await counts();
    const roundTrip = async (tamper?: (callback: URL) => void) => {
      const start = await fetch(`${server.url}/auth/steam/vardering`, { redirect: "manual" });
      expect(start.status).toBe(302);
      const flowCookie = /(skinhamnen\.steam_flow=[^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1];
      expect(flowCookie).toBeDefined();
      const atSteam = await fetch(start.headers.get("location")!, { redirect: "manual" });
      const callback = new URL(atSteam.headers.get("location")!);
      expect(callback.pathname).toBe("/auth/steam/vardering/callback");
      tamper?.(callback);
      const back = await fetch(callback, { headers: { cookie: flowCookie! }, redirect: "manual" });
      expect(back.status).toBe(302);
      expect(back.headers.getSetCookie().some((cookie) => /session_token=[^;]/.test(cookie))).toBe(false);
      return back.headers.get("location") ?? "";
    };
    expect(await roundTrip()).toBe(`/salja/vardering?steam=${STEAM_ID}`);
    expect(await roundTrip((callback) => callback.searchParams.set("openid.claimed_id", "https://steamcommunity.com/openid/id/76561198000000999"))).toBe(
      "/salja/vardering?fel=steam",
    );
    expect(await roundTrip((callback) => callback.searchParams.set("state", "A".repeat(32)))).toBe("/salja/vardering?fel=steam");
    expect(await counts()).toEqual(before);
    const failed = await (await page("?fel=steam")).text();
    expect(failed).toContain("Steam-inloggningen kunde inte bekräftas");
  });
});

describe("price alerts over HTTP", () => {
  const postForm = (path: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      body: formBody(fields),
      redirect: "manual",
    });
  const alert = (fields: Record<string, string>, cookie = "") =>
    postForm("/salja/vardering", { intent: "alert:11", steam: STEAM_ID, assetId: "11", ...fields }, cookie);

  it("refuses hostile input in Swedish and stores nothing", async () => {
    const before = await db().$count(price_alerts);
    const hostile: Record<string, string>[] = [
      { target: "300" },
      { target: "<script>", email: "a@example.se" },
      { target: "300", email: "a@example.se", assetId: "11 OR 1=1" },
      { target: "300", email: "a@example.se", steam: "javascript:alert(1)" },
      { target: "300", email: "a@example.se", intent: "delete" },
    ];
    for (const fields of hostile) {
      const response = await alert(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toMatch(/Ange |Klistra in|Välj ett|Ogiltig förfrågan/);
    }
    expect(await db().$count(price_alerts)).toBe(before);
  });

  it("a visitor's alert waits for the link's confirmation; the link's GET changes nothing; stop ends it", async () => {
    const created = await alert({ target: "300", email: "lanklasare@example.se" });
    expect(created.status).toBe(200);
    expect(await created.text()).toContain("Nästan klart: bekräfta bevakningen via länken vi har mejlat dig.");
    const [row] = await db().select().from(price_alerts).where(eq(price_alerts.email, "lanklasare@example.se"));
    expect(row?.confirmed_at).toBeNull();
    expect(await db().$count(mail_queue, eq(mail_queue.to_address, "lanklasare@example.se"))).toBe(1);
    const link = `/prisbevakning?token=${priceAlertToken(row!.id)}`;
    const page = await fetch(`${server.url}${link}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toContain("Bekräfta bevakningen");
    expect((await db().select().from(price_alerts).where(eq(price_alerts.id, row!.id)))[0]?.confirmed_at).toBeNull();
    expect((await postForm(link, { intent: "confirm" })).status).toBe(200);
    expect((await db().select().from(price_alerts).where(eq(price_alerts.id, row!.id)))[0]?.confirmed_at).not.toBeNull();
    expect((await postForm(`/prisbevakning?token=${row!.id}.${"x".repeat(43)}`, { intent: "stop" })).status).toBe(400);
    expect(await db().$count(price_alerts, eq(price_alerts.id, row!.id))).toBe(1);
    const stopped = await postForm(link, { intent: "stop" });
    expect(stopped.status, (await stopped.clone().text()).replace(/<[^>]+>/g, " ").slice(-3000)).toBe(200);
    expect(await db().$count(price_alerts, eq(price_alerts.id, row!.id))).toBe(0);
  });

  it("a member's alert is active at once, listed on /prisbevakningar, and only they can remove it", async () => {
    const owner = await createMember(server, "agare-bevakning@example.se");
    const stranger = await createMember(server, "annan-bevakning@example.se");
    expect((await alert({ target: "300" }, owner.cookie)).status).toBe(200);
    const [row] = await db().select().from(price_alerts).where(eq(price_alerts.user_id, owner.userId));
    expect(row?.confirmed_at).not.toBeNull();
    const list = await fetch(`${server.url}/prisbevakningar`, { headers: { cookie: owner.cookie } });
    expect(await list.text()).toContain("AK-47 | Redline (Field-Tested)");
    expect((await postForm("/prisbevakningar?index", { intent: "delete", id: row!.id }, stranger.cookie)).status).toBe(404);
    expect((await postForm("/prisbevakningar?index", { intent: "delete", id: "'; DROP TABLE price_alerts; --" }, owner.cookie)).status).toBe(400);
    expect(await db().$count(price_alerts, eq(price_alerts.id, row!.id))).toBe(1);
    expect((await postForm("/prisbevakningar?index", { intent: "delete", id: row!.id }, owner.cookie)).status).toBe(200);
    expect(await db().$count(price_alerts, eq(price_alerts.id, row!.id))).toBe(0);
  });
});
