/**
 * "Koppla Steam" through the production build (docs/rules/selling.md#linking-steam), against a
 * fake Steam OpenID provider: the same checks as Steam sign-in, the verified id stored on the
 * member who started the flow, another account's Steam id refused, a security event.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, profiles, security_events } from "~/platform/db/schema";
import { startFakeSteamOpenId, type FakeSteamOpenId } from "./fakes/steam-openid";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, type TestMember } from "./test-members";

const STEAM_ID = "76561198000000555";
let steam: FakeSteamOpenId;
let server: InProcessServer;
let first: TestMember;
let second: TestMember;
const db = () => server.database.db;

beforeAll(async () => {
  steam = await startFakeSteamOpenId(STEAM_ID);
  server = await startInProcessServer({ STEAM_OPENID_URL: steam.endpoint });
  first = await createMember(server, "koppla-forsta@example.se");
  second = await createMember(server, "koppla-andra@example.se");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await steam?.stop();
});

/** The whole round trip as a browser makes it; returns where the callback sent the member. */
async function linkRoundTrip(who: TestMember, tamper?: (callback: URL) => void): Promise<string> {
  const start = await fetch(`${server.url}/auth/steam/koppla`, { headers: { cookie: who.cookie }, redirect: "manual" });
  expect(start.status).toBe(302);
  const flowCookie = /(skinhamnen\.steam_link=[^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1];
  expect(flowCookie).toBeDefined();
  const atSteam = await fetch(start.headers.get("location")!, { redirect: "manual" });
  const callback = new URL(atSteam.headers.get("location")!);
  tamper?.(callback);
  const back = await fetch(callback, { headers: { cookie: `${who.cookie}; ${flowCookie}` }, redirect: "manual" });
  expect(back.status).toBe(302);
  return back.headers.get("location") ?? "";
}

const steamIdOf = async (who: TestMember) =>
  (await db().select({ steamId: profiles.steam_id }).from(profiles).where(eq(profiles.user_id, who.userId)))[0]?.steamId ?? null;

describe("Koppla Steam", () => {
  it("sends a signed-out visitor to sign in", async () => {
    const response = await fetch(`${server.url}/auth/steam/koppla`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("refuses an assertion Steam does not confirm, and a callback without the flow's cookie", async () => {
    steam.isValid = false;
    expect(await linkRoundTrip(first)).toBe("/profile?steam=failed#salja");
    steam.isValid = true;
    const bare = await fetch(`${server.url}/auth/steam/koppla/callback?state=${"a".repeat(32)}&openid.mode=id_res`, { headers: { cookie: first.cookie }, redirect: "manual" });
    expect(bare.headers.get("location")).toBe("/profile?steam=failed#salja");
    // A forged claimed_id never reaches Steam's check.
    const checks = steam.checkAuthentications.length;
    expect(await linkRoundTrip(first, (url) => url.searchParams.set("openid.claimed_id", "https://evil.example/openid/id/76561198000000555"))).toBe("/profile?steam=failed#salja");
    expect(steam.checkAuthentications.length).toBe(checks);
    expect(await steamIdOf(first)).toBeNull();
  });

  it("links the verified Steam id to the member, as their Steam account, with a security event; the profile says so", async () => {
    expect(await linkRoundTrip(first)).toBe("/profile?steam=linked#salja");
    expect(await steamIdOf(first)).toBe(STEAM_ID);
    const accounts = await db().select().from(account).where(and(eq(account.providerId, "steam"), eq(account.accountId, STEAM_ID)));
    expect(accounts.map((row) => row.userId)).toEqual([first.userId]);
    const events = await db().select().from(security_events).where(and(eq(security_events.user_id, first.userId), eq(security_events.event_type, "steam_linked")));
    expect(events).toHaveLength(1);
    const page = await fetch(`${server.url}/profile?steam=linked`, { headers: { cookie: first.cookie } });
    const html = await page.text();
    expect(html).toContain("Ditt Steam-konto är kopplat.");
    expect(html).not.toContain('data-testid="link-steam"');
  });

  it("refuses a Steam id already linked to another account, with a clear message", async () => {
    expect(await linkRoundTrip(second)).toBe("/profile?steam=taken#salja");
    expect(await steamIdOf(second)).toBeNull();
    const page = await fetch(`${server.url}/profile?steam=taken`, { headers: { cookie: second.cookie } });
    expect(await page.text()).toContain("Det här Steam-kontot är redan kopplat till ett annat konto hos oss.");
    const refused = await db().select().from(security_events).where(and(eq(security_events.user_id, second.userId), eq(security_events.event_type, "steam_link_refused")));
    expect(refused).toHaveLength(1);
  });

  it("shows the checklist's fix as 'Koppla Steam' to a member without Steam", async () => {
    const page = await fetch(`${server.url}/salja`, { headers: { cookie: second.cookie } });
    const html = await page.text();
    expect(html).toContain('href="/auth/steam/koppla"');
    expect(html).toContain("Koppla Steam");
  });
});
