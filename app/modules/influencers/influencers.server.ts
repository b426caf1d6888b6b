/**
 * The Influencers tab's service (docs/rules/admin.md#influencers): influencers created, edited,
 * deactivated and activated by staff, each write audited in its own transaction; and what each
 * brought for a period — link clicks, sign-ups attributed to the influencer, attributed members'
 * first completed trades and their completed trade value — plus a month's commission report.
 * Every figure is a bounded aggregate over indexed ranges (one influencer's clicks, its
 * attributed members' trades) and every list has a LIMIT; nothing reads a whole table into Node.
 */
import { sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, EXPORT_BATCH_SIZE } from "~/platform/platform-constants";
import { cursorBatches } from "~/platform/db/cursor.server";
import { csvChunks } from "~/lib/csv";
import { pageParams } from "~/lib/paging";
import { stockholmMonthRange, BUSINESS_TIME_ZONE } from "~/lib/stockholm-time";
import { recordAudit } from "~/platform/audit/audit.server";
import { queryRows, type Db } from "~/platform/db/client.server";
import { hasPgCode, PG_ERRORS } from "~/platform/db/errors";
import { INFLUENCER_MESSAGES, type InfluencerInput } from "./influencer-schema";
import { insightRange, type InsightPeriod } from "../insights/insight-period";

export interface Influencer {
  id: string;
  name: string;
  referralCode: string;
  status: "active" | "inactive";
  contact: string | null;
  commissionPercent: number | null;
  createdAt: string;
}

interface InfluencerFigures {
  clicks: number;
  signups: number;
  firstTrades: number;
  tradedOre: number;
}

export type InfluencerRow = Influencer & InfluencerFigures;

type Failure = { ok: false; code: "not_found" | "taken"; message: string; fieldErrors?: Record<string, string> };

interface RawInfluencer {
  id: string;
  name: string;
  referral_code: string;
  status: string;
  contact: string | null;
  commission_percent: string | number | null;
  created_at: Date | string;
}

const INFLUENCER_COLUMNS = sql`i.id, i.name, i.referral_code, i.status, i.contact, i.commission_percent, i.created_at`;

function toInfluencer(row: RawInfluencer): Influencer {
  return {
    id: row.id,
    name: row.name,
    referralCode: row.referral_code,
    status: row.status === "inactive" ? "inactive" : "active",
    contact: row.contact,
    commissionPercent: row.commission_percent === null ? null : Number(row.commission_percent),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const inRange = (column: SQL, start: Date, end: Date) =>
  sql`${column} >= ${start.toISOString()}::timestamptz AND ${column} < ${end.toISOString()}::timestamptz`;

/** When the member was attributed (set with the influencer reference): a range on it reads the (influencer, referred_at) index. */
const attributedAt = sql`p.referred_at`;

/** The four figures of one influencer (`i.id`) for a range, as correlated subqueries each bounded by an index. */
function figureColumns(start: Date, end: Date): SQL {
  return sql`
    (SELECT count(*) FROM influencer_clicks c WHERE c.influencer_id = i.id AND ${inRange(sql`c.created_at`, start, end)}) AS clicks,
    (SELECT count(*) FROM profiles p WHERE p.referred_by_influencer_id = i.id AND ${inRange(attributedAt, start, end)}) AS signups,
    (SELECT count(*) FROM profiles p
      WHERE p.referred_by_influencer_id = i.id
        AND EXISTS (SELECT 1 FROM trades t WHERE t.user_id = p.user_id AND t.status = 'completed' AND ${inRange(sql`t.completed_at`, start, end)})
        AND NOT EXISTS (SELECT 1 FROM trades t WHERE t.user_id = p.user_id AND t.status = 'completed' AND t.completed_at < ${start.toISOString()}::timestamptz)) AS first_trades,
    (SELECT COALESCE(sum(t.total_ore), 0) FROM profiles p JOIN trades t ON t.user_id = p.user_id
      WHERE p.referred_by_influencer_id = i.id AND t.status = 'completed' AND ${inRange(sql`t.completed_at`, start, end)}) AS traded_ore`;
}

type RawFigures = { clicks: string | number; signups: string | number; first_trades: string | number; traded_ore: string | number };

function toFigures(row: RawFigures): InfluencerFigures {
  return {
    clicks: Number(row.clicks),
    signups: Number(row.signups),
    firstTrades: Number(row.first_trades),
    tradedOre: Number(row.traded_ore),
  };
}

export interface InfluencerList {
  rows: InfluencerRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** The list, newest first, one page with each influencer's figures for the period. */
export async function listInfluencers(
  db: Db,
  input: { period: InsightPeriod; page?: number; now?: Date },
): Promise<InfluencerList> {
  const { page, pageSize, offset } = pageParams({ page: input.page }, ADMIN_PAGE_SIZE);
  const range = insightRange(input.period, input.now ?? new Date());
  const [rows, [counted]] = await Promise.all([
    queryRows<RawInfluencer & RawFigures>(
      db,
      sql`SELECT ${INFLUENCER_COLUMNS}, ${figureColumns(range.start, range.end)}
            FROM influencers i ORDER BY i.created_at DESC, i.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
    ),
    queryRows<{ total: string | number }>(db, sql`SELECT count(*) AS total FROM influencers`),
  ]);
  const total = Number(counted?.total ?? 0);
  return {
    rows: rows.map((row) => ({ ...toInfluencer(row), ...toFigures(row) })),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export async function getInfluencer(db: Db, influencerId: string): Promise<Influencer | null> {
  const [row] = await queryRows<RawInfluencer>(db, sql`SELECT ${INFLUENCER_COLUMNS} FROM influencers i WHERE i.id = ${influencerId}`);
  return row ? toInfluencer(row) : null;
}

interface UtmRow {
  source: string;
  medium: string;
  campaign: string;
  clicks: number;
}

interface CommissionMember {
  userId: string;
  name: string | null;
  email: string | null;
  trades: number;
  soldOre: number;
  boughtOre: number;
  valueOre: number;
}

interface CommissionReport {
  month: string;
  members: CommissionMember[];
  /** More members than the page shows (the CSV has them all). */
  hasMore: boolean;
  page: number;
  totalValueOre: number;
  memberCount: number;
  /** Null when the influencer has no commission set. */
  commissionOre: number | null;
}

export interface InfluencerDetail {
  influencer: Influencer;
  figures: InfluencerFigures;
  clicksPerDay: Array<{ day: string; clicks: number }>;
  utm: UtmRow[];
  commission: CommissionReport;
}

const UTM_ROWS = 20;
const COMMISSION_PAGE_SIZE = 25;

const memberName = sql`COALESCE(NULLIF(p.display_name, ''), NULLIF(concat_ws(' ', p.first_name, p.last_name), ''))`;

type RawCommissionMember = {
  user_id: string;
  name: string | null;
  email: string | null;
  placeholder: boolean;
  trades: string | number;
  sold: string | number;
  bought: string | number;
};

/** Attributed members with completed trades in the month, by member id from `after`. */
function commissionMembersSql(influencerId: string, range: { start: Date; end: Date }, tail: SQL): SQL {
  return sql`SELECT p.user_id, ${memberName} AS name, p.email, p.email_is_placeholder AS placeholder,
                    count(*) AS trades,
                    COALESCE(sum(t.total_ore) FILTER (WHERE t.type = 'sale'), 0) AS sold,
                    COALESCE(sum(t.total_ore) FILTER (WHERE t.type = 'purchase'), 0) AS bought
               FROM profiles p JOIN trades t ON t.user_id = p.user_id
              WHERE p.referred_by_influencer_id = ${influencerId} AND t.status = 'completed'
                AND ${inRange(sql`t.completed_at`, range.start, range.end)}
              GROUP BY p.user_id ${tail}`;
}

function toCommissionMember(row: RawCommissionMember): CommissionMember {
  const soldOre = Number(row.sold);
  const boughtOre = Number(row.bought);
  return {
    userId: row.user_id,
    name: row.name,
    email: row.placeholder ? null : row.email,
    trades: Number(row.trades),
    soldOre,
    boughtOre,
    valueOre: soldOre + boughtOre,
  };
}

/** Commission in öre: the percentage of the value, rounded to the nearest öre. */
export function commissionOre(valueOre: number, percent: number | null): number | null {
  return percent === null ? null : Math.round((valueOre * percent) / 100);
}

/** One influencer's page: figures for the period, clicks per day, UTM breakdown and a month's commission. */
export async function loadInfluencerDetail(
  db: Db,
  influencerId: string,
  input: { period: InsightPeriod; month: string; commissionPage?: number; now?: Date },
): Promise<InfluencerDetail | null> {
  const influencer = await getInfluencer(db, influencerId);
  if (!influencer) return null;
  const range = insightRange(input.period, input.now ?? new Date());
  const month = stockholmMonthRange(input.month)!;
  const { page, offset } = pageParams({ page: input.commissionPage }, { default: COMMISSION_PAGE_SIZE, max: COMMISSION_PAGE_SIZE });
  const [[figures], days, utm, members, [totals]] = await Promise.all([
    queryRows<RawFigures>(db, sql`SELECT ${figureColumns(range.start, range.end)} FROM influencers i WHERE i.id = ${influencerId}`),
    queryRows<{ day: string; clicks: string | number }>(
      db,
      sql`SELECT to_char(created_at AT TIME ZONE ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD') AS day, count(*) AS clicks
            FROM influencer_clicks WHERE influencer_id = ${influencerId} AND ${inRange(sql`created_at`, range.start, range.end)}
           GROUP BY 1`,
    ),
    queryRows<{ source: string; medium: string; campaign: string; clicks: string | number }>(
      db,
      sql`SELECT utm_source AS source, utm_medium AS medium, utm_campaign AS campaign, count(*) AS clicks
            FROM influencer_clicks WHERE influencer_id = ${influencerId} AND ${inRange(sql`created_at`, range.start, range.end)}
           GROUP BY 1, 2, 3 ORDER BY clicks DESC, 1, 2, 3 LIMIT ${UTM_ROWS}`,
    ),
    queryRows<RawCommissionMember>(
      db,
      commissionMembersSql(influencerId, month, sql`ORDER BY sum(t.total_ore) DESC, p.user_id LIMIT ${COMMISSION_PAGE_SIZE + 1} OFFSET ${offset}`),
    ),
    queryRows<{ members: string | number; value: string | number }>(
      db,
      sql`SELECT count(DISTINCT p.user_id) AS members, COALESCE(sum(t.total_ore), 0) AS value
            FROM profiles p JOIN trades t ON t.user_id = p.user_id
           WHERE p.referred_by_influencer_id = ${influencerId} AND t.status = 'completed'
             AND ${inRange(sql`t.completed_at`, month.start, month.end)}`,
    ),
  ]);
  const byDay = new Map(days.map((row) => [row.day, Number(row.clicks)]));
  const totalValueOre = Number(totals?.value ?? 0);
  return {
    influencer,
    figures: toFigures(figures!),
    clicksPerDay: range.dayList.map((day) => ({ day, clicks: byDay.get(day) ?? 0 })),
    utm: utm.map((row) => ({ source: row.source, medium: row.medium, campaign: row.campaign, clicks: Number(row.clicks) })),
    commission: {
      month: input.month,
      members: members.slice(0, COMMISSION_PAGE_SIZE).map(toCommissionMember),
      hasMore: members.length > COMMISSION_PAGE_SIZE,
      page,
      totalValueOre,
      memberCount: Number(totals?.members ?? 0),
      commissionOre: commissionOre(totalValueOre, influencer.commissionPercent),
    },
  };
}

async function* commissionBatches(db: Db, influencerId: string, range: { start: Date; end: Date }): AsyncGenerator<CommissionMember[]> {
  const all = commissionMembersSql(influencerId, range, sql`ORDER BY p.user_id`);
  for await (const rows of cursorBatches<RawCommissionMember>(db, all, EXPORT_BATCH_SIZE)) yield rows.map(toCommissionMember);
}

const COMMISSION_CSV_HEADER = [
  "Månad",
  "Influencer",
  "Kod",
  "Medlems-id",
  "Namn",
  "E-post",
  "Affärer",
  "Sålt (SEK)",
  "Köpt (SEK)",
  "Värde (SEK)",
  "Provision (%)",
  "Provision (SEK)",
] as const;

const sek = (ore: number) => ore / 100;

/** The month's commission report as CSV: one row per attributed member with completed trades. */
export function exportCommissionCsv(db: Db, influencer: Influencer, month: string): AsyncGenerator<string> {
  const range = stockholmMonthRange(month)!;
  return csvChunks(COMMISSION_CSV_HEADER, commissionBatches(db, influencer.id, range), (row) => {
    const commission = commissionOre(row.valueOre, influencer.commissionPercent);
    return [
      month,
      influencer.name,
      influencer.referralCode,
      row.userId,
      row.name,
      row.email,
      row.trades,
      sek(row.soldOre),
      sek(row.boughtOre),
      sek(row.valueOre),
      influencer.commissionPercent,
      commission === null ? null : sek(commission),
    ];
  });
}

// ---------------------------------------------------------------------------
// Writes (each with its audit row, in one transaction)
// ---------------------------------------------------------------------------

function taken(): Failure {
  return { ok: false, code: "taken", message: INFLUENCER_MESSAGES.codeTaken, fieldErrors: { referralCode: INFLUENCER_MESSAGES.codeTaken } };
}

const notFound: Failure = { ok: false, code: "not_found", message: INFLUENCER_MESSAGES.notFound };

function columns(input: InfluencerInput) {
  return sql`name = ${input.name}, referral_code = ${input.referralCode}, contact = ${input.contact},
             commission_percent = ${input.commissionPercent}, updated_at = now()`;
}

export async function createInfluencer(
  db: Db,
  input: { actorUserId: string; values: InfluencerInput },
): Promise<{ ok: true; influencer: Influencer } | Failure> {
  const { values } = input;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await queryRows<RawInfluencer>(
        tx,
        sql`INSERT INTO influencers AS i (name, referral_code, contact, commission_percent)
            VALUES (${values.name}, ${values.referralCode}, ${values.contact}, ${values.commissionPercent})
            RETURNING ${INFLUENCER_COLUMNS}`,
      );
      const influencer = toInfluencer(row!);
      await recordAudit(tx, { actorUserId: input.actorUserId, action: "influencer.create", entityType: "influencer", entityId: influencer.id, after: influencer });
      return { ok: true as const, influencer };
    });
  } catch (error) {
    if (hasPgCode(error, PG_ERRORS.uniqueViolation)) return taken();
    throw error;
  }
}

export async function updateInfluencer(
  db: Db,
  input: { actorUserId: string; influencerId: string; values: InfluencerInput },
): Promise<{ ok: true; influencer: Influencer } | Failure> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await queryRows<RawInfluencer>(tx, sql`SELECT ${INFLUENCER_COLUMNS} FROM influencers i WHERE i.id = ${input.influencerId} FOR UPDATE`);
      if (!before) return notFound;
      const [row] = await queryRows<RawInfluencer>(
        tx,
        sql`UPDATE influencers AS i SET ${columns(input.values)} WHERE i.id = ${input.influencerId} RETURNING ${INFLUENCER_COLUMNS}`,
      );
      const influencer = toInfluencer(row!);
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: "influencer.update",
        entityType: "influencer",
        entityId: influencer.id,
        before: toInfluencer(before),
        after: influencer,
      });
      return { ok: true as const, influencer };
    });
  } catch (error) {
    if (hasPgCode(error, PG_ERRORS.uniqueViolation)) return taken();
    throw error;
  }
}

/** Deactivating stops the code from being used (the public lookup finds active codes only); activating brings it back. */
export async function setInfluencerStatus(
  db: Db,
  input: { actorUserId: string; influencerId: string; status: "active" | "inactive" },
): Promise<{ ok: true; influencer: Influencer; changed: boolean } | Failure> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<RawInfluencer>(tx, sql`SELECT ${INFLUENCER_COLUMNS} FROM influencers i WHERE i.id = ${input.influencerId} FOR UPDATE`);
    if (!before) return notFound;
    if (before.status === input.status) return { ok: true as const, influencer: toInfluencer(before), changed: false };
    const [row] = await queryRows<RawInfluencer>(
      tx,
      sql`UPDATE influencers AS i SET status = ${input.status}, updated_at = now() WHERE i.id = ${input.influencerId} RETURNING ${INFLUENCER_COLUMNS}`,
    );
    const influencer = toInfluencer(row!);
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.status === "inactive" ? "influencer.deactivate" : "influencer.activate",
      entityType: "influencer",
      entityId: influencer.id,
      before: { status: before.status },
      after: { status: influencer.status },
    });
    return { ok: true as const, influencer, changed: true };
  });
}
