import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/platform/db/client.server";
import { contact_messages, launch_notifications, page_views, security_events, visitor_sessions } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { RETENTION } from "./legal";
import { purgeExpiredPersonalData } from "./retention.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const now = new Date("2026-11-23T12:00:00Z");
const monthsAgo = (months: number, extraDays = 0) => {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  date.setUTCDate(date.getUTCDate() - extraDays);
  return date;
};

async function count(table: string) {
  const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
  return row!.n;
}

describe("retention (the privacy policy's periods)", () => {
  it("deletes contact messages, security events, launch notifications, page views and visits past their period, and nothing younger", async () => {
    const message = { name: "A", email: "a@example.se", subject: "S", message: "M" };
    await database.db.insert(contact_messages).values([
      { ...message, created_at: monthsAgo(RETENTION.contactMessagesMonths, 1) },
      { ...message, created_at: monthsAgo(RETENTION.contactMessagesMonths - 1) },
    ]);
    await database.db.insert(security_events).values([
      { event_type: "user_login", created_at: monthsAgo(RETENTION.securityEventsMonths, 1) },
      { event_type: "user_login", created_at: monthsAgo(RETENTION.securityEventsMonths - 1) },
    ]);
    await database.db.insert(launch_notifications).values([
      { email: "gammal@example.se", created_at: monthsAgo(RETENTION.launchNotificationMonths, 1) },
      { email: "ny@example.se", created_at: monthsAgo(1) },
    ]);
    await database.db.insert(visitor_sessions).values([
      { session_id: "besok-12345678", last_seen_at: monthsAgo(2) },
      { session_id: "besok-gammalt-1", first_seen_at: monthsAgo(RETENTION.pageViewsMonths, 2), last_seen_at: monthsAgo(RETENTION.pageViewsMonths, 1) },
    ]);
    await database.db.insert(page_views).values([
      { session_id: "besok-12345678", path: "/", created_at: monthsAgo(RETENTION.pageViewsMonths, 1) },
      { session_id: "besok-12345678", path: "/blog", created_at: monthsAgo(2) },
    ]);

    expect(await purgeExpiredPersonalData(database.db, now)).toEqual({
      contactMessages: 1,
      securityEvents: 1,
      launchNotifications: 1,
      unconfirmedNewsletter: 0,
      pageViews: 1,
      visitorSessions: 1,
    });
    for (const table of ["contact_messages", "security_events", "launch_notifications", "page_views", "visitor_sessions"]) {
      expect(await count(table), table).toBe(1);
    }
    expect(await purgeExpiredPersonalData(database.db, now)).toEqual({
      contactMessages: 0,
      securityEvents: 0,
      launchNotifications: 0,
      unconfirmedNewsletter: 0,
      pageViews: 0,
      visitorSessions: 0,
    });
  });
});
