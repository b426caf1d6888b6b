/**
 * The Referrals tab's reads (docs/rules/admin.md#referrals): every relation with what was paid
 * (read from the ledger's keyed rows, so the tab cannot disagree with the balances), milestone
 * progress, counts per status, top referrers, and the CSV export of the same filter.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "~/lib/zod";
import {
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  type ReferralStatus,
} from "~/modules/referrals/referrals-constants";
import { ADMIN_PAGE_SIZE, EXPORT_BATCH_SIZE } from "~/platform/platform-constants";
import { cursorBatches } from "~/platform/db/cursor.server";
import { csvChunks } from "~/lib/csv";
import { wholeBetween } from "~/lib/paging";
import { keysetPage, parseKeyset, type KeysetLinks, type KeysetPosition } from "~/lib/keyset";
import { cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { textField } from "~/lib/validation";
import { queryRows, type Db } from "~/platform/db/client.server";
import { REVIEW_MESSAGES } from "./referrals.server";

export interface ReferralListQuery {
  status?: ReferralStatus;
  position?: KeysetPosition;
  pageSize?: number;
}

const querySchema = z.object({
  status: z.enum(REFERRAL_STATUSES).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.max).optional().catch(undefined),
});

/** The tab's filter and page from its URL; a malformed value means "no filter" or the first page, never an error. */
export function parseReferralListQuery(params: URLSearchParams): ReferralListQuery {
  return {
    ...querySchema.parse({
      status: params.get("status") ?? undefined,
      pageSize: params.get("pageSize") ?? undefined,
    }),
    position: parseKeyset(params, "timestamp"),
  };
}

/** Newest first; the friend's id breaks ties (referrals_created_idx, referrals_status_created_idx). */
const REFERRAL_ORDER: KeysetOrder = { column: sql`r.created_at`, kind: "timestamp", id: sql`r.friend_id`, direction: "desc" };

/** Approve/reject form input: the friend's id, and a reason for a rejection. */
export const reviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), friendId: z.uuid(REVIEW_MESSAGES.notFound) }),
  z.object({
    intent: z.literal("reject"),
    friendId: z.uuid(REVIEW_MESSAGES.notFound),
    reason: z.preprocess(
      (value) => (typeof value === "string" ? value : ""),
      textField(500, { tooLong: REVIEW_MESSAGES.reasonTooLong }).refine((value) => value.length > 0, REVIEW_MESSAGES.reasonRequired),
    ),
  }),
]);

interface ReferralRow {
  friendId: string;
  friendName: string;
  friendEmail: string;
  referrerId: string | null;
  referrerName: string | null;
  referrerEmail: string | null;
  influencerName: string | null;
  code: string;
  source: string;
  status: ReferralStatus;
  createdAt: Date;
  friendPaid: boolean;
  referrerPaid: boolean;
  milestonePaid: boolean;
  milestoneClawedBack: boolean;
  tradedOre: number;
  reviewReason: string | null;
}

function conditions(query: ReferralListQuery): SQL {
  return query.status ? sql`r.status = ${query.status}` : sql`true`;
}

const NAME = (alias: string) =>
  sql.raw(`COALESCE(NULLIF(trim(${alias}.display_name), ''), NULLIF(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`);

function selectRows(where: SQL, tail: SQL): SQL {
  return sql`
    SELECT ${cursorValueSql(REFERRAL_ORDER)} AS cursor, r.friend_id, ${NAME("f")} AS friend_name, f.email AS friend_email,
           r.referrer_id, ${NAME("rp")} AS referrer_name, rp.email AS referrer_email,
           i.name AS influencer_name, r.code, r.source, r.status, r.created_at, r.review_reason,
           (pf.id IS NOT NULL) AS friend_paid, (pr.id IS NOT NULL) AS referrer_paid,
           (pm.id IS NOT NULL) AS milestone_paid, (r.milestone_clawed_back_at IS NOT NULL) AS milestone_clawed_back,
           (SELECT COALESCE(SUM(t.base_total_ore), 0) FROM trades t WHERE t.user_id = r.friend_id AND t.status = 'completed') AS traded
      FROM referrals r
      JOIN profiles f ON f.user_id = r.friend_id
      LEFT JOIN profiles rp ON rp.user_id = r.referrer_id
      LEFT JOIN influencers i ON i.id = r.influencer_id
      LEFT JOIN points_transactions pf ON pf.idempotency_key = 'referral:friend:' || r.friend_id::text
      LEFT JOIN points_transactions pr ON pr.idempotency_key = 'referral:referrer:' || r.friend_id::text
      LEFT JOIN points_transactions pm ON pm.idempotency_key = 'referral:milestone:' || r.friend_id::text
     WHERE ${where}
     ${tail}`;
}

interface RawRow {
  cursor: string;
  friend_id: string;
  friend_name: string;
  friend_email: string;
  referrer_id: string | null;
  referrer_name: string | null;
  referrer_email: string | null;
  influencer_name: string | null;
  code: string;
  source: string;
  status: ReferralStatus;
  created_at: Date | string;
  review_reason: string | null;
  friend_paid: boolean;
  referrer_paid: boolean;
  milestone_paid: boolean;
  milestone_clawed_back: boolean;
  traded: string | number;
}

function toRow(row: RawRow): ReferralRow {
  return {
    friendId: row.friend_id,
    friendName: row.friend_name,
    friendEmail: row.friend_email,
    referrerId: row.referrer_id,
    referrerName: row.referrer_id ? row.referrer_name : null,
    referrerEmail: row.referrer_email,
    influencerName: row.influencer_name,
    code: row.code,
    source: row.source,
    status: row.status,
    createdAt: new Date(row.created_at),
    friendPaid: row.friend_paid,
    referrerPaid: row.referrer_paid,
    milestonePaid: row.milestone_paid,
    milestoneClawedBack: row.milestone_clawed_back,
    tradedOre: Number(row.traded),
    reviewReason: row.review_reason,
  };
}

export interface ReferralPage {
  rows: ReferralRow[];
  links: KeysetLinks;
}

/** Newest first, one keyset page (a row more than asked tells whether there is a next page). */
export async function listReferrals(db: Db, query: ReferralListQuery = {}): Promise<ReferralPage> {
  const pageSize = wholeBetween(query.pageSize, 1, ADMIN_PAGE_SIZE.max, ADMIN_PAGE_SIZE.default);
  const position = query.position ?? null;
  const keyset = keysetSql(REFERRAL_ORDER, position);
  const rows = await queryRows<RawRow>(
    db,
    selectRows(sql`${conditions(query)} AND ${keyset.where}`, sql`${keyset.orderBy} LIMIT ${pageSize + 1}`),
  );
  const page = keysetPage(rows, pageSize, position, (row) => ({ value: row.cursor, id: row.friend_id }));
  return { rows: page.rows.map(toRow), links: page.links };
}

/** Relations per status, for the filter's labels. */
export async function referralStatusCounts(db: Db): Promise<Record<ReferralStatus, number>> {
  const rows = await queryRows<{ status: ReferralStatus; n: string | number }>(
    db,
    sql`SELECT status, count(*) AS n FROM referrals GROUP BY status`,
  );
  const counts = Object.fromEntries(REFERRAL_STATUSES.map((status) => [status, 0])) as Record<ReferralStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export interface TopReferrer {
  userId: string;
  name: string;
  email: string;
  code: string | null;
  friends: number;
  pending: number;
  pointsEarned: number;
}

/** The members who brought the most friends, with the referral points they earned. */
export async function topReferrers(db: Db, limit = 10): Promise<TopReferrer[]> {
  const rows = await queryRows<{
    user_id: string;
    name: string;
    email: string;
    referral_code: string | null;
    friends: string | number;
    pending: string | number;
    earned: string | number;
  }>(
    db,
    sql`WITH top AS (
          SELECT referrer_id, count(*) AS friends, count(*) FILTER (WHERE status = 'pending_review') AS pending
            FROM referrals WHERE referrer_id IS NOT NULL
           GROUP BY referrer_id ORDER BY count(*) DESC, referrer_id LIMIT ${limit}
        )
        SELECT p.user_id, ${NAME("p")} AS name, p.email, p.referral_code, top.friends, top.pending,
               (SELECT COALESCE(SUM(pt.amount), 0) FROM points_transactions pt
                 WHERE pt.user_id = p.user_id AND pt.idempotency_key LIKE 'referral:%') AS earned
          FROM top JOIN profiles p ON p.user_id = top.referrer_id
         ORDER BY top.friends DESC, p.user_id`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    email: row.email,
    code: row.referral_code,
    friends: Number(row.friends),
    pending: Number(row.pending),
    pointsEarned: Number(row.earned),
  }));
}

/** Every relation the filter matches, in the table's order, read through one cursor (app/platform/db/cursor.server.ts). */
async function* referralBatches(db: Db, query: ReferralListQuery): AsyncGenerator<ReferralRow[]> {
  // The table's own order (keyset SQL without a position), in one pass.
  const all = selectRows(conditions(query), keysetSql(REFERRAL_ORDER, null).orderBy);
  for await (const rows of cursorBatches<RawRow>(db, all, EXPORT_BATCH_SIZE)) yield rows.map(toRow);
}

const yesNo = (value: boolean) => (value ? "ja" : "nej");

export function exportReferralsCsv(db: Db, query: ReferralListQuery): AsyncGenerator<string> {
  return csvChunks(
    [
      "Värvad medlem",
      "E-post",
      "Värvad av",
      "Värvarens e-post",
      "Influencer",
      "Kod",
      "Källa",
      "Status",
      "Datum",
      "Vännens 500 betald",
      "Värvarens 500 betald",
      "Handlat (kr)",
      "Milstolpe betald",
      "Milstolpe återtagen",
      "Anledning",
    ],
    referralBatches(db, query),
    (row) => [
      row.friendName,
      row.friendEmail,
      row.referrerName,
      row.referrerEmail,
      row.influencerName,
      row.code,
      row.source === "signup" ? "Registrering" : "Profil",
      REFERRAL_STATUS_LABELS[row.status],
      row.createdAt,
      yesNo(row.friendPaid),
      yesNo(row.referrerPaid),
      row.tradedOre / 100,
      yesNo(row.milestonePaid),
      yesNo(row.milestoneClawedBack),
      row.reviewReason,
    ],
  );
}
