/**
 * The visitor statistics' daily rollups (docs/decisions/040-daily-rollups.md): page views per
 * Stockholm day and path, visits per day, device, referrer and campaign source. A job counts
 * each finished day once it is over (plus a grace for requests still writing), one transaction
 * per day that replaces the day's rows and moves `rollup_state` past it: running it twice, or
 * again after a crash, counts nothing twice. The Analytics tab reads the days up to that mark
 * from here and the later ones from the raw rows.
 */
import { sql } from "drizzle-orm";
import { addDays, stockholmDay, stockholmDayStart } from "~/lib/stockholm-time";
import { queryRows, type Db } from "~/platform/db/client.server";

export const VIEW_ROLLUP_JOB = "rollup-views";
const STATE = "views";
/** A day is counted this long after it ends: a view written at 23:59:59 has committed by then. */
const GRACE_MS = 10 * 60_000;

/** The last day counted into the rollups, or null before the first run. */
export async function viewsRolledThrough(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ day: string }>(
    db,
    sql`SELECT to_char(through_day, 'YYYY-MM-DD') AS day FROM rollup_state WHERE name = ${STATE}`,
  );
  return row?.day ?? null;
}

async function firstRawDay(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ first: Date | string | null }>(
    db,
    sql`SELECT LEAST((SELECT min(created_at) FROM page_views), (SELECT min(first_seen_at) FROM visitor_sessions)) AS first`,
  );
  return row?.first ? stockholmDay(new Date(row.first)) : null;
}

/** Counts every finished day not counted yet, oldest first. Returns how many days it counted. */
export async function rollUpViews(db: Db, now: Date = new Date()): Promise<{ days: number }> {
  const lastFinished = addDays(stockholmDay(new Date(now.getTime() - GRACE_MS)), -1);
  const through = await viewsRolledThrough(db);
  let day = through ? addDays(through, 1) : ((await firstRawDay(db)) ?? lastFinished);
  if (day > lastFinished) day = lastFinished;
  let counted = 0;
  for (; day <= lastFinished; day = addDays(day, 1)) {
    const start = stockholmDayStart(day)!.toISOString();
    const end = stockholmDayStart(addDays(day, 1))!.toISOString();
    const done = await db.transaction(async (tx) => {
      // The state row, locked: a second runner waits here, then finds the day counted.
      await tx.execute(sql`INSERT INTO rollup_state (name, through_day) VALUES (${STATE}, ${addDays(day, -1)}::date) ON CONFLICT (name) DO NOTHING`);
      const [state] = await queryRows<{ through: string }>(
        tx,
        sql`SELECT to_char(through_day, 'YYYY-MM-DD') AS through FROM rollup_state WHERE name = ${STATE} FOR UPDATE`,
      );
      if (state && state.through >= day) return false;
      await tx.execute(sql`DELETE FROM daily_page_views WHERE day = ${day}::date`);
      await tx.execute(sql`
        INSERT INTO daily_page_views (day, path, views)
        SELECT ${day}::date, path, count(*) FROM page_views
         WHERE created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz GROUP BY path`);
      await tx.execute(sql`DELETE FROM daily_visits WHERE day = ${day}::date`);
      await tx.execute(sql`
        INSERT INTO daily_visits (day, device, referrer, utm_source, visits)
        SELECT ${day}::date, device, referrer, utm_source, count(*) FROM visitor_sessions
         WHERE first_seen_at >= ${start}::timestamptz AND first_seen_at < ${end}::timestamptz
         GROUP BY device, referrer, utm_source`);
      await tx.execute(sql`UPDATE rollup_state SET through_day = ${day}::date WHERE name = ${STATE}`);
      return true;
    });
    if (done) counted += 1;
  }
  return { days: counted };
}
