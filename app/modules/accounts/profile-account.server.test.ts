import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox, newsletter_subscriptions, profiles, user } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { createAuth, type Auth } from "./auth.server";
import {
  getNewsletterSettings,
  NEWSLETTER_DEFAULTS,
  saveNewsletterSettings,
  SmsNeedsPhoneError,
  updateOwnProfile,
} from "./profile-account.server";
import { profileUpdateSchema } from "./profile-schema";
import { getProfile, syncProfileEmail, withProfileSeed } from "./profiles.server";
import { profileSeedFromClaims } from "./google-sign-in.server";

let database: TestDatabase;
let auth: Auth;
const baseURL = "http://localhost:3999";
let memberId = "";
let otherId = "";

async function steamMember(steamId: string) {
  const result = await auth.api.signInWithVerifiedSteamId({ body: { steamId }, headers: new Headers({ origin: baseURL }) });
  return result.userId;
}

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  auth = createAuth({ db: database.db, baseURL, secret: "test-secret-".padEnd(40, "x") });
  memberId = await steamMember("76561198000000101");
  otherId = await steamMember("76561198000000102");
});
afterAll(async () => {
  await database?.close();
});

describe("updating one's own profile (docs/rules/accounts.md#editing-the-profile)", () => {
  it("stores trimmed values, nulls for empty phone and trade link, and display_name = first name", async () => {
    const { email: _email, ...input } = profileUpdateSchema.parse({
      first_name: "  Lisa ",
      last_name: " Berg ",
      phone_number: "  ",
      steam_trade_link: "",
      email: "",
    });
    await updateOwnProfile(database.db, memberId, input);
    const profile = await getProfile(database.db, memberId);
    expect(profile).toMatchObject({
      first_name: "Lisa",
      last_name: "Berg",
      display_name: "Lisa",
      phone_number: null,
      steam_trade_link: null,
    });
    const [account] = await database.db.select({ name: user.name }).from(user).where(eq(user.id, memberId));
    expect(account?.name).toBe("Lisa");
  });

  it("changes only the given user's row", async () => {
    const before = await getProfile(database.db, otherId);
    await updateOwnProfile(database.db, memberId, {
      first_name: "Lisa",
      last_name: null,
      phone_number: "0701234567",
      steam_trade_link: null,
    });
    expect(await getProfile(database.db, otherId)).toEqual(before);
  });
});

describe("newsletter switches", () => {
  it("subscribes nobody who has not chosen to: both switches off before a row exists", async () => {
    expect(await getNewsletterSettings(database.db, otherId)).toEqual(NEWSLETTER_DEFAULTS);
    expect(NEWSLETTER_DEFAULTS).toEqual({ email_subscribed: false, phone_subscribed: false });
    expect(await database.db.select().from(newsletter_subscriptions).where(eq(newsletter_subscriptions.user_id, otherId))).toHaveLength(0);
  });

  it("subscribes a new account only when the sign-up box was ticked", async () => {
    const signUp = async (email: string, newsletterOptIn: boolean) => {
      await withProfileSeed({ firstName: "Nora", lastName: "Nyhet", newsletterOptIn }, () =>
        auth.api.signUpEmail({
          body: { email, password: "Hemligt#2026", name: "Nora", callbackURL: "/" },
          headers: new Headers({ origin: baseURL }),
        }),
      );
      const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      return row!.id;
    };
    const ticked = await signUp("ja-tack@example.se", true);
    const unticked = await signUp("nej-tack@example.se", false);
    expect(await getNewsletterSettings(database.db, ticked)).toEqual({ email_subscribed: true, phone_subscribed: false });
    const [row] = await database.db.select().from(newsletter_subscriptions).where(eq(newsletter_subscriptions.user_id, ticked));
    expect(row).toMatchObject({ email: "ja-tack@example.se", email_subscribed: true, source: "signup" });
    expect(await getNewsletterSettings(database.db, unticked)).toEqual({ email_subscribed: false, phone_subscribed: false });
    expect(await database.db.select().from(newsletter_subscriptions).where(eq(newsletter_subscriptions.user_id, unticked))).toHaveLength(0);
  });

  it("refuses SMS without a phone number and writes nothing", async () => {
    await expect(
      saveNewsletterSettings(database.db, otherId, { email_subscribed: true, phone_subscribed: true }),
    ).rejects.toBeInstanceOf(SmsNeedsPhoneError);
    const rows = await database.db.select().from(newsletter_subscriptions).where(eq(newsletter_subscriptions.user_id, otherId));
    expect(rows).toHaveLength(0);
  });

  it("inserts the member's row once, then updates it in place", async () => {
    await saveNewsletterSettings(database.db, memberId, { email_subscribed: false, phone_subscribed: true });
    await saveNewsletterSettings(database.db, memberId, { email_subscribed: true, phone_subscribed: true });
    const rows = await database.db.select().from(newsletter_subscriptions).where(eq(newsletter_subscriptions.user_id, memberId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email_subscribed: true, phone_subscribed: true, phone_number: "0701234567", source: "profile" });
    expect(await getNewsletterSettings(database.db, memberId)).toEqual({ email_subscribed: true, phone_subscribed: true });
  });

  it("turns SMS off when the phone number is removed", async () => {
    await updateOwnProfile(database.db, memberId, { first_name: "Lisa", last_name: null, phone_number: null, steam_trade_link: null });
    expect(await getNewsletterSettings(database.db, memberId)).toEqual({ email_subscribed: true, phone_subscribed: false });
  });
});

describe("the placeholder address", () => {
  it("ends only when a real address reaches the account", async () => {
    expect((await getProfile(database.db, memberId))?.email_is_placeholder).toBe(true);
    await syncProfileEmail(database.db, { id: memberId, email: "steam-76561198000000101@steam.invalid" });
    expect((await getProfile(database.db, memberId))?.email_is_placeholder).toBe(true);
    await database.db.update(user).set({ email: "lisa@example.se" }).where(eq(user.id, memberId));
    await syncProfileEmail(database.db, { id: memberId, email: "lisa@example.se" });
    const profile = await database.db.select().from(profiles).where(eq(profiles.user_id, memberId));
    expect(profile[0]).toMatchObject({ email: "lisa@example.se", email_is_placeholder: false });
  });
});

describe("Google profile seed", () => {
  it("takes name, full name, given name, family name and an https picture from the claims", () => {
    expect(
      profileSeedFromClaims({ name: " Anna Svensson ", given_name: "Anna", family_name: "Svensson", picture: "https://x.se/a.png" }),
    ).toEqual({ name: "Anna Svensson", fullName: "Anna Svensson", firstName: "Anna", lastName: "Svensson", avatarUrl: "https://x.se/a.png" });
    expect(profileSeedFromClaims({ picture: "http://x.se/a.png", name: 5 })).toMatchObject({ avatarUrl: null, name: null });
  });
});

describe("changing a Steam member's address", () => {
  it("mails a confirmation to the new address and clears the placeholder only once it is confirmed", async () => {
    const steamId = "76561198000000103";
    const signedIn = await auth.api.signInWithVerifiedSteamId({
      body: { steamId },
      headers: new Headers({ origin: baseURL }),
      returnHeaders: true,
    });
    const token = /skinhamnen\.session_token=([^;]+)/.exec(signedIn.headers.get("set-cookie") ?? "")![1]!;
    const headers = new Headers({ origin: baseURL, cookie: `skinhamnen.session_token=${token}` });
    await auth.api.changeEmail({ body: { newEmail: "ny@example.se", callbackURL: "/profile" }, headers });

    const userId = signedIn.response.userId;
    expect((await getProfile(database.db, userId))?.email_is_placeholder).toBe(true);
    const mails = await database.db.select().from(email_outbox).where(eq(email_outbox.to_address, "ny@example.se"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Bekräfta din nya e-postadress");

    const link = new URL(/https?:\/\/\S+/.exec(mails[0]!.text)![0]);
    await auth.api.verifyEmail({ query: { token: link.searchParams.get("token")! }, headers }).catch(() => undefined);
    const [account] = await database.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    expect(account?.email).toBe("ny@example.se");
    expect(await getProfile(database.db, userId)).toMatchObject({ email: "ny@example.se", email_is_placeholder: false });
  });
});
