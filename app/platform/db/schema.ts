/**
 * The whole data model (spec §3). The spec's tables and columns keep their snake_case
 * names so SQL reads like the spec; Better Auth's tables keep its field names in
 * TypeScript (its adapter maps by them) over snake_case columns.
 *
 * Ids and timestamps have database-side defaults; every rule the database can hold
 * (ranges, formats, enums, uniqueness) is a constraint here, not only in code.
 */
import { sql } from "drizzle-orm";
import { JOB_STATUSES } from "../../constants";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid().primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp({ withTimezone: true }).notNull().default(sql`now()`);
const updatedAt = () => timestamp({ withTimezone: true }).notNull().default(sql`now()`);

/** `column IN (...)` for a CHECK constraint from a list of literals. */
function oneOf(column: string, values: readonly string[]) {
  const list = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", ");
  return sql.raw(`"${column}" IN (${list})`);
}

// ---------------------------------------------------------------------------
// Better Auth (its documented core schema: user, session, account, verification)
// ---------------------------------------------------------------------------
export const user = pgTable("user", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export const session = pgTable(
  "session",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("account_user_id_idx").on(t.userId),
    uniqueIndex("account_provider_account_uq").on(t.providerId, t.accountId),
  ],
);

export const verification = pgTable(
  "verification",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------
export const profiles = pgTable(
  "profiles",
  {
    user_id: uuid()
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    first_name: text(),
    last_name: text(),
    display_name: text(),
    phone_number: text(),
    steam_trade_link: text(),
    email: text(),
    /** Set when the address is a non-deliverable placeholder (Steam gives none): never mailed. */
    email_is_placeholder: boolean().notNull().default(false),
    /** One referrer per user, set once; a referrer may refer any number of friends. */
    referred_by: uuid().references((): AnyPgColumn => profiles.user_id, {
      onDelete: "set null",
    }),
    referral_code: text().unique(),
    /** A code captured at sign-up, applied by the referral service after confirmation. */
    signup_referral_code: text(),
    steam_id: text().unique(),
    avatar_url: text(),
    xp: integer().notNull().default(0),
    points: integer().notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("profiles_points_non_negative", sql`${t.points} >= 0`),
    check("profiles_xp_non_negative", sql`${t.xp} >= 0`),
    check("profiles_referral_code_format", sql`${t.referral_code} ~ '^[A-Z0-9]{4,12}$'`),
    check(
      "profiles_signup_referral_code_format",
      sql`${t.signup_referral_code} ~ '^[A-Z0-9]{4,12}$'`,
    ),
    check("profiles_not_self_referred", sql`${t.referred_by} <> ${t.user_id}`),
    check("profiles_steam_id_format", sql`${t.steam_id} ~ '^[0-9]{17}$'`),
    index("profiles_referred_by_idx").on(t.referred_by),
  ],
);

export const user_roles = pgTable(
  "user_roles",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check("user_roles_role_valid", oneOf("role", ["admin", "blog", "seo"])),
    uniqueIndex("user_roles_user_role_uq").on(t.user_id, t.role),
  ],
);

export const security_events = pgTable(
  "security_events",
  {
    id: id(),
    user_id: uuid().references(() => user.id, { onDelete: "set null" }),
    event_type: text().notNull(),
    severity: text().notNull().default("low"),
    ip_address: text(),
    user_agent: text(),
    details: jsonb(),
    created_at: createdAt(),
  },
  (t) => [
    check("security_events_severity_valid", oneOf("severity", ["low", "medium", "high", "critical"])),
    check("security_events_type_format", sql`${t.event_type} ~ '^[a-z_]{3,64}$'`),
    index("security_events_user_created_idx").on(t.user_id, t.created_at.desc()),
    index("security_events_created_idx").on(t.created_at.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Loyalty: points and XP ledgers
// ---------------------------------------------------------------------------
export const points_transactions = pgTable(
  "points_transactions",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    /** Negative for spending. */
    amount: integer().notNull(),
    reason: text().notNull(),
    reference_id: uuid(),
    /** Makes a reward payable exactly once (e.g. `referral:friend:{userId}`). */
    idempotency_key: text().unique(),
    created_at: createdAt(),
  },
  (t) => [
    check("points_transactions_amount_non_zero", sql`${t.amount} <> 0`),
    index("points_transactions_user_created_idx").on(t.user_id, t.created_at.desc()),
  ],
);

export const xp_transactions = pgTable(
  "xp_transactions",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    amount: integer().notNull(),
    reason: text().notNull(),
    reference_id: uuid(),
    idempotency_key: text().unique(),
    created_at: createdAt(),
  },
  (t) => [
    check("xp_transactions_amount_non_zero", sql`${t.amount} <> 0`),
    index("xp_transactions_user_created_idx").on(t.user_id, t.created_at.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Point shop
// ---------------------------------------------------------------------------
export const point_shop_items = pgTable(
  "point_shop_items",
  {
    id: id(),
    name: text().notNull(),
    description: text().notNull().default(""),
    point_cost: integer().notNull(),
    category: text().notNull(),
    image_url: text(),
    is_active: boolean().notNull().default(true),
    /** Null means unlimited. */
    stock_quantity: integer(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("point_shop_items_cost_positive", sql`${t.point_cost} > 0`),
    check(
      "point_shop_items_category_valid",
      oneOf("category", ["gaming", "events", "bonus", "service", "vip", "other"]),
    ),
    check("point_shop_items_stock_non_negative", sql`${t.stock_quantity} >= 0`),
    index("point_shop_items_active_cost_idx").on(t.is_active, t.point_cost),
  ],
);

export const point_shop_orders = pgTable(
  "point_shop_orders",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    item_id: uuid()
      .notNull()
      .references(() => point_shop_items.id, { onDelete: "restrict" }),
    item_name: text().notNull(),
    points_spent: integer().notNull(),
    quantity: integer().notNull().default(1),
    status: text().notNull().default("pending"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("point_shop_orders_quantity_one", sql`${t.quantity} = 1`),
    check("point_shop_orders_points_positive", sql`${t.points_spent} > 0`),
    check(
      "point_shop_orders_status_valid",
      oneOf("status", ["pending", "completed", "cancelled"]),
    ),
    index("point_shop_orders_user_created_idx").on(t.user_id, t.created_at.desc()),
    index("point_shop_orders_status_idx").on(t.status, t.created_at.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Influencers
// ---------------------------------------------------------------------------
export const influencers = pgTable(
  "influencers",
  {
    id: id(),
    name: text().notNull(),
    referral_code: text().notNull().unique(),
    status: text().notNull().default("active"),
    email: text(),
    notes: text(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("influencers_referral_code_format", sql`${t.referral_code} ~ '^[A-Z0-9]{4,12}$'`),
    check("influencers_status_valid", oneOf("status", ["active", "inactive"])),
  ],
);

export const influencer_clicks = pgTable(
  "influencer_clicks",
  {
    id: id(),
    influencer_id: uuid()
      .notNull()
      .references(() => influencers.id, { onDelete: "cascade" }),
    user_agent: text(),
    referrer: text(),
    utm_source: text().notNull().default("direct"),
    utm_medium: text().notNull().default("referral"),
    utm_campaign: text().notNull().default("influencer"),
    /** Salted hash of IP and user agent; no raw IP is stored. */
    visitor_hash: text(),
    created_at: createdAt(),
  },
  (t) => [index("influencer_clicks_influencer_created_idx").on(t.influencer_id, t.created_at.desc())],
);

// ---------------------------------------------------------------------------
// Trades (the spec's "Transaction")
// ---------------------------------------------------------------------------
export const trades = pgTable(
  "trades",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    type: text().notNull(),
    /** Amount in SEK öre (1 SEK = 100 öre). */
    amount_ore: bigint({ mode: "number" }).notNull(),
    status: text().notNull().default("pending"),
    payout_method: text(),
    /** The staff member who recorded the trade. */
    recorded_by: uuid().references(() => user.id, { onDelete: "set null" }),
    note: text(),
    completed_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("trades_type_valid", oneOf("type", ["sale", "purchase"])),
    check("trades_status_valid", oneOf("status", ["pending", "completed", "cancelled"])),
    check("trades_payout_method_valid", oneOf("payout_method", ["swish", "bank", "crypto"])),
    check("trades_amount_positive", sql`${t.amount_ore} > 0`),
    index("trades_user_created_idx").on(t.user_id, t.created_at.desc()),
    index("trades_status_created_idx").on(t.status, t.created_at.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------
export const blog_posts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text(),
    content: text().notNull().default(""),
    featured_image_url: text(),
    categories: text().array().notNull().default(sql`'{}'::text[]`),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    is_pinned: boolean().notNull().default(false),
    view_count: integer().notNull().default(0),
    status: text().notNull().default("draft"),
    published_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    meta_title: text(),
    meta_description: text(),
    canonical_url: text(),
    alt_text: text(),
    author_name: text(),
    seo_script: text(),
  },
  (t) => [
    check("blog_posts_status_valid", oneOf("status", ["draft", "published", "archived"])),
    check("blog_posts_view_count_non_negative", sql`${t.view_count} >= 0`),
    check("blog_posts_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "blog_posts_categories_valid",
      sql`${t.categories} <@ ARRAY['Trading','Market','Guides','News']::text[]`,
    ),
    // spec §7: published posts ordered by is_pinned, published_at, created_at.
    index("blog_posts_published_order_idx")
      .on(t.is_pinned.desc(), t.published_at.desc(), t.created_at.desc())
      .where(sql`${t.status} = 'published'`),
  ],
);

export const blog_post_views = pgTable(
  "blog_post_views",
  {
    post_id: uuid()
      .notNull()
      .references(() => blog_posts.id, { onDelete: "cascade" }),
    /** Salted hash of IP and user agent: counts a visitor without any cookie. */
    visitor_hash: text().notNull(),
    viewed_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.visitor_hash] })],
);

// ---------------------------------------------------------------------------
// Contact, newsletter, launch notifications
// ---------------------------------------------------------------------------
export const newsletter_subscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: id(),
    user_id: uuid()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text().notNull(),
    phone_number: text(),
    email_subscribed: boolean().notNull().default(true),
    phone_subscribed: boolean().notNull().default(false),
    source: text().notNull().default("footer"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Anonymous sign-ups: one row per address, whatever its case.
    uniqueIndex("newsletter_anonymous_email_uq")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.user_id} IS NULL`),
    check("newsletter_email_format", sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
  ],
);

export const launch_notifications = pgTable(
  "launch_notifications",
  {
    id: id(),
    email: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("launch_notifications_email_uq").on(sql`lower(${t.email})`),
    check("launch_notifications_email_format", sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
  ],
);

export const contact_messages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    subject: text().notNull(),
    message: text().notNull(),
    status: text().notNull().default("new"),
    created_at: createdAt(),
  },
  (t) => [
    check("contact_messages_status_valid", oneOf("status", ["new", "read", "answered"])),
    check("contact_messages_required", sql`length(${t.name}) > 0 AND length(${t.subject}) > 0 AND length(${t.message}) > 0`),
    index("contact_messages_created_idx").on(t.created_at.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Analytics: visitors and page views
// ---------------------------------------------------------------------------
export const visitor_sessions = pgTable(
  "visitor_sessions",
  {
    /** The client's `visitor_session_id`. */
    session_id: text().primaryKey(),
    user_id: uuid().references(() => user.id, { onDelete: "set null" }),
    current_page: text(),
    referrer: text(),
    user_agent: text(),
    is_online: boolean().notNull().default(true),
    first_seen_at: createdAt(),
    last_seen_at: createdAt(),
  },
  (t) => [
    check("visitor_sessions_id_format", sql`length(${t.session_id}) BETWEEN 8 AND 64`),
    index("visitor_sessions_last_seen_idx").on(t.last_seen_at.desc()),
  ],
);

export const page_views = pgTable(
  "page_views",
  {
    id: id(),
    session_id: text()
      .notNull()
      .references(() => visitor_sessions.session_id, { onDelete: "cascade" }),
    path: text().notNull(),
    referrer: text(),
    created_at: createdAt(),
  },
  (t) => [
    index("page_views_created_idx").on(t.created_at.desc()),
    index("page_views_session_idx").on(t.session_id),
  ],
);

// ---------------------------------------------------------------------------
// Platform: mail outbox and rate-limit counters
// ---------------------------------------------------------------------------
export const email_outbox = pgTable(
  "email_outbox",
  {
    id: id(),
    to_address: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    template: text().notNull(),
    status: text().notNull().default("captured"),
    error: text(),
    created_at: createdAt(),
  },
  (t) => [
    check("email_outbox_status_valid", oneOf("status", ["captured", "sent", "failed"])),
    index("email_outbox_created_idx").on(t.created_at.desc()),
  ],
);

export const rate_limits = pgTable(
  "rate_limits",
  {
    /** `{scope}:{kind}:{identifier}`, e.g. `contact:ip:203.0.113.9`. */
    key: text().primaryKey(),
    count: integer().notNull(),
    reset_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check("rate_limits_count_positive", sql`${t.count} > 0`),
    index("rate_limits_reset_idx").on(t.reset_at),
  ],
);

export const openid_nonces = pgTable("openid_nonces", {
  /** Steam OpenID response nonce: each may be accepted once. */
  nonce: text().primaryKey(),
  created_at: createdAt(),
});

/** The platform job runner's schedule (docs/rules/jobs.md): one row per job, shared by instances. */
export const scheduled_jobs = pgTable(
  "scheduled_jobs",
  {
    name: text().primaryKey(),
    next_run_at: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    last_started_at: timestamp({ withTimezone: true }),
    last_finished_at: timestamp({ withTimezone: true }),
    last_status: text(),
    last_error: text(),
    last_duration_ms: integer(),
    run_count: integer().notNull().default(0),
  },
  (t) => [
    check("scheduled_jobs_status_valid", oneOf("last_status", JOB_STATUSES)),
    check("scheduled_jobs_name_format", sql`${t.name} ~ '^[a-z0-9-]{2,64}$'`),
  ],
);
