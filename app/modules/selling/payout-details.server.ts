/**
 * A member's payout details (docs/rules/selling.md#payout-details): stored sealed
 * (payout-encryption.server.ts), shown masked, changed only with the password or a recent
 * Steam/Google sign-in. Every change records a masked history row and a security event in one
 * transaction, mails the member, and makes payouts wait 24 hours.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { PAYOUT_DETAILS_RULES, type PayoutConfirmation, type PayoutMethod } from "~/modules/selling/selling-constants";
import { logSecurityEvent } from "~/modules/accounts/security-events.server";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { account, payout_details, payout_details_history, profiles, session, user } from "~/platform/db/schema";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { openPayoutDetails, sealPayoutDetails, type PayoutKeyring } from "./payout-encryption.server";
import { maskPayoutDetails, type PayoutDetails } from "./payout-rules";

export interface PayoutDetailsSummary {
  method: PayoutMethod;
  label: string;
  masked: string;
  /** ISO time from which payouts may go to these details. */
  usableAt: string;
  updatedAt: string;
  /** Whether `usableAt` has passed (by the database's clock). */
  usable: boolean;
  /** Swish details with another personnummer than the verified one: new details are needed. */
  renewalRequired: boolean;
}

/** The masked summary the member (and later staff) see; never decrypts anything. */
export async function getPayoutDetailsSummary(db: Db, userId: string): Promise<PayoutDetailsSummary | null> {
  const [row] = await db
    .select({
      method: payout_details.method,
      label: payout_details.masked_label,
      masked: payout_details.masked_value,
      usableAt: payout_details.usable_at,
      updatedAt: payout_details.updated_at,
      usable: sql<boolean>`${payout_details.usable_at} <= now()`,
      renewalRequired: sql<boolean>`${payout_details.renewal_required_at} IS NOT NULL`,
    })
    .from(payout_details)
    .where(eq(payout_details.user_id, userId));
  return row ? toPayoutDetailsSummary(row) : null;
}

/** The masked summary from its columns (times as Dates or as the text JSON carries). */
export function toPayoutDetailsSummary(row: {
  method: string;
  label: string;
  masked: string;
  usableAt: Date | string;
  updatedAt: Date | string;
  usable: boolean;
  renewalRequired: boolean;
}): PayoutDetailsSummary {
  return {
    method: row.method as PayoutMethod,
    label: row.label,
    masked: row.masked,
    usableAt: new Date(row.usableAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    usable: Boolean(row.usable) && !row.renewalRequired,
    renewalRequired: Boolean(row.renewalRequired),
  };
}

/** The details themselves, for the payout that needs them; a failed authentication throws. */
export async function readPayoutDetails(db: Db, keyring: PayoutKeyring, userId: string): Promise<PayoutDetails | null> {
  const [row] = await db
    .select({ keyId: payout_details.key_id, ciphertext: payout_details.ciphertext })
    .from(payout_details)
    .where(eq(payout_details.user_id, userId));
  if (!row) return null;
  return JSON.parse(openPayoutDetails(keyring, userId, row)) as PayoutDetails;
}

/**
 * After BankID verified a member (decision 044): stored Swish details with another
 * personnummer are marked for renewal, in the verification's transaction. Payouts wait until
 * the member enters new details. Returns whether they were marked.
 */
export async function markSwishForRenewal(tx: Db, keyring: PayoutKeyring, userId: string, verifiedPersonnummer: string): Promise<boolean> {
  const [row] = await tx
    .select({ method: payout_details.method, keyId: payout_details.key_id, ciphertext: payout_details.ciphertext })
    .from(payout_details)
    .where(eq(payout_details.user_id, userId))
    .for("update");
  if (row?.method !== "swish") return false;
  const details = JSON.parse(openPayoutDetails(keyring, userId, row)) as PayoutDetails;
  const differs = details.method === "swish" && details.personnummer !== verifiedPersonnummer;
  await tx
    .update(payout_details)
    .set({ renewal_required_at: differs ? sql`coalesce(${payout_details.renewal_required_at}, now())` : null })
    .where(eq(payout_details.user_id, userId));
  return differs;
}

// ---------------------------------------------------------------------------
// Confirming who is changing them
// ---------------------------------------------------------------------------

/** Whether the account can sign in with a password (else it confirms with a fresh social sign-in). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), sql`${account.password} IS NOT NULL`))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the session began (a Steam or Google sign-in, for an account without a password)
 * within the last 10 minutes, by the database's clock.
 */
export async function isRecentSignIn(db: Db, sessionId: string): Promise<boolean> {
  const windowSeconds = PAYOUT_DETAILS_RULES.recentSignInMs / 1000;
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`)));
  return Boolean(row);
}

// ---------------------------------------------------------------------------
// Changing them
// ---------------------------------------------------------------------------

export interface PayoutChangeInput {
  userId: string;
  details: PayoutDetails;
  confirmedBy: PayoutConfirmation;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface PayoutChangeResult {
  summary: PayoutDetailsSummary;
  revision: number;
  firstTime: boolean;
}

/**
 * Seals and stores the details, bumps the revision, writes the masked history row and the
 * security event and the member's mail (queued, decision 034) in one transaction (concurrent
 * changes serialise on the row: each gets its own revision and the row ends as the last one), then
 * sends the mail.
 */
export async function changePayoutDetails(db: Db, keyring: PayoutKeyring, input: PayoutChangeInput): Promise<PayoutChangeResult> {
  const sealed = sealPayoutDetails(keyring, input.userId, JSON.stringify(input.details));
  const mask = maskPayoutDetails(input.details);
  const delaySeconds = PAYOUT_DETAILS_RULES.changeDelayMs / 1000;
  const usableAt = sql`now() + make_interval(secs => ${delaySeconds})`;

  const written = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payout_details)
      .values({
        user_id: input.userId,
        method: mask.method,
        key_id: sealed.keyId,
        ciphertext: sealed.ciphertext,
        masked_label: mask.label,
        masked_value: mask.masked,
        usable_at: usableAt,
      })
      .onConflictDoUpdate({
        target: payout_details.user_id,
        set: {
          method: mask.method,
          key_id: sealed.keyId,
          ciphertext: sealed.ciphertext,
          masked_label: mask.label,
          masked_value: mask.masked,
          usable_at: usableAt,
          renewal_required_at: null,
          revision: sql`${payout_details.revision} + 1`,
          updated_at: sql`now()`,
        },
      })
      .returning({
        revision: payout_details.revision,
        usableAt: payout_details.usable_at,
        updatedAt: payout_details.updated_at,
      });
    if (!row) throw new Error("payout details not written");
    await tx.insert(payout_details_history).values({
      user_id: input.userId,
      revision: row.revision,
      method: mask.method,
      masked_label: mask.label,
      masked_value: mask.masked,
      confirmed_by: input.confirmedBy,
      usable_at: row.usableAt,
      ip_address: input.ipAddress?.slice(0, 64) ?? null,
    });
    await logSecurityEvent(tx, {
      userId: input.userId,
      type: "payout_details_changed",
      severity: "medium",
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      details: { method: mask.method, label: mask.label, masked: mask.masked, revision: row.revision, confirmedBy: input.confirmedBy },
    });
    const summary: PayoutDetailsSummary = {
      method: mask.method,
      label: mask.label,
      masked: mask.masked,
      usableAt: new Date(row.usableAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
      usable: false,
      renewalRequired: false,
    };
    const mailId = await queueMemberMail(tx, input.userId, summary, row.revision === 1);
    return { summary, revision: row.revision, mailId };
  });

  await deliverQueuedMail(db, [written.mailId]);
  return { summary: written.summary, revision: written.revision, firstTime: written.revision === 1 };
}

/** The mail every change owes the member, queued in the change's transaction. */
async function queueMemberMail(tx: Db, userId: string, summary: PayoutDetailsSummary, firstTime: boolean) {
  const [member] = await tx
    .select({ email: user.email, name: user.name, firstName: profiles.first_name })
    .from(user)
    .leftJoin(profiles, eq(profiles.user_id, user.id))
    .where(eq(user.id, userId));
  if (!member) return null;
  return enqueueMail(tx, {
    to: member.email,
    template: "payoutDetailsChanged",
    data: {
      name: member.firstName?.trim() || member.name,
      firstTime,
      label: summary.label,
      masked: summary.masked,
      usableAt: summary.usableAt,
      profileUrl: `${config().PUBLIC_URL}/profile#utbetalning`,
    },
  });
}
