/**
 * The signed-in member's own account data on /profile: profile edits and newsletter switches. Every
 * write is filtered by the caller's user id (docs/rules/accounts.md#editing-the-profile); the route
 * passes the session's id, never one from the request.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { newsletter_subscriptions, profiles, user as userTable } from "~/platform/db/schema";
import type { NewsletterSettings, ProfileUpdate } from "./profile-schema";
import { retryMemberOfferProblems } from "~/modules/bots/offer-notice.server";

/**
 * Before a member has chosen, nothing is sent: subscriptions are opt-in
 * (docs/rules/accounts.md#newsletter), unlike the original's email-on default.
 */
export const NEWSLETTER_DEFAULTS: NewsletterSettings = { email_subscribed: false, phone_subscribed: false };

export class SmsNeedsPhoneError extends Error {
  override name = "SmsNeedsPhoneError";
}

/**
 * docs/rules/accounts.md#editing-the-profile: first name required, the rest optional and trimmed,
 * empty phone and trade link null, display_name = first name. The account's display name follows.
 * The email address is not written here: a new one is confirmed first (Better Auth's change-email
 * flow).
 */
export async function updateOwnProfile(
  db: Db,
  userId: string,
  input: Omit<ProfileUpdate, "email">,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ tradeLink: profiles.steam_trade_link }).from(profiles).where(eq(profiles.user_id, userId));
    const updated = await tx
      .update(profiles)
      .set({
        first_name: input.first_name,
        last_name: input.last_name,
        display_name: input.first_name,
        phone_number: input.phone_number,
        steam_trade_link: input.steam_trade_link,
        updated_at: new Date(),
      })
      .where(eq(profiles.user_id, userId))
      .returning({ userId: profiles.user_id });
    if (updated.length !== 1) throw new Error("profile not found");
    // docs/rules/bots.md#errors: a new trade link sends an offer Steam refused for the old one (or a trade hold) again.
    if ((before?.tradeLink ?? null) !== input.steam_trade_link) await retryMemberOfferProblems(tx, userId);
    // The SMS switch holds only while there is a number to send to.
    await tx
      .update(newsletter_subscriptions)
      .set(
        input.phone_number
          ? { phone_number: input.phone_number, updated_at: new Date() }
          : { phone_number: null, phone_subscribed: false, updated_at: new Date() },
      )
      .where(eq(newsletter_subscriptions.user_id, userId));
    await tx.update(userTable).set({ name: input.first_name, updatedAt: new Date() }).where(eq(userTable.id, userId));
  });
}

export async function getNewsletterSettings(db: Db, userId: string): Promise<NewsletterSettings> {
  const [row] = await db
    .select({
      email_subscribed: newsletter_subscriptions.email_subscribed,
      phone_subscribed: newsletter_subscriptions.phone_subscribed,
    })
    .from(newsletter_subscriptions)
    .where(eq(newsletter_subscriptions.user_id, userId))
    .limit(1);
  return row ?? NEWSLETTER_DEFAULTS;
}

/**
 * Upsert of the member's own row (docs/rules/accounts.md#newsletter), with the profile's
 * current email and phone. SMS needs a phone number (the switch is disabled without one).
 */
export async function saveNewsletterSettings(db: Db, userId: string, settings: NewsletterSettings): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ email: userTable.email, phone: profiles.phone_number })
      .from(profiles)
      .innerJoin(userTable, eq(userTable.id, profiles.user_id))
      .where(eq(profiles.user_id, userId))
      .limit(1);
    if (!profile) throw new Error("profile not found");
    if (settings.phone_subscribed && !profile.phone) throw new SmsNeedsPhoneError();
    const values = {
      email: profile.email,
      phone_number: profile.phone,
      email_subscribed: settings.email_subscribed,
      phone_subscribed: settings.phone_subscribed,
    };
    // A signed-in member's address is confirmed by the account, so their row is confirmed at
    // insert (docs/rules/site.md#footer-newsletter); one from the sign-up box keeps its time.
    await tx
      .insert(newsletter_subscriptions)
      .values({ user_id: userId, source: "profile", confirmed_at: new Date(), ...values })
      .onConflictDoUpdate({
        target: newsletter_subscriptions.user_id,
        set: { ...values, confirmed_at: sql`COALESCE(${newsletter_subscriptions.confirmed_at}, now())`, updated_at: new Date() },
      });
  });
}
