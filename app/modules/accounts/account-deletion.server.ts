/**
 * A member deletes their account (GDPR art. 17; docs/rules/accounts.md#deleting-the-account,
 * docs/decisions/049-account-deletion.md). One transaction erases or pseudonymises the member's
 * personal data wherever it is held and ends every session. The `user` and `profiles` rows stay
 * as a pseudonymised tombstone: the ledger, the trades and their rollups, the sell orders and the
 * purchase documents the bookkeeping law keeps for seven years still refer to one member id, and
 * nothing that sums money or points changes. No row that a trigger rolls up is deleted.
 */
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import {
  account,
  audit_log,
  bankid_orders,
  contact_messages,
  data_exports,
  email_outbox,
  launch_notifications,
  mail_queue,
  newsletter_campaign_recipients,
  newsletter_subscriptions,
  payout_details,
  payout_details_history,
  profiles,
  rate_limits,
  referrals,
  security_events,
  sell_order_events,
  sell_orders,
  seller_limits,
  session,
  staff_form_tokens,
  trades,
  twoFactor,
  user,
  user_roles,
  verification,
  verified_identities,
  visitor_sessions,
} from "~/platform/db/schema";
import { OPEN_SELL_ORDER_STATUSES } from "~/modules/selling/sell-order-rules";

/** What replaces a piece of personal data inside a kept text or JSON value. */
const ERASED = "[raderat]";
/** The tombstone's name: what staff see where the member used to be named. */
const DELETED_MEMBER_NAME = "Raderat konto";

/** The tombstone's address: unique, never deliverable (`.invalid`, RFC 2606), names no one. */
export function tombstoneEmail(userId: string): string {
  return `raderat-${userId}@raderat.invalid`;
}

type AccountDeletionResult =
  | { ok: true }
  | { ok: false; reason: "open_orders"; openOrders: number }
  | { ok: false; reason: "staff" | "not_found" };

/** JSON keys whose value is personal data wherever they occur in an audit row or a form answer. */
const PERSONAL_KEYS = new Set(
  [
    "email", "name", "first_name", "firstName", "last_name", "lastName", "display_name", "displayName",
    "phone", "phone_number", "phoneNumber", "steam_id", "steamId", "steam_trade_link", "steamTradeLink",
    "tradeLink", "avatar_url", "avatarUrl", "image", "ip", "ip_address", "ipAddress", "user_agent", "userAgent",
  ].map((key) => key.toLowerCase()),
);

/** What identifies the member in free text: searched everywhere (strong) or in their own rows (all). */
interface Needles {
  strong: string[];
  all: string[];
}

function needlesOf(row: {
  userEmail: string;
  userName: string;
  profileEmail: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  phone: string | null;
  steamId: string | null;
  tradeLink: string | null;
}): Needles {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(" ").trim();
  const strong = [row.userEmail, row.profileEmail, row.steamId, row.tradeLink, row.phone, fullName.includes(" ") ? fullName : null];
  // Single names are too common to search for across other people's rows.
  const weak = [row.userName, row.firstName, row.lastName, row.displayName, fullName];
  const clean = (values: (string | null)[]) =>
    [...new Set(values.map((value) => value?.trim() ?? "").filter((value) => value.length >= 3))].sort((a, b) => b.length - a.length);
  return { strong: clean(strong), all: clean([...strong, ...weak]) };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `column::text ILIKE ANY(…)` for the needles. */
function mentions(column: SQL | unknown, needles: readonly string[]): SQL {
  if (needles.length === 0) return sql`false`;
  const patterns = needles.map((needle) => sql`${`%${escapeLike(needle)}%`}`);
  return sql`(${column})::text ILIKE ANY(ARRAY[${sql.join(patterns, sql`, `)}]::text[])`;
}

/** The text with every needle (any case) replaced. */
function scrubText(text: string, needles: readonly string[]): string {
  return needles.reduce((result, needle) => result.replace(new RegExp(escapeRegExp(needle), "gi"), ERASED), text);
}

/** A JSON value with personal keys erased and every needle replaced inside strings. */
function scrubJson(value: unknown, needles: readonly string[]): unknown {
  if (typeof value === "string") return scrubText(value, needles);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, needles));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        PERSONAL_KEYS.has(key.toLowerCase()) && item !== null ? ERASED : scrubJson(item, needles),
      ]),
    );
  }
  return value;
}

/**
 * Deletes the member's account. Refused for staff (their roles are taken away by an admin
 * first) and while a sell order is open (it may still owe the member money or us items).
 */
export async function deleteAccount(database: Db, userId: string, now: Date = new Date()): Promise<AccountDeletionResult> {
  return database.transaction(async (tx) => {
    // The profile row is the member's lock: two deletions, or a deletion and a profile edit, queue here.
    const [member] = await tx
      .select({
        userEmail: user.email,
        userName: user.name,
        profileEmail: profiles.email,
        firstName: profiles.first_name,
        lastName: profiles.last_name,
        displayName: profiles.display_name,
        phone: profiles.phone_number,
        steamId: profiles.steam_id,
        tradeLink: profiles.steam_trade_link,
        deletedAt: profiles.deleted_at,
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.user_id, user.id))
      .where(eq(user.id, userId))
      .for("update", { of: profiles });
    if (!member || member.deletedAt) return { ok: false as const, reason: "not_found" as const };

    const [role] = await tx.select({ role: user_roles.role }).from(user_roles).where(eq(user_roles.user_id, userId)).limit(1);
    if (role) return { ok: false as const, reason: "staff" as const };

    const [open] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(sell_orders)
      .where(and(eq(sell_orders.user_id, userId), inArray(sell_orders.status, [...OPEN_SELL_ORDER_STATUSES])));
    if (open && open.count > 0) return { ok: false as const, reason: "open_orders" as const, openOrders: open.count };

    const needles = needlesOf(member);
    const emails = [...new Set([member.userEmail, member.profileEmail].filter((value): value is string => Boolean(value)).map((value) => value.toLowerCase()))];

    await eraseSignIn(tx, userId, needles);
    await eraseProfile(tx, userId, now);
    await eraseContactAndMail(tx, userId, emails, needles);
    await scrubOwnRecords(tx, userId, needles);
    await scrubLogs(tx, userId, needles);

    // The record that a deletion happened: the pseudonymous id and the time, nothing else.
    await tx.insert(security_events).values({ user_id: userId, event_type: "account_deleted", severity: "medium" });
    await tx.insert(audit_log).values({
      actor_user_id: userId,
      action: "account.delete",
      entity_type: "user",
      entity_id: userId,
      before: null,
      after: { deletedAt: now.toISOString() },
    });
    return { ok: true as const };
  });
}

/** Sessions end, and nothing is left to sign in with: password, social links, second factor, tokens. */
async function eraseSignIn(tx: Tx, userId: string, needles: Needles) {
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await tx
    .delete(verification)
    .where(or(sql`${verification.value} LIKE ${`%${escapeLike(userId)}%`}`, mentions(verification.identifier, needles.strong), mentions(verification.value, needles.strong)));
  // Keys such as `signin:email:{address}`.
  await tx.delete(rate_limits).where(or(mentions(rate_limits.key, needles.strong), sql`${rate_limits.key} LIKE ${`%${userId}%`}`));
  await tx
    .update(user)
    .set({ name: DELETED_MEMBER_NAME, email: tombstoneEmail(userId), emailVerified: false, image: null, twoFactorEnabled: false, updatedAt: sql`now()` })
    .where(eq(user.id, userId));
}

/**
 * The profile keeps only what the ledger and rollups need (points, XP, sign-up time, the referrer
 * link); the referral code is cleared, which the trigger mirrors by removing it from
 * referral_codes, so the code stops working.
 */
async function eraseProfile(tx: Tx, userId: string, now: Date) {
  await tx
    .update(profiles)
    .set({
      first_name: null,
      last_name: null,
      display_name: null,
      phone_number: null,
      steam_trade_link: null,
      email: null,
      email_is_placeholder: true,
      referral_code: null,
      signup_referral_code: null,
      signup_ip_hash: null,
      steam_id: null,
      avatar_url: null,
      contact_person_id: null,
      deleted_at: now,
      updated_at: sql`now()`,
    })
    .where(eq(profiles.user_id, userId));
  await tx.delete(verified_identities).where(eq(verified_identities.user_id, userId));
  await tx.delete(bankid_orders).where(eq(bankid_orders.user_id, userId));
  await tx.delete(payout_details).where(eq(payout_details.user_id, userId));
  await tx.delete(payout_details_history).where(eq(payout_details_history.user_id, userId));
  await tx.delete(seller_limits).where(eq(seller_limits.user_id, userId));
  // A data export is a copy of everything above (decision 048): it goes too.
  await tx.delete(data_exports).where(eq(data_exports.user_id, userId));
  await tx.update(visitor_sessions).set({ user_id: null }).where(eq(visitor_sessions.user_id, userId));
}

/** Newsletter, launch list, contact messages and every mail to or about the member. */
async function eraseContactAndMail(tx: Tx, userId: string, emails: string[], needles: Needles) {
  const lowered = (column: SQL | unknown) => inArray(sql`lower(${column})`, emails);
  await tx.delete(newsletter_subscriptions).where(or(eq(newsletter_subscriptions.user_id, userId), lowered(newsletter_subscriptions.email)));
  await tx.delete(launch_notifications).where(lowered(launch_notifications.email));
  await tx.delete(newsletter_campaign_recipients).where(lowered(newsletter_campaign_recipients.email));
  await tx.delete(contact_messages).where(lowered(contact_messages.email));
  // Mail to the member goes (attachments with it: a purchase document stays in its own table).
  await tx.delete(mail_queue).where(lowered(mail_queue.to_address));
  await tx.delete(email_outbox).where(lowered(email_outbox.to_address));
  // Mail to others (staff notices) that mentions the member keeps its place with the mention erased.
  const queued = await tx
    .select({ id: mail_queue.id, subject: mail_queue.subject, html: mail_queue.html, text: mail_queue.text, replyTo: mail_queue.reply_to, headers: mail_queue.headers })
    .from(mail_queue)
    .where(or(mentions(mail_queue.subject, needles.strong), mentions(mail_queue.html, needles.strong), mentions(mail_queue.text, needles.strong), mentions(mail_queue.reply_to, needles.strong), mentions(mail_queue.headers, needles.strong)));
  for (const mail of queued) {
    await tx
      .update(mail_queue)
      .set({
        subject: scrubText(mail.subject, needles.all),
        html: scrubText(mail.html, needles.all),
        text: scrubText(mail.text, needles.all),
        reply_to: mail.replyTo ? scrubText(mail.replyTo, needles.all) : null,
        headers: mail.headers ? (scrubJson(mail.headers, needles.all) as Record<string, string>) : null,
      })
      .where(eq(mail_queue.id, mail.id));
  }
  const captured = await tx
    .select({ id: email_outbox.id, subject: email_outbox.subject, html: email_outbox.html, text: email_outbox.text })
    .from(email_outbox)
    .where(or(mentions(email_outbox.subject, needles.strong), mentions(email_outbox.html, needles.strong), mentions(email_outbox.text, needles.strong)));
  for (const mail of captured) {
    await tx
      .update(email_outbox)
      .set({ subject: scrubText(mail.subject, needles.all), html: scrubText(mail.html, needles.all), text: scrubText(mail.text, needles.all) })
      .where(eq(email_outbox.id, mail.id));
  }
}

/**
 * The member's kept records (trades, sell orders, referrals) stay for the ledger and the
 * bookkeeping; only free-text notes staff may have written about the member lose the mentions.
 */
async function scrubOwnRecords(tx: Tx, userId: string, needles: Needles) {
  const notes = await tx
    .select({ id: trades.id, note: trades.note })
    .from(trades)
    .where(and(eq(trades.user_id, userId), mentions(trades.note, needles.all)));
  for (const row of notes) await tx.update(trades).set({ note: scrubText(row.note ?? "", needles.all) }).where(eq(trades.id, row.id));

  const events = await tx
    .select({ id: sell_order_events.id, note: sell_order_events.note })
    .from(sell_order_events)
    .innerJoin(sell_orders, eq(sell_orders.id, sell_order_events.order_id))
    .where(and(eq(sell_orders.user_id, userId), mentions(sell_order_events.note, needles.all)));
  for (const row of events) {
    await tx.update(sell_order_events).set({ note: scrubText(row.note ?? "", needles.all) }).where(eq(sell_order_events.id, row.id));
  }

  const reviews = await tx
    .select({ friendId: referrals.friend_id, reason: referrals.review_reason })
    .from(referrals)
    .where(and(or(eq(referrals.friend_id, userId), eq(referrals.referrer_id, userId)), mentions(referrals.review_reason, needles.all)));
  for (const row of reviews) {
    await tx.update(referrals).set({ review_reason: scrubText(row.reason ?? "", needles.all) }).where(eq(referrals.friend_id, row.friendId));
  }
}

/**
 * Security events, audit rows and staff form answers: the member's own security events go (their
 * IP addresses and browsers with them); audit rows about the member, by the member, or mentioning
 * them keep who-did-what by id with the personal fields erased.
 */
async function scrubLogs(tx: Tx, userId: string, needles: Needles) {
  await tx.delete(security_events).where(eq(security_events.user_id, userId));
  await tx.update(security_events).set({ details: null, ip_address: null, user_agent: null }).where(mentions(security_events.details, needles.strong));

  const audits = await tx
    .select({ id: audit_log.id, entityId: audit_log.entity_id, before: audit_log.before, after: audit_log.after })
    .from(audit_log)
    .where(
      or(
        eq(audit_log.entity_id, userId),
        eq(audit_log.actor_user_id, userId),
        mentions(audit_log.entity_id, needles.strong),
        mentions(audit_log.before, [...needles.strong, userId]),
        mentions(audit_log.after, [...needles.strong, userId]),
      ),
    );
  for (const row of audits) {
    await tx
      .update(audit_log)
      .set({
        entity_id: scrubText(row.entityId, needles.all),
        before: row.before === null ? null : scrubJson(row.before, needles.all),
        after: row.after === null ? null : scrubJson(row.after, needles.all),
      })
      .where(eq(audit_log.id, row.id));
  }

  const answers = await tx
    .select({ token: staff_form_tokens.token, result: staff_form_tokens.result })
    .from(staff_form_tokens)
    .where(mentions(staff_form_tokens.result, [...needles.strong, userId]));
  for (const row of answers) {
    await tx.update(staff_form_tokens).set({ result: scrubJson(row.result, needles.all) }).where(eq(staff_form_tokens.token, row.token));
  }
}
