import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  account as accountTable,
  email_outbox,
  session as sessionTable,
  user as userTable,
} from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { AUTH_ENDPOINT_MESSAGES, AUTH_HTTP_ENDPOINTS } from "./auth-endpoints";
import { AUTH_CALLBACKS, createAuth, type Auth } from "./auth.server";
import { FIRST_NAME_REQUIRED, NAME_TOO_LONG } from "./profile-schema";
import { getProfile, withProfileSeed } from "./profiles.server";
import { CLIENT_IP_HEADER } from "./session-policy";
import { SIGNUP_MESSAGES } from "./signup-schema";

let database: TestDatabase;
let auth: Auth;
const baseURL = "http://localhost:3999";

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  auth = createAuth({ db: database.db, baseURL, secret: "test-secret-".padEnd(40, "x") });
});
afterAll(async () => {
  await database?.close();
});

function headers(extra: Record<string, string> = {}) {
  return new Headers({ origin: baseURL, ...extra });
}

async function lastMailLink(to: string): Promise<string> {
  const rows = await database.db.select().from(email_outbox).where(eq(email_outbox.to_address, to));
  const text = rows.at(-1)?.text ?? "";
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link mailed to ${to}`);
  return link;
}

describe("email and password accounts", () => {
  const email = "kund@example.se";
  const password = "Hemligt#2026";

  it("creates a user with a uuid id and mails a Swedish confirmation link", async () => {
    await withProfileSeed({ firstName: "Kalle", lastName: "Anka", phoneNumber: "0701234567" }, () =>
      auth.api.signUpEmail({
        body: { email, password, name: "Kalle", callbackURL: AUTH_CALLBACKS.confirmed },
        headers: headers(),
      }),
    );
    const [created] = await database.db.select().from(userTable).where(eq(userTable.email, email));
    expect(created?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created?.emailVerified).toBe(false);
    const profile = await getProfile(database.db, created!.id);
    expect(profile).toMatchObject({
      email,
      first_name: "Kalle",
      last_name: "Anka",
      display_name: "Kalle",
      phone_number: "0701234567",
      points: 0,
      xp: 0,
    });
    const link = await lastMailLink(email);
    expect(link.startsWith(`${baseURL}/api/auth/verify-email?token=`)).toBe(true);
    expect(decodeURIComponent(link)).toContain("/auth?mode=signin&message=confirmed");
  });

  it("refuses password sign-in before the address is confirmed", async () => {
    await expect(
      auth.api.signInEmail({ body: { email, password }, headers: headers() }),
    ).rejects.toMatchObject({ body: { code: "EMAIL_NOT_VERIFIED" } });
  });

  it("confirms the address through the mailed link, then signs in with a database session", async () => {
    const link = new URL(await lastMailLink(email));
    const token = link.searchParams.get("token")!;
    await auth.api.verifyEmail({ query: { token }, headers: headers() });
    const [verified] = await database.db.select().from(userTable).where(eq(userTable.email, email));
    expect(verified?.emailVerified).toBe(true);

    const signedIn = await auth.api.signInEmail({ body: { email, password }, headers: headers(), returnHeaders: true });
    const cookie = signedIn.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/skinhamnen\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const sessions = await database.db.select().from(sessionTable).where(eq(sessionTable.userId, verified!.id));
    expect(sessions.length).toBeGreaterThan(0);

    const token2 = /skinhamnen\.session_token=([^;]+)/.exec(cookie)![1]!;
    const current = await auth.api.getSession({ headers: headers({ cookie: `skinhamnen.session_token=${token2}` }) });
    expect(current?.user.email).toBe(email);
  });

  it("rejects a wrong password", async () => {
    await expect(
      auth.api.signInEmail({ body: { email, password: "Fel#Losen1" }, headers: headers() }),
    ).rejects.toMatchObject({ body: { code: "INVALID_EMAIL_OR_PASSWORD" } });
  });

  it("stores passwords with a memory-hard KDF, never in clear", async () => {
    const [row] = await database.db.select({ password: accountTable.password }).from(accountTable);
    const stored = row!.password!;
    expect(stored).not.toContain(password);
    // scrypt: salt and key, hex
    expect(stored).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
  });
});

describe("every call into an account answers to the shared rules", () => {
  const strong = "Hemligt#2026";
  const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    password: strong,
    name: "Kalle",
    callbackURL: AUTH_CALLBACKS.confirmed,
    ...extra,
  });
  const accountsNamed = (email: string) => database.db.select().from(userTable).where(eq(userTable.email, email));
  const refusal = (message: string) => ({ statusCode: 400, body: { code: "INVALID_INPUT", message } });

  async function signedInCookie(email: string): Promise<string> {
    await auth.api.signUpEmail({ body: signUpBody(email), headers: headers() });
    await database.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.email, email));
    const result = await auth.api.signInEmail({ body: { email, password: strong }, headers: headers(), returnHeaders: true });
    return /skinhamnen\.session_token=[^;]+/.exec(result.headers.get("set-cookie") ?? "")![0];
  }

  it("refuses a weak password, a missing or 1 MB name and creates nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: "aaaaaaaa" }, SIGNUP_MESSAGES.weakPassword],
      [{ name: undefined }, FIRST_NAME_REQUIRED],
      [{ name: "x".repeat(1_000_000) }, NAME_TOO_LONG],
      [{ name: "Kal\u0000le" }, AUTH_ENDPOINT_MESSAGES.controlCharacters],
    ];
    for (const [extra, message] of cases) {
      await expect(auth.api.signUpEmail({ body: signUpBody("svag@example.se", extra) as never, headers: headers() })).rejects.toMatchObject(
        refusal(message),
      );
    }
    expect(await accountsNamed("svag@example.se")).toHaveLength(0);
  });

  it("never takes an avatar from a sign-up body", async () => {
    await expect(
      auth.api.signUpEmail({ body: signUpBody("avatar@example.se", { image: "javascript:alert(1)" }) as never, headers: headers() }),
    ).rejects.toMatchObject(refusal(AUTH_ENDPOINT_MESSAGES.invalid));
    expect(await accountsNamed("avatar@example.se")).toHaveLength(0);
  });

  it("checks the wizard's profile fields before the account exists", async () => {
    await expect(
      withProfileSeed({ firstName: "Kalle", lastName: "An\u0000ka" }, () =>
        auth.api.signUpEmail({ body: signUpBody("seed@example.se"), headers: headers() }),
      ),
    ).rejects.toMatchObject(refusal(AUTH_ENDPOINT_MESSAGES.controlCharacters));
    expect(await accountsNamed("seed@example.se")).toHaveLength(0);
  });

  it("answers update-user with a Swedish 400 for null, objects and avatars, and changes nothing", async () => {
    const cookie = await signedInCookie("uppdatera@example.se");
    for (const body of [{ name: null }, { name: { first: "Kalle" } }, { image: "https://cdn.example/a.png" }]) {
      await expect(auth.api.updateUser({ body: body as never, headers: headers({ cookie }) })).rejects.toMatchObject({ statusCode: 400 });
    }
    const [row] = await accountsNamed("uppdatera@example.se");
    expect(row).toMatchObject({ name: "Kalle", image: null });
  });

  it("refuses a weak new password on change-password", async () => {
    const cookie = await signedInCookie("byt@example.se");
    await expect(
      auth.api.changePassword({ body: { currentPassword: strong, newPassword: "aaaaaaaa" }, headers: headers({ cookie }) }),
    ).rejects.toMatchObject(refusal(SIGNUP_MESSAGES.weakPassword));
  });

  it("serves only the mailed links and the Google callback over HTTP", async () => {
    const endpoints = Object.values(auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>);
    const served = AUTH_HTTP_ENDPOINTS.map((endpoint) => endpoint.path as string);
    let checked = 0;
    for (const endpoint of endpoints) {
      if (!endpoint.path || served.includes(endpoint.path)) continue;
      const methods = [endpoint.options?.method ?? "GET"].flat().filter((method) => method !== "*");
      for (const method of methods) {
        const url = `${baseURL}/api/auth${endpoint.path.replace(/:[a-zA-Z]+/g, "x")}`;
        const response = await auth.handler(
          new Request(url, {
            method,
            headers: { origin: baseURL, "content-type": "application/json", [CLIENT_IP_HEADER]: "203.0.113.1" },
            body: method === "GET" ? undefined : JSON.stringify({ email: "x@example.se", password: "aaaaaaaa", name: "x" }),
          }),
        );
        expect([method, endpoint.path, response.status]).toEqual([method, endpoint.path, 404]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    const link = await auth.handler(new Request(`${baseURL}/api/auth/verify-email?token=x%00y&callbackURL=%2Fauth`));
    expect(link.status).toBe(400);
    expect(await link.json()).toMatchObject({ message: AUTH_ENDPOINT_MESSAGES.controlCharacters });
  });
});
