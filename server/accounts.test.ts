/**
 * Account endpoints over HTTP on the production build: which Better Auth endpoints are
 * reachable, attempt limits with Retry-After on page actions, the origin check on sign-out,
 * the internal client-IP header and the TRUST_PROXY start-up rule. A confirmed member with
 * sessions is written into the server's own database (before start-up on PGlite, which one
 * process at a time may open; right after it on PostgreSQL).
 */
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { eq, inArray } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Db } from "../app/platform/db/client.server";
import { account, profiles, security_events, session, user } from "../app/platform/db/schema";
import { INPUT_MESSAGES } from "../app/lib/validation";
import { runServerExpectingExit, startTestServer, type TestServer } from "./test-server";

const SECRET = "accounts-http-test-secret-".padEnd(48, "z");
const PASSWORD = "Hemligt#2026";
const FOREIGN_ORIGIN = "https://evil.example";

interface Member {
  email: string;
  userId: string;
  /** Session tokens: `fresh` was just created, `due` is old enough to be refreshed on use. */
  tokens: { fresh: string; due: string; spare: string };
}

async function seedMember(db: Db, email: string): Promise<Member> {
  const [created] = await db
    .insert(user)
    .values({ name: "Greta", email, emailVerified: true })
    .returning({ id: user.id });
  const userId = created!.id;
  await db.insert(account).values({
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword(PASSWORD),
  });
  await db.insert(profiles).values({ user_id: userId, email, first_name: "Greta", last_name: "Test", display_name: "Greta" });
  const day = 24 * 60 * 60 * 1000;
  const tokens = { fresh: `fresh${userId.replaceAll("-", "")}`, due: `due${userId.replaceAll("-", "")}`, spare: `spare${userId.replaceAll("-", "")}` };
  await db.insert(session).values([
    { userId, token: tokens.fresh, expiresAt: new Date(Date.now() + 14 * day) },
    { userId, token: tokens.spare, expiresAt: new Date(Date.now() + 14 * day) },
    // Expires within the hour: Better Auth slides it forward (a refresh) on the next use.
    { userId, token: tokens.due, expiresAt: new Date(Date.now() + 60 * 60 * 1000), updatedAt: new Date(Date.now() - 13 * day) },
  ]);
  return { email, userId, tokens };
}

/** The session cookie as Better Auth signs it. */
function sessionCookie(token: string): string {
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  return `skinhamnen.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

interface MemberServer {
  server: TestServer;
  member: Member;
  /** Runs a query on the server's database; on PGlite the server is stopped first. */
  finish<T>(read: (db: Db) => Promise<T>): Promise<T>;
}

async function startWithMember(email: string, env: Record<string, string> = {}): Promise<MemberServer> {
  const baseEnv = { BETTER_AUTH_SECRET: SECRET, LOG_LEVEL: "warn", ...env };
  if (process.env.DATABASE_URL) {
    const server = await startTestServer(baseEnv);
    const database = openPostgres(server.databaseUrl!);
    const member = await seedMember(database.db, email);
    return {
      server,
      member,
      async finish(read) {
        try {
          return await read(database.db);
        } finally {
          await database.close();
          await server.stop();
        }
      },
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-accounts-http-"));
  const before = openPglite(path.join(dataDir, "pglite"));
  await before.migrate();
  const member = await seedMember(before.db, email);
  await before.close();
  const server = await startTestServer({ ...baseEnv, DATA_DIR: dataDir });
  return {
    server,
    member,
    async finish(read) {
      await server.stop();
      const after = openPglite(path.join(dataDir, "pglite"));
      try {
        return await read(after.db);
      } finally {
        await after.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

let running: MemberServer;
let server: TestServer;
let member: Member;

beforeAll(async () => {
  running = await startWithMember("greta@example.se");
  ({ server, member } = running);
}, 90_000);
afterAll(async () => {
  await running?.finish(async () => null);
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function post(pathname: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, ...headers },
    body,
  });
}

/** True while the session behind the cookie still opens /profile. */
async function signedIn(token: string): Promise<boolean> {
  const response = await fetch(`${server.url}/profile`, { redirect: "manual", headers: { cookie: sessionCookie(token) } });
  await response.arrayBuffer();
  return response.status === 200;
}

describe("Better Auth's HTTP surface", () => {
  it("answers 404 to every endpoint the site does not use, whatever the body", async () => {
    const cookie = sessionCookie(member.tokens.fresh);
    const refused: Array<[string, string, unknown]> = [
      ["POST", "/sign-up/email", { email: "svag@example.se", password: "aaaaaaaa", name: "x".repeat(1_000_000), image: "javascript:alert(1)" }],
      ["POST", "/sign-in/email", { email: member.email, password: "fel" }],
      ["POST", "/change-password", { currentPassword: "fel", newPassword: "aaaaaaaa" }],
      ["POST", "/verify-password", { password: "fel" }],
      ["POST", "/update-user", { name: { a: 1 } }],
      ["POST", "/update-user", { name: null }],
      ["POST", "/change-email", { newEmail: "ny@example.se" }],
      ["POST", "/delete-user", {}],
      ["POST", "/sign-out", {}],
      ["POST", "/request-password-reset", { email: member.email }],
      ["POST", "/send-verification-email", { email: member.email }],
      ["POST", "/revoke-sessions", {}],
      ["GET", "/get-session", undefined],
      ["GET", "/list-sessions", undefined],
      ["GET", "/list-accounts", undefined],
      ["GET", "/ok", undefined],
      ["GET", "/error", undefined],
    ];
    for (const [method, endpoint, body] of refused) {
      const response = await fetch(`${server.url}/api/auth${endpoint}`, {
        method,
        redirect: "manual",
        headers: { "content-type": "application/json", origin: server.url, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await response.arrayBuffer();
      expect([method, endpoint, response.status]).toEqual([method, endpoint, 404]);
    }
    // Nothing changed: the account keeps its name and its session.
    expect(await signedIn(member.tokens.fresh)).toBe(true);
    const html = await (await fetch(`${server.url}/profile`, { headers: { cookie } })).text();
    expect(html).toContain("Greta");
    expect(html).not.toContain("[object Object]");
  });

  it("keeps the mailed links working and answers hostile link input with a Swedish 400", async () => {
    const verify = await fetch(`${server.url}/api/auth/verify-email?token=ogiltig&callbackURL=%2Fauth%3Fmode%3Dsignin`, { redirect: "manual" });
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toContain("/auth?mode=signin");
    const reset = await fetch(`${server.url}/api/auth/reset-password/ogiltig?callbackURL=%2Fauth%3Fmode%3Dreset-password`, { redirect: "manual" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toContain("error=INVALID_TOKEN");

    for (const link of [
      "/api/auth/reset-password/abc%00def?callbackURL=%2Fauth",
      "/api/auth/verify-email?token=abc%00def&callbackURL=%2Fauth",
      "/api/auth/verify-email?token=a&token=b",
      "/api/auth/callback/google?code=x%00&state=y",
    ]) {
      const response = await fetch(`${server.url}${link}`, { redirect: "manual" });
      expect([link, response.status]).toEqual([link, 400]);
      expect((await response.json()).message).toMatch(/[åäö]|Ogiltig/);
    }
  });
});

describe("account forms", () => {
  it("answer control characters in any account field with a Swedish 400 and create nothing", async () => {
    const cases: Array<Record<string, string>> = [
      { intent: "signup", email: "nul@example.se", password: PASSWORD, firstName: "Kalle", lastName: "An\u0000ka" },
      { intent: "signup", email: "nul@example.se", password: PASSWORD, firstName: "Ka\u001blle", lastName: "Anka" },
      { intent: "reset-password", token: "abc\u0000def", password: PASSWORD, confirmPassword: PASSWORD },
    ];
    for (const fields of cases) {
      const response = await post("/auth.data", form(fields));
      expect([fields.intent, response.status]).toEqual([fields.intent, 400]);
      expect(await response.text()).toContain(INPUT_MESSAGES.controlCharacters);
    }
    const signIn = await post("/auth.data", form({ intent: "signin", email: "nul@example.se", password: PASSWORD }));
    expect(signIn.status).toBe(401);
    await signIn.arrayBuffer();
  });
});

describe("the sign-up wizard posted step by step (no JavaScript)", () => {
  const SECRET_PASSWORD = "Hemligt#Steg2026";
  /** A wizard step as the browser posts the page without JavaScript: a document request. */
  const step = (fields: Record<string, string>) =>
    post("/auth?mode=signup", form({ intent: "signup", ...fields }), { accept: "text/html" });
  /** The page's markup, without React's markers between adjoining texts. */
  const markup = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
  const valueOf = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

  it("checks each step on the server, answers with the next step and carries every value but the password", async () => {
    const email = "steg.for.steg@example.se";
    const mismatch = await step({ step: "1", email, password: SECRET_PASSWORD, confirmPassword: `${SECRET_PASSWORD}x` });
    expect(mismatch.status).toBe(400);
    let html = await markup(mismatch);
    expect(html).toContain("Steg 1 av 3");
    expect(html).toMatch(/id="signup-confirm-error"[^>]*>Lösenorden matchar inte\./);
    expect(html).not.toContain(SECRET_PASSWORD);

    const first = await step({ step: "1", email, password: SECRET_PASSWORD, confirmPassword: SECRET_PASSWORD });
    expect(first.status).toBe(200);
    html = await markup(first);
    expect(html).toContain("Steg 2 av 3");
    expect(valueOf(html, "email")).toBe(email);
    expect(valueOf(html, "step")).toBe("2");
    // The password is never written back into the page.
    expect(html).not.toContain(SECRET_PASSWORD);
    expect(html).not.toMatch(/name="(password|confirmPassword)"[^>]*value="[^"]/);

    const noNames = await step({ step: "2", email, firstName: " ", lastName: "", phoneNumber: "070-123 45 67" });
    expect(noNames.status).toBe(400);
    html = await markup(noNames);
    expect(html).toContain("Steg 2 av 3");
    expect(html).toMatch(/id="signup-first-name-error"[^>]*>Vänligen fyll i för- och efternamn\./);
    expect(valueOf(html, "phoneNumber")).toBe("070-123 45 67");

    const second = await step({ step: "2", email, firstName: "Stina", lastName: "Steg", phoneNumber: "" });
    html = await markup(second);
    expect(html).toContain("Steg 3 av 3");
    expect([valueOf(html, "email"), valueOf(html, "firstName"), valueOf(html, "lastName")]).toEqual([email, "Stina", "Steg"]);
    // The last step asks for the password again, empty.
    expect(html).toContain("Skriv ditt lösenord igen");
    expect(html).toMatch(/<input[^>]*name="password"/);

    const back = await step({ step: "3", back: "1", email, firstName: "Stina", lastName: "Steg" });
    expect(back.status).toBe(200);
    expect(await markup(back)).toContain("Steg 2 av 3");

    const weak = await step({ step: "3", email, firstName: "Stina", lastName: "Steg", password: "svagt", confirmPassword: "svagt" });
    expect(weak.status).toBe(400);
    html = await markup(weak);
    expect(html).toContain("Steg 3 av 3");
    expect(html).toMatch(/id="signup-password-error"[^>]*>Lösenordet måste innehålla versaler, gemener, siffror och symboler\./);

    const badLink = await step({
      step: "3", email, firstName: "Stina", lastName: "Steg", password: SECRET_PASSWORD, confirmPassword: SECRET_PASSWORD,
      steamTradeLink: "https://example.com/trade",
    });
    expect(badLink.status).toBe(400);
    html = await markup(badLink);
    expect(html).toMatch(/id="signup-trade-link-error"[^>]*>Ange en giltig trade-länk/);
    expect(html).not.toContain(SECRET_PASSWORD);

    const created = await step({
      step: "3", email, firstName: "Stina", lastName: "Steg", password: SECRET_PASSWORD, confirmPassword: SECRET_PASSWORD, newsletter: "on",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(`/email-confirmation?email=${encodeURIComponent(email)}&mode=signup`);
    await created.arrayBuffer();
    // The account exists, unconfirmed, with the password of step 3.
    const signIn = await post("/auth.data", form({ intent: "signin", email, password: SECRET_PASSWORD }));
    expect(signIn.status).toBe(403);
    expect(await signIn.text()).toContain("EMAIL_NOT_VERIFIED");
  });

  it("answers a fetcher's steps and last step as data, the created account without a redirect", async () => {
    const email = "med.skript@example.se";
    const first = await post("/auth.data", form({ intent: "signup", step: "1", email, password: SECRET_PASSWORD, confirmPassword: SECRET_PASSWORD }));
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(body).toContain(email);
    expect(body).not.toContain(SECRET_PASSWORD);
    const fields = { intent: "signup", step: "3", email, password: SECRET_PASSWORD, confirmPassword: SECRET_PASSWORD, firstName: "Med", lastName: "Skript" };
    const mismatch = await post("/auth.data", form({ ...fields, confirmPassword: "Annat#2026" }));
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Lösenorden matchar inte.");
    const created = await post("/auth.data", form(fields));
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(email);
  });
});

describe("the referral_code cookie", () => {
  it("is the fallback code of an email sign-up and a Steam sign-in start, never over an explicit code, ignored when invalid", async () => {
    const own = await startWithMember("hanna@example.se");
    const at = (pathname: string) => `${own.server.url}${pathname}`;
    const flow = createCookie("skinhamnen.steam_flow", { secrets: [SECRET] });
    const steamRef = async (pathname: string, cookie: string) => {
      const response = await fetch(at(pathname), { redirect: "manual", headers: { cookie } });
      expect(response.status).toBe(302);
      const value = (await flow.parse(response.headers.get("set-cookie"))) as { ref: string | null };
      return value.ref;
    };
    const signUp = async (email: string, cookie: string, referralCode = "") => {
      const response = await fetch(at("/auth.data"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: own.server.url, cookie },
        body: form({ intent: "signup", email, password: PASSWORD, firstName: "Kaka", lastName: "Test", referralCode }),
      });
      expect([email, response.status]).toEqual([email, 200]);
      await response.arrayBuffer();
    };

    expect(await steamRef("/auth/steam", "theme=dark; referral_code=van123")).toBe("VAN123");
    expect(await steamRef("/auth/steam?ref=LANK2026", "referral_code=VAN123")).toBe("LANK2026");
    expect(await steamRef("/auth/steam", "referral_code=VAN-123%00")).toBeNull();

    await signUp("kaka.cookie@example.se", "referral_code=VAN123");
    await signUp("kaka.form@example.se", "referral_code=VAN123", "FORM2026");
    await signUp("kaka.junk@example.se", `referral_code=${"A".repeat(13)}`);
    const rows = await own.finish((db) =>
      db
        .select({ email: profiles.email, code: profiles.signup_referral_code })
        .from(profiles)
        .where(inArray(profiles.email, ["kaka.cookie@example.se", "kaka.form@example.se", "kaka.junk@example.se"]))
        .orderBy(profiles.email),
    );
    expect(rows).toEqual([
      { email: "kaka.cookie@example.se", code: "VAN123" },
      { email: "kaka.form@example.se", code: "FORM2026" },
      { email: "kaka.junk@example.se", code: null },
    ]);
  }, 90_000);
});

describe("attempt limits on page actions", () => {
  it("answers the sixth wrong password for an address with 429 and Retry-After, as a page and as data", async () => {
    const attempt = (pathname: string) =>
      post(pathname, form({ intent: "signin", email: member.email, password: "Fel#losen1" }));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await attempt("/auth");
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const pathname of ["/auth", "/auth.data"]) {
      const limited = await attempt(pathname);
      expect([pathname, limited.status]).toEqual([pathname, 429]);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.text()).toContain("För många försök");
    }
  });

  it("answers a fourth resend of the confirmation mail with 429 and Retry-After", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await post("/email-confirmation.data", form({ email: "ingen.alls@example.se" }));
      if (i < 3) await last.arrayBuffer();
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("sign-out", () => {
  it("refuses a sign-out posted from another origin and keeps the session", async () => {
    const response = await post("/auth/sign-out", "", { origin: FOREIGN_ORIGIN, cookie: sessionCookie(member.tokens.spare) });
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/annan webbplats/);
    expect(await signedIn(member.tokens.spare)).toBe(true);
  });

  it("refuses every state-changing request from another origin, resource routes and pages alike", async () => {
    for (const pathname of ["/api/newsletter", "/kontakta-oss", "/auth"]) {
      const response = await post(pathname, form({ email: "kund@example.se" }), { origin: FOREIGN_ORIGIN });
      await response.arrayBuffer();
      expect([pathname, response.status]).toEqual([pathname, 403]);
    }
    const opaque = await post("/auth/sign-out", "", { origin: "null", cookie: sessionCookie(member.tokens.spare) });
    expect(opaque.status).toBe(403);
  });

  it("signs out a same-origin request", async () => {
    const response = await post("/auth/sign-out", "", { cookie: sessionCookie(member.tokens.spare) });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(await signedIn(member.tokens.spare)).toBe(false);
  });
});

describe("the internal client-IP header", () => {
  it("never takes the client's value: a refreshed session records the address Express saw", async () => {
    const own = await startWithMember("ip@example.se");
    const response = await fetch(`${own.server.url}/`, {
      headers: { cookie: sessionCookie(own.member.tokens.due), "x-skinhamnen-client-ip": "6.6.6.6" },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const events = await own.finish((db) =>
      db.select().from(security_events).where(eq(security_events.user_id, own.member.userId)),
    );
    const refreshes = events.filter((event) => event.event_type === "session_refresh");
    expect(refreshes.length).toBeGreaterThan(0);
    for (const event of events) expect(event.ip_address).not.toBe("6.6.6.6");
    expect(refreshes[0]!.ip_address).toMatch(/127\.0\.0\.1$/);
  }, 90_000);
});

describe("TRUST_PROXY", () => {
  it("refuses to start with an https PUBLIC_URL and no trusted proxy, in one line naming TRUST_PROXY", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-proxy-"));
    try {
      const { code, output } = await runServerExpectingExit(
        { PUBLIC_URL: "https://skinhamnen.example", PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "" },
        { timeoutMs: 20_000 },
      );
      expect(code).toBe(1);
      expect(output.trim().split("\n")).toHaveLength(1);
      expect(output).toContain("TRUST_PROXY");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it("accepts form actions through a TLS proxy once TRUST_PROXY is set", async () => {
    const own = await startTestServer({ PUBLIC_URL: "https://skinhamnen.example", TRUST_PROXY: "1", LOG_LEVEL: "warn" });
    try {
      const response = await fetch(`${own.url}/auth/sign-out`, {
        method: "POST",
        headers: {
          origin: "https://skinhamnen.example",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "skinhamnen.example",
          "x-forwarded-for": "6.6.6.6, 198.51.100.9",
        },
      });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      // A page action too: React Router's own origin check sees https://skinhamnen.example.
      const signIn = await fetch(`${own.url}/auth`, {
        method: "POST",
        headers: {
          origin: "https://skinhamnen.example",
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "skinhamnen.example",
        },
        body: form({ intent: "signin", email: "ingen@example.se", password: "Fel#losen1" }),
      });
      await signIn.arrayBuffer();
      expect(signIn.status).toBe(401);
    } finally {
      await own.stop();
    }
  }, 90_000);
});
