/**
 * The mail queue (docs/decisions/034-mail-queue.md). Mail a state change owes is a row of
 * `mail_queue`, written by `enqueueMail` in the change's own transaction: it exists exactly when
 * the change committed. The sender (`sendQueuedMail`) claims one due row at a time under a lease,
 * hands it to the mailer and marks it `sent` as soon as SMTP accepted it; a failure waits an
 * exponential back-off, and after `MAIL_QUEUE.maxAttempts` the row is `failed` and shown to admins
 * ("Misslyckade utskick"), who may queue it again.
 *
 * Delivery is at least once: a crash after SMTP accepted a mail and before the row was marked sends
 * it again once the lease runs out, with the same Message-ID, so the copy is recognisably the same
 * message. The caller kicks the sender on the rows it just committed (`deliverQueuedMail`) so mail
 * arrives as promptly as before; the `mail-queue` job is the safety net for everything else.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { wholeBetween } from "~/lib/paging";
import { cappedCount, keysetPage, LIST_COUNT_CAP, type CappedCount, type KeysetLinks, type KeysetPosition } from "~/lib/keyset";
import { cappedCountSql, cursorValueSql, keysetSql, type KeysetOrder } from "../db/keyset.server";
import { recordAudit } from "../audit/audit.server";
import { config } from "../config.server";
import { queryRows, execCount, type Db } from "../db/client.server";
import { mail_queue, mail_queue_attachments } from "../db/schema";
import { logger } from "../logger.server";
import { MAIL_QUEUE } from "../platform-constants";
import { deliverMail, renderMail, type MailAttachment, type OutgoingMail, type SendMailInput, type SendMailResult } from "./mailer.server";
import { isPlaceholderEmail } from "./placeholder-address";
import type { EmailTemplateName } from "./templates";

export const MAIL_QUEUE_JOB = "mail-queue";

export interface QueueMailInput<T extends EmailTemplateName> extends SendMailInput<T> {
  attachments?: readonly MailAttachment[];
}

/** `<uuid@host>` with the host of PUBLIC_URL (RFC 5322 msg-id). */
function newMessageId(): string {
  const host = new URL(config().PUBLIC_URL).hostname || "localhost";
  return `<${randomUUID()}@${host}>`;
}

/**
 * Queues one mail in the caller's transaction, rendered now: the mail says what the change said
 * when it committed. Returns the row's id (for `deliverQueuedMail` after the commit), or null for a
 * Steam account's placeholder address, which is never mailed.
 */
export async function enqueueMail<T extends EmailTemplateName>(tx: Db, input: QueueMailInput<T>): Promise<string | null> {
  if (isPlaceholderEmail(input.to)) {
    logger.info({ template: input.template }, "mail skipped: placeholder address");
    return null;
  }
  const mail = renderMail(input);
  const [row] = await tx
    .insert(mail_queue)
    .values({
      message_id: newMessageId(),
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers ?? null,
      template: mail.template,
    })
    .returning({ id: mail_queue.id });
  const id = row!.id;
  if (input.attachments?.length) {
    await tx.insert(mail_queue_attachments).values(
      input.attachments.map((file, position) => ({
        mail_id: id,
        position,
        filename: file.filename,
        content_type: file.contentType,
        content: file.content,
      })),
    );
  }
  return id;
}

/**
 * Queues one mail in a transaction of its own and sends it: for mail no transaction of ours owes
 * (better-auth's link hooks, a staff member's test copy). True when it went out now.
 */
export async function queueAndDeliver<T extends EmailTemplateName>(db: Db, input: QueueMailInput<T>): Promise<boolean> {
  const id = await db.transaction((tx) => enqueueMail(tx, input));
  return deliverQueuedMail(db, [id]);
}

type QueueRow = typeof mail_queue.$inferSelect;

/** The wait after the n-th failed attempt. */
export function backoffMs(attempts: number): number {
  return Math.min(MAIL_QUEUE.backoffBaseMs * 2 ** Math.max(0, attempts - 1), MAIL_QUEUE.backoffMaxMs);
}

/**
 * Claims the next due row (of `ids`, when given) for `leaseMs`, counting the attempt. SKIP LOCKED
 * lets concurrent senders pass each other; the lease (database clock) keeps a row claimed by a
 * sender that is still sending from being sent again, and frees one whose sender died.
 */
async function claimNext(db: Db, token: string, ids?: readonly string[]): Promise<QueueRow | null> {
  const only = ids ? sql`AND ${inArray(mail_queue.id, [...ids])}` : sql``;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`UPDATE mail_queue
           SET attempts = attempts + 1,
               locked_until = now() + make_interval(secs => ${MAIL_QUEUE.leaseMs / 1000}),
               claim_token = ${token},
               updated_at = now()
         WHERE id = (
           SELECT id FROM mail_queue
            WHERE status = 'pending'
              AND next_attempt_at <= now()
              AND (locked_until IS NULL OR locked_until <= now())
              AND attempts < ${MAIL_QUEUE.maxAttempts}
              ${only}
            ORDER BY next_attempt_at
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  if (!row) return null;
  const [claimed] = await db.select().from(mail_queue).where(eq(mail_queue.id, row.id));
  return claimed ?? null;
}

async function attachmentsOf(db: Db, mailId: string): Promise<MailAttachment[]> {
  const rows = await db
    .select()
    .from(mail_queue_attachments)
    .where(eq(mail_queue_attachments.mail_id, mailId))
    .orderBy(asc(mail_queue_attachments.position));
  return rows.map((file) => ({ filename: file.filename, contentType: file.content_type, content: file.content }));
}

function outgoing(row: QueueRow, attachments: MailAttachment[]): OutgoingMail {
  return {
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: row.headers,
    template: row.template,
    messageId: row.message_id,
    attachments,
  };
}

/** Accepted: sent, whoever holds the claim now (a late answer still counts). */
async function markSent(db: Db, id: string): Promise<void> {
  await db.execute(sql`
    UPDATE mail_queue
       SET status = 'sent', sent_at = now(), locked_until = NULL, claim_token = NULL, last_error = NULL, updated_at = now()
     WHERE id = ${id} AND status IN ('pending', 'failed')`);
}

/** Refused or unreachable: back off, or `failed` after the last attempt. Only the claim's holder records it. */
async function markFailed(db: Db, row: QueueRow, token: string, error: string): Promise<"retrying" | "failed"> {
  const last = row.attempts >= MAIL_QUEUE.maxAttempts;
  await db.execute(sql`
    UPDATE mail_queue
       SET status = ${last ? "failed" : "pending"},
           last_error = ${error.slice(0, 1_000)},
           next_attempt_at = now() + make_interval(secs => ${backoffMs(row.attempts) / 1000}),
           locked_until = NULL, claim_token = NULL, updated_at = now()
     WHERE id = ${row.id} AND claim_token = ${token} AND status = 'pending'`);
  return last ? "failed" : "retrying";
}

export interface SendQueuedOptions {
  /** Only these rows (the ones a request just committed). */
  ids?: readonly string[];
  /** At most this many mails (default `MAIL_QUEUE.perRun`). */
  limit?: number;
  signal?: AbortSignal;
  /** The transport (tests: a sender that dies between SMTP and the mark). */
  deliver?: (mail: OutgoingMail) => Promise<SendMailResult>;
}

export interface SendQueuedResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends due rows one claim at a time until none is left, the limit is reached or `signal` aborts. */
export async function sendQueuedMail(db: Db, options: SendQueuedOptions = {}): Promise<SendQueuedResult> {
  const result: SendQueuedResult = { sent: 0, retrying: 0, failed: 0 };
  if (options.ids && options.ids.length === 0) return result;
  const deliver = options.deliver ?? ((mail: OutgoingMail) => deliverMail(mail, db));
  const limit = options.limit ?? MAIL_QUEUE.perRun;
  for (let done = 0; done < limit && !options.signal?.aborted; done++) {
    const token = randomUUID();
    const row = await claimNext(db, token, options.ids);
    if (!row) break;
    try {
      await deliver(outgoing(row, await attachmentsOf(db, row.id)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await markFailed(db, row, token, message);
      result[outcome] += 1;
      logger.warn({ err: error, mailId: row.id, template: row.template, attempts: row.attempts, outcome }, "queued mail not accepted");
      continue;
    }
    await markSent(db, row.id);
    result.sent += 1;
  }
  return result;
}

/**
 * After the commit that queued them: sends these rows now, so the member's mail is there when the
 * page answers, as before the queue. Never throws; whatever is not sent stays queued for the job.
 * True when every one of them went out now.
 */
export async function deliverQueuedMail(db: Db, ids: ReadonlyArray<string | null | undefined>): Promise<boolean> {
  const queued = ids.filter((id): id is string => typeof id === "string");
  if (queued.length === 0) return true;
  try {
    const result = await sendQueuedMail(db, { ids: queued });
    return result.sent === queued.length;
  } catch (error) {
    logger.error({ err: error, mailIds: queued }, "queued mail left for the mail-queue job");
    return false;
  }
}

/**
 * The `mail-queue` job: rows whose sender died on their last attempt become `failed`, due rows are
 * sent, and sent rows past `keepSentDays` and failed rows past `keepFailedDays` are deleted (their
 * content is personal data).
 */
export async function runMailQueue(db: Db, signal?: AbortSignal): Promise<SendQueuedResult & { exhausted: number; purged: number }> {
  const exhausted = await execCount(
    db,
    sql`UPDATE mail_queue
           SET status = 'failed', locked_until = NULL, claim_token = NULL, updated_at = now(),
               last_error = COALESCE(last_error, 'Inget svar på sista försöket (avsändaren avbröts).')
         WHERE status = 'pending' AND attempts >= ${MAIL_QUEUE.maxAttempts}
           AND (locked_until IS NULL OR locked_until <= now())`,
  );
  const sent = await sendQueuedMail(db, { signal });
  const purged = await execCount(
    db,
    sql`DELETE FROM mail_queue
         WHERE (status = 'sent' AND sent_at < now() - make_interval(days => ${MAIL_QUEUE.keepSentDays}))
            OR (status = 'failed' AND updated_at < now() - make_interval(days => ${MAIL_QUEUE.keepFailedDays}))`,
  );
  return { ...sent, exhausted, purged };
}

/** Mail waiting to go out (`pending`, due or backing off) and mail given up on (`failed`). */
export async function mailQueueDepth(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mail_queue.status, n: sql<number>`count(*)::int` })
    .from(mail_queue)
    .where(inArray(mail_queue.status, ["pending", "failed"]))
    .groupBy(mail_queue.status);
  const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { pending: count("pending"), failed: count("failed") };
}

// ---------------------------------------------------------------------------
// Misslyckade utskick (admins)
// ---------------------------------------------------------------------------

export interface FailedMail {
  id: string;
  messageId: string;
  to: string;
  subject: string;
  template: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date;
}

export interface FailedMailPage {
  mails: FailedMail[];
  links: KeysetLinks;
  /** Failed mail in all, counted up to LIST_COUNT_CAP. */
  count: CappedCount;
}

/** Last failed first: the time it failed (its last update), ties by id. */
const FAILED_ORDER: KeysetOrder = { column: sql`${mail_queue.updated_at}`, kind: "timestamp", id: sql`${mail_queue.id}`, direction: "desc" };

/** One keyset page of the failed mail (`mail_queue_failed_idx`, decision 039). */
export async function listFailedMail(db: Db, options: { position?: KeysetPosition; pageSize?: number } = {}): Promise<FailedMailPage> {
  const pageSize = wholeBetween(options.pageSize, 1, MAIL_QUEUE.failedPageSize, MAIL_QUEUE.failedPageSize);
  const position = options.position ?? null;
  const failed = eq(mail_queue.status, "failed");
  const keyset = keysetSql(FAILED_ORDER, position);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: mail_queue.id,
        messageId: mail_queue.message_id,
        to: mail_queue.to_address,
        subject: mail_queue.subject,
        template: mail_queue.template,
        attempts: mail_queue.attempts,
        lastError: mail_queue.last_error,
        createdAt: mail_queue.created_at,
        failedAt: mail_queue.updated_at,
        cursor: sql<string>`${cursorValueSql(FAILED_ORDER)}`,
      })
      .from(mail_queue)
      .where(and(failed, keyset.where))
      .orderBy(keyset.terms)
      .limit(pageSize + 1),
    queryRows<{ n: number | string }>(db, cappedCountSql(sql`FROM mail_queue WHERE status = 'failed'`, LIST_COUNT_CAP)),
  ]);
  const page = keysetPage(rows, pageSize, position, (row) => ({ value: row.cursor, id: row.id }));
  return {
    mails: page.rows.map(({ cursor: _cursor, ...mail }) => mail),
    links: page.links,
    count: cappedCount(counted?.n),
  };
}

export type RetryResult = { ok: true } | { ok: false; code: "not_found" };

/**
 * An admin queues a failed mail again (audited with the same transaction): attempts start over, the
 * Message-ID stays. Then it is sent at once, like any freshly queued mail.
 */
export async function retryFailedMail(db: Db, input: { actorUserId: string; mailId: string }): Promise<RetryResult> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.mailId)) return { ok: false, code: "not_found" };
  const retried = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: mail_queue.status, attempts: mail_queue.attempts, lastError: mail_queue.last_error })
      .from(mail_queue)
      .where(and(eq(mail_queue.id, input.mailId), eq(mail_queue.status, "failed")))
      .for("update");
    if (!before) return false;
    await tx
      .update(mail_queue)
      .set({ status: "pending", attempts: 0, next_attempt_at: sql`now()`, locked_until: null, claim_token: null, updated_at: sql`now()` })
      .where(eq(mail_queue.id, input.mailId));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "mail.retry",
      entityType: "mail_queue",
      entityId: input.mailId,
      before,
      after: { status: "pending", attempts: 0 },
    });
    return true;
  });
  if (!retried) return { ok: false, code: "not_found" };
  await deliverQueuedMail(db, [input.mailId]);
  return { ok: true };
}
