import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSignInBlock } from "~/modules/accounts/member-admin.server";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { session, user } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { AUTH_CALLBACKS, createAuth, type Auth } from "./auth.server";
import { withProfileSeed } from "./profiles.server";
import { isSignInBlockedError } from "./sign-in-block.server";
import { SIGN_IN_BLOCKED_CODE, SIGN_IN_BLOCKED_MESSAGE } from "./social-sign-in-errors";

let database: TestDatabase;
let auth: Auth;
let admin: string;
const baseURL = "http://localhost:3998";
const email = "sparrad@example.se";
const password = "Hemligt#2026";
let userId: string;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  auth = createAuth({ db: database.db, baseURL, secret: "test-secret-".padEnd(40, "x") });
  admin = await createStaff(database.db);
  await withProfileSeed({ firstName: "Sparrad", lastName: "Medlem", phoneNumber: "0701234567" }, () =>
    auth.api.signUpEmail({ body: { email, password, name: "Sparrad", callbackURL: AUTH_CALLBACKS.confirmed }, headers: new Headers({ origin: baseURL }) }),
  );
  const [row] = await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email)).returning({ id: user.id });
  userId = row!.id;
});
afterAll(async () => {
  await database?.close();
});

const signIn = () => auth.api.signInEmail({ body: { email, password }, headers: new Headers({ origin: baseURL }) });

describe("a blocked member's sign-in", () => {
  it("is refused by every way a session is made, with the Swedish message, until unblocked", async () => {
    await expect(signIn()).resolves.toMatchObject({ user: { id: userId } });
    await setSignInBlock(database.db, { actorUserId: admin, userId, blocked: true });
    expect(await database.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);

    const refused = await signIn().catch((error: unknown) => error);
    expect(isSignInBlockedError(refused)).toBe(true);
    expect(refused).toMatchObject({ body: { code: SIGN_IN_BLOCKED_CODE, message: SIGN_IN_BLOCKED_MESSAGE } });

    // Steam, Google's callback and confirmation links all end in the adapter's createSession.
    const ctx = await auth.$context;
    const direct = await ctx.internalAdapter.createSession(userId).catch((error: unknown) => error);
    expect(isSignInBlockedError(direct)).toBe(true);
    expect(await database.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);

    await setSignInBlock(database.db, { actorUserId: admin, userId, blocked: false });
    await expect(signIn()).resolves.toMatchObject({ user: { id: userId } });
  });

  it("is refused for a blocked Steam member", async () => {
    const first = await auth.api.signInWithVerifiedSteamId({ body: { steamId: "76561198000099999", name: "Spärrad" }, headers: new Headers({ origin: baseURL }) });
    await setSignInBlock(database.db, { actorUserId: admin, userId: first.userId, blocked: true });
    const refused = await auth.api
      .signInWithVerifiedSteamId({ body: { steamId: "76561198000099999", name: "Spärrad" }, headers: new Headers({ origin: baseURL }) })
      .catch((error: unknown) => error);
    expect(isSignInBlockedError(refused)).toBe(true);
  });

  it("tells other failures apart", () => {
    expect(isSignInBlockedError(new Error("x"))).toBe(false);
    expect(isSignInBlockedError(null)).toBe(false);
  });
});
