/**
 * Sends campaigns so that no address gets two copies (docs/decisions/028-campaign-exactly-once.md,
 * docs/decisions/029-campaign-sender-lease.md, docs/rules/newsletter.md#sending).
 *
 * One sender works on a campaign at a time: it holds the campaign's lease (`sender_id`,
 * `sender_lease_until` on the campaign row), renewed before every mail. Another sender takes a
 * campaign over only when nobody holds it or the holder's lease has run out — whether the
 * holder died, froze or lost its network — and in the same transaction marks every recipient
 * still `sending` as `unknown`: whoever claimed them stopped, and whether their mail went out
 * cannot be known. Then, at the throttled rate, it claims recipients (`pending` → `sending`
 * with a fresh claim token, committed together with a lease renewal, `FOR UPDATE SKIP LOCKED`)
 * BEFORE each SMTP call and marks each `sent`, back to `pending` with back-off or `failed` (the
 * server surely did not accept it), or `unknown` (it may have) after it. Only the claim's token
 * can mark its outcome. The claim alone keeps two senders from mailing the same row, lease or not.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { CAMPAIGN } from "~/modules/newsletter/newsletter-constants";
import { queryRows, type Db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { sendMail } from "~/platform/mail/mailer.server";
import type { MailList } from "./campaign-rules";
import { campaignMail } from "./campaigns.server";

/** The job that runs the sender (app/jobs.server.ts); sending a campaign asks for it at once. */
export const CAMPAIGN_JOB = "newsletter-campaigns";

export interface ClaimedRecipient {
  id: string;
  email: string;
  claimToken: string;
  attempts: number;
}

export interface SenderOptions {
  /** Mails per minute for this sender (NEWSLETTER_SEND_PER_MINUTE). */
  perMinute: number;
  /** Stops after the mail in flight (shutdown). */
  signal?: AbortSignal;
  /** Delivers one mail; throws on failure. Defaults to the one mailer. */
  deliver?: (mail: ReturnType<typeof campaignMail>) => Promise<unknown>;
  /**
   * Longest wait for a recipient's back-off inside one run (default a minute, the job's
   * interval); a longer one is left to a later run.
   */
  maxWaitMs?: number;
  /** How long a hold on a campaign lasts unrenewed (default `CAMPAIGN.senderLeaseMs`). */
  leaseMs?: number;
  /** This sender's id in `newsletter_campaigns.sender_id` (default a random one per call). */
  senderId?: string;
  /** Runs after a claim is committed and before its SMTP call (the crash test holds here). */
  afterClaim?: (recipient: ClaimedRecipient) => Promise<void>;
}

export interface SendResult {
  campaigns: number;
  sent: number;
  failed: number;
  retried: number;
  unknown: number;
}

/** Whether the mail surely was not accepted: refused before or instead of taking the message. */
export function surelyNotAccepted(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { responseCode, code, originalCode, command } = error as {
    responseCode?: unknown;
    code?: unknown;
    originalCode?: unknown;
    command?: unknown;
  };
  // The server answered with a refusal (4xx/5xx), whichever command it refused.
  if (typeof responseCode === "number" && responseCode >= 400 && responseCode < 600) return true;
  // No connection at all.
  const codes = [code, originalCode];
  if (codes.some((value) => value === "ECONNREFUSED" || value === "ENOTFOUND" || value === "EHOSTUNREACH" || value === "ENETUNREACH")) return true;
  // Failed while connecting or before DATA: the message itself was never transmitted.
  return typeof command === "string" && ["CONN", "EHLO", "HELO", "LHLO", "STARTTLS", "MAIL FROM", "RCPT TO"].includes(command)
    || (typeof command === "string" && command.startsWith("AUTH"));
}

/** Back-off after the n-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  return Math.min(CAMPAIGN.retryMaxMs, CAMPAIGN.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

/** A claim whose sender is gone (found `sending` by the one taking the campaign over) becomes `unknown`. */
async function markInterrupted(db: Db, campaignId: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE newsletter_campaign_recipients
        SET status = 'unknown', last_error = 'Avbröts mellan anspråk och svar från e-postservern.', updated_at = now()
        WHERE campaign_id = ${campaignId} AND status = 'sending'
        RETURNING id`,
  );
  return rows.length;
}

/** Claims up to `limit` due recipients, committed before any of them is mailed. */
export async function claimRecipients(db: Db, campaignId: string, limit: number): Promise<ClaimedRecipient[]> {
  const rows = await queryRows<{ id: string; email: string; claim_token: string; attempts: number }>(
    db,
    sql`UPDATE newsletter_campaign_recipients
        SET status = 'sending', claimed_at = now(), claim_token = gen_random_uuid(), attempts = attempts + 1, updated_at = now()
        WHERE status = 'pending' AND id IN (
          SELECT id FROM newsletter_campaign_recipients
          WHERE campaign_id = ${campaignId} AND status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, email, claim_token, attempts`,
  );
  return rows.map((row) => ({ id: row.id, email: row.email, claimToken: row.claim_token, attempts: Number(row.attempts) }));
}

type Outcome = "sent" | "retried" | "failed" | "unknown";

/** Records what became of a claim; only the claim's own token can. */
export async function markOutcome(db: Db, recipient: ClaimedRecipient, outcome: Outcome, error?: string): Promise<void> {
  const message = error?.slice(0, 500) ?? null;
  const mine = sql`id = ${recipient.id} AND claim_token = ${recipient.claimToken}`;
  if (outcome === "sent") {
    // From `unknown` too: a lock holder may have given up on a claim this sender still completed.
    await db.execute(sql`UPDATE newsletter_campaign_recipients SET status = 'sent', sent_at = now(), last_error = NULL, updated_at = now()
                         WHERE ${mine} AND status IN ('sending', 'unknown')`);
  } else if (outcome === "unknown") {
    await db.execute(sql`UPDATE newsletter_campaign_recipients SET status = 'unknown', last_error = ${message}, updated_at = now()
                         WHERE ${mine} AND status = 'sending'`);
  } else {
    const delaySeconds = retryDelayMs(recipient.attempts) / 1000;
    await db.execute(sql`UPDATE newsletter_campaign_recipients
                         SET status = ${outcome === "failed" ? "failed" : "pending"},
                             next_attempt_at = now() + make_interval(secs => ${delaySeconds}),
                             last_error = ${message}, updated_at = now()
                         WHERE ${mine} AND status IN ('sending', 'unknown')`);
  }
}

async function deliverOne(
  campaign: { subject: string; bodyHtml: string; list: MailList },
  recipient: ClaimedRecipient,
  deliver: NonNullable<SenderOptions["deliver"]>,
): Promise<{ outcome: Outcome; error?: string }> {
  try {
    await deliver(campaignMail(campaign, recipient.email, campaign.list));
    return { outcome: "sent" };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!surelyNotAccepted(error)) return { outcome: "unknown", error: message };
    return { outcome: recipient.attempts >= CAMPAIGN.maxAttempts ? "failed" : "retried", error: message };
  }
}

/** Sets a campaign `sent` once no recipient is waiting or being sent. */
async function finishIfDone(db: Db, campaignId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE newsletter_campaigns SET status = 'sent', finished_at = now(), updated_at = now()
        WHERE id = ${campaignId} AND status = 'sending'
          AND NOT EXISTS (SELECT 1 FROM newsletter_campaign_recipients
                          WHERE campaign_id = ${campaignId} AND status IN ('pending', 'sending'))
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Milliseconds until the next pending recipient is due; null when none is pending. */
async function nextDueInMs(db: Db, campaignId: string): Promise<number | null> {
  const [row] = await queryRows<{ wait_ms: number | string | null }>(
    db,
    sql`SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(next_attempt_at) - now())) * 1000) AS wait_ms
        FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId} AND status = 'pending'`,
  );
  return row?.wait_ms === null || row?.wait_ms === undefined ? null : Number(row.wait_ms);
}

const MAX_IN_RUN_WAIT_MS = 60_000;

/** A sender's hold on one campaign. */
interface Lease {
  campaignId: string;
  senderId: string;
  leaseMs: number;
  /** When this process last asked for a renewal that succeeded (its own clock). */
  renewedAt: number;
}

const leaseUntil = (lease: Lease) => sql`now() + make_interval(secs => ${lease.leaseMs / 1000})`;

/**
 * Takes the campaign when nobody holds it or its holder's lease has run out, and marks the
 * claims left `sending` unknown in the same transaction. Returns how many it marked, or null
 * when another sender holds the campaign. Two senders taking over at once: the campaign row's
 * lock orders them, and the second finds the lease fresh.
 */
async function takeLease(db: Db, lease: Lease): Promise<number | null> {
  return db.transaction(async (tx) => {
    const taken = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE newsletter_campaigns SET sender_id = ${lease.senderId}, sender_lease_until = ${leaseUntil(lease)}
          WHERE id = ${lease.campaignId} AND status = 'sending' AND (sender_id IS NULL OR sender_lease_until < now())
          RETURNING id`,
    );
    return taken.length === 0 ? null : markInterrupted(tx, lease.campaignId);
  });
}

/** Extends the lease; false when another sender has taken the campaign over. */
async function renewLease(db: Db, lease: Lease): Promise<boolean> {
  const asked = Date.now();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE newsletter_campaigns SET sender_lease_until = ${leaseUntil(lease)}
        WHERE id = ${lease.campaignId} AND sender_id = ${lease.senderId}
        RETURNING id`,
  );
  if (rows.length > 0) lease.renewedAt = asked;
  return rows.length > 0;
}

/**
 * Makes sure at least two thirds of the lease are left (renewing when a third has passed):
 * false when the campaign has been taken over. Saves a write per mail at a fast rate.
 */
async function keepLease(db: Db, lease: Lease): Promise<boolean> {
  return Date.now() - lease.renewedAt < lease.leaseMs / 3 || renewLease(db, lease);
}

async function releaseLease(db: Db, lease: Lease): Promise<void> {
  await db.execute(sql`UPDATE newsletter_campaigns SET sender_id = NULL, sender_lease_until = NULL
                       WHERE id = ${lease.campaignId} AND sender_id = ${lease.senderId}`);
}

/**
 * Claims the next batch together with a lease renewal, in one transaction: a sender that has
 * lost the campaign claims nothing, and a takeover never misses a claim committed before it.
 * Null when the lease is lost.
 */
async function claimHolding(db: Db, lease: Lease, limit: number): Promise<ClaimedRecipient[] | null> {
  return db.transaction(async (tx) => {
    if (!(await renewLease(tx, lease))) return null;
    return claimRecipients(tx, lease.campaignId, limit);
  });
}

/**
 * Gives back claims this sender never tried, after it lost the campaign: their mail surely did
 * not leave, so they are due again (the new holder may have marked them unknown meanwhile). A
 * campaign the new holder already finished is sending again.
 */
async function releaseClaims(db: Db, campaignId: string, claims: ClaimedRecipient[]): Promise<void> {
  if (claims.length === 0) return;
  await db.transaction(async (tx) => {
    for (const claim of claims) {
      await tx.execute(sql`UPDATE newsletter_campaign_recipients
                           SET status = 'pending', claim_token = NULL, claimed_at = NULL, attempts = attempts - 1, last_error = NULL, updated_at = now()
                           WHERE id = ${claim.id} AND claim_token = ${claim.claimToken} AND status IN ('sending', 'unknown')`);
    }
    await tx.execute(sql`UPDATE newsletter_campaigns SET status = 'sending', finished_at = NULL, updated_at = now()
                         WHERE id = ${campaignId} AND status = 'sent'
                           AND EXISTS (SELECT 1 FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId} AND status = 'pending')`);
  });
}

/** Sleeps `ms`, renewing the lease at least three times a lease; false when it was lost. */
async function waitHolding(db: Db, lease: Lease, ms: number, signal?: AbortSignal): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    const left = end - Date.now();
    if (left <= lease.leaseMs / 3 || signal?.aborted) {
      await sleep(left, signal);
      return true;
    }
    await sleep(lease.leaseMs / 3, signal);
    if (!(await renewLease(db, lease))) return false;
  }
}

/** Works through one campaign while holding its lease, at the throttled rate, until done, stopped or taken over. */
async function sendCampaign(db: Db, lease: Lease, options: SenderOptions, result: SendResult): Promise<void> {
  const { campaignId } = lease;
  const [campaign] = await queryRows<{ subject: string; body_html: string; list: MailList; status: string }>(
    db,
    sql`SELECT subject, body_html, list, status FROM newsletter_campaigns WHERE id = ${campaignId}`,
  );
  if (!campaign || campaign.status !== "sending") return;
  const content = { subject: campaign.subject, bodyHtml: campaign.body_html, list: campaign.list };
  const deliver = options.deliver ?? ((mail) => sendMail(mail, db));
  const gapMs = 60_000 / options.perMinute;
  // Claim about a second's worth at a time, so a crash leaves few claims never tried.
  const batch = Math.max(1, Math.min(CAMPAIGN.claimBatch, Math.floor(options.perMinute / 60)));
  let nextSlot = Date.now();
  while (!options.signal?.aborted) {
    if (!(await waitHolding(db, lease, nextSlot - Date.now(), options.signal))) return;
    if (options.signal?.aborted) break;
    const claimed = await claimHolding(db, lease, batch);
    if (claimed === null) return;
    if (claimed.length === 0) {
      if (await finishIfDone(db, campaignId)) return;
      const wait = await nextDueInMs(db, campaignId);
      if (wait === null || wait > (options.maxWaitMs ?? MAX_IN_RUN_WAIT_MS)) return;
      if (!(await waitHolding(db, lease, wait, options.signal))) return;
      continue;
    }
    for (const [index, recipient] of claimed.entries()) {
      // A claim is always settled, even when stopping: the mail in flight finishes first.
      if (!(await waitHolding(db, lease, nextSlot - Date.now(), options.signal?.aborted ? undefined : options.signal))) {
        await releaseClaims(db, campaignId, claimed.slice(index));
        return;
      }
      nextSlot = Math.max(nextSlot, Date.now()) + gapMs;
      await options.afterClaim?.(recipient);
      // Two thirds of a lease at least are left at the call, so nobody takes the campaign over
      // (and marks this claim unknown) while a live sender is about to send it; a sender that
      // stalled past its lease finds the campaign taken and gives back what it has not tried.
      if (!(await keepLease(db, lease))) {
        await releaseClaims(db, campaignId, claimed.slice(index));
        return;
      }
      const { outcome, error } = await deliverOne(content, recipient, deliver);
      await markOutcome(db, recipient, outcome, error);
      result[outcome === "retried" ? "retried" : outcome] += 1;
      if (outcome !== "sent") logger.warn({ campaignId, recipientId: recipient.id, outcome, error }, "campaign mail not sent");
    }
  }
}

/**
 * Sends every campaign that is `sending` and not held by a live sender, one after another,
 * each under its lease. Looks again after each, so a campaign sent meanwhile is picked up in
 * the same run. The job `newsletter-campaigns` runs this on every instance.
 */
export async function sendDueCampaigns(db: Db, options: SenderOptions): Promise<SendResult> {
  const result: SendResult = { campaigns: 0, sent: 0, failed: 0, retried: 0, unknown: 0 };
  const senderId = options.senderId ?? randomUUID();
  const leaseMs = options.leaseMs ?? CAMPAIGN.senderLeaseMs;
  const done = new Set<string>();
  for (;;) {
    if (options.signal?.aborted) return result;
    const rows = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM newsletter_campaigns
          WHERE status = 'sending' AND (sender_id IS NULL OR sender_lease_until < now())
          ORDER BY send_started_at, id`,
    );
    const next = rows.find((row) => !done.has(row.id));
    if (!next) return result;
    done.add(next.id);
    const lease: Lease = { campaignId: next.id, senderId, leaseMs, renewedAt: Date.now() };
    const interrupted = await takeLease(db, lease);
    if (interrupted === null) continue;
    result.campaigns += 1;
    result.unknown += interrupted;
    try {
      await sendCampaign(db, lease, options, result);
    } finally {
      // Should this fail (the database is gone), the lease simply runs out.
      await releaseLease(db, lease).catch(() => undefined);
    }
  }
}
