import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, email_outbox, openid_nonces, session, user } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { sendMail } from "~/platform/mail/mailer.server";
import { createAuth, type Auth } from "./auth.server";
import { getProfile } from "./profiles.server";
import {
  consumeNonce,
  fetchSteamPlayerSummary,
  signupReferralCodeFrom,
  steamPlaceholderEmail,
  verifySteamCallback,
} from "./steam-sign-in.server";

let database: TestDatabase;
let auth: Auth;
const baseURL = "http://localhost:3999";
const endpoint = "https://steamcommunity.com/openid/login";
const returnTo = `${baseURL}/auth/steam/callback?state=s1`;
const steamId = "76561198000000042";

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  auth = createAuth({ db: database.db, baseURL, secret: "test-secret-".padEnd(40, "x") });
});
afterAll(async () => {
  await database?.close();
});

function callbackUrl(nonce: string, overrides: Record<string, string> = {}): URL {
  const url = new URL(returnTo);
  const fields: Record<string, string> = {
    "openid.ns": "http://specs.openid.net/auth/2.0",
    "openid.mode": "id_res",
    "openid.op_endpoint": endpoint,
    "openid.claimed_id": `https://steamcommunity.com/openid/id/${steamId}`,
    "openid.identity": `https://steamcommunity.com/openid/id/${steamId}`,
    "openid.return_to": returnTo,
    "openid.response_nonce": nonce,
    "openid.assoc_handle": "1234567890",
    "openid.signed": "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle",
    "openid.sig": "c2ln",
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  return url;
}

/** A stand-in for Steam's check_authentication endpoint that records what it was sent. */
function provider(answer: string, status = 200) {
  const calls: Array<{ url: string; body: URLSearchParams }> = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    calls.push({ url, body: new URLSearchParams(String(init?.body ?? "")) });
    return new Response(answer, { status });
  };
  return { calls, fetch: fetchImpl };
}

const freshNonce = (suffix: string) => `${new Date().toISOString().replace(/\.\d{3}Z$/, "Z")}${suffix}`;

describe("verifying Steam's redirect", () => {
  it("accepts an assertion the provider confirms with is_valid:true, posting check_authentication", async () => {
    const steam = provider("ns:http://specs.openid.net/auth/2.0\nis_valid:true\n");
    const result = await verifySteamCallback(database.db, callbackUrl(freshNonce("ok1")), {
      endpoint,
      expectedReturnTo: returnTo,
      fetch: steam.fetch,
    });
    expect(result).toEqual({ ok: true, steamId });
    expect(steam.calls).toHaveLength(1);
    expect(steam.calls[0]!.url).toBe(endpoint);
    expect(steam.calls[0]!.body.get("openid.mode")).toBe("check_authentication");
    expect(steam.calls[0]!.body.get("openid.sig")).toBe("c2ln");
  });

  it("rejects when the provider answers is_valid:false or fails", async () => {
    for (const [answer, status, reason] of [
      ["is_valid:false\n", 200, "not_valid"],
      ["is_valid:true\n", 500, "provider_error"],
    ] as const) {
      const steam = provider(answer, status);
      const result = await verifySteamCallback(database.db, callbackUrl(freshNonce(`bad${status}`)), {
        endpoint,
        expectedReturnTo: returnTo,
        fetch: steam.fetch,
      });
      expect(result).toEqual({ ok: false, reason });
    }
  });

  it("rejects a replayed nonce without asking the provider again", async () => {
    const nonce = freshNonce("replay");
    const first = provider("is_valid:true\n");
    expect(
      await verifySteamCallback(database.db, callbackUrl(nonce), { endpoint, expectedReturnTo: returnTo, fetch: first.fetch }),
    ).toMatchObject({ ok: true });
    const second = provider("is_valid:true\n");
    expect(
      await verifySteamCallback(database.db, callbackUrl(nonce), { endpoint, expectedReturnTo: returnTo, fetch: second.fetch }),
    ).toEqual({ ok: false, reason: "replayed_nonce" });
    expect(second.calls).toHaveLength(0);
  });

  it("never contacts the provider for a forged assertion", async () => {
    const steam = provider("is_valid:true\n");
    const result = await verifySteamCallback(
      database.db,
      callbackUrl(freshNonce("forged"), { "openid.op_endpoint": "https://evil.example/openid/login" }),
      { endpoint, expectedReturnTo: returnTo, fetch: steam.fetch },
    );
    expect(result).toEqual({ ok: false, reason: "wrong_op_endpoint" });
    expect(steam.calls).toHaveLength(0);
  });

  it("purges nonces too old to be accepted anyway", async () => {
    await database.db.insert(openid_nonces).values({ nonce: "ancient", created_at: new Date(Date.now() - 3600_000) });
    expect(await consumeNonce(database.db, "brand-new")).toBe(true);
    const rows = await database.db.select().from(openid_nonces).where(eq(openid_nonces.nonce, "ancient"));
    expect(rows).toHaveLength(0);
    expect(await consumeNonce(database.db, "brand-new")).toBe(false);
  });
});

describe("signing in with a verified Steam id", () => {
  let firstUserId = "";

  it("creates a user with a placeholder address, a steam account row, a profile and a session", async () => {
    const result = await auth.api.signInWithVerifiedSteamId({
      body: { steamId, name: "Gabe", avatarUrl: "https://avatars.example/a.jpg", referralCode: "VAN123" },
      headers: new Headers({ origin: baseURL }),
      returnHeaders: true,
    });
    expect(result.response.isNew).toBe(true);
    expect(result.headers.get("set-cookie")).toMatch(/skinhamnen\.session_token=/);
    firstUserId = result.response.userId;

    const [row] = await database.db.select().from(user).where(eq(user.id, firstUserId));
    expect(row).toMatchObject({ email: steamPlaceholderEmail(steamId), emailVerified: true, name: "Gabe" });
    const accounts = await database.db.select().from(account).where(eq(account.userId, firstUserId));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([["steam", steamId]]);
    const profile = await getProfile(database.db, firstUserId);
    expect(profile).toMatchObject({
      steam_id: steamId,
      email_is_placeholder: true,
      display_name: "Gabe",
      first_name: null,
      avatar_url: "https://avatars.example/a.jpg",
      signup_referral_code: "VAN123",
    });
    const sessions = await database.db.select().from(session).where(eq(session.userId, firstUserId));
    expect(sessions).toHaveLength(1);
  });

  it("reuses the same user on the second sign-in", async () => {
    const again = await auth.api.signInWithVerifiedSteamId({
      body: { steamId, name: "Another name" },
      headers: new Headers({ origin: baseURL }),
    });
    expect(again).toEqual({ userId: firstUserId, isNew: false });
    const users = await database.db.select().from(user).where(eq(user.email, steamPlaceholderEmail(steamId)));
    expect(users).toHaveLength(1);
    const accounts = await database.db.select().from(account).where(eq(account.userId, firstUserId));
    expect(accounts).toHaveLength(1);
    const sessions = await database.db.select().from(session).where(eq(session.userId, firstUserId));
    expect(sessions).toHaveLength(2);
  });

  it("is not reachable over HTTP", async () => {
    const response = await auth.handler(
      new Request(`${baseURL}/api/auth/sign-in-with-verified-steam-id`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL },
        body: JSON.stringify({ steamId: "76561198000000099" }),
      }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("never mails the placeholder address", async () => {
    const result = await sendMail(
      { to: steamPlaceholderEmail(steamId), template: "confirmEmail", data: { name: "Gabe", url: "https://x.se" } },
      database.db,
    );
    expect(result.delivery).toBe("skipped");
    const rows = await database.db.select().from(email_outbox).where(eq(email_outbox.to_address, steamPlaceholderEmail(steamId)));
    expect(rows).toHaveLength(0);
  });
});

describe("Steam helpers", () => {
  it("reads name and avatar from GetPlayerSummaries with the key and id", async () => {
    let called = "";
    const summary = await fetchSteamPlayerSummary(
      { apiUrl: "https://api.example/", apiKey: "KEY", steamId },
      async (url) => {
        called = url;
        return Response.json({
          response: { players: [{ steamid: steamId, personaname: " Gabe ", avatarfull: "https://cdn.example/a.jpg" }] },
        });
      },
    );
    expect(called).toBe(`https://api.example/ISteamUser/GetPlayerSummaries/v0002/?key=KEY&steamids=${steamId}`);
    expect(summary).toEqual({ name: "Gabe", avatarUrl: "https://cdn.example/a.jpg" });
    expect(await fetchSteamPlayerSummary({ apiUrl: "https://api.example", apiKey: "K", steamId }, async () => new Response("", { status: 403 }))).toBeNull();
  });

  it("keeps a referral code only in the sign-up format", () => {
    expect(signupReferralCodeFrom("van-123")).toBe("VAN123");
    expect(signupReferralCodeFrom("ab")).toBeNull();
    expect(signupReferralCodeFrom(null)).toBeNull();
  });
});
