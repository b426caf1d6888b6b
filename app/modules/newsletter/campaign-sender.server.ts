/**
 * Sends campaigns so that no address gets two copies (docs/decisions/028-campaign-exactly-once.md,
 * docs/rules/newsletter.md#sending).
 *
 * One sender works on a campaign at a time: it holds the campaign's PostgreSQL advisory lock
 * (on its own connection, so it is released when the process dies). Having taken it, the
 * sender first marks every recipient still `sending` as `unknown`: whoever claimed them is
 * gone, and whether their mail went out cannot be known. Then, at the throttled rate, it
 * claims recipients (`pending` → `sending` with a fresh claim token, in its own committed
 * statement, `FOR UPDATE SKIP LOCKED`) BEFORE each SMTP call and marks each `sent`, back to
 * `pending` with back-off or `failed` (the server surely did not accept it), or `unknown`
 * (it may have) after it. Only the claim's token can mark its outcome. The claim alone keeps
 * two senders from mailing the same row, lock or not.
 */
import { sql } from "drizzle-orm";
import { CAMPAIGN } from "~/constants";
import { queryRows, type Database, type Db } from "~/platform/db/client.server";
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

/** A claim whose sender is gone (found `sending` by the lock holder) becomes `unknown`. */
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

/** Works through one campaign while holding its lock, at the throttled rate, until done or stopped. */
async function sendCampaign(db: Db, campaignId: string, options: SenderOptions, result: SendResult): Promise<void> {
  const [campaign] = await queryRows<{ subject: string; body_html: string; list: MailList; status: string }>(
    db,
    sql`SELECT subject, body_html, list, status FROM newsletter_campaigns WHERE id = ${campaignId}`,
  );
  if (!campaign || campaign.status !== "sending") return;
  const content = { subject: campaign.subject, bodyHtml: campaign.body_html, list: campaign.list };
  result.unknown += await markInterrupted(db, campaignId);
  const deliver = options.deliver ?? ((mail) => sendMail(mail, db));
  const gapMs = 60_000 / options.perMinute;
  // Claim about a second's worth at a time, so a crash leaves few claims never tried.
  const batch = Math.max(1, Math.min(CAMPAIGN.claimBatch, Math.floor(options.perMinute / 60)));
  let nextSlot = Date.now();
  while (!options.signal?.aborted) {
    await sleep(nextSlot - Date.now(), options.signal);
    if (options.signal?.aborted) break;
    const claimed = await claimRecipients(db, campaignId, batch);
    if (claimed.length === 0) {
      if (await finishIfDone(db, campaignId)) return;
      const wait = await nextDueInMs(db, campaignId);
      if (wait === null || wait > (options.maxWaitMs ?? MAX_IN_RUN_WAIT_MS)) return;
      await sleep(wait, options.signal);
      continue;
    }
    for (const recipient of claimed) {
      // A claim is always settled, even when stopping: the mail in flight finishes first.
      await sleep(nextSlot - Date.now(), options.signal?.aborted ? undefined : options.signal);
      nextSlot = Math.max(nextSlot, Date.now()) + gapMs;
      await options.afterClaim?.(recipient);
      const { outcome, error } = await deliverOne(content, recipient, deliver);
      await markOutcome(db, recipient, outcome, error);
      result[outcome === "retried" ? "retried" : outcome] += 1;
      if (outcome !== "sent") logger.warn({ campaignId, recipientId: recipient.id, outcome, error }, "campaign mail not sent");
    }
  }
}

const sendingHere = new Set<string>();

/**
 * Sends every campaign that is `sending`, one after another, each under its lock (a campaign
 * another instance is sending is skipped). Looks again after each, so a campaign sent
 * meanwhile is picked up in the same run. The job `newsletter-campaigns` runs this.
 */
export async function sendDueCampaigns(database: Database, options: SenderOptions): Promise<SendResult> {
  const result: SendResult = { campaigns: 0, sent: 0, failed: 0, retried: 0, unknown: 0 };
  const done = new Set<string>();
  for (;;) {
    if (options.signal?.aborted) return result;
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id FROM newsletter_campaigns WHERE status = 'sending' ORDER BY send_started_at, id`,
    );
    const next = rows.find((row) => !done.has(row.id) && !sendingHere.has(row.id));
    if (!next) return result;
    done.add(next.id);
    // The embedded database's advisory locks are one session's (re-entrant): this set orders calls in the process.
    sendingHere.add(next.id);
    try {
      const held = await database.withAdvisoryLock(`campaign:${next.id}`, () => sendCampaign(database.db, next.id, options, result));
      if (held.acquired) result.campaigns += 1;
    } finally {
      sendingHere.delete(next.id);
    }
  }
}
