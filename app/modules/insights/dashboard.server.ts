/**
 * The Dashboard tab's figures (docs/rules/admin.md#dashboard): a handful of bounded, indexed
 * aggregates — one query per table for every period at once, a per-day sum for the chart and
 * short newest-first lists — never whole tables read into Node. Trades and points come from
 * the daily rollups for whole days and from the raw rows for the rest of each range
 * (docs/decisions/040-daily-rollups.md). The contact list beside them is
 * the contact area's (app/modules/contact/contact-admin.server.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { addDays, stockholmDay, stockholmDayStart, BUSINESS_TIME_ZONE } from "~/lib/stockholm-time";
import { levelForXp } from "~/modules/loyalty/levels";
import { queryRows, type Db } from "~/platform/db/client.server";
import { splitRange } from "./rollup-split";

/** The dashboard's periods: today, the last 7 and the last 30 Stockholm days (today included). */
export const DASHBOARD_PERIODS = [1, 7, 30] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
/** Days in the volume chart. */
const CHART_DAYS = 30;
const LIST_LENGTH = 5;

interface Window {
  start: Date;
  end: Date;
}

/** One period and the one before it, equally long: the previous one ends at the same time of day. */
export interface PeriodWindows {
  days: DashboardPeriod;
  current: Window;
  previous: Window;
}

export function periodWindows(now: Date): PeriodWindows[] {
  const today = stockholmDay(now);
  return DASHBOARD_PERIODS.map((days) => {
    const start = stockholmDayStart(addDays(today, -(days - 1)))!;
    const previousStart = stockholmDayStart(addDays(today, -(2 * days - 1)))!;
    const elapsed = now.getTime() - start.getTime();
    return {
      days,
      current: { start, end: now },
      previous: { start: previousStart, end: new Date(previousStart.getTime() + elapsed) },
    };
  });
}

export interface Change {
  current: number;
  previous: number;
}

export interface PeriodFigures {
  days: DashboardPeriod;
  soldOre: Change;
  boughtOre: Change;
  completedTrades: Change;
  newMembers: Change;
  pointsIssued: Change;
  pointsRedeemed: Change;
  newsletterSignups: Change;
}

type PeriodMetric = Exclude<keyof PeriodFigures, "days">;

interface MetricSql {
  name: PeriodMetric;
  /** An aggregate over the rows in the window (count(*), sum(...)). */
  aggregate: (window: SQL) => SQL;
}

interface NamedRange {
  /** `{days}_{current|previous}`. */
  key: string;
  start: Date;
  end: Date;
}

function namedRanges(windows: PeriodWindows[]): NamedRange[] {
  return windows.flatMap((window) => (["current", "previous"] as const).map((side) => ({ key: `${window.days}_${side}`, ...window[side] })));
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * One row with every metric for every range: `{metric}_{key}`. Each distinct range is its own
 * subquery, one range scan of the column's index (an index-only scan where the index holds
 * the summed column) — not one bitmap over all the ranges' rows.
 */
async function rangeAggregates(
  db: Db,
  ranges: NamedRange[],
  from: SQL,
  column: SQL,
  metrics: MetricSql[],
  where: SQL = sql`TRUE`,
): Promise<Record<string, number>> {
  const distinct = new Map<string, NamedRange[]>();
  for (const range of ranges) {
    if (range.start >= range.end) continue;
    const span = `${range.start.toISOString()}/${range.end.toISOString()}`;
    distinct.set(span, [...(distinct.get(span) ?? []), range]);
  }
  if (distinct.size === 0) return {};
  const parts = [...distinct.values()].map((same, index) => {
    const { start, end } = same[0]!;
    const columns = same.flatMap((range) =>
      metrics.map((metric) => sql`${metric.aggregate(sql`TRUE`)} AS ${sql.identifier(`${metric.name}_${range.key}`)}`),
    );
    return sql`(SELECT ${sql.join(columns, sql`, `)} FROM ${from}
                 WHERE ${where} AND ${column} >= ${ts(start)} AND ${column} < ${ts(end)}) ${sql.identifier(`r${index}`)}`;
  });
  const [row] = await queryRows<Record<string, string | number | null>>(db, sql`SELECT * FROM ${sql.join(parts, sql` CROSS JOIN `)}`);
  return numbers(row);
}

/** The same over a daily rollup table's whole days: `{metric}_{key}`. */
async function dayAggregates(
  db: Db,
  ranges: Array<{ key: string; from: string; to: string }>,
  from: SQL,
  metrics: MetricSql[],
): Promise<Record<string, number>> {
  const live = ranges.filter((range) => range.from < range.to);
  if (live.length === 0) return {};
  const inRange = (range: { from: string; to: string }) => sql`(day >= ${range.from}::date AND day < ${range.to}::date)`;
  const columns = live.flatMap((range) =>
    metrics.map((metric) => sql`${metric.aggregate(inRange(range))} AS ${sql.identifier(`${metric.name}_${range.key}`)}`),
  );
  const earliest = live.reduce((min, range) => (range.from < min ? range.from : min), live[0]!.from);
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`SELECT ${sql.join(columns, sql`, `)} FROM ${from} WHERE day >= ${earliest}::date`,
  );
  return numbers(row);
}

function numbers(row: Record<string, string | number | null> | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value ?? 0)]));
}

/** Adds the rolled-up part and the raw part of each figure. */
function added(...parts: Array<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const part of parts) for (const [key, value] of Object.entries(part)) sum[key] = (sum[key] ?? 0) + value;
  return sum;
}

const count = (window: SQL) => sql`count(*) FILTER (WHERE ${window})`;
const sumOf = (expression: SQL, filter: SQL = sql`TRUE`) => (window: SQL) =>
  sql`COALESCE(sum(${expression}) FILTER (WHERE ${window} AND ${filter}), 0)`;

export interface DashboardCounts {
  pendingShopOrders: number;
  pendingTrades: number;
  /** New or read, not answered yet. */
  contactWaiting: number;
}

export interface ChartDay {
  /** `yyyy-mm-dd`, Stockholm. */
  day: string;
  soldOre: number;
  boughtOre: number;
}

export interface LatestTrade {
  id: string;
  type: "sale" | "purchase";
  status: string;
  totalOre: number;
  memberName: string | null;
  createdAt: string;
}

export interface LatestOrder {
  id: string;
  itemName: string;
  pointsSpent: number;
  status: string;
  memberName: string | null;
  createdAt: string;
}

export interface LatestMember {
  userId: string;
  name: string | null;
  email: string | null;
  level: string;
  createdAt: string;
}

export interface DashboardData {
  generatedAt: string;
  periods: PeriodFigures[];
  counts: DashboardCounts;
  chart: ChartDay[];
  latestTrades: LatestTrade[];
  latestOrders: LatestOrder[];
  latestMembers: LatestMember[];
}

const memberName = sql`COALESCE(NULLIF(p.display_name, ''), NULLIF(concat_ws(' ', p.first_name, p.last_name), ''), NULLIF(p.email, ''))`;

async function periodFigures(db: Db, windows: PeriodWindows[]): Promise<PeriodFigures[]> {
  const ranges = namedRanges(windows);
  // Trades and points from the rollups' whole days plus the raw rows of the rest.
  const splits = ranges.map((range) => ({ key: range.key, ...splitRange(range.start, range.end) }));
  const dayRanges = splits.map((split) => ({ key: split.key, ...split.days }));
  const rawRanges = splits.map((split) => ({ key: split.key, ...split.raw }));
  const [rolledTrades, rawTrades, rolledPoints, rawPoints, members, redeemed, newsletter] = await Promise.all([
    dayAggregates(db, dayRanges, sql`daily_trades`, [
      { name: "soldOre", aggregate: sumOf(sql`total_ore`, sql`type = 'sale'`) },
      { name: "boughtOre", aggregate: sumOf(sql`total_ore`, sql`type = 'purchase'`) },
      { name: "completedTrades", aggregate: sumOf(sql`trades`) },
    ]),
    rangeAggregates(db, rawRanges, sql`trades`, sql`completed_at`, [
      { name: "soldOre", aggregate: sumOf(sql`total_ore`, sql`type = 'sale'`) },
      { name: "boughtOre", aggregate: sumOf(sql`total_ore`, sql`type = 'purchase'`) },
      { name: "completedTrades", aggregate: count },
    ], sql`status = 'completed'`),
    dayAggregates(db, dayRanges, sql`daily_points`, [{ name: "pointsIssued", aggregate: sumOf(sql`issued`) }]),
    rangeAggregates(db, rawRanges, sql`points_transactions`, sql`created_at`, [
      { name: "pointsIssued", aggregate: sumOf(sql`amount`, sql`amount > 0`) },
    ]),
    rangeAggregates(db, ranges, sql`profiles`, sql`created_at`, [{ name: "newMembers", aggregate: count }]),
    rangeAggregates(db, ranges, sql`point_shop_orders`, sql`created_at`, [
      { name: "pointsRedeemed", aggregate: sumOf(sql`points_spent`, sql`status <> 'cancelled'`) },
    ]),
    rangeAggregates(db, ranges, sql`newsletter_subscriptions`, sql`created_at`, [
      { name: "newsletterSignups", aggregate: count },
    ]),
  ]);
  const trades = added(rolledTrades, rawTrades);
  const issued = added(rolledPoints, rawPoints);
  const all = { ...trades, ...members, ...issued, ...redeemed, ...newsletter };
  const change = (metric: PeriodMetric, days: number): Change => ({
    current: all[`${metric}_${days}_current`] ?? 0,
    previous: all[`${metric}_${days}_previous`] ?? 0,
  });
  return windows.map(({ days }) => ({
    days,
    soldOre: change("soldOre", days),
    boughtOre: change("boughtOre", days),
    completedTrades: change("completedTrades", days),
    newMembers: change("newMembers", days),
    pointsIssued: change("pointsIssued", days),
    pointsRedeemed: change("pointsRedeemed", days),
    newsletterSignups: change("newsletterSignups", days),
  }));
}

async function counts(db: Db): Promise<DashboardCounts> {
  const [row] = await queryRows<{ orders: number | string; trades: number | string; contact: number | string }>(
    db,
    sql`SELECT (SELECT count(*) FROM point_shop_orders WHERE status = 'pending') AS orders,
               (SELECT count(*) FROM trades WHERE status = 'pending') AS trades,
               (SELECT count(*) FROM contact_messages WHERE status IN ('new', 'read')) AS contact`,
  );
  return {
    pendingShopOrders: Number(row?.orders ?? 0),
    pendingTrades: Number(row?.trades ?? 0),
    contactWaiting: Number(row?.contact ?? 0),
  };
}

/** Completed sales and purchases per Stockholm day, the last CHART_DAYS days, empty days as 0. */
async function chart(db: Db, now: Date): Promise<ChartDay[]> {
  const today = stockholmDay(now);
  const firstDay = addDays(today, -(CHART_DAYS - 1));
  const split = splitRange(stockholmDayStart(firstDay)!, now);
  type DayRow = { day: string; sold: string | number; bought: string | number };
  const [rolled, raw] = await Promise.all([
    queryRows<DayRow>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day,
                 COALESCE(sum(total_ore) FILTER (WHERE type = 'sale'), 0) AS sold,
                 COALESCE(sum(total_ore) FILTER (WHERE type = 'purchase'), 0) AS bought
            FROM daily_trades
           WHERE day >= ${split.days.from}::date AND day < ${split.days.to}::date
           GROUP BY 1`,
    ),
    queryRows<DayRow>(
      db,
      sql`SELECT to_char(completed_at AT TIME ZONE ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD') AS day,
                 COALESCE(sum(total_ore) FILTER (WHERE type = 'sale'), 0) AS sold,
                 COALESCE(sum(total_ore) FILTER (WHERE type = 'purchase'), 0) AS bought
            FROM trades
           WHERE status = 'completed' AND completed_at >= ${ts(split.raw.start)} AND completed_at < ${ts(split.raw.end)}
           GROUP BY 1`,
    ),
  ]);
  const byDay = new Map<string, { sold: number; bought: number }>();
  for (const row of [...rolled, ...raw]) {
    const sums = byDay.get(row.day) ?? { sold: 0, bought: 0 };
    byDay.set(row.day, { sold: sums.sold + Number(row.sold), bought: sums.bought + Number(row.bought) });
  }
  return Array.from({ length: CHART_DAYS }, (_, index) => {
    const day = addDays(firstDay, index);
    const sums = byDay.get(day);
    return { day, soldOre: sums?.sold ?? 0, boughtOre: sums?.bought ?? 0 };
  });
}

async function latest(db: Db) {
  const [tradeRows, orderRows, memberRows] = await Promise.all([
    queryRows<{ id: string; type: "sale" | "purchase"; status: string; total_ore: string | number; name: string | null; created_at: Date | string }>(
      db,
      // The newest rows through the time index (its order, NULLS LAST included), then their members.
      sql`SELECT t.id, t.type, t.status, t.total_ore, ${memberName} AS name, t.created_at
            FROM (SELECT * FROM trades ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${LIST_LENGTH}) t
            JOIN profiles p ON p.user_id = t.user_id
           ORDER BY t.created_at DESC, t.id DESC`,
    ),
    queryRows<{ id: string; item_name: string; points_spent: number; status: string; name: string | null; created_at: Date | string }>(
      db,
      sql`SELECT o.id, o.item_name, o.points_spent, o.status, ${memberName} AS name, o.created_at
            FROM (SELECT * FROM point_shop_orders ORDER BY created_at DESC, id DESC LIMIT ${LIST_LENGTH}) o
            JOIN profiles p ON p.user_id = o.user_id
           ORDER BY o.created_at DESC, o.id DESC`,
    ),
    queryRows<{ user_id: string; name: string | null; email: string | null; placeholder: boolean; xp: number; created_at: Date | string }>(
      db,
      sql`SELECT p.user_id, ${memberName} AS name, p.email, p.email_is_placeholder AS placeholder, p.xp, p.created_at
            FROM profiles p ORDER BY p.created_at DESC, p.user_id DESC LIMIT ${LIST_LENGTH}`,
    ),
  ]);
  return {
    latestTrades: tradeRows.map((row) => ({
      id: row.id,
      type: row.type,
      status: row.status,
      totalOre: Number(row.total_ore),
      memberName: row.name,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    latestOrders: orderRows.map((row) => ({
      id: row.id,
      itemName: row.item_name,
      pointsSpent: Number(row.points_spent),
      status: row.status,
      memberName: row.name,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    latestMembers: memberRows.map((row) => ({
      userId: row.user_id,
      name: row.placeholder && row.name === row.email ? null : row.name,
      email: row.placeholder ? null : row.email,
      level: levelForXp(Number(row.xp)).name,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

export async function loadDashboard(db: Db, now = new Date()): Promise<DashboardData> {
  const windows = periodWindows(now);
  const [periods, countRow, chartDays, lists] = await Promise.all([
    periodFigures(db, windows),
    counts(db),
    chart(db, now),
    latest(db),
  ]);
  return { generatedAt: now.toISOString(), periods, counts: countRow, chart: chartDays, ...lists };
}

