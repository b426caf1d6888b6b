/**
 * Anonymous newsletter sign-ups with double opt-in (docs/rules/site.md#footer-newsletter,
 * docs/decisions/025-newsletter-double-opt-in.md): a row with user_id null, unique on the
 * lower-cased email, stored unconfirmed with the hash of a single-purpose token that the
 * confirmation mail carries. Signing up again never adds a second row: an address still waiting
 * (or unsubscribed) gets a new link, within the per-address mail limit; a confirmed one gets
 * nothing. Every case gives the visitor the same answer, so no one learns whether an address
 * is on the list.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { NEWSLETTER_OPT_IN } from "~/modules/newsletter/newsletter-constants";
import { db as appDb, execCount, queryRows, type Db } from "~/platform/db/client.server";
import { config } from "~/platform/config.server";
import { queueAndDeliver } from "~/platform/mail/mail-queue.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";
import type { NewsletterInput } from "./newsletter-schema";

/** 32 random bytes as base64url: what a confirmation link carries. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60_000;

/** Only this hash is stored; the token exists in the mail alone. */
export function hashConfirmationToken(token: string): string {
  return createHash("sha256").update(`newsletter-confirmation:${token}`).digest("hex");
}

function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmationToken(token) };
}

/** Links sent before this moment have expired. */
function expiryCutoff(now: Date): string {
  return new Date(now.getTime() - NEWSLETTER_OPT_IN.confirmationDays * DAY_MS).toISOString();
}

export type SubscribeOutcome =
  /** A new row, waiting for its confirmation. */
  | "created"
  /** A known address still waiting (or unsubscribed): a new link. */
  | "resent"
  /** Confirmed and subscribed already: nothing to send. */
  | "already-confirmed"
  /** Waiting, but its address has had its mails for now. */
  | "mail-limited";

export interface SubscribeResult {
  outcome: SubscribeOutcome;
  /** The mail to send, when there is one: the row's address and the link's token. */
  confirmation: { email: string; token: string } | null;
}

/** Stores or refreshes the sign-up; the caller mails the confirmation it returns. */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput, now: Date = new Date()): Promise<SubscribeResult> {
  const fresh = newConfirmationToken();
  const inserted = await queryRows<{ email: string }>(
    db,
    sql`
      INSERT INTO newsletter_subscriptions (email, source, confirmation_token_hash, confirmation_sent_at, created_at, updated_at)
      VALUES (${input.email}, ${input.source}, ${fresh.hash}, ${now.toISOString()}, ${now.toISOString()}, ${now.toISOString()})
      ON CONFLICT (lower(email)) WHERE user_id IS NULL DO NOTHING
      RETURNING email
    `,
  );
  if (inserted[0]) {
    // The first mail counts against the address's limit too (concurrent re-sends may have used it).
    const limit = await consumeRateLimit(db, NEWSLETTER_OPT_IN.mailLimit, "email", input.email, now);
    return { outcome: "created", confirmation: limit.allowed ? { email: inserted[0].email, token: fresh.token } : null };
  }

  const [existing] = await queryRows<{ id: string; confirmed_at: Date | string | null; email_subscribed: boolean }>(
    db,
    sql`SELECT id, confirmed_at, email_subscribed FROM newsletter_subscriptions
         WHERE lower(email) = lower(${input.email}) AND user_id IS NULL`,
  );
  // Gone between the two statements (purged): nothing to send this time.
  if (!existing) return { outcome: "mail-limited", confirmation: null };
  if (existing.confirmed_at !== null && existing.email_subscribed) return { outcome: "already-confirmed", confirmation: null };

  const limit = await consumeRateLimit(db, NEWSLETTER_OPT_IN.mailLimit, "email", input.email, now);
  if (!limit.allowed) return { outcome: "mail-limited", confirmation: null };
  // A new link replaces the old one; a row confirmed meanwhile is left alone.
  const [updated] = await queryRows<{ email: string }>(
    db,
    sql`
      UPDATE newsletter_subscriptions
         SET confirmation_token_hash = ${fresh.hash}, confirmation_sent_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
       WHERE id = ${existing.id} AND (confirmed_at IS NULL OR NOT email_subscribed)
      RETURNING email
    `,
  );
  if (!updated) return { outcome: "already-confirmed", confirmation: null };
  return { outcome: "resent", confirmation: { email: updated.email, token: fresh.token } };
}

export type ConfirmationState = "valid" | "expired" | "invalid";

/** What a link's token is worth, without using it (the confirmation page's GET). */
export async function checkConfirmationToken(db: Db, token: string, now: Date = new Date()): Promise<ConfirmationState> {
  if (!TOKEN_FORMAT.test(token)) return "invalid";
  const [row] = await queryRows<{ expired: boolean }>(
    db,
    sql`SELECT confirmation_sent_at <= ${expiryCutoff(now)}::timestamptz AS expired
          FROM newsletter_subscriptions WHERE confirmation_token_hash = ${hashConfirmationToken(token)}`,
  );
  if (!row) return "invalid";
  return row.expired ? "expired" : "valid";
}

export type ConfirmOutcome = "confirmed" | "expired" | "invalid";

/**
 * Uses a link (the confirmation page's POST): confirms and subscribes the row and forgets the
 * token, so a link works once. One conditional UPDATE: two clicks at once confirm once.
 */
export async function confirmNewsletterSubscription(db: Db, token: string, now: Date = new Date()): Promise<ConfirmOutcome> {
  if (!TOKEN_FORMAT.test(token)) return "invalid";
  const hash = hashConfirmationToken(token);
  const confirmed = await execCount(
    db,
    sql`
      UPDATE newsletter_subscriptions
         SET confirmed_at = ${now.toISOString()}, email_subscribed = true, confirmation_token_hash = NULL, updated_at = ${now.toISOString()}
       WHERE confirmation_token_hash = ${hash} AND confirmation_sent_at > ${expiryCutoff(now)}::timestamptz
    `,
  );
  if (confirmed > 0) return "confirmed";
  const state = await checkConfirmationToken(db, token, now);
  return state === "expired" ? "expired" : "invalid";
}

/** The address of a confirmation link: the page that takes it, with the token as `token` (redacted in logs). */
function confirmationUrl(token: string): string {
  return `${config().PUBLIC_URL}${NEWSLETTER_OPT_IN.path}?token=${encodeURIComponent(token)}`;
}

/**
 * Mails the confirmation link through the mail queue (decision 034): queued in its own small
 * transaction and sent at once, retried by the mail-queue job if SMTP does not take it now.
 */
export async function sendNewsletterConfirmation(confirmation: { email: string; token: string }, db: Db = appDb()): Promise<void> {
  await queueAndDeliver(db, {
    to: confirmation.email,
    template: "newsletterConfirmation",
    data: { url: confirmationUrl(confirmation.token), days: NEWSLETTER_OPT_IN.confirmationDays },
  });
}

/**
 * docs/rules/privacy.md#retention: a sign-up never confirmed is deleted once its latest link has
 * expired (30 days after the latest mail; rows without one count from when they were stored).
 */
export async function purgeUnconfirmedSubscriptions(db: Db, now: Date = new Date()): Promise<number> {
  return execCount(
    db,
    sql`DELETE FROM newsletter_subscriptions
         WHERE confirmed_at IS NULL
           AND COALESCE(confirmation_sent_at, created_at) <= ${expiryCutoff(now)}::timestamptz`,
  );
}

/**
 * A member's own row is confirmed by the account's confirmed address (docs/rules/accounts.md#newsletter):
 * called when the account's address is confirmed, for a box ticked at sign-up.
 */
export async function confirmMemberSubscription(db: Db, userId: string, now: Date = new Date()): Promise<void> {
  await db.execute(
    sql`UPDATE newsletter_subscriptions SET confirmed_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
         WHERE user_id = ${userId} AND confirmed_at IS NULL`,
  );
}
