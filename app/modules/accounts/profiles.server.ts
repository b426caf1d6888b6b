/**
 * Profiles (docs/rules/accounts.md#profiles), keyed by the auth user's id. Every new account gets
 * one: Better Auth's user-create hook calls `createProfileForNewUser` with whatever the sign-up
 * path knew (the email wizard's fields, Steam's or Google's names), passed through
 * `withProfileSeed`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { newsletter_subscriptions, profiles, user as userTable } from "~/platform/db/schema";
import { isPlaceholderEmail } from "~/platform/mail/placeholder-address";
import { displayNameFrom } from "./profile-rules";

export interface ProfileSeed {
  firstName?: string | null;
  lastName?: string | null;
  /** Provider metadata: name and full name come before the first name. */
  name?: string | null;
  fullName?: string | null;
  phoneNumber?: string | null;
  steamTradeLink?: string | null;
  steamId?: string | null;
  avatarUrl?: string | null;
  /** A referral code captured at sign-up, already format-checked; applied later. */
  signupReferralCode?: string | null;
  /** Salted hash of the sign-up's address (never the address itself). */
  signupIpHash?: string | null;
  emailIsPlaceholder?: boolean;
  /** The sign-up wizard's unticked-by-default newsletter box, ticked. */
  newsletterOptIn?: boolean;
}

const seedStore = new AsyncLocalStorage<ProfileSeed>();

/** Runs a sign-up call so the user-create hook sees the profile fields. */
export function withProfileSeed<T>(seed: ProfileSeed, run: () => Promise<T>): Promise<T> {
  return seedStore.run(seed, run);
}

export function currentProfileSeed(): ProfileSeed | undefined {
  return seedStore.getStore();
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export async function createProfileForNewUser(
  db: Db,
  user: { id: string; email: string; name?: string | null; image?: string | null; emailVerified?: boolean },
  seed: ProfileSeed = {},
): Promise<void> {
  const firstName = blankToNull(seed.firstName);
  await db
    .insert(profiles)
    .values({
      user_id: user.id,
      email: user.email,
      email_is_placeholder: seed.emailIsPlaceholder ?? false,
      first_name: firstName,
      last_name: blankToNull(seed.lastName),
      display_name: displayNameFrom({ name: seed.name, fullName: seed.fullName, firstName }),
      phone_number: blankToNull(seed.phoneNumber),
      steam_trade_link: blankToNull(seed.steamTradeLink),
      steam_id: blankToNull(seed.steamId),
      avatar_url: blankToNull(seed.avatarUrl) ?? blankToNull(user.image),
      signup_referral_code: blankToNull(seed.signupReferralCode),
      signup_ip_hash: seed.signupIpHash ?? null,
    })
    .onConflictDoNothing();
  // Only an explicit yes subscribes, and never a placeholder address. The row counts as
  // confirmed once the account's address is (docs/rules/site.md#footer-newsletter): at once when
  // the provider vouches for it, else when the account's confirmation link is followed.
  if (seed.newsletterOptIn && !seed.emailIsPlaceholder) {
    await db
      .insert(newsletter_subscriptions)
      .values({
        user_id: user.id,
        email: user.email,
        email_subscribed: true,
        source: "signup",
        confirmed_at: user.emailVerified ? new Date() : null,
      })
      .onConflictDoNothing();
  }
}

export async function getProfile(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.user_id, userId)).limit(1);
  return row ?? null;
}

/** The auth user's current address (before a pending change is confirmed). */
export async function currentEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, userId)).limit(1);
  return row?.email ?? null;
}

/**
 * Keeps profiles.email in step with the account's address. A confirmed real address ends a
 * placeholder; nothing else changes the flag.
 */
export async function syncProfileEmail(db: Db, user: { id: string; email?: string | null }): Promise<void> {
  if (!user.email) return;
  await db
    .update(profiles)
    .set({ email: user.email, email_is_placeholder: isPlaceholderEmail(user.email), updated_at: new Date() })
    .where(eq(profiles.user_id, user.id));
}

/**
 * Where and how to mail a member: their address and the name to greet them by, or null when
 * there is no profile or the address is a Steam account's placeholder (ours, never mailed).
 */
export async function mailRecipient(db: Db, userId: string): Promise<{ email: string; name: string } | null> {
  const [member] = await db
    .select({
      email: userTable.email,
      name: userTable.name,
      firstName: profiles.first_name,
      displayName: profiles.display_name,
      placeholder: profiles.email_is_placeholder,
    })
    .from(profiles)
    .innerJoin(userTable, eq(userTable.id, profiles.user_id))
    .where(eq(profiles.user_id, userId))
    .limit(1);
  if (!member || member.placeholder) return null;
  return { email: member.email, name: member.firstName || member.displayName || member.name || "medlem" };
}
