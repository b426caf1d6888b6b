/**
 * Newsletter campaigns (docs/rules/newsletter.md): writing one, sending it (copying the list's
 * recipients into `newsletter_campaign_recipients` in one transaction), the progress and the
 * recipients staff see, resending those whose outcome is unknown, and a test send. Every write
 * records its audit row in the same transaction. The sending itself is campaign-sender.server.ts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { CAMPAIGN } from "~/modules/newsletter/newsletter-constants";
import { cappedCount, keysetPage, LIST_COUNT_CAP, type KeysetPosition } from "~/lib/keyset";
import { cappedCountSql, cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { sanitizeBlogHtml } from "~/modules/blog/sanitize.server";
import { execCount, queryRows, type Db } from "~/platform/db/client.server";
import { newsletter_campaign_recipients as recipients, newsletter_campaigns as campaigns } from "~/platform/db/schema";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import {
  CAMPAIGN_MESSAGES,
  EMPTY_PROGRESS,
  MAIL_LIST_FOOTER,
  type CampaignInput,
  type CampaignProgress,
  type CampaignStatus,
  type MailList,
  type RecipientStatus,
} from "./campaign-rules";
import { unsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.server";

export type CampaignFailure = { ok: false; code: "not_found" | "not_draft" | "no_recipients" | "nothing_to_resend"; message: string };

export interface CampaignView {
  id: string;
  subject: string;
  bodyHtml: string;
  status: CampaignStatus;
  list: MailList | null;
  recipientCount: number;
  createdAt: string;
  updatedAt: string;
  sendStartedAt: string | null;
  finishedAt: string | null;
  progress: CampaignProgress;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Sent, failed, unknown and remaining recipients of each campaign, in one grouped read. */
async function progressOf(db: Db, ids: string[]): Promise<Map<string, CampaignProgress>> {
  const result = new Map<string, CampaignProgress>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ campaignId: recipients.campaign_id, status: recipients.status, count: sql<number>`count(*)::int` })
    .from(recipients)
    .where(inArray(recipients.campaign_id, ids))
    .groupBy(recipients.campaign_id, recipients.status);
  for (const row of rows) {
    const progress = result.get(row.campaignId) ?? { ...EMPTY_PROGRESS };
    const count = Number(row.count);
    progress.total += count;
    const status = row.status as RecipientStatus;
    if (status === "sent" || status === "failed" || status === "unknown") progress[status] += count;
    else progress.remaining += count;
    result.set(row.campaignId, progress);
  }
  return result;
}

type CampaignRow = typeof campaigns.$inferSelect;

function view(row: CampaignRow, progress: CampaignProgress | undefined): CampaignView {
  return {
    id: row.id,
    subject: row.subject,
    bodyHtml: row.body_html,
    status: row.status as CampaignStatus,
    list: row.list as MailList | null,
    recipientCount: row.recipient_count,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    sendStartedAt: iso(row.send_started_at),
    finishedAt: iso(row.finished_at),
    progress: progress ?? { ...EMPTY_PROGRESS },
  };
}

const CAMPAIGN_ORDER: KeysetOrder = { column: sql`${campaigns.created_at}`, kind: "timestamp", id: sql`${campaigns.id}`, direction: "desc" };

/** Newest first, one keyset page (decision 039), counted up to a cap. */
export async function listCampaigns(db: Db, options: { position?: KeysetPosition; pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? CAMPAIGN.pageSize;
  const position = options.position ?? null;
  const keyset = keysetSql(CAMPAIGN_ORDER, position);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ campaign: campaigns, cursor: sql<string>`${cursorValueSql(CAMPAIGN_ORDER)}` })
      .from(campaigns)
      .where(keyset.where)
      .orderBy(keyset.terms)
      .limit(pageSize + 1),
    queryRows<{ n: number | string }>(db, cappedCountSql(sql`FROM newsletter_campaigns`, LIST_COUNT_CAP)),
  ]);
  const page = keysetPage(rows, pageSize, position, (row) => ({ value: row.cursor, id: row.campaign.id }));
  const progress = await progressOf(db, page.rows.map((row) => row.campaign.id));
  return { rows: page.rows.map((row) => view(row.campaign, progress.get(row.campaign.id))), links: page.links, count: cappedCount(counted?.n) };
}

export async function getCampaign(db: Db, id: string): Promise<CampaignView | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  if (!row) return null;
  return view(row, (await progressOf(db, [id])).get(id));
}

/** How many addresses the list would reach now (one per lower-cased address). */
export async function countListRecipients(db: Db, list: MailList): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    list === "newsletter"
      ? sql`SELECT count(DISTINCT lower(email))::int AS count FROM newsletter_subscriptions
            WHERE email_subscribed AND confirmed_at IS NOT NULL`
      : sql`SELECT count(*)::int AS count FROM launch_notifications`,
  );
  return Number(row?.count ?? 0);
}

export async function createCampaign(db: Db, input: { actorUserId: string; values: CampaignInput }): Promise<CampaignView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ subject: input.values.subject, body_html: sanitizeBlogHtml(input.values.body), created_by: input.actorUserId })
      .returning();
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "newsletter_campaign.create",
      entityType: "newsletter_campaign",
      entityId: row!.id,
      after: { subject: row!.subject },
    });
    return view(row!, undefined);
  });
}

export async function updateCampaign(
  db: Db,
  input: { actorUserId: string; campaignId: string; values: CampaignInput },
): Promise<{ ok: true; campaign: CampaignView } | CampaignFailure> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, input.campaignId)).for("update").limit(1);
    if (!before) return { ok: false, code: "not_found", message: CAMPAIGN_MESSAGES.notFound } as const;
    if (before.status !== "draft") return { ok: false, code: "not_draft", message: CAMPAIGN_MESSAGES.notDraft } as const;
    const [row] = await tx
      .update(campaigns)
      .set({ subject: input.values.subject, body_html: sanitizeBlogHtml(input.values.body), updated_at: new Date() })
      .where(eq(campaigns.id, input.campaignId))
      .returning();
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "newsletter_campaign.update",
      entityType: "newsletter_campaign",
      entityId: row!.id,
      before: { subject: before.subject },
      after: { subject: row!.subject },
    });
    return { ok: true, campaign: view(row!, undefined) } as const;
  });
}

/**
 * Sends a draft: copies the list's addresses (one row per lower-cased address; of a member's
 * and an anonymous row with the same address, the member's spelling) into the campaign's
 * recipients and marks it `sending`, all in one transaction with its audit row. The campaign
 * row is locked first, so two staff pressing "Skicka" at once send it once.
 */
export async function startCampaign(
  db: Db,
  input: { actorUserId: string; campaignId: string; list: MailList },
): Promise<{ ok: true; recipients: number } | CampaignFailure> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, input.campaignId)).for("update").limit(1);
    if (!row) return { ok: false, code: "not_found", message: CAMPAIGN_MESSAGES.notFound } as const;
    if (row.status !== "draft") return { ok: false, code: "not_draft", message: CAMPAIGN_MESSAGES.alreadySent } as const;
    const source =
      input.list === "newsletter"
        ? sql`SELECT DISTINCT ON (lower(email)) email FROM newsletter_subscriptions
              WHERE email_subscribed AND confirmed_at IS NOT NULL
              ORDER BY lower(email), (user_id IS NULL), created_at`
        : sql`SELECT email FROM launch_notifications`;
    const count = await execCount(
      tx,
      sql`INSERT INTO newsletter_campaign_recipients (campaign_id, email)
          SELECT ${input.campaignId}::uuid, list.email FROM (${source}) AS list
          ON CONFLICT DO NOTHING`,
    );
    // Nothing was copied, so nothing needs undoing: the campaign stays a draft.
    if (count === 0) return { ok: false, code: "no_recipients", message: CAMPAIGN_MESSAGES.noRecipients } as const;
    await tx
      .update(campaigns)
      .set({ status: "sending", list: input.list, recipient_count: count, send_started_at: new Date(), updated_at: new Date() })
      .where(eq(campaigns.id, input.campaignId));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "newsletter_campaign.send",
      entityType: "newsletter_campaign",
      entityId: input.campaignId,
      before: { status: row.status },
      after: { status: "sending", list: input.list, recipients: count },
    });
    return { ok: true, recipients: count } as const;
  });
}

/**
 * Puts recipients whose outcome is unknown back in the queue, one (`recipientId`) or all, after
 * staff decided a second copy is acceptable. Never done automatically.
 */
export async function resendUnknown(
  db: Db,
  input: { actorUserId: string; campaignId: string; recipientId?: string },
): Promise<{ ok: true; requeued: number } | CampaignFailure> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, input.campaignId)).for("update").limit(1);
    if (!row) return { ok: false, code: "not_found", message: CAMPAIGN_MESSAGES.notFound } as const;
    const requeued = await execCount(
      tx,
      sql`UPDATE newsletter_campaign_recipients
          SET status = 'pending', claim_token = NULL, claimed_at = NULL, next_attempt_at = now(), attempts = 0, updated_at = now()
          WHERE campaign_id = ${input.campaignId} AND status = 'unknown'
            ${input.recipientId ? sql`AND id = ${input.recipientId}` : sql``}`,
    );
    if (requeued === 0) return { ok: false, code: "nothing_to_resend", message: CAMPAIGN_MESSAGES.nothingToResend } as const;
    await tx
      .update(campaigns)
      .set({ status: "sending", finished_at: null, updated_at: new Date() })
      .where(eq(campaigns.id, input.campaignId));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "newsletter_campaign.resend",
      entityType: "newsletter_campaign",
      entityId: input.campaignId,
      after: { recipients: requeued, recipientId: input.recipientId ?? null },
    });
    return { ok: true, requeued } as const;
  });
}

export interface RecipientView {
  id: string;
  email: string;
  status: RecipientStatus;
  attempts: number;
  claimedAt: string | null;
  lastError: string | null;
}

/** A campaign's recipients in one state (staff look at `unknown` and `failed`), paged. */
export async function listRecipients(db: Db, input: { campaignId: string; status: RecipientStatus; page?: number }) {
  const pageSize = CAMPAIGN.pageSize;
  const where = and(eq(recipients.campaign_id, input.campaignId), eq(recipients.status, input.status));
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(recipients).where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(1, Math.floor(input.page ?? 1)), pageCount);
  const rows = await db
    .select()
    .from(recipients)
    .where(where)
    .orderBy(sql`lower(${recipients.email})`)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map(
      (row): RecipientView => ({
        id: row.id,
        email: row.email,
        status: row.status as RecipientStatus,
        attempts: row.attempts,
        claimedAt: iso(row.claimed_at),
        lastError: row.last_error,
      }),
    ),
    page,
    pageSize,
    pageCount,
    total: Number(total),
  };
}

/** The mail a recipient of the list gets: the campaign template with its unsubscribe link and headers. */
export function campaignMail(campaign: { subject: string; bodyHtml: string }, to: string, list: MailList, test = false) {
  const url = unsubscribeUrl(to, list);
  return {
    to,
    template: "campaign" as const,
    data: { subject: campaign.subject, bodyHtml: sanitizeBlogHtml(campaign.bodyHtml), unsubscribeUrl: url, listName: MAIL_LIST_FOOTER[list], test },
    headers: unsubscribeHeaders(url),
  };
}

/** A test copy to the staff member's own address (no recipient of the campaign is claimed), audited. */
export async function sendTestMail(
  db: Db,
  input: { actorUserId: string; campaignId: string; to: string },
): Promise<{ ok: true } | CampaignFailure> {
  const campaign = await getCampaign(db, input.campaignId);
  if (!campaign) return { ok: false, code: "not_found", message: CAMPAIGN_MESSAGES.notFound };
  // The copy and its audit row commit together (decision 034); the copy is then sent at once.
  const mailId = await db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "newsletter_campaign.test_send",
      entityType: "newsletter_campaign",
      entityId: campaign.id,
      after: { to: input.to },
    });
    return enqueueMail(tx, campaignMail(campaign, input.to, campaign.list ?? "newsletter", true));
  });
  await deliverQueuedMail(db, [mailId]);
  return { ok: true };
}
