/**
 * "Radera konto" through the production build (decision 049): the step-up it needs, hostile
 * input, that a member can only ever delete their own account, and that afterwards the member
 * cannot sign in and neither the server's log nor its mail output names them.
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_MESSAGES } from "~/modules/accounts/account-deletion";
import { TWO_FACTOR_MESSAGES } from "~/modules/accounts/two-factor-messages";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { acceptQuote } from "~/modules/selling/sell-orders.server";
import { clearTradeHoldCache } from "~/modules/selling/steam-trade-hold.server";
import { account, profiles, session, user, verified_identities } from "~/platform/db/schema";
import { dropSingleton, singleton } from "~/platform/singleton.server";
import { FakeSteamWebApi } from "./fakes/steam-web-api";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, MEMBER_PASSWORD, signInCookie, type TestMember } from "./test-members";

let server: InProcessServer;
let fake: FakeSteamWebApi;
let log = "";
const db = () => server.database.db;

beforeAll(async () => {
  // The server's log, at info level, into this string (the build takes the logger from the registry).
  dropSingleton("logger");
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  singleton("logger", () => pino({ level: "info", base: { service: "skinhamnen" } }, sink));
  fake = await new FakeSteamWebApi().start();
  server = await startInProcessServer({ STEAM_API_URL: fake.url, STEAM_API_KEY: fake.apiKey });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.stop();
  dropSingleton("logger");
});

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: formBody(fields),
  });
}

const deleteAccount = (cookie: string | undefined, fields: Record<string, string> = {}) =>
  post("/profile", { intent: "delete-account", confirmation: "RADERA", ...fields }, cookie);

const stepUp = (cookie: string) => post("/profile/bekrafta", { intent: "password", password: MEMBER_PASSWORD, redirectTo: "/profile" }, cookie);

async function exists(userId: string): Promise<boolean> {
  const [row] = await db().select({ deletedAt: profiles.deleted_at }).from(profiles).where(eq(profiles.user_id, userId));
  return row !== undefined && row.deletedAt === null;
}

async function memberWithSteam(email: string, firstName: string, lastName: string, steamId: string): Promise<TestMember> {
  const member = await createMember(server, email, { firstName, lastName });
  await db().update(profiles).set({ steam_id: steamId }).where(eq(profiles.user_id, member.userId));
  return member;
}

describe("POST /profile intent=delete-account", () => {
  it("refuses a signed-out visitor, a missing step-up and hostile input in Swedish, and deletes nothing", async () => {
    const member = await memberWithSteam("radera-fientlig@example.se", "Fientlig", "Testsson", "76561198000000111");
    const anonymous = await deleteAccount(undefined);
    expect(anonymous.status).not.toBe(200);
    expect([302, 401, 403]).toContain(anonymous.status);

    const notConfirmed = await deleteAccount(member.cookie);
    expect(notConfirmed.status).toBe(403);
    expect(await notConfirmed.text()).toContain(TWO_FACTOR_MESSAGES.stepUpRequired);

    expect((await stepUp(member.cookie)).status).toBe(302);
    for (const confirmation of ["", "JA", "RADERA\u0000", "R".repeat(10_000), "'; DROP TABLE profiles; --"]) {
      const refused = await deleteAccount(member.cookie, { confirmation });
      expect(refused.status, confirmation.slice(0, 20)).toBe(400);
      const text = await refused.text();
      expect(text).toMatch(/Skriv RADERA för att bekräfta|tecken som inte är tillåtna|för lång/);
    }
    const missing = await post("/profile", { intent: "delete-account" }, member.cookie);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(ACCOUNT_DELETION_MESSAGES.confirmationMissing);
    expect(await exists(member.userId)).toBe(true);
  });

  it("deletes only the signed-in member's own account, whatever id the form names", async () => {
    const victim = await memberWithSteam("radera-offer@example.se", "Offer", "Oskyldig", "76561198000000222");
    const other = await memberWithSteam("radera-annan@example.se", "Annan", "Medlem", "76561198000000333");
    expect((await stepUp(other.cookie)).status).toBe(302);
    const response = await deleteAccount(other.cookie, { userId: victim.userId, user_id: victim.userId, id: victim.userId });
    expect(response.status).toBe(302);
    expect(await exists(victim.userId)).toBe(true);
    expect(await exists(other.userId)).toBe(false);
    // The victim's session still works.
    const page = await fetch(`${server.url}/profile`, { headers: { cookie: victim.cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
  });

  it("after a fresh step-up, signs the member out for good and leaves no trace in the log or the mail output", async () => {
    const email = "radera-mig@example.se";
    const name = { first: "Raderbar", last: "Spårlösson" };
    const steamId = "76561198000000444";
    const member = await memberWithSteam(email, name.first, name.last, steamId);
    const second = await signInCookie(server.url, email);
    expect((await stepUp(member.cookie)).status).toBe(302);

    let stdout = "";
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      stdout += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString();
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    const logStart = log.length;
    try {
      const response = await deleteAccount(member.cookie, { confirmation: " radera " });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/konto-raderat");
      // The browser's session cookie is cleared.
      expect(response.headers.get("set-cookie") ?? "").toMatch(/session_token=;|Max-Age=0/);

      // Every session ended, this one and the other device's.
      expect(await db().select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
      for (const cookie of [member.cookie, second]) {
        const page = await fetch(`${server.url}/profile`, { headers: { cookie }, redirect: "manual" });
        expect(page.status).toBe(302);
      }
      // Signing in again fails: the address no longer belongs to an account.
      await expect(signInCookie(server.url, email)).rejects.toThrow();
      const [tombstone] = await db().select().from(user).where(eq(user.id, member.userId));
      expect(tombstone!.email).not.toContain("radera-mig");

      const page = await fetch(`${server.url}/konto-raderat`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(ACCOUNT_DELETION_MESSAGES.deleted);
    } finally {
      process.stdout.write = write;
    }
    const output = log.slice(logStart) + stdout;
    expect(log.slice(logStart)).toContain("account deleted");
    for (const needle of [email, name.first, name.last, steamId]) expect(output).not.toContain(needle);
  });

  it("is refused with a Swedish 409 naming what to do while a sell order is open, and changes nothing", async () => {
    const email = "radera-oppen@example.se";
    const userId = await createSeller(db(), createPayoutKeyring(randomBytes(32).toString("base64")), { email });
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    await db().insert(account).values({ accountId: userId, providerId: "credential", userId, password: await hashPassword(MEMBER_PASSWORD) });
    clearTradeHoldCache();
    const accepted = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId) }, { steam: { apiUrl: fake.url, apiKey: fake.apiKey } });
    expect(accepted.ok).toBe(true);
    const cookie = await signInCookie(server.url, email);
    expect((await stepUp(cookie)).status).toBe(302);
    const refused = await deleteAccount(cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(ACCOUNT_DELETION_MESSAGES.openOrders(1));
    expect(await exists(userId)).toBe(true);
    expect(await db().select().from(verified_identities).where(eq(verified_identities.user_id, userId))).toHaveLength(1);
    // Still signed in (the identity was sealed with this test's key, so the profile page itself is not read here).
    expect(await db().select().from(session).where(eq(session.userId, userId))).toHaveLength(1);
  });

  it("for an account made with Steam or Google (no password, no second factor): only within 10 minutes of signing in", async () => {
    const member = await createMember(server, "radera-steam@example.se");
    await db().update(account).set({ password: null }).where(eq(account.userId, member.userId));
    await db().update(session).set({ createdAt: new Date(Date.now() - 20 * 60_000) }).where(eq(session.userId, member.userId));
    const stale = await deleteAccount(member.cookie);
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain(ACCOUNT_DELETION_MESSAGES.recentSignIn);
    expect(await exists(member.userId)).toBe(true);

    await db().update(session).set({ createdAt: new Date() }).where(eq(session.userId, member.userId));
    const deleted = await deleteAccount(member.cookie);
    expect([200, 204, 302]).toContain(deleted.status);
    expect(await exists(member.userId)).toBe(false);
  });
});
