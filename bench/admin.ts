/**
 * Server-time benchmark of the staff panel's heavy reads on PostgreSQL
 * (docs/rules/admin.md#dashboard): seeds 50,000 members and 100,000 trades (plus points,
 * orders, sign-ups and contact messages) in its own uniquely named database with bulk
 * INSERT ... SELECT generate_series, then prints p50/p95 of the Dashboard loader's query set,
 * a member search (the Transactions tab's ILIKE on email and names), the LTV tab's
 * queries, and the Analytics and Influencers tabs (docs/rules/admin.md#analytics) on 100,000
 * visits, 300,000 page views, 20 influencers with 100,000 clicks and 20,000 attributed members. The database is dropped afterwards. Target: p95 under 300 ms each.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:admin [iterations]
 */
import { sql } from "drizzle-orm";
import { listContactMessages } from "../app/modules/contact/contact-admin.server";
import { loadDashboard } from "../app/modules/insights/dashboard.server";
import { loadAnalytics } from "../app/modules/insights/analytics.server";
import { listInfluencers, loadInfluencerDetail } from "../app/modules/influencers/influencers.server";
import { loadLtv } from "../app/modules/insights/ltv.server";
import { searchMembers } from "../app/modules/trades/trades.server";
import { openPostgres } from "../app/platform/db/client.server";
import { createDatabaseName, createPostgresDatabase, dropPostgresDatabase } from "../app/platform/db/test-db";

const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const iterations = Number(process.argv[2] ?? 40);
const MEMBERS = 50_000;
const TRADES = 100_000;
const TARGET_MS = 300;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const name = createDatabaseName("skinhamnen_bench");
const url = await createPostgresDatabase(baseUrl, name);
const database = openPostgres(url);
let failed = false;
try {
  await database.migrate();
  const db = database.db;
  const seedStarted = performance.now();
  await db.execute(sql`
    WITH u AS (
      INSERT INTO "user" (name, email, email_verified, created_at)
      SELECT 'Medlem ' || g, 'medlem' || g || '@example.se', true, now() - random() * interval '730 days'
        FROM generate_series(1, ${MEMBERS}) g
      RETURNING id, name, email, created_at
    )
    INSERT INTO profiles (user_id, email, first_name, last_name, display_name, xp, points, created_at)
    SELECT id, email, 'Förnamn', 'Efternamn ' || substr(md5(email), 1, 6), name,
           floor(power(random(), 4) * 700000)::int, floor(random() * 5000)::int, created_at
      FROM u`);
  await db.execute(sql`
    WITH ids AS (SELECT array_agg(user_id) AS a FROM profiles),
    g AS (
      SELECT n, CASE WHEN n % 3 = 0 THEN 'purchase' ELSE 'sale' END AS type,
             CASE WHEN n % 20 = 0 THEN 'pending' WHEN n % 20 = 1 THEN 'cancelled' ELSE 'completed' END AS status,
             (5000 + floor(random() * 500000))::bigint AS ore,
             now() - random() * interval '400 days' AS at
        FROM generate_series(1, ${TRADES}) n
    )
    INSERT INTO trades (user_id, type, status, base_total_ore, total_ore, level_at_recording, payout_method, payment_method,
                        completed_at, cancelled_at, created_at)
    SELECT ids.a[1 + floor(random() * array_length(ids.a, 1))::int], g.type, g.status, g.ore, g.ore, 'bronze',
           CASE WHEN g.type = 'sale' THEN 'swish' END, CASE WHEN g.type = 'purchase' THEN 'Swish' END,
           CASE WHEN g.status <> 'pending' THEN g.at + interval '1 hour' END,
           CASE WHEN g.status = 'cancelled' THEN g.at + interval '2 hours' END, g.at
      FROM g, ids`);
  await db.execute(sql`
    INSERT INTO points_transactions (user_id, amount, reason, created_at)
    SELECT user_id, (floor(random() * 2000) + 1)::int, 'Affär', created_at FROM trades WHERE status = 'completed'`);
  await db.execute(sql`
    WITH item AS (INSERT INTO point_shop_items (name, point_cost, category) VALUES ('Presentkort', 500, 'other') RETURNING id)
    INSERT INTO point_shop_orders (user_id, item_id, item_name, points_spent, status, created_at)
    SELECT p.user_id, item.id, 'Presentkort', 500, (ARRAY['pending', 'completed', 'cancelled'])[1 + floor(random() * 3)::int],
           now() - random() * interval '365 days'
      FROM (SELECT user_id FROM profiles ORDER BY random() LIMIT 5000) p, item`);
  await db.execute(sql`
    INSERT INTO newsletter_subscriptions (email, created_at)
    SELECT 'nyhetsbrev' || g || '@example.se', now() - random() * interval '365 days' FROM generate_series(1, 10000) g`);
  await db.execute(sql`
    INSERT INTO contact_messages (name, email, subject, message, status, created_at)
    SELECT 'Kund ' || g, 'kund' || g || '@example.se', 'Fråga ' || g, 'Hej!', (ARRAY['new', 'read', 'answered'])[1 + g % 3],
           now() - random() * interval '365 days'
      FROM generate_series(1, 2000) g`);
  await db.execute(sql`
    INSERT INTO influencers (name, referral_code, commission_percent)
    SELECT 'Influencer ' || g, 'INFL' || g, 10 FROM generate_series(1, 20) g`);
  await db.execute(sql`
    WITH ids AS (SELECT array_agg(id) AS a FROM influencers)
    INSERT INTO influencer_clicks (influencer_id, utm_source, created_at)
    SELECT ids.a[1 + g % 20], (ARRAY['direct', 'youtube', 'tiktok', 'twitch'])[1 + g % 4], now() - random() * interval '400 days'
      FROM generate_series(1, 100000) g, ids`);
  await db.execute(sql`
    WITH ids AS (SELECT array_agg(id) AS a FROM influencers),
    chosen AS (SELECT user_id, created_at, row_number() OVER () AS n FROM profiles LIMIT 20000)
    UPDATE profiles p SET referred_by_influencer_id = ids.a[1 + chosen.n % 20], referred_at = chosen.created_at
      FROM chosen, ids WHERE p.user_id = chosen.user_id`);
  await db.execute(sql`
    INSERT INTO visitor_sessions (session_id, device, referrer, utm_source, is_online, first_seen_at, last_seen_at)
    SELECT 'bench-visit-' || g, (ARRAY['mobile', 'tablet', 'desktop'])[1 + g % 3], (ARRAY[NULL, 'google.com', 'youtube.com'])[1 + g % 3],
           CASE WHEN g % 5 = 0 THEN 'tiktok' END, g % 50 = 0, at, at + interval '3 minutes'
      FROM (SELECT g, now() - random() * interval '395 days' AS at FROM generate_series(1, 100000) g) s`);
  await db.execute(sql`
    INSERT INTO page_views (session_id, path, created_at)
    SELECT 'bench-visit-' || (1 + g % 100000), (ARRAY['/', '/salja-skins', '/blog', '/faq', '/point-shop'])[1 + g % 5] || CASE WHEN g % 7 = 0 THEN '/' || g % 300 ELSE '' END,
           now() - random() * interval '395 days'
      FROM generate_series(1, 300000) g`);
  // As autovacuum would have by now: statistics and the visibility map (index-only scans).
  await db.execute(sql`VACUUM ANALYZE`);
  process.stdout.write(`seeded ${MEMBERS} members and ${TRADES} trades in ${Math.round(performance.now() - seedStarted)} ms\n`);

  const cases: Array<[string, () => Promise<unknown>]> = [
    ["dashboard (loader query set)", () => Promise.all([loadDashboard(db), listContactMessages(db, {})])],
    ["member search (ILIKE email/name)", () => searchMembers(db, `medlem${Math.floor(Math.random() * 900) + 100}`, 25)],
    ["ltv tab (top 50, cohorts, levels)", () => loadLtv(db)],
    ["analytics tab (30 days)", () => loadAnalytics(db, { period: 30 })],
    ["analytics tab (365 days)", () => loadAnalytics(db, { period: 365 })],
    ["influencers list (30 days)", () => listInfluencers(db, { period: 30 })],
    ["influencer page (30 days, month)", async () => {
      const [first] = (await listInfluencers(db, { period: 30 })).rows;
      return loadInfluencerDetail(db, first!.id, { period: 30, month: new Date().toISOString().slice(0, 7) });
    }],
  ];
  process.stdout.write(`case\titerations\tp50 ms\tp95 ms\tmax ms\n`);
  for (const [label, run] of cases) {
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 >= TARGET_MS) failed = true;
    process.stdout.write(
      `${label}\t${iterations}\t${percentile(times, 50).toFixed(1)}\t${p95.toFixed(1)}\t${times.at(-1)!.toFixed(1)}${p95 >= TARGET_MS ? "\tOVER TARGET" : ""}\n`,
    );
  }
} finally {
  await database.close();
  // BENCH_KEEP_DB=1 leaves the database for EXPLAIN; its URL is printed.
  if (process.env.BENCH_KEEP_DB === "1") process.stdout.write(`kept ${url}\n`);
  else await dropPostgresDatabase(baseUrl, name);
}
process.exitCode = failed ? 1 : 0;
