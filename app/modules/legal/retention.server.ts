/**
 * Deletes personal data whose retention period has ended (docs/rules/privacy.md#retention),
 * as the privacy policy promises; run daily by the job runner. Each period comes from
 * RETENTION, the same numbers the policy shows. Idempotent: a second run finds nothing.
 */
import { sql } from "drizzle-orm";
import { purgeUnconfirmedSubscriptions } from "~/modules/newsletter/newsletter.server";
import { execCount, type Db } from "~/platform/db/client.server";
import { RETENTION } from "./legal";

const olderThanMonths = (months: number, now: Date) =>
  sql`${now.toISOString()}::timestamptz - make_interval(months => ${months})`;

export async function purgeExpiredPersonalData(db: Db, now: Date = new Date()) {
  return {
    contactMessages: await execCount(
      db,
      sql`DELETE FROM contact_messages WHERE created_at < ${olderThanMonths(RETENTION.contactMessagesMonths, now)}`,
    ),
    securityEvents: await execCount(
      db,
      sql`DELETE FROM security_events WHERE created_at < ${olderThanMonths(RETENTION.securityEventsMonths, now)}`,
    ),
    launchNotifications: await execCount(
      db,
      sql`DELETE FROM launch_notifications WHERE created_at < ${olderThanMonths(RETENTION.launchNotificationMonths, now)}`,
    ),
    // A newsletter sign-up never confirmed goes when its latest link has expired (30 days).
    unconfirmedNewsletter: await purgeUnconfirmedSubscriptions(db, now),
    pageViews: await execCount(
      db,
      sql`DELETE FROM page_views WHERE created_at < ${olderThanMonths(RETENTION.pageViewsMonths, now)}`,
    ),
    // A visit last seen before the same limit goes too (its user agent, referrer and campaign).
    visitorSessions: await execCount(
      db,
      sql`DELETE FROM visitor_sessions WHERE last_seen_at < ${olderThanMonths(RETENTION.pageViewsMonths, now)}`,
    ),
  };
}
