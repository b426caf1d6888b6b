/**
 * Security events, abuse limits, roles and staff accounts against a real database
 * (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { session as sessionTable, security_events, user as userTable } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { logger } from "~/platform/logger.server";
import { singleton } from "~/platform/singleton.server";
import { AUTH_RATE_LIMITS } from "~/modules/accounts/accounts-constants";
import { AUTH_CALLBACKS, createAuth, type Auth } from "./auth.server";
import { getProfile, withProfileSeed } from "./profiles.server";
import { ADMIN_ACCESS_DENIED, ADMIN_LOGIN_REQUIRED, grantRole, hasRole, requireRole } from "./roles.server";
import { recordStepUp } from "./two-factor.server";
import { CLIENT_IP_HEADER, SESSION_POLICY } from "./session-policy";
import { createOrPromoteStaff, signOutEverywhere } from "./staff-accounts.server";

let database: TestDatabase;
let auth: Auth;
const baseURL = "http://localhost:3998";
const password = "Hemligt#2026";

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  auth = createAuth({ db: database.db, baseURL, secret: "test-secret-".padEnd(40, "y") });
  // requireRole reads the process's auth and database: point them at this test's.
  singleton("database", () => database);
  singleton("auth", () => auth);
});
afterAll(async () => {
  await database?.close();
});

function headers(ip = "203.0.113.7", extra: Record<string, string> = {}) {
  return new Headers({ origin: baseURL, [CLIENT_IP_HEADER]: ip, "user-agent": "TestBrowser/1.0", ...extra });
}

// Each sign-up from its own address, so the per-IP sign-up limit never decides a test.
let signUps = 0;

async function confirmedUser(email: string): Promise<string> {
  signUps++;
  await withProfileSeed({ firstName: "Test", lastName: "Person" }, () =>
    auth.api.signUpEmail({ body: { email, password, name: "Test", callbackURL: AUTH_CALLBACKS.confirmed }, headers: headers(`198.51.100.${signUps}`) }),
  );
  await database.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.email, email));
  const [row] = await database.db.select().from(userTable).where(eq(userTable.email, email));
  return row!.id;
}

async function signIn(email: string, ip = "203.0.113.7") {
  const result = await auth.api.signInEmail({ body: { email, password }, headers: headers(ip), returnHeaders: true });
  const token = /skinhamnen\.session_token=([^;]+)/.exec(result.headers.get("set-cookie") ?? "")![1]!;
  return { cookie: `skinhamnen.session_token=${token}`, token: result.response.token };
}

const eventsOf = (userId: string, type: string) =>
  database.db
    .select()
    .from(security_events)
    .where(and(eq(security_events.user_id, userId), eq(security_events.event_type, type)));

describe("security events (docs/rules/accounts.md#security-events)", () => {
  it("records user_login with IP and user agent for every new session", async () => {
    const userId = await confirmedUser("handelse@example.se");
    await signIn("handelse@example.se");
    const events = await eventsOf(userId, "user_login");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ severity: "low", ip_address: "203.0.113.7", user_agent: "TestBrowser/1.0" });
  });

  it("records session_refresh when a session's expiry slides forward", async () => {
    const userId = await confirmedUser("refresh@example.se");
    const { cookie, token } = await signIn("refresh@example.se");
    // Make the session due for a refresh (older than the update age).
    const due = new Date(Date.now() + (SESSION_POLICY.inactivitySeconds - SESSION_POLICY.refreshAgeSeconds - 60) * 1000);
    await database.db.update(sessionTable).set({ expiresAt: due }).where(eq(sessionTable.token, token));
    expect(await eventsOf(userId, "session_refresh")).toHaveLength(0);
    const current = await auth.api.getSession({ headers: headers("203.0.113.7", { cookie }) });
    expect(current?.user.id).toBe(userId);
    expect(await eventsOf(userId, "session_refresh")).toHaveLength(1);
  });

  it("records user_logout on sign-out", async () => {
    const userId = await confirmedUser("utloggning@example.se");
    const { cookie } = await signIn("utloggning@example.se");
    await auth.api.signOut({ headers: headers("203.0.113.9", { cookie }) });
    const events = await eventsOf(userId, "user_logout");
    expect(events).toHaveLength(1);
    expect(events[0]?.ip_address).toBe("203.0.113.9");
  });

  it("only logs a failed write: the sign-in still succeeds", async () => {
    const userId = await confirmedUser("trasig@example.se");
    const error = vi.spyOn(logger, "error");
    await database.db.execute(sql`ALTER TABLE security_events RENAME TO security_events_away`);
    try {
      const { token } = await signIn("trasig@example.se");
      expect(token).toBeTruthy();
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ type: "user_login", userId }), "security event not recorded");
    } finally {
      await database.db.execute(sql`ALTER TABLE security_events_away RENAME TO security_events`);
      error.mockRestore();
    }
  });

  it("secure sign-out ends every session of the user and records it", async () => {
    const userId = await confirmedUser("overallt@example.se");
    await signIn("overallt@example.se");
    const { cookie } = await signIn("overallt@example.se", "203.0.113.8");
    await signOutEverywhere(auth, database.db, userId, { ipAddress: "203.0.113.8" });
    expect(await database.db.select().from(sessionTable).where(eq(sessionTable.userId, userId))).toHaveLength(0);
    expect(await auth.api.getSession({ headers: headers("203.0.113.8", { cookie }) })).toBeNull();
    const events = await eventsOf(userId, "user_logout");
    expect(events[0]?.details).toEqual({ scope: "all_sessions" });
  });
});

describe("abuse limits (decision 010)", () => {
  const limit = AUTH_RATE_LIMITS.signIn.email.limit;

  it(`refuses sign-in with the Swedish 429 after ${limit} failures for one address`, async () => {
    await confirmedUser("gissning@example.se");
    for (let i = 0; i < limit; i++) {
      await expect(
        auth.api.signInEmail({ body: { email: "gissning@example.se", password: "Fel#Losen1" }, headers: headers(`192.0.2.${i + 1}`) }),
      ).rejects.toMatchObject({ body: { code: "INVALID_EMAIL_OR_PASSWORD" } });
    }
    // Even the right password is refused now, from yet another address.
    await expect(
      auth.api.signInEmail({ body: { email: "Gissning@Example.se", password }, headers: headers("192.0.2.99") }),
    ).rejects.toMatchObject({
      statusCode: 429,
      body: { code: "RATE_LIMITED", message: "För många försök. Försök igen om 15 minuter." },
    });
  });

  it("a successful sign-in clears the address's failed attempts", async () => {
    await confirmedUser("glomsk@example.se");
    for (let i = 0; i < limit - 1; i++) {
      await auth.api.signInEmail({ body: { email: "glomsk@example.se", password: "Fel#1aA" }, headers: headers() }).catch(() => null);
    }
    await signIn("glomsk@example.se");
    for (let i = 0; i < limit - 1; i++) {
      await auth.api.signInEmail({ body: { email: "glomsk@example.se", password: "Fel#1aA" }, headers: headers() }).catch(() => null);
    }
    await expect(signIn("glomsk@example.se")).resolves.toBeTruthy();
  });

  it("limits one IP across many addresses", async () => {
    const ipLimit = AUTH_RATE_LIMITS.signIn.ip.limit;
    for (let i = 0; i < ipLimit; i++) {
      await auth.api
        .signInEmail({ body: { email: `okand${i}@example.se`, password: "Fel#1aA" }, headers: headers("198.18.0.1") })
        .catch((error: { statusCode?: number }) => expect(error.statusCode).toBe(401));
    }
    await expect(
      auth.api.signInEmail({ body: { email: "ny@example.se", password: "Fel#1aA" }, headers: headers("198.18.0.1") }),
    ).rejects.toMatchObject({ statusCode: 429 });
  });

  it("limits reset requests per address", async () => {
    const resetLimit = AUTH_RATE_LIMITS.reset.email.limit;
    for (let i = 0; i < resetLimit; i++) {
      await auth.api.requestPasswordReset({ body: { email: "aterstall@example.se" }, headers: headers(`192.0.2.${50 + i}`) });
    }
    await expect(
      auth.api.requestPasswordReset({ body: { email: "aterstall@example.se" }, headers: headers("192.0.2.80") }),
    ).rejects.toMatchObject({ statusCode: 429, body: { message: expect.stringMatching(/^För många försök\. Försök igen om \d+ minuter\.$/) } });
  });
});

describe("attempt limits on password checks", () => {
  const checks = AUTH_RATE_LIMITS.passwordCheck.user.limit;

  it(`refuses change-password after ${checks} wrong current passwords with a Swedish 429 and Retry-After`, async () => {
    await confirmedUser("bytlosen@example.se");
    const { cookie } = await signIn("bytlosen@example.se");
    for (let i = 0; i < checks; i++) {
      await expect(
        auth.api.changePassword({
          body: { currentPassword: `Fel#Losen${i}`, newPassword: "Nytt#Losen2027" },
          headers: headers(`192.0.2.${120 + i}`, { cookie }),
        }),
      ).rejects.toMatchObject({ statusCode: 400 });
    }
    // Even the right password is refused now, from another address.
    const refused = await auth.api
      .changePassword({ body: { currentPassword: password, newPassword: "Nytt#Losen2027" }, headers: headers("192.0.2.140", { cookie }) })
      .then(() => null, (error: { statusCode?: number; body?: { message?: string }; headers?: HeadersInit }) => error);
    expect(refused).toMatchObject({ statusCode: 429, body: { message: expect.stringMatching(/^För många försök\. Försök igen om/) } });
    expect(Number(new Headers(refused!.headers).get("retry-after"))).toBeGreaterThan(0);
    // The password did not change.
    await expect(signIn("bytlosen@example.se", "192.0.2.141")).resolves.toBeTruthy();
  });

  it("counts verify-password against the same limit", async () => {
    await confirmedUser("verifiera@example.se");
    const { cookie } = await signIn("verifiera@example.se");
    for (let i = 0; i < checks; i++) {
      await auth.api.verifyPassword({ body: { password: `Fel#Losen${i}` }, headers: headers("192.0.2.150", { cookie }) }).catch(() => null);
    }
    await expect(
      auth.api.verifyPassword({ body: { password }, headers: headers("192.0.2.151", { cookie }) }),
    ).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe("roles (docs/rules/accounts.md#roles-and-staff-accounts)", () => {
  it("hasRole reads user_roles", async () => {
    const userId = await confirmedUser("roll@example.se");
    expect(await hasRole(userId, "admin", database.db)).toBe(false);
    await grantRole(userId, "blog", database.db);
    expect(await hasRole(userId, "blog", database.db)).toBe(true);
    expect(await hasRole(userId, "admin", database.db)).toBe(false);
  });

  it("requireRole answers 401 signed out and 403 without the role", async () => {
    const anonymous = new Request(`${baseURL}/admin`, { headers: headers() });
    await expect(requireRole(anonymous, "admin")).rejects.toMatchObject({ init: { status: 401 }, data: { message: ADMIN_LOGIN_REQUIRED } });

    await confirmedUser("ingenroll@example.se");
    const { cookie } = await signIn("ingenroll@example.se");
    const signedIn = new Request(`${baseURL}/admin`, { headers: headers("203.0.113.7", { cookie }) });
    await expect(requireRole(signedIn, "admin")).rejects.toMatchObject({ init: { status: 403 }, data: { message: ADMIN_ACCESS_DENIED } });

    const [row] = await database.db.select().from(userTable).where(eq(userTable.email, "ingenroll@example.se"));
    await grantRole(row!.id, "seo", database.db);
    // Staff without a second factor are sent to set it up (decision 046).
    const setup = await requireRole(signedIn, ["blog", "seo"]).catch((thrown: unknown) => thrown);
    expect(setup).toBeInstanceOf(Response);
    expect((setup as Response).headers.get("location")).toBe("/profile/tvastegsverifiering?redirectTo=%2Fadmin");
    // With one on the account and passed in this session the role opens.
    await database.db.update(userTable).set({ twoFactorEnabled: true }).where(eq(userTable.id, row!.id));
    const [current] = await database.db.select({ id: sessionTable.id }).from(sessionTable).where(eq(sessionTable.userId, row!.id));
    await recordStepUp(database.db, current!.id, "totp");
    const again = new Request(`${baseURL}/admin`, { headers: headers("203.0.113.7", { cookie }) });
    await expect(requireRole(again, ["blog", "seo"])).resolves.toMatchObject({ roles: ["seo"] });
  });
});

describe("admin:create (staff accounts)", () => {
  it("creates a confirmed staff account with no known password and a one-time password-set link", async () => {
    const result = await createOrPromoteStaff(auth, database.db, { email: " Chef@Example.se ", role: "admin" });
    expect(result).toMatchObject({ email: "chef@example.se", role: "admin", created: true });
    expect(await hasRole(result.userId, "admin", database.db)).toBe(true);
    const profile = await getProfile(database.db, result.userId);
    expect(profile?.email).toBe("chef@example.se");
    const [created] = await database.db.select().from(userTable).where(eq(userTable.id, result.userId));
    expect(created?.emailVerified).toBe(true);

    const link = new URL(result.setPasswordUrl!);
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[A-Za-z0-9]+$/);
    expect(link.searchParams.get("callbackURL")).toBe(AUTH_CALLBACKS.resetPassword);
    const token = link.pathname.split("/").pop()!;
    await auth.api.resetPassword({ body: { token, newPassword: "Personal#2026" }, headers: headers() });
    const signedIn = await auth.api.signInEmail({ body: { email: "chef@example.se", password: "Personal#2026" }, headers: headers("192.0.2.200") });
    expect(signedIn.user.id).toBe(result.userId);
    // Single use.
    await expect(
      auth.api.resetPassword({ body: { token, newPassword: "Annat#2026x" }, headers: headers() }),
    ).rejects.toMatchObject({ body: { code: "INVALID_TOKEN" } });
  });

  it("gives an existing account the role without touching its password", async () => {
    const userId = await confirmedUser("skribent@example.se");
    const result = await createOrPromoteStaff(auth, database.db, { email: "skribent@example.se", role: "blog" });
    expect(result).toMatchObject({ userId, created: false, setPasswordUrl: null, role: "blog" });
    expect(await hasRole(userId, "blog", database.db)).toBe(true);
    await expect(signIn("skribent@example.se", "192.0.2.201")).resolves.toBeTruthy();
  });

  it("rejects an unknown role", async () => {
    await expect(
      createOrPromoteStaff(auth, database.db, { email: "x@example.se", role: "root" as never }),
    ).rejects.toThrow(/Rollen måste vara en av: admin, blog, seo/);
  });
});
