import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  account as accountTable,
  email_outbox,
  session as sessionTable,
  user as userTable,
} from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { AUTH_CALLBACKS, createAuth, type Auth } from "./auth.server";
import { getProfile, withProfileSeed } from "./profiles.server";

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
