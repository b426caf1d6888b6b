/**
 * The Referrals export streams exactly the list's rows (docs/rules/admin.md#referrals): every
 * page with the same status filter, concatenated, in order, with relations recorded at one
 * timestamp (microseconds included), across export batches.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keysetPosition, type KeysetPosition } from "~/lib/keyset";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { exportReferralsCsv, listReferrals, type ReferralListQuery } from "./referral-admin.server";

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  const referrer = await createMember(db(), { email: "varvare@export.se" });
  // 1,010 friends (more than two export batches), in groups of seven recorded at one
  // microsecond-precise instant, so a batch ends inside a group.
  await db().execute(sql`
    WITH u AS (
      INSERT INTO "user" (name, email) SELECT 'Vän ' || g, 'van' || lpad(g::text, 4, '0') || '@export.se' FROM generate_series(1, 1010) g
      RETURNING id, email
    )
    INSERT INTO profiles (user_id, email, first_name) SELECT id, email, 'Vän' FROM u`);
  await db().execute(sql`
    INSERT INTO referrals (friend_id, referrer_id, code, source, status, created_at)
    SELECT p.user_id, ${referrer}::uuid, 'KOD1234', 'signup', CASE WHEN n % 3 = 0 THEN 'pending_review' ELSE 'paid' END,
           '2025-06-01T12:00:00.000007Z'::timestamptz - interval '1 microsecond' * (n / 7)
      FROM (SELECT user_id, row_number() OVER (ORDER BY email) AS n FROM profiles WHERE email LIKE 'van%@export.se') p`);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function allPages(query: ReferralListQuery): Promise<string[]> {
  const emails: string[] = [];
  // Page by page through the table's own "next" links.
  let position: KeysetPosition = null;
  for (;;) {
    const listed = await listReferrals(db(), { ...query, position, pageSize: 100 });
    emails.push(...listed.rows.map((row) => row.friendEmail));
    if (!listed.links.next) return emails;
    position = keysetPosition({ efter: listed.links.next }, "timestamp");
  }
}

describe("exportReferralsCsv", () => {
  it.each([{}, { status: "paid" as const }, { status: "pending_review" as const }])("streams the list's rows for %o", async (query) => {
    let csv = "";
    for await (const chunk of exportReferralsCsv(db(), query)) csv += chunk;
    const exported = csv.trimEnd().split("\r\n").slice(1).map((line) => line.split(",")[1]);
    const listed = await allPages(query);
    expect(listed.length).toBeGreaterThan(300);
    expect(exported).toEqual(listed);
  });
});
