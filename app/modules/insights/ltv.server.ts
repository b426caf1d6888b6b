/**
 * LTV Analytics (docs/rules/admin.md#ltv-analytics): each member's lifetime value — what they
 * sold to us plus what they bought from us, completed trades only, in öre — computed in SQL:
 * the top 50, a CSV export streamed in batches, monthly sign-up cohorts and value by level.
 * The tab reads each member's sums from `member_values`, kept with every trade write
 * (docs/decisions/040-daily-rollups.md).
 * The level is the XP level (docs/rules/loyalty.md#levels); a temporary level from a perk
 * does not move a member between rows.
 */
import { sql, type SQL } from "drizzle-orm";
import { LEVELS, type LevelId } from "~/modules/loyalty/loyalty-constants";
import { csvChunks } from "~/lib/csv";
import { stockholmDay, stockholmDayStart, stockholmMonth } from "~/lib/stockholm-time";
import { levelForXp } from "~/modules/loyalty/levels";
import { COHORT_HORIZONS, LTV_TOP } from "./ltv";
import { queryRows, type Db } from "~/platform/db/client.server";

/** Sign-up months in the cohort table, the current one included. */
const COHORT_MONTHS = 24;
const EXPORT_BATCH = 500;

export interface MemberValue {
  userId: string;
  name: string | null;
  email: string | null;
  level: LevelId;
  soldOre: number;
  boughtOre: number;
  valueOre: number;
  tradeCount: number;
  firstTradeAt: string;
  lastTradeAt: string;
}

interface RawMemberValue {
  user_id: string;
  name: string | null;
  email: string | null;
  placeholder: boolean | null;
  xp: number | string | null;
  sold: number | string;
  bought: number | string;
  trades: number | string;
  first_at: Date | string;
  last_at: Date | string;
}

/** A member's rollup row (member_values) under the names the rows below read. */
const memberValueColumns = sql`user_id, sold_ore AS sold, bought_ore AS bought, trades,
  first_trade_at AS first_at, last_trade_at AS last_at, value_ore`;

/** Per-member rollup rows (the inner query) joined to the member's name, address and XP. */
function memberValueSql(inner: SQL, order: SQL): SQL {
  return sql`SELECT v.*, p.email, p.email_is_placeholder AS placeholder, p.xp,
                    COALESCE(NULLIF(p.display_name, ''), NULLIF(concat_ws(' ', p.first_name, p.last_name), '')) AS name
               FROM (${inner}) v LEFT JOIN profiles p ON p.user_id = v.user_id
              ORDER BY ${order}`;
}

function toMemberValue(row: RawMemberValue): MemberValue {
  const soldOre = Number(row.sold);
  const boughtOre = Number(row.bought);
  return {
    userId: row.user_id,
    name: row.name,
    email: row.placeholder ? null : row.email,
    level: levelForXp(Number(row.xp ?? 0)).id,
    soldOre,
    boughtOre,
    valueOre: soldOre + boughtOre,
    tradeCount: Number(row.trades),
    firstTradeAt: new Date(row.first_at).toISOString(),
    lastTradeAt: new Date(row.last_at).toISOString(),
  };
}

/** The members with the highest lifetime value, highest first, from their rollup rows. */
async function topMembers(db: Db, limit = LTV_TOP): Promise<MemberValue[]> {
  const rows = await queryRows<RawMemberValue>(
    db,
    memberValueSql(
      sql`SELECT ${memberValueColumns} FROM member_values ORDER BY value_ore DESC NULLS LAST, user_id LIMIT ${limit}`,
      sql`v.value_ore DESC, v.user_id`,
    ),
  );
  return rows.map(toMemberValue);
}

/**
 * Every member with a completed trade, in batches by member id, so memory stays flat: their
 * rollup rows (a member has one exactly when they have a completed trade), read along the
 * primary key, never the trades.
 */
async function* memberValueBatches(db: Db): AsyncGenerator<MemberValue[]> {
  let after: string | null = null;
  for (;;) {
    const rows: RawMemberValue[] = await queryRows<RawMemberValue>(
      db,
      memberValueSql(
        sql`SELECT ${memberValueColumns} FROM member_values
             ${after ? sql`WHERE user_id > ${after}` : sql``}
             ORDER BY user_id LIMIT ${EXPORT_BATCH}`,
        sql`v.user_id`,
      ),
    );
    if (rows.length === 0) return;
    yield rows.map(toMemberValue);
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!.user_id;
  }
}

const LTV_CSV_HEADER = [
  "Medlems-id",
  "Namn",
  "E-post",
  "Nivå",
  "Sålt (SEK)",
  "Köpt (SEK)",
  "Livstidsvärde (SEK)",
  "Affärer",
  "Första affär",
  "Senaste affär",
] as const;

const sek = (ore: number) => ore / 100;
const levelNames = new Map(LEVELS.map((level) => [level.id, level.name]));

/** The CSV export of every member's lifetime value: the BOM and header, then one chunk per batch. */
export function exportLtvCsv(db: Db): AsyncGenerator<string> {
  return csvChunks(LTV_CSV_HEADER, memberValueBatches(db), (row) => [
    row.userId,
    row.name,
    row.email,
    levelNames.get(row.level) ?? row.level,
    sek(row.soldOre),
    sek(row.boughtOre),
    sek(row.valueOre),
    row.tradeCount,
    row.firstTradeAt,
    row.lastTradeAt,
  ]);
}

export interface Cohort {
  /** `yyyy-mm`, Stockholm. */
  month: string;
  members: number;
  /** Members with at least one completed trade so far. */
  traded: number;
  /**
   * Average value per member of the cohort (all of them, traders or not) within N months of
   * their own sign-up; null while the cohort's youngest members are not that old yet.
   */
  averageOre: Record<(typeof COHORT_HORIZONS)[number], number | null>;
}

function monthStart(month: string): Date {
  return stockholmDayStart(`${month}-01`)!;
}

function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last COHORT_MONTHS sign-up months, newest first; months nobody signed up in are left out. */
async function signupCohorts(db: Db, now = new Date()): Promise<Cohort[]> {
  const current = stockholmMonth(now);
  const from = monthStart(addMonths(current, -(COHORT_MONTHS - 1)));
  const horizons = COHORT_HORIZONS.map((months) => sql`${sql.identifier(`value_${months}m_ore`)} AS ${sql.identifier(`s${months}`)}`);
  // One row per sign-up month, kept with every sign-up and trade write (cohort_months).
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT to_char(month, 'YYYY-MM') AS month, members, traders AS traded, ${sql.join(horizons, sql`, `)}
          FROM cohort_months
         WHERE month >= ${stockholmDay(from)}::date AND month <= ${`${current}-01`}::date AND members > 0
         ORDER BY month DESC`,
  );
  return rows.map((row) => {
    const month = String(row.month);
    const members = Number(row.members);
    const averageOre = Object.fromEntries(
      COHORT_HORIZONS.map((months) => {
        // Known once the cohort's youngest member (signed up by the month's end) is N months in.
        const mature = monthStart(addMonths(month, 1 + months)) <= now;
        return [months, mature ? Math.round(Number(row[`s${months}`] ?? 0) / members) : null];
      }),
    ) as Cohort["averageOre"];
    return { month, members, traded: Number(row.traded), averageOre };
  });
}

export interface LevelValue {
  level: LevelId;
  members: number;
  /** Members with at least one completed trade. */
  traders: number;
  valueOre: number;
  /** Per member at the level (traders or not). */
  averageOre: number;
}

/** Every level, lowest first: its members, how many traded and their summed lifetime value. */
async function valueByLevel(db: Db): Promise<LevelValue[]> {
  const levelCase = sql.join(
    [...LEVELS].reverse().map((level) => sql`WHEN p.xp >= ${level.minXP} THEN ${level.id}`),
    sql` `,
  );
  // Members, traders and value per level's lowest XP (xp_values, kept with every member and trade write).
  const rows = await queryRows<{ level: LevelId; members: string | number; traders: string | number; value: string | number }>(
    db,
    sql`SELECT CASE ${levelCase} ELSE ${LEVELS[0]!.id} END AS level,
               sum(p.members) AS members, sum(p.traders) AS traders, sum(p.value_ore) AS value
          FROM xp_values p
         GROUP BY 1`,
  );
  const byLevel = new Map(rows.map((row) => [row.level, row]));
  return LEVELS.map((level) => {
    const row = byLevel.get(level.id);
    const members = Number(row?.members ?? 0);
    const valueOre = Number(row?.value ?? 0);
    return {
      level: level.id,
      members,
      traders: Number(row?.traders ?? 0),
      valueOre,
      averageOre: members > 0 ? Math.round(valueOre / members) : 0,
    };
  });
}

export async function loadLtv(db: Db, now = new Date()) {
  const [top, cohorts, levels] = await Promise.all([topMembers(db), signupCohorts(db, now), valueByLevel(db)]);
  return { top, cohorts, levels };
}
