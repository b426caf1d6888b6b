/**
 * A busy shop's volume on PostgreSQL (`npm run seed:scale`, docs/decisions/038-scale-dataset-and-exports.md):
 * at scale 1, 200,000 members over two years across the four levels, 300,000 trades, 2.0 M points
 * rows, their XP rows, 1,000 sell orders, 30,000 referrals, influencer clicks, 1.5 M page views,
 * 1.8 M blog views and newsletter subscribers. Every table is the real one (migrations and
 * triggers included) and every row is written by bulk `INSERT … SELECT generate_series`, so the
 * whole volume takes minutes.
 *
 * What holds, whatever the scale (scale.test.ts): each member's points and XP are the sums of
 * their ledger rows; a trade's level and extras are those its member's XP gives by the level
 * rules (a member's level only rises in this history, so the current level is used); completed
 * trades credited exactly their rows; every foreign key holds.
 *
 * Member 1 has the longest history (two years, thousands of ledger rows): the /profile figure.
 */
import { hashPassword } from "better-auth/crypto";
import { sql, type SQL } from "drizzle-orm";
import { LEVELS, POINTS_PER_SEK, XP_PER_SEK } from "~/modules/loyalty/loyalty-constants";
import { BULK_BONUS_TIERS } from "~/modules/trades/trades-constants";
import { queryRows, type Db } from "../client.server";
import { seed } from "./index";

/** The staff account the admin benchmark signs in with. */
export const SCALE_ADMIN = { email: "skala.admin@example.se", password: "Skala#Admin2026" } as const;
/** The member with the oldest and longest history, who can sign in. */
export const SCALE_OLDEST_MEMBER = { email: "medlem1@example.se", password: "Skala#Medlem2026" } as const;

/** Rows at scale 1 (the volume of docs/decisions/038-scale-dataset-and-exports.md). */
const VOLUME = {
  members: 200_000,
  trades: 300_000,
  points: 2_000_000,
  sellOrders: 1_000,
  referrals: 30_000,
  influencers: 20,
  clicks: 150_000,
  sessions: 300_000,
  pageViews: 1_500_000,
  blogViews: 1_800_000,
  subscribers: 40_000,
  contactMessages: 2_000,
  shopOrders: 5_000,
  /** The oldest member's own trades (each completed one is a points row and an XP row). */
  oldestTrades: 1_500,
} as const;

export type ScaleCounts = Record<string, number>;

/** Two years of history: every timestamp lies in the last DAYS days. */
const DAYS = 730;

function scaled(scale: number): Record<keyof typeof VOLUME, number> {
  const out = {} as Record<keyof typeof VOLUME, number>;
  for (const [key, value] of Object.entries(VOLUME) as Array<[keyof typeof VOLUME, number]>) {
    out[key] = Math.max(key === "members" ? 50 : 1, Math.round(value * scale));
  }
  out.influencers = Math.max(2, Math.min(VOLUME.influencers, out.influencers));
  out.oldestTrades = Math.max(20, Math.round(VOLUME.oldestTrades * Math.min(1, scale * 10)));
  return out;
}

/** The level rules as rows of SQL (min XP, sale bonus, purchase fee, monthly XP). */
const levelRows = sql.raw(
  `(VALUES ${LEVELS.map(
    (level, i) =>
      `(${i}, '${level.id}', '${level.name}', ${level.minXP}, ${level.saleBonusPercent}, ${level.purchaseFeePercent}, ${level.monthlyBonusXP})`,
  ).join(", ")}) AS lv(rank, id, name, min_xp, sale_bonus, fee, monthly_xp)`,
);
const bulkCase = (base: SQL) =>
  sql.join(
    [sql`CASE`, ...BULK_BONUS_TIERS.map((tier) => sql`WHEN ${base} >= ${sql.raw(String(tier.minOre))} THEN ${sql.raw(String(tier.percent))}`), sql`ELSE 0 END`],
    sql` `,
  );
/** percentOfOre (trade-rules.ts) in SQL: floor((amount × percent + 50) / 100). */
/** A whole number written into the statement (counts computed here, never input). */
const q = (value: number) => sql.raw(String(Math.trunc(value)));
const percentOf = (amount: SQL, percent: SQL) => sql`((${amount} * ${percent} + 50) / 100)`;

async function count(db: Db, table: string): Promise<number> {
  const rows = await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)}`);
  return Number(rows[0]?.n ?? 0);
}

/** Tables whose counts the seeder reports. */
export const SCALE_TABLES = [
  "user", "profiles", "points_transactions", "xp_transactions", "trades", "sell_quotes", "sell_orders",
  "referrals", "influencers", "influencer_clicks", "visitor_sessions", "page_views", "blog_post_views",
  "newsletter_subscriptions", "point_shop_orders", "contact_messages",
] as const;

async function scaleCounts(db: Db): Promise<ScaleCounts> {
  const counts: ScaleCounts = {};
  for (const table of SCALE_TABLES) counts[table] = await count(db, table);
  return counts;
}

/**
 * Seeds an empty, migrated PostgreSQL database. `scale` multiplies every volume (0.001 for a
 * test). Refuses a database that already has members.
 */
export async function seedScale(db: Db, options: { scale?: number; log?: (line: string) => void } = {}): Promise<ScaleCounts> {
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 10)) throw new Error("scale must be above 0 and at most 10");
  const log = options.log ?? (() => {});
  if ((await count(db, "profiles")) > 0) throw new Error("the database already has members: seed:scale needs an empty one");
  const n = scaled(scale);
  const step = async (label: string, ...statements: SQL[]) => {
    const started = performance.now();
    for (const statement of statements) await db.execute(statement);
    log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const days = sql.raw(`interval '${DAYS} days'`);

  const demoStarted = performance.now();
  await seed(db);
  log(`demo content: ${((performance.now() - demoStarted) / 1000).toFixed(1)} s`);
  await seed(db);

  // Working tables, dropped at the end: which member is number n, and the trades before they
  // get their level.
  await step(
    "members",
    sql`DROP TABLE IF EXISTS scale_members, scale_trades`,
    sql`CREATE UNLOGGED TABLE scale_members (n int PRIMARY KEY, user_id uuid NOT NULL, created_at timestamptz NOT NULL,
          target_xp int NOT NULL, xp int, level_rank int)`,
    // Member 1 is the oldest; member n joined (n-1)/members of two years later. Every 50th is
    // aimed at Platinum, four in 50 at Gold, twelve at Silver, the rest at Bronze (the XP they
    // end with decides: trades can lift a member above the aim).
    sql`INSERT INTO scale_members (n, user_id, created_at, target_xp)
        SELECT g, gen_random_uuid(), now() - ${days} * (1 - (g - 1)::float8 / ${q(n.members)}),
               CASE WHEN g % 50 = 1 THEN 500000 + floor(random() * 1000000)
                    WHEN g % 50 BETWEEN 2 AND 5 THEN 100000 + floor(random() * 400000)
                    WHEN g % 50 BETWEEN 6 AND 17 THEN 5000 + floor(random() * 95000)
                    ELSE floor(random() * 5000) END
          FROM generate_series(1, ${q(n.members)}) g`,
    sql`INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
        SELECT user_id, 'Medlem ' || n, 'medlem' || n || '@example.se', true, created_at, created_at FROM scale_members`,
    sql`INSERT INTO profiles (user_id, email, first_name, last_name, display_name, phone_number, steam_id, referral_code, created_at, updated_at)
        SELECT user_id, 'medlem' || n || '@example.se',
               (ARRAY['Anna','Erik','Maja','Oskar','Elsa','Lucas','Alva','Hugo','Saga','Liam'])[1 + n % 10],
               (ARRAY['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson','Olsson','Persson'])[1 + (n / 10) % 8] || ' ' || substr(md5(n::text), 1, 4),
               'Medlem ' || n,
               CASE WHEN n % 3 = 0 THEN '07' || lpad((n % 100000000)::text, 8, '0') END,
               CASE WHEN n % 2 = 0 THEN '7656119' || lpad(n::text, 10, '0') END,
               'M' || lpad(upper(to_hex(n)), 6, '0'),
               created_at, created_at
          FROM scale_members`,
  );

  // Trades: older members trade more (a power of the random number favours low n); Member 1
  // has its own long history. Sizes follow the member's aim so the levels spread.
  await step(
    "trades",
    sql`CREATE UNLOGGED TABLE scale_trades AS
        WITH pick AS (
          SELECT g, CASE WHEN g <= ${q(n.oldestTrades)} THEN 1 ELSE 1 + floor(${q(n.members)} * power(random(), 1.7))::int END AS n
            FROM generate_series(1, ${q(n.trades)}) g
        )
        SELECT gen_random_uuid() AS id, pick.g, m.user_id, m.n,
               CASE WHEN pick.g % 3 = 0 THEN 'purchase' ELSE 'sale' END AS type,
               CASE WHEN pick.g % 20 = 0 THEN 'pending' WHEN pick.g % 20 = 1 THEN 'cancelled'
                    WHEN pick.g % 20 = 2 AND pick.g % 3 <> 0 THEN 'reversed' ELSE 'completed' END AS status,
               (2000 + floor(random() * CASE WHEN m.target_xp >= 100000 THEN 2000000 ELSE 100000 END))::bigint AS base,
               m.created_at + (now() - m.created_at) * random() AS at
          FROM pick JOIN scale_members m USING (n)`,
    sql`UPDATE scale_trades SET at = now() - interval '1 hour' * random() WHERE status = 'pending' AND at < now() - interval '2 days'`,
  );

  // Each member's XP: completed trades' credits, the monthly VIP bonus for each month before
  // this one while aimed at Gold or above, and a campaign top-up to the aim.
  await step(
    "levels",
    sql`UPDATE scale_members m SET xp = coalesce(t.xp, 0)
          FROM (SELECT n, sum(floor(base * CASE WHEN type = 'sale' THEN ${q(XP_PER_SEK.sale)} ELSE ${q(XP_PER_SEK.purchase)} END / 100))::int AS xp
                  FROM scale_trades WHERE status = 'completed' GROUP BY n) t
         WHERE t.n = m.n`,
    sql`UPDATE scale_members SET xp = 0 WHERE xp IS NULL`,
  );
  const monthly = sql`
    SELECT m.user_id, m.n, lv.monthly_xp AS amount, lv.name, mo AS month_start
      FROM scale_members m
      JOIN ${levelRows} ON lv.rank = CASE WHEN m.target_xp >= 500000 THEN 3 ELSE 2 END
      CROSS JOIN LATERAL generate_series(date_trunc('month', m.created_at AT TIME ZONE 'Europe/Stockholm') + interval '1 month',
                                         date_trunc('month', now() AT TIME ZONE 'Europe/Stockholm') - interval '1 month',
                                         interval '1 month') mo
     WHERE m.target_xp >= 100000`;
  await step(
    "xp ledger",
    sql`UPDATE scale_members m SET xp = m.xp + b.xp FROM (SELECT n, sum(amount)::int AS xp FROM (${monthly}) x GROUP BY n) b WHERE b.n = m.n`,
    sql`INSERT INTO xp_transactions (user_id, amount, reason, idempotency_key, created_at)
        SELECT user_id, amount, 'Månatlig VIP-bonus (' || name || ')',
               'vip-monthly:' || to_char(month_start, 'YYYY-MM') || ':' || user_id,
               (month_start + interval '2 hours') AT TIME ZONE 'Europe/Stockholm'
          FROM (${monthly}) x`,
    sql`INSERT INTO xp_transactions (user_id, amount, reason, created_at)
        SELECT user_id, target_xp - xp, 'Kampanj-XP', created_at + interval '1 minute'
          FROM scale_members WHERE target_xp > xp`,
    sql`UPDATE scale_members SET xp = greatest(xp, target_xp)`,
    sql`UPDATE scale_members m SET level_rank = (SELECT max(lv.rank) FROM ${levelRows} WHERE lv.min_xp <= m.xp)`,
  );

  // The trades with their level's extras (trade-rules.ts), and the completed ones' credits.
  const bulk = bulkCase(sql`t.base`);
  await step(
    "trades table",
    sql`INSERT INTO trades (id, user_id, type, status, base_total_ore, level_at_recording, level_bonus_percent, level_bonus_ore,
                           bulk_bonus_percent, bulk_bonus_ore, purchase_fee_percent, purchase_fee_ore, total_ore,
                           payout_method, payment_method, points_credited, xp_credited,
                           completed_at, reversed_at, cancelled_at, created_at, updated_at)
        SELECT t.id, t.user_id, t.type, t.status, t.base, lv.id,
               x.level_pct, ${percentOf(sql`t.base`, sql`x.level_pct`)},
               x.bulk_pct, ${percentOf(sql`t.base`, sql`x.bulk_pct`)},
               x.fee_pct, ${percentOf(sql`t.base`, sql`x.fee_pct`)},
               t.base + ${percentOf(sql`t.base`, sql`x.level_pct`)} + ${percentOf(sql`t.base`, sql`x.bulk_pct`)} + ${percentOf(sql`t.base`, sql`x.fee_pct`)},
               CASE WHEN t.type = 'sale' THEN (ARRAY['swish','bank','crypto'])[1 + t.g % 3] END,
               CASE WHEN t.type = 'purchase' THEN (ARRAY['Swish','Kort','Klarna'])[1 + t.g % 3] END,
               CASE WHEN t.status = 'completed' THEN floor(t.base * CASE WHEN t.type = 'sale' THEN ${q(POINTS_PER_SEK.sale)} ELSE ${q(POINTS_PER_SEK.purchase)} END / 100)::int ELSE 0 END,
               CASE WHEN t.status = 'completed' THEN floor(t.base * CASE WHEN t.type = 'sale' THEN ${q(XP_PER_SEK.sale)} ELSE ${q(XP_PER_SEK.purchase)} END / 100)::int ELSE 0 END,
               CASE WHEN t.status = 'completed' THEN t.at + interval '30 minutes' END,
               CASE WHEN t.status = 'reversed' THEN t.at + interval '30 minutes' END,
               CASE WHEN t.status = 'cancelled' THEN t.at + interval '30 minutes' END,
               t.at, t.at + interval '30 minutes'
          FROM scale_trades t
          JOIN scale_members m USING (n)
          JOIN ${levelRows} ON lv.rank = m.level_rank
          CROSS JOIN LATERAL (SELECT CASE WHEN t.type = 'sale' THEN lv.sale_bonus ELSE 0 END AS level_pct,
                                     CASE WHEN t.type = 'sale' THEN ${bulk} ELSE 0 END AS bulk_pct,
                                     CASE WHEN t.type = 'purchase' THEN lv.fee ELSE 0 END AS fee_pct) x`,
    sql`INSERT INTO xp_transactions (user_id, amount, reason, reference_id, idempotency_key, created_at)
        SELECT user_id, xp_credited, CASE WHEN type = 'sale' THEN 'Försäljning' ELSE 'Köp' END, id, 'trade:' || id || ':xp', completed_at
          FROM trades WHERE status = 'completed' AND xp_credited > 0`,
    sql`INSERT INTO points_transactions (user_id, amount, reason, reference_id, idempotency_key, created_at)
        SELECT user_id, points_credited, CASE WHEN type = 'sale' THEN 'Försäljning' ELSE 'Köp' END, id, 'trade:' || id || ':points', completed_at
          FROM trades WHERE status = 'completed' AND points_credited > 0`,
  );

  // Influencers, their clicks, and referrals: a friend is referred by an older member, or (one
  // in five) by an influencer; the friend's profile names the referrer.
  await step(
    "referrals",
    sql`INSERT INTO influencers (name, referral_code, commission_percent, status, created_at)
        SELECT 'Influencer ' || g, 'INFL' || g, 10, CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END, now() - ${days}
          FROM generate_series(1, ${q(n.influencers)}) g`,
    sql`WITH ids AS (SELECT array_agg(id ORDER BY referral_code) AS a FROM influencers)
        INSERT INTO influencer_clicks (influencer_id, utm_source, visitor_hash, created_at)
        SELECT ids.a[1 + g % array_length(ids.a, 1)], (ARRAY['direct','youtube','tiktok','twitch'])[1 + g % 4], md5('klick' || g),
               now() - interval '365 days' * random()
          FROM generate_series(1, ${q(n.clicks)}) g, ids`,
    sql`WITH ids AS (SELECT array_agg(id ORDER BY referral_code) AS a, array_agg(referral_code ORDER BY referral_code) AS c FROM influencers),
        friends AS (
          SELECT f.n, f.user_id, f.created_at, row_number() OVER (ORDER BY f.n) AS i
            FROM scale_members f WHERE f.n >= 2 AND f.n % greatest(1, ${q(n.members)} / ${q(n.referrals)}) = 0
           LIMIT ${q(n.referrals)}
        ),
        chosen AS (
          SELECT friends.*, CASE WHEN i % 5 <> 0 THEN 1 + floor(random() * (friends.n - 1))::int END AS referrer_n FROM friends
        )
        INSERT INTO referrals (friend_id, referrer_id, influencer_id, code, source, status, created_at)
        SELECT c.user_id, r.user_id,
               CASE WHEN r.user_id IS NULL THEN ids.a[1 + c.i % array_length(ids.a, 1)] END,
               CASE WHEN r.user_id IS NULL THEN ids.c[1 + c.i % array_length(ids.a, 1)] ELSE 'M' || lpad(upper(to_hex(r.n)), 6, '0') END,
               CASE WHEN c.i % 4 = 0 THEN 'profile' ELSE 'signup' END,
               CASE WHEN c.i % 25 = 1 THEN 'pending_review' WHEN c.i % 25 = 2 THEN 'rejected' WHEN c.i % 25 = 3 THEN 'capped' ELSE 'paid' END,
               c.created_at + interval '5 minutes'
          FROM chosen c LEFT JOIN scale_members r ON r.n = c.referrer_n, ids`,
    sql`UPDATE profiles p SET referred_by = r.referrer_id, referred_by_influencer_id = r.influencer_id, referred_at = r.created_at
          FROM referrals r WHERE r.friend_id = p.user_id`,
    // The friend's reward for every paid or capped referral, the referrer's for paid ones.
    sql`INSERT INTO points_transactions (user_id, amount, reason, idempotency_key, created_at)
        SELECT friend_id, 100, 'Värvningsbonus (vän)', 'referral:friend:' || friend_id, created_at + interval '1 minute'
          FROM referrals WHERE status IN ('paid', 'capped')
        UNION ALL
        SELECT referrer_id, 200, 'Värvningsbonus', 'referral:referrer:' || friend_id, created_at + interval '1 minute'
          FROM referrals WHERE status = 'paid' AND referrer_id IS NOT NULL`,
  );

  // The rest of the points ledger: giveaways, campaigns, reviews (older members have more rows),
  // then point-shop orders by members who have the points to spend.
  const pointsSoFar = await count(db, "points_transactions");
  const shopOrders = n.shopOrders;
  // A cancelled order (one in four) writes no ledger row.
  const remaining = Math.max(0, n.points - pointsSoFar - Math.round(shopOrders * 0.75));
  const oldestExtra = Math.min(remaining, Math.round(4_000 * Math.min(1, scale * 10)));
  await step(
    "points ledger",
    sql`INSERT INTO points_transactions (user_id, amount, reason, created_at)
        SELECT m.user_id, 1 + floor(random() * 300)::int,
               (ARRAY['Giveaway-vinst','Kampanjpoäng','Recensionsbonus','Födelsedagsbonus'])[1 + s.g % 4],
               m.created_at + (now() - m.created_at) * random()
          FROM (SELECT g, CASE WHEN g <= ${q(oldestExtra)} THEN 1 ELSE 1 + floor(${q(n.members)} * power(random(), 1.5))::int END AS n
                  FROM generate_series(1, ${q(remaining)}) g) s
          JOIN scale_members m USING (n)`,
    sql`WITH item AS (SELECT id, name, point_cost FROM point_shop_items ORDER BY point_cost, id LIMIT 1),
        buyers AS (
          SELECT pt.user_id, max(pt.created_at) AS at FROM points_transactions pt
           GROUP BY pt.user_id HAVING sum(pt.amount) >= (SELECT point_cost FROM item)
           ORDER BY pt.user_id LIMIT ${q(shopOrders)}
        ),
        orders AS (
          INSERT INTO point_shop_orders (user_id, item_id, item_name, points_spent, status, created_at)
          SELECT b.user_id, item.id, item.name, item.point_cost,
                 (ARRAY['pending','completed','completed','cancelled'])[1 + (row_number() OVER ())::int % 4], b.at + interval '1 minute'
            FROM buyers b, item
          RETURNING id, user_id, points_spent, status, created_at
        )
        INSERT INTO points_transactions (user_id, amount, reason, reference_id, created_at)
        SELECT user_id, -points_spent, 'Köp i Point Shop', id, created_at FROM orders WHERE status <> 'cancelled'`,
    sql`UPDATE profiles p SET points = s.points, xp = m.xp
          FROM scale_members m
          LEFT JOIN (SELECT user_id, sum(amount)::int AS points FROM points_transactions GROUP BY user_id) s USING (user_id)
         WHERE p.user_id = m.user_id AND s.points IS NOT NULL`,
    sql`UPDATE profiles p SET xp = m.xp FROM scale_members m WHERE p.user_id = m.user_id AND p.xp <> m.xp`,
  );

  // Sell orders: an accepted quote each; the paid ones point at one of the member's completed sales.
  await step(
    "sell orders",
    sql`WITH sales AS (
          SELECT t.*, row_number() OVER (ORDER BY t.created_at DESC, t.id) AS i
            FROM trades t WHERE t.type = 'sale' AND t.status = 'completed' ORDER BY t.created_at DESC, t.id LIMIT ${q(n.sellOrders)}
        ),
        quotes AS (
          INSERT INTO sell_quotes (user_id, level_at_quote, base_total_ore, level_bonus_percent, level_bonus_ore, bulk_bonus_percent,
                                   bulk_bonus_ore, total_ore, points, xp, payout_method, expires_at, accepted_at, created_at)
          SELECT user_id, level_at_recording, base_total_ore, level_bonus_percent, level_bonus_ore, bulk_bonus_percent, bulk_bonus_ore,
                 total_ore, points_credited, xp_credited, payout_method, created_at + interval '15 minutes', created_at, created_at - interval '5 minutes'
            FROM sales
          RETURNING id, user_id, created_at
        )
        INSERT INTO sell_orders (user_id, quote_id, status, security_code, level_at_quote, base_total_ore, level_bonus_percent,
                                 level_bonus_ore, bulk_bonus_percent, bulk_bonus_ore, total_ore, points, xp, payout_method,
                                 trade_id, paid_at, closed_at, created_at, updated_at)
        SELECT s.user_id, q.id, x.status, translate(upper(substr(md5(s.id::text), 1, 6)), '01', 'AB'),
               s.level_at_recording, s.base_total_ore, s.level_bonus_percent, s.level_bonus_ore, s.bulk_bonus_percent,
               s.bulk_bonus_ore, s.total_ore, s.points_credited, s.xp_credited, s.payout_method,
               CASE WHEN x.status = 'paid' THEN s.id END, CASE WHEN x.status = 'paid' THEN s.completed_at END,
               CASE WHEN x.status IN ('paid','cancelled','declined','expired') THEN s.completed_at END,
               s.created_at, s.completed_at
          FROM sales s
          JOIN quotes q ON q.user_id = s.user_id AND q.created_at = s.created_at - interval '5 minutes'
          CROSS JOIN LATERAL (SELECT CASE WHEN s.i <= 40 THEN (ARRAY['in_review','awaiting_offer','offer_sent','protected','payout_scheduled'])[1 + s.i::int % 5]
                                          WHEN s.i % 10 = 0 THEN 'cancelled' WHEN s.i % 10 = 1 THEN 'declined'
                                          WHEN s.i % 10 = 2 THEN 'expired' ELSE 'paid' END AS status) x`,
  );

  // Visits, page views, blog views, newsletter subscribers and contact messages.
  // Spread over a window that the retention job keeps (docs/rules/privacy.md): page views and
  // visits 12 months (kept 13), contact messages 23 months (kept 24), blog views 30 days (the
  // purge job keeps only the de-duplication window, so a server's first run removes them; they
  // are here for the volume of that purge and of the tables until it runs), subscribers two years.
  const within = (g: SQL, window: number) =>
    sql`now() - interval '1 day' * ${q(window)} * ((${g} * 0.6180339887498949) % 1)`;
  await step(
    "analytics",
    sql`INSERT INTO visitor_sessions (session_id, device, referrer, utm_source, landing_page, is_online, first_seen_at, last_seen_at)
        SELECT 'skalabesok-' || g, (ARRAY['mobile','tablet','desktop'])[1 + g % 3], (ARRAY[NULL,'google.com','youtube.com'])[1 + g % 3],
               CASE WHEN g % 5 = 0 THEN 'tiktok' END, (ARRAY['/','/salja-skins','/blog','/faq'])[1 + g % 4], false,
               ${within(sql`g`, 365)}, ${within(sql`g`, 365)} + interval '4 minutes'
          FROM generate_series(1, ${q(n.sessions)}) g`,
    sql`INSERT INTO page_views (session_id, path, created_at)
        SELECT 'skalabesok-' || s, (ARRAY['/','/salja-skins','/blog','/faq','/point-shop'])[1 + g % 5] || CASE WHEN g % 7 = 0 THEN '/' || g % 300 ELSE '' END,
               least(now(), ${within(sql`s`, 365)} + interval '10 seconds' * (g / ${q(n.sessions)}))
          FROM (SELECT g, 1 + g % ${q(n.sessions)} AS s FROM generate_series(1, ${q(n.pageViews)}) g) v`,
    sql`WITH posts AS (SELECT array_agg(id ORDER BY slug) AS a FROM blog_posts WHERE status = 'published')
        INSERT INTO blog_post_views (post_id, visitor_hash, viewed_at)
        SELECT posts.a[1 + g % array_length(posts.a, 1)], md5('blogg' || g), ${within(sql`g`, 30)}
          FROM generate_series(1, ${q(n.blogViews)}) g, posts`,
    sql`UPDATE blog_posts b SET view_count = v.n FROM (SELECT post_id, count(*)::int AS n FROM blog_post_views GROUP BY post_id) v WHERE v.post_id = b.id`,
    sql`INSERT INTO newsletter_subscriptions (user_id, email, source, confirmed_at, created_at, updated_at)
        SELECT user_id, 'medlem' || n || '@example.se', 'profile', created_at + interval '1 day', created_at + interval '1 day', created_at + interval '1 day'
          FROM scale_members WHERE n % 10 = 3 LIMIT ${q(Math.ceil(n.subscribers / 2))}`,
    sql`INSERT INTO newsletter_subscriptions (email, source, confirmed_at, created_at, updated_at)
        SELECT 'prenumerant' || g || '@example.se', 'footer', at, at, at
          FROM (SELECT g, ${within(sql`g`, DAYS)} AS at FROM generate_series(1, ${q(Math.floor(n.subscribers / 2))}) g) s`,
    sql`INSERT INTO contact_messages (name, email, subject, message, status, created_at)
        SELECT 'Kund ' || g, 'kund' || g || '@example.se', 'Fråga ' || g, 'Hej! Hur lång tid tar en utbetalning?',
               (ARRAY['new','read','answered'])[1 + g % 3], ${within(sql`g`, 700)}
          FROM generate_series(1, ${q(n.contactMessages)}) g`,
  );

  // Sign-in accounts: the admin, and Member 1 (the longest history).
  const [adminHash, memberHash] = await Promise.all([hashPassword(SCALE_ADMIN.password), hashPassword(SCALE_OLDEST_MEMBER.password)]);
  await step(
    "accounts",
    sql`WITH u AS (
          INSERT INTO "user" (name, email, email_verified) VALUES ('Skala Admin', ${SCALE_ADMIN.email}, true) RETURNING id, email
        ),
        p AS (INSERT INTO profiles (user_id, email, first_name, last_name, display_name) SELECT id, email, 'Skala', 'Admin', 'Skala Admin' FROM u),
        r AS (INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM u)
        INSERT INTO account (account_id, provider_id, user_id, password) SELECT id::text, 'credential', id, ${adminHash} FROM u`,
    sql`INSERT INTO account (account_id, provider_id, user_id, password)
        SELECT id::text, 'credential', id, ${memberHash} FROM "user" WHERE email = ${SCALE_OLDEST_MEMBER.email}`,
    sql`DROP TABLE scale_members, scale_trades`,
  );
  // As autovacuum would have by now: statistics and the visibility map (index-only scans).
  await step("vacuum analyze", sql`VACUUM ANALYZE`);
  return scaleCounts(db);
}
