/**
 * The Analytics tab's figures (docs/rules/admin.md#analytics) from our own visitor statistics,
 * which hold only visits that consented to analytics (docs/rules/privacy.md#visitor-tracking):
 * visitors online now, visits and page views per Stockholm day, top pages, referring sites,
 * campaign sources, devices, the funnel visit → sign-up → first trade, and the saved cookie
 * choices as anonymous totals. Each is one aggregate over an indexed time range with a LIMIT
 * where it lists; nothing reads a whole table into Node. Visits and page views of the days the
 * rollup job has counted come from its daily tables (docs/decisions/040-daily-rollups.md).
 */
import { sql, type SQL } from "drizzle-orm";
import { VISITOR_DEVICES, VISITOR_TRACKING, type VisitorDevice } from "~/modules/analytics/analytics-constants";
import { pageParams } from "~/lib/paging";
import { stockholmDay, BUSINESS_TIME_ZONE } from "~/lib/stockholm-time";
import { queryRows, type Db } from "~/platform/db/client.server";
import { viewsRolledThrough } from "~/modules/analytics/view-rollups.server";
import { insightRange, type InsightPeriod } from "./insight-period";
import { splitRange } from "./rollup-split";

const TOP_LIST = 10;
const TOP_PAGES_PAGE_SIZE = 10;

interface AnalyticsDay {
  day: string;
  sessions: number;
  pageViews: number;
}

interface CountRow {
  label: string;
  count: number;
}

interface ConsentTotals {
  total: number;
  analytics: number;
  marketing: number;
  functional: number;
  acceptAll: number;
  onlyNecessary: number;
  /** Any other combination (chosen in the settings dialog). */
  custom: number;
}

export interface AnalyticsData {
  onlineNow: number;
  days: AnalyticsDay[];
  totals: { sessions: number; pageViews: number };
  topPages: { rows: CountRow[]; page: number; hasMore: boolean };
  referrers: CountRow[];
  utmSources: CountRow[];
  devices: Array<{ device: VisitorDevice; count: number }>;
  funnel: { visits: number; signups: number; firstTrades: number };
  consent: ConsentTotals;
}

type Num = string | number;
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Day rows from a rollup and from raw rows, one count per day. */
function countsByDay(rows: Array<{ day: string; count: Num }>): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + Number(row.count));
  return byDay;
}

export async function loadAnalytics(
  db: Db,
  input: { period: InsightPeriod; pagesPage?: number; now?: Date },
): Promise<AnalyticsData> {
  const now = input.now ?? new Date();
  const range = insightRange(input.period, now);
  const { start, end } = range;
  const { page, offset } = pageParams({ page: input.pagesPage }, { default: TOP_PAGES_PAGE_SIZE, max: TOP_PAGES_PAGE_SIZE });
  const onlineSince = new Date(now.getTime() - VISITOR_TRACKING.onlineWindowMinutes * 60_000);

  // Whole days the view rollup job has counted come from its tables, the rest from the raw rows.
  const split = splitRange(start, end, await viewsRolledThrough(db));
  const rolledDay = sql`day >= ${split.days.from}::date AND day < ${split.days.to}::date`;
  const rawViews = sql`created_at >= ${ts(split.raw.start)} AND created_at < ${ts(split.raw.end)}`;
  const rawVisits = sql`first_seen_at >= ${ts(split.raw.start)} AND first_seen_at < ${ts(split.raw.end)}`;
  /** Visits per value of a column over both parts, largest first. */
  const visitsBy = (column: "referrer" | "utm_source" | "device", where: SQL = sql`TRUE`, limit?: number) => {
    const name = sql.identifier(column);
    return queryRows<{ label: string | null; count: Num }>(
      db,
      sql`SELECT ${name} AS label, sum(count) AS count FROM (
            SELECT ${name}, sum(visits) AS count FROM daily_visits WHERE ${rolledDay} AND ${where} GROUP BY ${name}
            UNION ALL
            SELECT ${name}, count(*) AS count FROM visitor_sessions WHERE ${rawVisits} AND ${where} GROUP BY ${name}
          ) parts GROUP BY ${name} ORDER BY count DESC, ${name} NULLS LAST ${limit ? sql`LIMIT ${limit}` : sql``}`,
    );
  };

  const [online, sessionDays, viewDays, pages, referrers, utm, devices, funnel, consent] = await Promise.all([
    queryRows<{ online: Num }>(
      db,
      sql`SELECT count(*) AS online FROM visitor_sessions WHERE is_online AND last_seen_at >= ${ts(onlineSince)} AND last_seen_at <= ${ts(now)}`,
    ),
    queryRows<{ day: string; count: Num }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(visits) AS count FROM daily_visits WHERE ${rolledDay} GROUP BY daily_visits.day
          UNION ALL
          SELECT to_char(first_seen_at AT TIME ZONE ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD') AS day, count(*) AS count
            FROM visitor_sessions WHERE ${rawVisits} GROUP BY 1`,
    ),
    queryRows<{ day: string; count: Num }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(views) AS count FROM daily_page_views WHERE ${rolledDay} GROUP BY daily_page_views.day
          UNION ALL
          SELECT to_char(created_at AT TIME ZONE ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD') AS day, count(*) AS count
            FROM page_views WHERE ${rawViews} GROUP BY 1`,
    ),
    queryRows<{ label: string; count: Num }>(
      db,
      sql`SELECT path AS label, sum(count) AS count FROM (
            SELECT path, sum(views) AS count FROM daily_page_views WHERE ${rolledDay} GROUP BY path
            UNION ALL
            SELECT path, count(*) AS count FROM page_views WHERE ${rawViews} GROUP BY path
          ) parts GROUP BY path ORDER BY count DESC, path LIMIT ${TOP_PAGES_PAGE_SIZE + 1} OFFSET ${offset}`,
    ),
    visitsBy("referrer", sql`TRUE`, TOP_LIST),
    visitsBy("utm_source", sql`utm_source IS NOT NULL`, TOP_LIST),
    visitsBy("device"),
    queryRows<{ signups: Num; first_trades: Num }>(
      db,
      sql`SELECT
            (SELECT count(*) FROM profiles WHERE created_at >= ${ts(start)} AND created_at < ${ts(end)}) AS signups,
            (SELECT count(*) FROM member_values WHERE first_trade_at >= ${ts(start)} AND first_trade_at < ${ts(end)}) AS first_trades`,
    ),
    queryRows<{ analytics: boolean; marketing: boolean; functional: boolean; count: Num }>(
      db,
      sql`SELECT analytics, marketing, functional, sum(count) AS count FROM consent_choice_totals
           WHERE day >= ${range.dayList[0]!}::date AND day <= ${stockholmDay(now)}::date
           GROUP BY analytics, marketing, functional`,
    ),
  ]);

  const sessionsByDay = countsByDay(sessionDays);
  const viewsByDay = countsByDay(viewDays);
  const days = range.dayList.map((day) => ({ day, sessions: sessionsByDay.get(day) ?? 0, pageViews: viewsByDay.get(day) ?? 0 }));
  const deviceCounts = new Map(devices.map((row) => [row.label as VisitorDevice, Number(row.count)]));
  const consentTotals: ConsentTotals = { total: 0, analytics: 0, marketing: 0, functional: 0, acceptAll: 0, onlyNecessary: 0, custom: 0 };
  for (const row of consent) {
    const count = Number(row.count);
    consentTotals.total += count;
    if (row.analytics) consentTotals.analytics += count;
    if (row.marketing) consentTotals.marketing += count;
    if (row.functional) consentTotals.functional += count;
    if (row.analytics && row.marketing && row.functional) consentTotals.acceptAll += count;
    else if (!row.analytics && !row.marketing && !row.functional) consentTotals.onlyNecessary += count;
    else consentTotals.custom += count;
  }
  const funnelRow = funnel[0];
  const sessions = days.reduce((sum, day) => sum + day.sessions, 0);
  return {
    onlineNow: Number(online[0]?.online ?? 0),
    days,
    totals: { sessions, pageViews: days.reduce((sum, day) => sum + day.pageViews, 0) },
    topPages: {
      rows: pages.slice(0, TOP_PAGES_PAGE_SIZE).map((row) => ({ label: row.label, count: Number(row.count) })),
      page,
      hasMore: pages.length > TOP_PAGES_PAGE_SIZE,
    },
    referrers: referrers.map((row) => ({ label: row.label ?? "", count: Number(row.count) })),
    utmSources: utm.map((row) => ({ label: row.label ?? "", count: Number(row.count) })),
    devices: VISITOR_DEVICES.map((device) => ({ device, count: deviceCounts.get(device) ?? 0 })),
    funnel: {
      visits: sessions,
      signups: Number(funnelRow?.signups ?? 0),
      firstTrades: Number(funnelRow?.first_trades ?? 0),
    },
    consent: consentTotals,
  };
}
