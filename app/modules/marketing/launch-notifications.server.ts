/**
 * Launch notifications for buying on the site: stored once per address (the table is
 * unique on lower(email)), so signing up again is a quiet success, not an error.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/platform/db/client.server";
import type { RateLimitRule } from "~/platform/rate-limit/rate-limiter.server";

/** Per IP: enough for a household, too few for filling the list with junk. */
export const LAUNCH_NOTIFICATION_RATE_LIMIT: RateLimitRule = {
  scope: "launch-notification",
  limit: 10,
  windowMs: 60 * 60_000,
};

/** Stores the address unless it (in any letter case) is already there. */
export async function requestLaunchNotification(db: Db, email: string): Promise<{ created: boolean }> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO launch_notifications (email) VALUES (${email.trim()})
        ON CONFLICT ((lower(email))) DO NOTHING
        RETURNING id`,
  );
  return { created: rows.length > 0 };
}

export async function countLaunchNotifications(db: Db): Promise<number> {
  const rows = await queryRows<{ count: number | string }>(
    db,
    sql`SELECT count(*)::int AS count FROM launch_notifications`,
  );
  return Number(rows[0]?.count ?? 0);
}
