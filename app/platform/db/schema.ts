/**
 * The whole data model (docs/decisions/003-database.md). The product's tables and columns use
 * snake_case names so SQL reads like the domain; Better Auth's tables keep its field names in
 * TypeScript (its adapter maps by them) over snake_case columns.
 *
 * Ids and timestamps have database-side defaults; every rule the database can hold
 * (ranges, formats, enums, uniqueness) is a constraint here, not only in code.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES, SECURITY_SEVERITIES, STEP_UP_METHODS } from "../../modules/accounts/accounts-constants";
import { BOT_STATUSES } from "../../modules/bots/bot-constants";
import { DATA_EXPORT_STATUSES } from "../../modules/accounts/data-export-constants";
import { VISITOR_DEVICES } from "../../modules/analytics/analytics-constants";
import { BLOG_CATEGORIES, BLOG_REVISION_KINDS, BLOG_POST_STATUSES } from "../../modules/blog/blog-constants";
import { CONTACT_MESSAGE_STATUSES } from "../../modules/contact/contact-constants";
import { BANKID_FLOWS, BANKID_ORDER_PURPOSES, BANKID_ORDER_STATUSES } from "../../modules/identity/identity-constants";
import { INFLUENCER_STATUSES } from "../../modules/influencers/influencers-constants";
import { LEVEL_IDS, PERK_KINDS, PERK_LIMITS } from "../../modules/loyalty/loyalty-constants";
import {
  CAMPAIGN_RECIPIENT_STATUSES,
  CAMPAIGN_STATUSES,
  MAIL_LISTS,
} from "../../modules/newsletter/newsletter-constants";
import { REVIEW_PLATFORMS, REVIEW_SOURCE_LIMITS } from "../../modules/marketing/marketing-constants";
import { REFERRAL_SOURCES, REFERRAL_STATUSES } from "../../modules/referrals/referrals-constants";
import {
  SELL_ORDER_STATUSES,
  SELL_ORDERS,
  SELL_QUOTE_REFUSALS,
  PAYOUT_CONFIRMATIONS,
  PAYOUT_METHODS,
  PRICE_LIST,
  PRICE_CATEGORIES,
  PRICE_SOURCES,
  PRICE_ALERT_KINDS,
} from "../../modules/selling/selling-constants";
import { SHOP_ORDER_QUANTITY, SHOP_CATEGORIES, SHOP_ORDER_STATUSES } from "../../modules/shop/shop-constants";
import {
  BUYER_PAYMENT_METHODS,
  SKIN_VARIANTS,
  SKIN_WEARS,
  TRADE_LIMITS,
  TRADE_STATUSES_BY_TYPE,
  TRADE_TYPES,
} from "../../modules/trades/trades-constants";
import { EMAIL_OUTBOX_STATUSES, JOB_STATUSES, MAIL_QUEUE_STATUSES } from "../platform-constants";

const id = () => uuid().primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp({ withTimezone: true }).notNull().default(sql`now()`);
const updatedAt = () => timestamp({ withTimezone: true }).notNull().default(sql`now()`);
/** Binary data; PGlite hands back a Uint8Array, node-postgres a Buffer: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A CHECK whose unknown (NULL) result counts as a violation. Plain CHECKs pass on NULL,
 * which would let a branch like `type = 'sale' AND payout_method IN (...)` accept a
 * missing method.
 */
function strictly(expression: SQL) {
  return sql`COALESCE((${expression}), false)`;
}

/** SQL string literals for a list of values (quotes doubled). */
function literals(values: readonly string[], separator = ", "): string {
  return values.map((value) => `'${value.replace(/'/g, "''")}'`).join(separator);
}

/** `column IN (...)` for a CHECK constraint from a list of literals. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" IN (${literals(values)})`);
}

// ---------------------------------------------------------------------------
// Better Auth (its documented core schema: user, session, account, verification)
// ---------------------------------------------------------------------------
export const user = pgTable(
  "user",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** Better Auth's two-factor plugin: true once a TOTP secret is confirmed with a code. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  // The Users tab lists members newest first.
  (t) => [index("user_created_at_idx").on(t.createdAt.desc(), t.id.desc())],
);

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

/**
 * Better Auth's two-factor plugin (decision 046): the TOTP secret and the backup codes, both
 * encrypted with the auth secret; `verified` turns true with the first correct code.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factor_user_id_uq").on(t.userId)],
);

/**
 * What a session has proven beyond its sign-in (decision 046): when it last passed a second
 * factor (staff need one before /admin opens) and when it last stepped up, by which method,
 * for the sensitive actions that want a fresh confirmation. Ends with the session.
 */
export const session_step_ups = pgTable(
  "session_step_ups",
  {
    session_id: uuid()
      .primaryKey()
      .references(() => session.id, { onDelete: "cascade" }),
    second_factor_at: timestamp({ withTimezone: true }),
    step_up_at: timestamp({ withTimezone: true }).notNull(),
    step_up_method: text().notNull(),
  },
  () => [check("session_step_ups_method_valid", oneOf("step_up_method", STEP_UP_METHODS))],
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
    /** An influencer who referred the member instead of a member (never both: profiles_one_referrer). */
    referred_by_influencer_id: uuid().references((): AnyPgColumn => influencers.id, { onDelete: "set null" }),
    /** When the referrer was recorded (docs/rules/loyalty.md#referrals). */
    referred_at: timestamp({ withTimezone: true }),
    referral_code: text().unique(),
    /** A code captured at sign-up, applied by the referral service after confirmation. */
    signup_referral_code: text(),
    /** Salted hash of the address the account signed up from; no raw IP (docs/rules/privacy.md). */
    signup_ip_hash: text(),
    steam_id: text().unique(),
    avatar_url: text(),
    xp: integer().notNull().default(0),
    points: integer().notNull().default(0),
    /** Set while staff block the member's sign-in: no new session is created (docs/rules/admin.md#users). */
    sign_in_blocked_at: timestamp({ withTimezone: true }),
    /**
     * Set when the member deleted the account (decision 049): the row stays as a pseudonymised
     * tombstone so the ledger, trades and kept bookkeeping records still add up.
     */
    deleted_at: timestamp({ withTimezone: true }),
    /** A Platinum member's named contact person, a staff member (docs/rules/admin.md#users). */
    contact_person_id: uuid().references(() => user.id, { onDelete: "set null" }),
    /**
     * What the Users tab's search matches, lower-cased in one column so a search reads each
     * row once: address, names, Steam id, referral code and the phone's digits.
     */
    search_text: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(
          coalesce(${profiles.email}, '') || ' ' || coalesce(${profiles.first_name}, '') || ' ' || coalesce(${profiles.last_name}, '')
          || ' ' || coalesce(${profiles.display_name}, '') || ' ' || coalesce(${profiles.steam_id}, '') || ' ' || coalesce(${profiles.referral_code}, '')
          || ' ' || regexp_replace(coalesce(${profiles.phone_number}, ''), '[^0-9]', '', 'g'))`,
      ),
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
    check("profiles_one_referrer", sql`${t.referred_by} IS NULL OR ${t.referred_by_influencer_id} IS NULL`),
    check("profiles_steam_id_format", sql`${t.steam_id} ~ '^[0-9]{17}$'`),
    index("profiles_referred_by_idx").on(t.referred_by),
    // Sign-ups per influencer and period (docs/rules/admin.md#influencers).
    index("profiles_influencer_referred_idx").on(t.referred_by_influencer_id, t.referred_at),
    // New members per period and sign-up cohorts (docs/rules/admin.md#dashboard).
    index("profiles_created_idx").on(t.created_at),
    // The site's member figure subtracts the few deleted accounts (docs/decisions/055-site-figures.md).
    index("profiles_deleted_idx").on(t.deleted_at).where(sql`${t.deleted_at} IS NOT NULL`),
    // The staff searches read search_text through trigrams (docs/decisions/039-keyset-lists-and-search.md).
    index("profiles_search_text_trgm_idx").using("gin", sql`${t.search_text} gin_trgm_ops`),
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
    check("user_roles_role_valid", oneOf("role", ROLES)),
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
    check("security_events_severity_valid", oneOf("severity", SECURITY_SEVERITIES)),
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
    // The member's history (/profile) orders by `created_at DESC, id DESC`, which in PostgreSQL
    // puts nulls first: an index matches it only with the same null order (drizzle's `.desc()`
    // alone writes NULLS LAST, which the planner cannot use for that ORDER BY).
    index("points_transactions_user_created_idx").on(t.user_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Points issued per period (docs/rules/admin.md#dashboard): the part of a day the daily
    // rollup does not cover is read from this index alone (docs/decisions/040-daily-rollups.md).
    index("points_transactions_created_idx").on(t.created_at, t.amount),
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
    index("xp_transactions_user_created_idx").on(t.user_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
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
    /** An uploaded picture (docs/decisions/019-image-service.md); shown instead of image_url. */
    image_id: uuid().references((): AnyPgColumn => images.id, { onDelete: "set null" }),
    is_active: boolean().notNull().default(true),
    /** Null means unlimited. */
    stock_quantity: integer(),
    /** Only members at this level or above may buy it (e.g. Platinum's non-public deals). */
    min_level: text(),
    /**
     * What buying it grants automatically (a perk); null for a reward staff fulfil by hand.
     * docs/rules/loyalty.md#perks
     */
    effect_kind: text(),
    /** points_multiplier: the factor; sale_bonus: the percent. */
    effect_value: integer(),
    /** temporary_level: the level granted. */
    effect_level: text(),
    /** Length of a period perk in days. */
    effect_days: integer(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("point_shop_items_cost_positive", sql`${t.point_cost} > 0`),
    check("point_shop_items_category_valid", oneOf("category", SHOP_CATEGORIES)),
    check("point_shop_items_stock_non_negative", sql`${t.stock_quantity} >= 0`),
    check("point_shop_items_min_level_valid", oneOf("min_level", LEVEL_IDS)),
    check(
      "point_shop_items_effect_valid",
      strictly(
        sql`(${t.effect_kind} IS NULL AND ${t.effect_value} IS NULL AND ${t.effect_level} IS NULL AND ${t.effect_days} IS NULL)
        OR (${t.effect_kind} = 'points_multiplier' AND ${t.effect_value} BETWEEN 2 AND ${sql.raw(String(PERK_LIMITS.maxMultiplier))} AND ${t.effect_level} IS NULL AND ${t.effect_days} BETWEEN 1 AND ${sql.raw(String(PERK_LIMITS.maxDays))})
        OR (${t.effect_kind} = 'sale_bonus' AND ${t.effect_value} BETWEEN 1 AND ${sql.raw(String(PERK_LIMITS.maxBonusPercent))} AND ${t.effect_level} IS NULL AND ${t.effect_days} IS NULL)
        OR (${t.effect_kind} = 'temporary_level' AND ${oneOf("effect_level", LEVEL_IDS)} AND ${t.effect_value} IS NULL AND ${t.effect_days} BETWEEN 1 AND ${sql.raw(String(PERK_LIMITS.maxDays))})`,
      ),
    ),
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
    check("point_shop_orders_quantity_one", sql`${t.quantity} = ${sql.raw(String(SHOP_ORDER_QUANTITY))}`),
    check("point_shop_orders_points_positive", sql`${t.points_spent} > 0`),
    check(
      "point_shop_orders_status_valid",
      oneOf("status", SHOP_ORDER_STATUSES),
    ),
    index("point_shop_orders_user_created_idx").on(t.user_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("point_shop_orders_status_idx").on(t.status, t.created_at.desc(), t.id.desc()),
    index("point_shop_orders_created_idx").on(t.created_at.desc(), t.id.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Images (docs/decisions/019-image-service.md): originals and their WebP widths, in the
// database so any instance can serve them.
// ---------------------------------------------------------------------------
export const images = pgTable(
  "images",
  {
    id: id(),
    /** What the content was recognised as (not what the upload claimed). */
    content_type: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byte_size: integer().notNull(),
    original: bytea().notNull(),
    uploaded_by: uuid().references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    check("images_dimensions_positive", sql`${t.width} > 0 AND ${t.height} > 0`),
    check("images_content_type_valid", sql`${t.content_type} IN ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);

export const image_variants = pgTable(
  "image_variants",
  {
    image_id: uuid()
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    /** The width asked for (never wider than the original). */
    width: integer().notNull(),
    height: integer().notNull(),
    data: bytea().notNull(),
    byte_size: integer().notNull(),
    /** Content hash, sent as the ETag. */
    etag: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.image_id, t.width] }), check("image_variants_width_positive", sql`${t.width} > 0`)],
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
    /** How staff reach the influencer (an address, a handle): free text. */
    contact: text(),
    /** Optional commission, percent of the attributed members' completed trade value (docs/rules/admin.md#influencers). */
    commission_percent: numeric({ precision: 5, scale: 2 }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("influencers_referral_code_format", sql`${t.referral_code} ~ '^[A-Z0-9]{4,12}$'`),
    check("influencers_status_valid", oneOf("status", INFLUENCER_STATUSES)),
    check("influencers_commission_range", sql`${t.commission_percent} >= 0 AND ${t.commission_percent} <= 100`),
    check("influencers_name_length", sql`length(${t.name}) BETWEEN 1 AND 100`),
    index("influencers_created_idx").on(t.created_at.desc(), t.id.desc()),
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
// Referrals (docs/rules/loyalty.md#referrals)
// ---------------------------------------------------------------------------
/**
 * Every referral code in use, members' and influencers' alike: the primary key makes a code
 * unique across both. Kept in step with profiles.referral_code and influencers.referral_code
 * by triggers (migration 0008_referral-code-triggers), so every write path meets it and a
 * clash is a unique violation (23505) on the profile's or influencer's own write.
 */
export const referral_codes = pgTable(
  "referral_codes",
  {
    code: text().primaryKey(),
    user_id: uuid().references(() => profiles.user_id, { onDelete: "cascade" }),
    influencer_id: uuid().references(() => influencers.id, { onDelete: "cascade" }),
  },
  (t) => [
    check("referral_codes_one_owner", sql`(${t.user_id} IS NULL) <> (${t.influencer_id} IS NULL)`),
    uniqueIndex("referral_codes_user_uq").on(t.user_id),
    uniqueIndex("referral_codes_influencer_uq").on(t.influencer_id),
  ],
);

/**
 * One row per referred member (the friend): who referred them and what became of the
 * rewards. What was paid is the ledger's rows under the keys `referral:{friend,referrer,
 * milestone}:{friendId}`; this row holds the review and the milestone's clawback.
 */
export const referrals = pgTable(
  "referrals",
  {
    friend_id: uuid()
      .primaryKey()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    referrer_id: uuid().references(() => profiles.user_id, { onDelete: "set null" }),
    influencer_id: uuid().references(() => influencers.id, { onDelete: "set null" }),
    code: text().notNull(),
    source: text().notNull(),
    status: text().notNull(),
    review_reason: text(),
    reviewed_by: uuid().references(() => user.id, { onDelete: "set null" }),
    reviewed_at: timestamp({ withTimezone: true }),
    milestone_paid_at: timestamp({ withTimezone: true }),
    milestone_clawed_back_at: timestamp({ withTimezone: true }),
    /** Milestone points the referrer had already spent when it was clawed back. */
    milestone_clawback_shortfall: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    check("referrals_one_referrer", sql`${t.referrer_id} IS NULL OR ${t.influencer_id} IS NULL`),
    check("referrals_not_self", sql`${t.referrer_id} <> ${t.friend_id}`),
    check("referrals_status_valid", oneOf("status", REFERRAL_STATUSES)),
    check("referrals_source_valid", oneOf("source", REFERRAL_SOURCES)),
    index("referrals_referrer_created_idx").on(t.referrer_id, t.created_at.desc()),
    index("referrals_influencer_created_idx").on(t.influencer_id, t.created_at.desc()),
    index("referrals_status_created_idx").on(t.status, t.created_at.desc(), t.friend_id.desc()),
    index("referrals_created_idx").on(t.created_at.desc(), t.friend_id.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Trades (docs/rules/loyalty.md#trades)
// ---------------------------------------------------------------------------
export const trades = pgTable(
  "trades",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    type: text().notNull(),
    status: text().notNull().default("pending"),
    /** Sum of the line items' prices, in öre. Points and XP come from this alone. */
    base_total_ore: bigint({ mode: "number" }).notNull(),
    /** The level the extras were computed for (the effective level when recorded). */
    level_at_recording: text().notNull(),
    // Extras fixed when the trade is recorded: a later level change does not alter them.
    level_bonus_percent: integer().notNull().default(0),
    level_bonus_ore: bigint({ mode: "number" }).notNull().default(0),
    bulk_bonus_percent: integer().notNull().default(0),
    bulk_bonus_ore: bigint({ mode: "number" }).notNull().default(0),
    /** A one-off sale bonus bought in the point shop (member_perks.consumed_by_trade_id). */
    perk_bonus_percent: integer().notNull().default(0),
    perk_bonus_ore: bigint({ mode: "number" }).notNull().default(0),
    purchase_fee_percent: integer().notNull().default(0),
    purchase_fee_ore: bigint({ mode: "number" }).notNull().default(0),
    /** Sale: what the seller is paid. Purchase: what the buyer pays. */
    total_ore: bigint({ mode: "number" }).notNull(),
    payout_method: text(),
    payment_method: text(),
    /** The staff member who recorded the trade. */
    recorded_by: uuid().references(() => user.id, { onDelete: "set null" }),
    note: text(),
    /** What completion credited (the points include any multiplier perk). */
    points_credited: integer().notNull().default(0),
    xp_credited: integer().notNull().default(0),
    points_multiplier: integer().notNull().default(1),
    /** What a clawback could not take back because the member had already spent it. */
    clawback_points_shortfall: integer().notNull().default(0),
    clawback_xp_shortfall: integer().notNull().default(0),
    completed_at: timestamp({ withTimezone: true }),
    reversed_at: timestamp({ withTimezone: true }),
    cancelled_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("trades_type_valid", oneOf("type", TRADE_TYPES)),
    check(
      "trades_status_valid",
      strictly(
        sql`(${t.type} = 'sale' AND ${oneOf("status", TRADE_STATUSES_BY_TYPE.sale)}) OR (${t.type} = 'purchase' AND ${oneOf("status", TRADE_STATUSES_BY_TYPE.purchase)})`,
      ),
    ),
    check(
      "trades_method_matches_type",
      strictly(
        sql`(${t.type} = 'sale' AND ${oneOf("payout_method", PAYOUT_METHODS)} AND ${t.payment_method} IS NULL) OR (${t.type} = 'purchase' AND ${oneOf("payment_method", BUYER_PAYMENT_METHODS)} AND ${t.payout_method} IS NULL)`,
      ),
    ),
    check(
      "trades_extras_match_type",
      strictly(
        sql`(${t.type} = 'sale' AND ${t.purchase_fee_percent} = 0 AND ${t.purchase_fee_ore} = 0) OR (${t.type} = 'purchase' AND ${t.level_bonus_ore} = 0 AND ${t.bulk_bonus_ore} = 0 AND ${t.perk_bonus_ore} = 0 AND ${t.level_bonus_percent} = 0 AND ${t.bulk_bonus_percent} = 0 AND ${t.perk_bonus_percent} = 0)`,
      ),
    ),
    check("trades_level_valid", oneOf("level_at_recording", LEVEL_IDS)),
    check("trades_base_total_positive", sql`${t.base_total_ore} > 0`),
    check(
      "trades_percents_valid",
      sql`${t.level_bonus_percent} BETWEEN 0 AND 100 AND ${t.bulk_bonus_percent} BETWEEN 0 AND 100 AND ${t.perk_bonus_percent} BETWEEN 0 AND 100 AND ${t.purchase_fee_percent} BETWEEN 0 AND 100`,
    ),
    check(
      "trades_extras_non_negative",
      sql`${t.level_bonus_ore} >= 0 AND ${t.bulk_bonus_ore} >= 0 AND ${t.perk_bonus_ore} >= 0 AND ${t.purchase_fee_ore} >= 0`,
    ),
    check(
      "trades_total_is_sum",
      sql`${t.total_ore} = ${t.base_total_ore} + ${t.level_bonus_ore} + ${t.bulk_bonus_ore} + ${t.perk_bonus_ore} + ${t.purchase_fee_ore}`,
    ),
    check(
      "trades_credits_non_negative",
      sql`${t.points_credited} >= 0 AND ${t.xp_credited} >= 0 AND ${t.points_multiplier} >= 1 AND ${t.clawback_points_shortfall} >= 0 AND ${t.clawback_xp_shortfall} >= 0`,
    ),
    // Only completion credits; a trade that never completed has nothing to claw back.
    check(
      "trades_credit_needs_completion",
      sql`${t.completed_at} IS NOT NULL OR (${t.points_credited} = 0 AND ${t.xp_credited} = 0)`,
    ),
    check(
      "trades_status_timestamps",
      sql`(${t.status} <> 'completed' OR ${t.completed_at} IS NOT NULL) AND (${t.status} <> 'reversed' OR ${t.reversed_at} IS NOT NULL) AND (${t.status} <> 'cancelled' OR ${t.cancelled_at} IS NOT NULL)`,
    ),
    check("trades_note_length", sql`length(${t.note}) <= ${sql.raw(String(TRADE_LIMITS.noteMaxLength))}`),
    index("trades_user_created_idx").on(t.user_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("trades_status_created_idx").on(t.status, t.created_at.desc(), t.id.desc()),
    index("trades_type_created_idx").on(t.type, t.created_at.desc(), t.id.desc()),
    // The Transactions tab's other sorts, read by keyset either way.
    index("trades_total_idx").on(t.total_ore.desc(), t.id.desc()),
    index("trades_base_total_idx").on(t.base_total_ore.desc(), t.id.desc()),
    index("trades_created_idx").on(t.created_at.desc(), t.id.desc()),
    // Volume per period and per day, and each member's lifetime value (docs/rules/admin.md#dashboard, #ltv-analytics).
    // Holds what the Dashboard sums, so the part of a day its rollup does not cover is an
    // index-only scan (docs/decisions/040-daily-rollups.md).
    index("trades_completed_at_idx").on(t.completed_at, t.type, t.total_ore).where(sql`${t.status} = 'completed'`),
    // Covers the LTV queries (index-only scans grouped by member).
    index("trades_completed_member_idx")
      .on(t.user_id, t.completed_at, t.type, t.total_ore)
      .where(sql`${t.status} = 'completed'`),
  ],
);

export const trade_items = pgTable(
  "trade_items",
  {
    id: id(),
    trade_id: uuid()
      .notNull()
      .references(() => trades.id, { onDelete: "cascade" }),
    /** Order of the line on the trade, from 0. */
    position: integer().notNull(),
    skin_name: text().notNull(),
    /** Null for items without wear (cases, stickers, agents), which self-service sales can contain. */
    wear: text(),
    /** The float (wear value) when known: 0-1. */
    float_value: doublePrecision(),
    /** StatTrak™ or Souvenir; null for a plain skin. */
    variant: text(),
    price_ore: bigint({ mode: "number" }).notNull(),
  },
  (t) => [
    check("trade_items_wear_valid", oneOf("wear", SKIN_WEARS)),
    check("trade_items_variant_valid", oneOf("variant", SKIN_VARIANTS)),
    check("trade_items_float_range", sql`${t.float_value} >= 0 AND ${t.float_value} <= 1`),
    check("trade_items_price_positive", sql`${t.price_ore} > 0`),
    check(
      "trade_items_skin_name_length",
      sql`length(${t.skin_name}) BETWEEN 1 AND ${sql.raw(String(TRADE_LIMITS.skinNameMaxLength))}`,
    ),
    check("trade_items_position_non_negative", sql`${t.position} >= 0`),
    uniqueIndex("trade_items_trade_position_uq").on(t.trade_id, t.position),
  ],
);

// ---------------------------------------------------------------------------
// Perks (docs/rules/loyalty.md#perks): what a point-shop item with an effect grants
// ---------------------------------------------------------------------------
export const member_perks = pgTable(
  "member_perks",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** points_multiplier: the factor (2 = double points). */
    multiplier: integer(),
    /** sale_bonus: the extra percent on the next sale. */
    bonus_percent: integer(),
    /** temporary_level: the level the member counts as, at least. */
    level: text(),
    /** The shop order that bought the perk. */
    source_order_id: uuid()
      .unique()
      .references(() => point_shop_orders.id, { onDelete: "set null" }),
    starts_at: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    /** End of a period perk; null for a one-off perk, which lasts until used. */
    expires_at: timestamp({ withTimezone: true }),
    consumed_at: timestamp({ withTimezone: true }),
    consumed_by_trade_id: uuid().references((): AnyPgColumn => trades.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    check("member_perks_kind_valid", oneOf("kind", PERK_KINDS)),
    check(
      "member_perks_values_match_kind",
      strictly(
        sql`(${t.kind} = 'points_multiplier' AND ${t.multiplier} >= 2 AND ${t.bonus_percent} IS NULL AND ${t.level} IS NULL AND ${t.expires_at} IS NOT NULL)
        OR (${t.kind} = 'sale_bonus' AND ${t.bonus_percent} BETWEEN 1 AND 100 AND ${t.multiplier} IS NULL AND ${t.level} IS NULL)
        OR (${t.kind} = 'temporary_level' AND ${oneOf("level", LEVEL_IDS)} AND ${t.multiplier} IS NULL AND ${t.bonus_percent} IS NULL AND ${t.expires_at} IS NOT NULL)`,
      ),
    ),
    check("member_perks_period_valid", sql`${t.expires_at} IS NULL OR ${t.expires_at} > ${t.starts_at}`),
    check("member_perks_only_one_off_consumed", sql`${t.consumed_at} IS NULL OR ${t.kind} = 'sale_bonus'`),
    index("member_perks_user_kind_idx").on(t.user_id, t.kind, t.expires_at),
    index("member_perks_consumed_by_trade_idx").on(t.consumed_by_trade_id),
  ],
);

// ---------------------------------------------------------------------------
// Monthly giveaways (docs/rules/admin.md#giveaways): staff create one per month for some
// levels and draw its winner once, with the seed and candidate hash that let anyone re-run it.
// ---------------------------------------------------------------------------
export const giveaways = pgTable(
  "giveaways",
  {
    id: id(),
    title: text().notNull(),
    prize: text().notNull(),
    /** Level ids whose members may win, e.g. {gold,platinum}. */
    eligible_levels: text().array().notNull(),
    /** YYYY-MM in Stockholm time. */
    month: text().notNull(),
    created_by: uuid().references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    /** Set once, with everything below, when the winner is drawn. */
    drawn_at: timestamp({ withTimezone: true }),
    drawn_by: uuid().references(() => user.id, { onDelete: "set null" }),
    winner_user_id: uuid().references(() => profiles.user_id, { onDelete: "set null" }),
    /** Hex seed the winner was picked with. */
    seed: text(),
    candidate_count: integer(),
    /** SHA-256 (hex) of the sorted candidate ids, one per line. */
    candidates_hash: text(),
  },
  (t) => [
    check("giveaways_month_format", sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      "giveaways_levels_valid",
      sql`cardinality(${t.eligible_levels}) > 0 AND ${t.eligible_levels} <@ ARRAY[${sql.raw(literals(LEVEL_IDS))}]::text[]`,
    ),
    check(
      "giveaways_draw_complete",
      strictly(
        sql`(${t.drawn_at} IS NULL AND ${t.seed} IS NULL AND ${t.candidate_count} IS NULL AND ${t.candidates_hash} IS NULL AND ${t.winner_user_id} IS NULL)
        OR (${t.drawn_at} IS NOT NULL AND ${t.seed} IS NOT NULL AND ${t.candidate_count} > 0 AND ${t.candidates_hash} IS NOT NULL)`,
      ),
    ),
    index("giveaways_month_idx").on(t.month, t.created_at.desc()),
    index("giveaways_created_idx").on(t.created_at.desc()),
    index("giveaways_winner_idx").on(t.winner_user_id),
  ],
);

// ---------------------------------------------------------------------------
// Audit log: every staff write (who, what, which row, before, after, when)
// ---------------------------------------------------------------------------
export const audit_log = pgTable(
  "audit_log",
  {
    id: id(),
    actor_user_id: uuid().references(() => user.id, { onDelete: "set null" }),
    /** `{area}.{verb}`, e.g. `trade.complete`. */
    action: text().notNull(),
    entity_type: text().notNull(),
    entity_id: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    created_at: createdAt(),
  },
  (t) => [
    check("audit_log_action_format", sql`${t.action} ~ '^[a-z][a-z_]*(\\.[a-z][a-z_]*)+$'`),
    check("audit_log_entity_type_format", sql`${t.entity_type} ~ '^[a-z][a-z_]{1,63}$'`),
    check("audit_log_entity_id_length", sql`length(${t.entity_id}) BETWEEN 1 AND 200`),
    // The log's keyset order (created_at, id), NULLS placement as the keyset SQL says (decision 039).
    index("audit_log_entity_idx").on(t.entity_type, t.entity_id, t.created_at.desc(), t.id.desc()),
    index("audit_log_actor_created_idx").on(t.actor_user_id, t.created_at.desc(), t.id.desc()),
    index("audit_log_created_idx").on(t.created_at.desc(), t.id.desc()),
  ],
);

/**
 * One-time form tokens (docs/decisions/036-staff-form-tokens.md): a staff form that moves points,
 * XP, money or stock posts the token its page was rendered with, and the change claims it in its
 * own transaction. A second post of the same token changes nothing and gets the first answer.
 */
export const staff_form_tokens = pgTable(
  "staff_form_tokens",
  {
    token: uuid().primaryKey(),
    actor_user_id: uuid()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** What the token was spent on, `{area}.{verb}` as in the audit log. */
    action: text().notNull(),
    /** The answer the first post got, replayed to a repeat. */
    result: jsonb(),
    created_at: createdAt(),
  },
  (t) => [index("staff_form_tokens_created_idx").on(t.created_at)],
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
    /** docs/rules/blog.md#reading-time: computed from `content` whenever a post is written. */
    reading_minutes: integer().notNull().default(1),
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
    check("blog_posts_status_valid", oneOf("status", BLOG_POST_STATUSES)),
    check("blog_posts_view_count_non_negative", sql`${t.view_count} >= 0`),
    check("blog_posts_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "blog_posts_categories_valid",
      sql`${t.categories} <@ ${sql.raw(`ARRAY[${literals(BLOG_CATEGORIES, ",")}]::text[]`)}`,
    ),
    // The Blog tab's keyset order (docs/decisions/060-staff-lists-and-bonus-at-scale.md).
    index("blog_posts_updated_idx").on(t.updated_at.desc(), t.id.desc()),
    // docs/rules/blog.md#order: published posts ordered by is_pinned, published_at, created_at.
    index("blog_posts_published_order_idx")
      .on(t.is_pinned.desc(), t.published_at.desc(), t.created_at.desc())
      .where(sql`${t.status} = 'published'`),
  ],
);

/**
 * The last saves of each post (docs/rules/blog.md#revisions): a snapshot of the editable fields
 * and who saved it, at most `BLOG_EDITOR.revisionsKept` per post (older ones are removed in the
 * saving transaction). An autosave of a published post lives only here until it is saved.
 */
export const blog_post_revisions = pgTable(
  "blog_post_revisions",
  {
    id: id(),
    post_id: uuid()
      .notNull()
      .references(() => blog_posts.id, { onDelete: "cascade" }),
    /** `save`, `autosave` or `restore`. */
    kind: text().notNull(),
    snapshot: jsonb().notNull(),
    saved_by: uuid().references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    check("blog_post_revisions_kind_valid", oneOf("kind", BLOG_REVISION_KINDS)),
    index("blog_post_revisions_post_created_idx").on(t.post_id, t.created_at.desc()),
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
    /**
     * When the address was confirmed (double opt-in, docs/rules/site.md#footer-newsletter). Null
     * for an anonymous sign-up still waiting for its confirmation mail to be followed: such a row
     * is never mailed a campaign and is purged after 30 days. Rows stored before double opt-in
     * count as confirmed (their migration set it to `created_at`).
     */
    confirmed_at: timestamp({ withTimezone: true }),
    /**
     * SHA-256 (hex) of the latest confirmation link's token; the token itself is only in the
     * mail (docs/decisions/025-newsletter-double-opt-in.md). Cleared when the link is used.
     */
    confirmation_token_hash: text(),
    /** When the latest confirmation mail was sent: its link expires, and an unconfirmed row is purged, 30 days after. */
    confirmation_sent_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Anonymous sign-ups: one row per address, whatever its case.
    uniqueIndex("newsletter_anonymous_email_uq")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.user_id} IS NULL`),
    check("newsletter_email_format", sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
    index("newsletter_subscriptions_created_idx").on(t.created_at.desc(), t.id.desc()),
    // The subscribers' search by address fragment (docs/decisions/039-keyset-lists-and-search.md).
    index("newsletter_subscriptions_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    uniqueIndex("newsletter_confirmation_token_uq")
      .on(t.confirmation_token_hash)
      .where(sql`${t.confirmation_token_hash} IS NOT NULL`),
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

/**
 * A newsletter or launch announcement written in the staff panel (docs/rules/newsletter.md).
 * `list` is chosen when it is sent; its recipients are then copied into
 * `newsletter_campaign_recipients`, whose rows the sender works through.
 */
export const newsletter_campaigns = pgTable(
  "newsletter_campaigns",
  {
    id: id(),
    subject: text().notNull(),
    /** Sanitised on write with the blog's allow-list (sanitizeBlogHtml). */
    body_html: text().notNull().default(""),
    status: text().notNull().default("draft"),
    /** `newsletter` or `launch`; null while a draft. */
    list: text(),
    recipient_count: integer().notNull().default(0),
    created_by: uuid().references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    send_started_at: timestamp({ withTimezone: true }),
    finished_at: timestamp({ withTimezone: true }),
    /**
     * The sender working on the campaign (a random id per sending run) and until when its lease
     * holds; renewed before every mail, taken over by another sender once it has expired
     * (docs/decisions/029-campaign-sender-lease.md).
     */
    sender_id: text(),
    sender_lease_until: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("newsletter_campaigns_status_valid", oneOf("status", CAMPAIGN_STATUSES)),
    check("newsletter_campaigns_list_valid", sql`${t.list} IS NULL OR ${t.list} IN (${sql.raw(literals(MAIL_LISTS))})`),
    check("newsletter_campaigns_sent_has_list", sql`${t.status} = 'draft' OR ${t.list} IS NOT NULL`),
    check("newsletter_campaigns_subject_length", sql`length(${t.subject}) BETWEEN 1 AND 150`),
    index("newsletter_campaigns_created_idx").on(t.created_at.desc(), t.id.desc()),
    // The sender looks for campaigns still sending.
    index("newsletter_campaigns_sending_idx").on(t.send_started_at).where(sql`${t.status} = 'sending'`),
  ],
);

/**
 * One row per campaign and lower-cased address (docs/decisions/028-campaign-exactly-once.md):
 * claimed (`sending`, with its claim token) in its own committed statement before the SMTP
 * call and marked `sent` or `failed` after it; a claim nobody marked becomes `unknown`.
 */
export const newsletter_campaign_recipients = pgTable(
  "newsletter_campaign_recipients",
  {
    id: id(),
    campaign_id: uuid()
      .notNull()
      .references(() => newsletter_campaigns.id, { onDelete: "cascade" }),
    /** The address as stored on the list; unique per campaign lower-cased. */
    email: text().notNull(),
    status: text().notNull().default("pending"),
    /** SMTP attempts started (claims), including the one in progress. */
    attempts: integer().notNull().default(0),
    /** A pending row is not claimed before this (back-off after a failure). */
    next_attempt_at: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    claimed_at: timestamp({ withTimezone: true }),
    /** A fresh token per claim: only the claim's own worker can mark its outcome. */
    claim_token: uuid(),
    sent_at: timestamp({ withTimezone: true }),
    last_error: text(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_campaign_recipients_email_uq").on(t.campaign_id, sql`lower(${t.email})`),
    check("newsletter_campaign_recipients_status_valid", oneOf("status", CAMPAIGN_RECIPIENT_STATUSES)),
    check("newsletter_campaign_recipients_attempts_non_negative", sql`${t.attempts} >= 0`),
    check(
      "newsletter_campaign_recipients_claimed",
      sql`${t.status} NOT IN ('sending', 'unknown') OR (${t.claimed_at} IS NOT NULL AND ${t.claim_token} IS NOT NULL)`,
    ),
    // The claim: due pending rows of a campaign in order.
    index("newsletter_campaign_recipients_claim_idx").on(t.campaign_id, t.status, t.next_attempt_at),
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
    check("contact_messages_status_valid", oneOf("status", CONTACT_MESSAGE_STATUSES)),
    check("contact_messages_required", sql`length(${t.name}) > 0 AND length(${t.subject}) > 0 AND length(${t.message}) > 0`),
    index("contact_messages_created_idx").on(t.created_at.desc(), t.id.desc()),
    // The dashboard's waiting messages and its list by status.
    index("contact_messages_status_created_idx").on(t.status, t.created_at.desc(), t.id.desc()),
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
    /** `mobile`, `tablet` or `desktop`, from the user agent when the visit began. */
    device: text().notNull().default("desktop"),
    /** The first page of the visit and its campaign parameters, if any. */
    landing_page: text(),
    utm_source: text(),
    utm_medium: text(),
    utm_campaign: text(),
    is_online: boolean().notNull().default(true),
    first_seen_at: createdAt(),
    last_seen_at: createdAt(),
  },
  (t) => [
    check("visitor_sessions_id_format", sql`length(${t.session_id}) BETWEEN 8 AND 64`),
    check("visitor_sessions_device_valid", oneOf("device", VISITOR_DEVICES)),
    index("visitor_sessions_last_seen_idx").on(t.last_seen_at.desc()),
    // Sessions per day and the Analytics tab's breakdowns by period.
    index("visitor_sessions_first_seen_idx").on(t.first_seen_at),
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

/**
 * Saved cookie choices as anonymous totals (docs/rules/privacy.md#consent-totals): one counter
 * per Stockholm day and combination of the optional categories, nothing that identifies anyone.
 */
export const consent_choice_totals = pgTable(
  "consent_choice_totals",
  {
    day: date({ mode: "string" }).notNull(),
    analytics: boolean().notNull(),
    marketing: boolean().notNull(),
    functional: boolean().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.analytics, t.marketing, t.functional] }),
    check("consent_choice_totals_count_non_negative", sql`${t.count} >= 0`),
  ],
);

// ---------------------------------------------------------------------------
// Daily rollups (docs/decisions/040-daily-rollups.md): what the Dashboard, LTV and Analytics
// tabs read instead of scanning history. The money and ledger rollups are kept by triggers on
// `trades` and `points_transactions` in the writing transaction (the trigger functions are in
// the migration); the view rollups by the `rollup-views` job, one whole Stockholm day at a time.
// ---------------------------------------------------------------------------

/** Completed trades per Stockholm day of `completed_at` and type. */
export const daily_trades = pgTable(
  "daily_trades",
  {
    day: date({ mode: "string" }).notNull(),
    type: text().notNull(),
    trades: integer().notNull().default(0),
    total_ore: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.type] })],
);

/**
 * Every trade per Stockholm day of `created_at`, type and status, with the sums the Transactions
 * list shows for its filter ("Summor för filtret"; docs/decisions/056-staff-exports-and-totals-at-scale.md).
 */
export const daily_trade_totals = pgTable(
  "daily_trade_totals",
  {
    day: date({ mode: "string" }).notNull(),
    type: text().notNull(),
    status: text().notNull(),
    trades: integer().notNull().default(0),
    base_total_ore: bigint({ mode: "number" }).notNull().default(0),
    total_ore: bigint({ mode: "number" }).notNull().default(0),
    bonus_ore: bigint({ mode: "number" }).notNull().default(0),
    purchase_fee_ore: bigint({ mode: "number" }).notNull().default(0),
    points_credited: bigint({ mode: "number" }).notNull().default(0),
    xp_credited: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.type, t.status] })],
);

/** The points ledger per Stockholm day: what was credited and what was taken. */
export const daily_points = pgTable("daily_points", {
  day: date({ mode: "string" }).primaryKey(),
  issued: bigint({ mode: "number" }).notNull().default(0),
  spent: bigint({ mode: "number" }).notNull().default(0),
});

/** Each member's completed trades summed: lifetime value, and value within N months of sign-up. */
export const member_values = pgTable(
  "member_values",
  {
    user_id: uuid()
      .primaryKey()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    signed_up_at: timestamp({ withTimezone: true }).notNull(),
    /** The lowest XP of the member's level (xp_level_floor(profiles.xp), migration 0044), for value by level. */
    xp: integer().notNull(),
    sold_ore: bigint({ mode: "number" }).notNull(),
    bought_ore: bigint({ mode: "number" }).notNull(),
    value_ore: bigint({ mode: "number" }).notNull(),
    trades: integer().notNull(),
    first_trade_at: timestamp({ withTimezone: true }).notNull(),
    last_trade_at: timestamp({ withTimezone: true }).notNull(),
    value_1m_ore: bigint({ mode: "number" }).notNull(),
    value_3m_ore: bigint({ mode: "number" }).notNull(),
    value_6m_ore: bigint({ mode: "number" }).notNull(),
    value_12m_ore: bigint({ mode: "number" }).notNull(),
  },
  (t) => [
    index("member_values_value_idx").on(t.value_ore.desc(), t.user_id),
    index("member_values_first_trade_idx").on(t.first_trade_at),
    index("member_values_signed_up_idx").on(t.signed_up_at),
  ],
);

/** Members per Stockholm sign-up month: how many, how many traded, their value within N months. */
export const cohort_months = pgTable("cohort_months", {
  month: date({ mode: "string" }).primaryKey(),
  members: integer().notNull().default(0),
  traders: integer().notNull().default(0),
  value_1m_ore: bigint({ mode: "number" }).notNull().default(0),
  value_3m_ore: bigint({ mode: "number" }).notNull().default(0),
  value_6m_ore: bigint({ mode: "number" }).notNull().default(0),
  value_12m_ore: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * Members per level, keyed by the level's lowest XP (xp_level_floor, migration 0044): how many,
 * how many traded and their lifetime value. Per level rather than per XP total, so an XP change
 * within a level (the monthly bonus's 72,000) moves no row.
 */
export const xp_values = pgTable("xp_values", {
  xp: integer().primaryKey(),
  members: integer().notNull().default(0),
  traders: integer().notNull().default(0),
  value_ore: bigint({ mode: "number" }).notNull().default(0),
});

/** Page views per Stockholm day and path, for the days up to `rollup_state`'s day. */
export const daily_page_views = pgTable(
  "daily_page_views",
  {
    day: date({ mode: "string" }).notNull(),
    path: text().notNull(),
    views: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Visits per Stockholm day of `first_seen_at` and their device, referrer and campaign source. */
export const daily_visits = pgTable(
  "daily_visits",
  {
    day: date({ mode: "string" }).notNull(),
    device: text().notNull(),
    referrer: text(),
    utm_source: text(),
    visits: integer().notNull(),
  },
  (t) => [index("daily_visits_day_idx").on(t.day)],
);

/** How far each job-kept rollup has counted: every Stockholm day up to and including `through_day`. */
export const rollup_state = pgTable("rollup_state", {
  name: text().primaryKey(),
  through_day: date({ mode: "string" }).notNull(),
});

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
    check("email_outbox_status_valid", oneOf("status", EMAIL_OUTBOX_STATUSES)),
    index("email_outbox_created_idx").on(t.created_at.desc()),
  ],
);

/**
 * Mail a state change owes (docs/decisions/034-mail-queue.md): written in the change's own
 * transaction, rendered, and sent by the `mail-queue` job, which claims a row under a lease
 * (`locked_until`), marks it `sent` once SMTP accepts it and otherwise tries again later.
 * `message_id` is fixed here, so a rare second delivery after a crash is the same message.
 */
export const mail_queue = pgTable(
  "mail_queue",
  {
    id: id(),
    /** `<uuid@host of PUBLIC_URL>`, the Message-ID header of every delivery of this row. */
    message_id: text().notNull().unique(),
    to_address: text().notNull(),
    reply_to: text(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /** Extra headers, e.g. List-Unsubscribe. */
    headers: jsonb().$type<Record<string, string>>(),
    /** The template it was rendered from (logs, the admin list). */
    template: text().notNull(),
    status: text().notNull().default("pending"),
    /** Claims so far; a claim counts even if its sender died before the answer. */
    attempts: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    /** The claim's lease (database clock); another sender may take the row once it has passed. */
    locked_until: timestamp({ withTimezone: true }),
    /** The current claim, so only its holder records a failure. */
    claim_token: uuid(),
    last_error: text(),
    sent_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("mail_queue_status_valid", oneOf("status", MAIL_QUEUE_STATUSES)),
    check("mail_queue_attempts_nonnegative", sql`${t.attempts} >= 0`),
    check("mail_queue_sent_has_time", sql`(${t.status} = 'sent') = (${t.sent_at} IS NOT NULL)`),
    // The sender looks for pending rows that are due.
    index("mail_queue_due_idx").on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    // "Misslyckade utskick", newest first.
    index("mail_queue_failed_idx").on(t.updated_at.desc(), t.id.desc()).where(sql`${t.status} = 'failed'`),
    // The daily clean-up of sent rows.
    index("mail_queue_sent_idx").on(t.sent_at).where(sql`${t.status} = 'sent'`),
  ],
);

/** Files sent with a queued mail (receipts, later PDFs); deleted with their mail. */
export const mail_queue_attachments = pgTable(
  "mail_queue_attachments",
  {
    id: id(),
    mail_id: uuid()
      .notNull()
      .references(() => mail_queue.id, { onDelete: "cascade" }),
    /** Order within the mail. */
    position: integer().notNull(),
    filename: text().notNull(),
    content_type: text().notNull(),
    content: bytea().notNull(),
  },
  (t) => [
    uniqueIndex("mail_queue_attachments_position_idx").on(t.mail_id, t.position),
    check("mail_queue_attachments_filename_length", sql`length(${t.filename}) BETWEEN 1 AND 200`),
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
    /**
     * How far a job that works through time has got (its own mark, moved in the job's own
     * transaction): the scheduled-post announcement keeps the latest due time it has announced
     * up to (docs/rules/blog.md#scheduled-publishing).
     */
    cursor_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("scheduled_jobs_status_valid", oneOf("last_status", JOB_STATUSES)),
    check("scheduled_jobs_name_format", sql`${t.name} ~ '^[a-z0-9-]{2,64}$'`),
  ],
);

// ---------------------------------------------------------------------------
// Identity: BankID (decision 044)
// ---------------------------------------------------------------------------
/**
 * A member's identity as BankID proved it: the personnummer and name sealed like payout details
 * (AES-256-GCM, the member's id as additional data), the masked form and the birth date plain
 * (the 18+ rule reads it without the key), and a keyed HMAC of the personnummer that is unique
 * — one person, one account.
 */
export const verified_identities = pgTable(
  "verified_identities",
  {
    user_id: uuid()
      .primaryKey()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    /** HMAC-SHA256 of the twelve digits, base64url, under the key `hmac_key_id` names. */
    personnummer_hmac: text().notNull().unique(),
    hmac_key_id: text().notNull(),
    /** Which key sealed the ciphertext. */
    key_id: text().notNull(),
    /** `{ personalNumber, givenName, surname, name }` sealed. */
    ciphertext: text().notNull(),
    /** `YYYYMMDD-••••`. */
    masked_personnummer: text().notNull(),
    birth_date: date({ mode: "string" }).notNull(),
    verified_at: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check("verified_identities_masked_format", sql`${t.masked_personnummer} ~ '^[0-9]{8}-••••$'`)],
);

/**
 * BankID orders in flight. The browser holds only our `id` and an HttpOnly binding secret whose
 * hash is kept here: an order answers only the member (if any) and browser that started it. The
 * QR start secret is sealed and never leaves the server; a finished order is never collected again.
 */
export const bankid_orders = pgTable(
  "bankid_orders",
  {
    id: id(),
    order_ref: text().notNull().unique(),
    /** The member verifying; null for a sign-in. */
    user_id: uuid().references(() => user.id, { onDelete: "cascade" }),
    purpose: text().notNull(),
    flow: text().notNull(),
    /** SHA-256 of the browser-binding secret, base64url. */
    binding_hash: text().notNull(),
    qr_start_token: text().notNull(),
    /** `qrStartSecret` sealed with the order's id as additional data. */
    qr_secret_key_id: text().notNull(),
    qr_secret_ciphertext: text().notNull(),
    status: text().notNull().default("pending"),
    hint_code: text(),
    /** When BankID's collect was last asked (it is asked at most every two seconds). */
    collected_at: timestamp({ withTimezone: true }),
    finished_at: timestamp({ withTimezone: true }),
    started_at: createdAt(),
  },
  (t) => [
    check("bankid_orders_purpose_valid", oneOf("purpose", BANKID_ORDER_PURPOSES)),
    check("bankid_orders_flow_valid", oneOf("flow", BANKID_FLOWS)),
    check("bankid_orders_status_valid", oneOf("status", BANKID_ORDER_STATUSES)),
    check("bankid_orders_verify_has_member", sql`${t.purpose} <> 'verify' OR ${t.user_id} IS NOT NULL`),
    index("bankid_orders_started_idx").on(t.started_at),
  ],
);

// ---------------------------------------------------------------------------
// Selling: payout details (docs/rules/selling.md#payout-details)
// ---------------------------------------------------------------------------
/** A member's one set of payout details, encrypted (AES-256-GCM); only the masked summary is plain. */
export const payout_details = pgTable(
  "payout_details",
  {
    user_id: uuid()
      .primaryKey()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    method: text().notNull(),
    /** Which key sealed the ciphertext, so keys can be rotated. */
    key_id: text().notNull(),
    ciphertext: text().notNull(),
    masked_label: text().notNull(),
    masked_value: text().notNull(),
    /** Payouts to these details wait until then (24 h after every change). */
    usable_at: timestamp({ withTimezone: true }).notNull(),
    /**
     * Set when BankID verified a person other than these Swish details' personnummer (decision
     * 044): payouts wait until the member enters new details, which clears it.
     */
    renewal_required_at: timestamp({ withTimezone: true }),
    /** Counts changes; each change bumps it once. */
    revision: integer().notNull().default(1),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("payout_details_method_valid", oneOf("method", PAYOUT_METHODS)),
    check("payout_details_revision_positive", sql`${t.revision} > 0`),
  ],
);

/** Every change of payout details, for support and audit: masked summaries only, never the details. */
export const payout_details_history = pgTable(
  "payout_details_history",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    revision: integer().notNull(),
    method: text().notNull(),
    masked_label: text().notNull(),
    masked_value: text().notNull(),
    /** How the change was confirmed: the password or a recent Steam/Google sign-in. */
    confirmed_by: text().notNull(),
    usable_at: timestamp({ withTimezone: true }).notNull(),
    ip_address: text(),
    created_at: createdAt(),
  },
  (t) => [
    check("payout_details_history_method_valid", oneOf("method", PAYOUT_METHODS)),
    check("payout_details_history_confirmed_valid", oneOf("confirmed_by", PAYOUT_CONFIRMATIONS)),
    uniqueIndex("payout_details_history_user_revision_uq").on(t.user_id, t.revision),
    index("payout_details_history_user_created_idx").on(t.user_id, t.created_at.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Selling: quotes (docs/rules/selling.md#quotes). A quote locks its prices for
// SELL_QUOTE_VALID_MINUTES; accepting it turns it into a sell order once.
// ---------------------------------------------------------------------------
export const sell_quotes = pgTable(
  "sell_quotes",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    /** The member's effective level when quoted; the level bonus below is fixed from it. */
    level_at_quote: text().notNull(),
    /** Sum of the accepted items' prices (after the buy rate), in öre. Points and XP come from this alone. */
    base_total_ore: bigint({ mode: "number" }).notNull(),
    level_bonus_percent: integer().notNull().default(0),
    level_bonus_ore: bigint({ mode: "number" }).notNull().default(0),
    bulk_bonus_percent: integer().notNull().default(0),
    bulk_bonus_ore: bigint({ mode: "number" }).notNull().default(0),
    /** What the seller is paid: base + level bonus + bulk bonus. */
    total_ore: bigint({ mode: "number" }).notNull(),
    /** What the sale will earn when it is paid (docs/rules/loyalty.md#points-and-xp). */
    points: integer().notNull(),
    xp: integer().notNull(),
    payout_method: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    /** Set once, when the quote became a sell order. */
    accepted_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    check("sell_quotes_level_valid", oneOf("level_at_quote", LEVEL_IDS)),
    check("sell_quotes_method_valid", oneOf("payout_method", PAYOUT_METHODS)),
    check("sell_quotes_amounts_non_negative", sql`${t.base_total_ore} >= 0 AND ${t.level_bonus_ore} >= 0 AND ${t.bulk_bonus_ore} >= 0 AND ${t.points} >= 0 AND ${t.xp} >= 0`),
    check("sell_quotes_percents_valid", sql`${t.level_bonus_percent} BETWEEN 0 AND 100 AND ${t.bulk_bonus_percent} BETWEEN 0 AND 100`),
    check("sell_quotes_total_is_sum", sql`${t.total_ore} = ${t.base_total_ore} + ${t.level_bonus_ore} + ${t.bulk_bonus_ore}`),
    index("sell_quotes_user_created_idx").on(t.user_id, t.created_at.desc()),
  ],
);

/** One inventory item on a quote: accepted with its locked price, or refused with the reason. */
export const sell_quote_items = pgTable(
  "sell_quote_items",
  {
    id: id(),
    quote_id: uuid()
      .notNull()
      .references(() => sell_quotes.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    /** Steam's asset id in the member's inventory (app 730, context 2). */
    asset_id: text().notNull(),
    market_hash_name: text().notNull(),
    /** Display name without the wear, e.g. "AK-47 | Redline". */
    name: text().notNull(),
    /** One of SKIN_WEARS, or null for items without wear (cases, stickers, agents). */
    wear: text(),
    variant: text(),
    image_url: text(),
    /** The price list's reference price when quoted, in öre (null: not on the list). */
    reference_price_ore: bigint({ mode: "number" }),
    /** The buy rate applied to the reference price, in percent. */
    buy_rate_percent: integer(),
    /** The item's price category (PRICE_CATEGORIES), whose buy rate applies. */
    category: text(),
    /** Where the reference price came from (sell_prices.source when quoted); null: not on the list. */
    reference_source: text(),
    /** When the reference price was last set (sell_prices.updated_at when quoted). */
    reference_updated_at: timestamp({ withTimezone: true }),
    /** What we pay for the item, in öre; null when refused. */
    price_ore: bigint({ mode: "number" }),
    /** Why it is not accepted; null when accepted. */
    refusal: text(),
    /** For `trade_protected`: when the item becomes sellable. */
    tradable_after: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("sell_quote_items_wear_valid", oneOf("wear", SKIN_WEARS)),
    check("sell_quote_items_variant_valid", oneOf("variant", SKIN_VARIANTS)),
    check("sell_quote_items_category_valid", oneOf("category", PRICE_CATEGORIES)),
    check("sell_quote_items_reference_source_valid", oneOf("reference_source", PRICE_SOURCES)),
    check("sell_quote_items_refusal_valid", oneOf("refusal", SELL_QUOTE_REFUSALS)),
    check(
      "sell_quote_items_price_xor_refusal",
      strictly(sql`(${t.refusal} IS NULL AND ${t.price_ore} > 0) OR (${t.refusal} IS NOT NULL AND ${t.price_ore} IS NULL)`),
    ),
    check("sell_quote_items_rate_valid", sql`${t.buy_rate_percent} BETWEEN 1 AND 100`),
    uniqueIndex("sell_quote_items_quote_position_uq").on(t.quote_id, t.position),
    uniqueIndex("sell_quote_items_quote_asset_uq").on(t.quote_id, t.asset_id),
  ],
);

/**
 * The price list (docs/rules/selling.md#price-list): a reference price per Steam
 * `market_hash_name`, from which a quote prices an item with its category's buy rate.
 */
export const sell_prices = pgTable(
  "sell_prices",
  {
    market_hash_name: text().primaryKey(),
    /** Reference price (what the item sells for on the market), in öre. */
    reference_price_ore: bigint({ mode: "number" }).notNull(),
    /** Where the price came from: manual edit, CSV import or a price source. */
    source: text().notNull(),
    updated_at: updatedAt(),
    /** The staff member who set it; null for the scheduled import. */
    updated_by: uuid().references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("sell_prices_price_valid", sql`${t.reference_price_ore} > 0 AND ${t.reference_price_ore} <= ${sql.raw(String(PRICE_LIST.maxPriceOre))}`),
    check("sell_prices_source_valid", oneOf("source", PRICE_SOURCES)),
    check("sell_prices_name_length", sql`length(${t.market_hash_name}) BETWEEN 1 AND ${sql.raw(String(PRICE_LIST.nameMaxLength))}`),
  ],
);

/**
 * A price-list row's value per Stockholm day (docs/rules/selling.md#price-history), written in
 * the same transaction as every import and edit; the day's last value wins.
 */
export const sell_price_history = pgTable(
  "sell_price_history",
  {
    market_hash_name: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    reference_price_ore: bigint({ mode: "number" }).notNull(),
    source: text().notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.market_hash_name, t.day] }),
    check("sell_price_history_price_valid", sql`${t.reference_price_ore} > 0`),
    check("sell_price_history_source_valid", oneOf("source", PRICE_SOURCES)),
  ],
);

// ---------------------------------------------------------------------------
// Sell orders (docs/rules/selling.md#sell-orders)
// ---------------------------------------------------------------------------

/**
 * An accepted quote: every amount is copied from the quote and fixed. Status changes are
 * conditional updates (`WHERE status = expected`), so two requests or two instances cannot both
 * apply one; each change writes a `sell_order_events` row.
 */
export const sell_orders = pgTable(
  "sell_orders",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    /** One order per quote: accepting twice (or concurrently) makes one order. */
    quote_id: uuid()
      .notNull()
      .references(() => sell_quotes.id, { onDelete: "restrict" }),
    status: text().notNull(),
    /** Quoted in the Steam trade offer's message, so the member can tell our offer from a fake. */
    security_code: text().notNull(),
    level_at_quote: text().notNull(),
    base_total_ore: bigint({ mode: "number" }).notNull(),
    level_bonus_percent: integer().notNull(),
    level_bonus_ore: bigint({ mode: "number" }).notNull(),
    bulk_bonus_percent: integer().notNull(),
    bulk_bonus_ore: bigint({ mode: "number" }).notNull(),
    total_ore: bigint({ mode: "number" }).notNull(),
    points: integer().notNull(),
    xp: integer().notNull(),
    payout_method: text().notNull(),
    /** Steam's trade offer id, set by staff (manual mode) or the TradeOfferGateway. */
    trade_offer_id: text(),
    offer_sent_at: timestamp({ withTimezone: true }),
    /** The offer's last state the poller saw (Steam's ETradeOfferState). */
    offer_state: integer(),
    /** Steam's trade id once the offer was accepted. */
    steam_trade_id: text(),
    /** When the member accepted the offer in Steam (Steam's time_updated). */
    offer_accepted_at: timestamp({ withTimezone: true }),
    protection_ends_at: timestamp({ withTimezone: true }),
    /** The hour Steam's Trade Protection ends for the trade (decision 047); equal to protection_ends_at. */
    payout_due_at: timestamp({ withTimezone: true }),
    /** Set while one payout attempt runs (a gateway call): a second attempt finds it taken. */
    payout_claimed_at: timestamp({ withTimezone: true }),
    paid_at: timestamp({ withTimezone: true }),
    payout_reference: text(),
    /** The masked details the payout went to (never the details themselves). */
    payout_masked: text(),
    payout_failure: text(),
    /** The completed sale trade created at payout (points and XP follow from it). */
    trade_id: uuid().references(() => trades.id, { onDelete: "restrict" }),
    /** The bot the offer goes (or went) out from (docs/rules/bots.md#offers); null in manual mode. */
    bot_id: uuid().references(() => trade_bots.id, { onDelete: "restrict" }),
    /** Sends tried for this order: the offer message carries it, so a re-send is never mistaken for the old offer. */
    offer_attempt: integer().notNull().default(0),
    /** Set while a send is in flight (claimed before Steam is called): no second send starts. */
    offer_claimed_at: timestamp({ withTimezone: true }),
    /** Why the last automatic send did not go out (Swedish, no secret): shown to staff, and to the member when it is theirs to fix. */
    offer_problem: text(),
    /** When the member must act (error 15: trade hold or trade link), the problem is theirs to fix. */
    offer_problem_member: boolean().notNull().default(false),
    /** Staff took the order out of automatic sending (audited); the reason. */
    manual_offer_reason: text(),
    /** The trade shield (docs/rules/bots.md#trade-shield): a possible API-key theft. */
    hijack_flagged_at: timestamp({ withTimezone: true }),
    hijack_reason: text(),
    closed_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("sell_orders_status_valid", oneOf("status", SELL_ORDER_STATUSES)),
    check("sell_orders_level_valid", oneOf("level_at_quote", LEVEL_IDS)),
    check("sell_orders_method_valid", oneOf("payout_method", PAYOUT_METHODS)),
    check("sell_orders_total_is_sum", sql`${t.total_ore} = ${t.base_total_ore} + ${t.level_bonus_ore} + ${t.bulk_bonus_ore}`),
    check("sell_orders_amounts_valid", sql`${t.base_total_ore} > 0 AND ${t.level_bonus_ore} >= 0 AND ${t.bulk_bonus_ore} >= 0 AND ${t.points} >= 0 AND ${t.xp} >= 0`),
    check("sell_orders_code_format", sql.raw(`"security_code" ~ '^[${SELL_ORDERS.securityCodeAlphabet}]{${SELL_ORDERS.securityCodeLength}}$'`)),
    check("sell_orders_offer_id_format", sql`${t.trade_offer_id} ~ '^[0-9]{1,20}$'`),
    check("sell_orders_reference_length", sql`length(${t.payout_reference}) BETWEEN 1 AND ${sql.raw(String(SELL_ORDERS.payoutReferenceMaxLength))}`),
    check("sell_orders_paid_has_trade", sql`${t.status} <> 'paid' OR (${t.trade_id} IS NOT NULL AND ${t.paid_at} IS NOT NULL)`),
    uniqueIndex("sell_orders_quote_uq").on(t.quote_id),
    uniqueIndex("sell_orders_trade_uq").on(t.trade_id),
    uniqueIndex("sell_orders_offer_uq").on(t.trade_offer_id),
    // The lists' order (created_at, id), NULLS placement as the keyset SQL says (decision 039).
    index("sell_orders_user_created_idx").on(t.user_id, t.created_at.desc(), t.id.desc()),
    index("sell_orders_status_created_idx").on(t.status, t.created_at.desc(), t.id.desc()),
    index("sell_orders_created_idx").on(t.created_at.desc(), t.id.desc()),
    // Offers a bot holds now (Steam's limit of 30, 5 per partner) are counted by this index.
    index("sell_orders_bot_status_idx").on(t.bot_id, t.status),
    check("sell_orders_offer_attempt_valid", sql`${t.offer_attempt} >= 0`),
  ],
);

/** The accepted items of an order, copied from the quote. */
export const sell_order_items = pgTable(
  "sell_order_items",
  {
    id: id(),
    order_id: uuid()
      .notNull()
      .references(() => sell_orders.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    asset_id: text().notNull(),
    market_hash_name: text().notNull(),
    name: text().notNull(),
    wear: text(),
    variant: text(),
    image_url: text(),
    price_ore: bigint({ mode: "number" }).notNull(),
    /** The item's asset id in the bot's inventory after the trade (Steam's new_assetid); the store sells it. */
    new_asset_id: text(),
  },
  (t) => [
    check("sell_order_items_wear_valid", oneOf("wear", SKIN_WEARS)),
    check("sell_order_items_variant_valid", oneOf("variant", SKIN_VARIANTS)),
    check("sell_order_items_price_positive", sql`${t.price_ore} > 0`),
    uniqueIndex("sell_order_items_order_position_uq").on(t.order_id, t.position),
  ],
);

/**
 * The purchase documents' number series (decision 047): one row per series, its last number
 * taken. Issuing a document increments it in the payout's transaction, so a rolled-back payout
 * returns its number and the series stays gapless.
 */
export const purchase_document_counters = pgTable(
  "purchase_document_counters",
  {
    series: text().primaryKey(),
    last_number: integer().notNull().default(0),
  },
  (t) => [check("purchase_document_counters_last_number_valid", sql`${t.last_number} >= 0`)],
);

/**
 * A purchase document (avräkningsnota, decision 047), issued in the transaction that marks a sell
 * order paid: its PDF stored as issued and never re-rendered or changed. A correction is a new
 * row that refers to the first. Kept seven years, also after the account is deleted (the order
 * and member links then become null; the row keeps what bookkeeping needs).
 */
export const purchase_documents = pgTable(
  "purchase_documents",
  {
    id: id(),
    number: integer().notNull(),
    order_id: uuid().references(() => sell_orders.id, { onDelete: "set null" }),
    user_id: uuid().references(() => user.id, { onDelete: "set null" }),
    /** The document this one corrects; null for the first. */
    corrects_id: uuid().references((): AnyPgColumn => purchase_documents.id, { onDelete: "restrict" }),
    correction_note: text(),
    issued_at: timestamp({ withTimezone: true }).notNull(),
    /** When the order was paid: the purchase's date. */
    paid_at: timestamp({ withTimezone: true }).notNull(),
    seller_name: text().notNull(),
    base_total_ore: bigint({ mode: "number" }).notNull(),
    bonus_ore: bigint({ mode: "number" }).notNull(),
    total_ore: bigint({ mode: "number" }).notNull(),
    payout_method: text().notNull(),
    payout_reference: text().notNull(),
    pdf: bytea().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("purchase_documents_number_idx").on(t.number),
    uniqueIndex("purchase_documents_order_first_idx").on(t.order_id).where(sql`${t.corrects_id} IS NULL`),
    index("purchase_documents_paid_idx").on(t.paid_at, t.number),
    index("purchase_documents_user_idx").on(t.user_id),
    check("purchase_documents_number_positive", sql`${t.number} > 0`),
    check("purchase_documents_total_valid", sql`${t.total_ore} = ${t.base_total_ore} + ${t.bonus_ore} AND ${t.total_ore} > 0`),
    check("purchase_documents_method_valid", oneOf("payout_method", PAYOUT_METHODS)),
  ],
);

/**
 * A bank payment file (decision 050): due bank payouts gathered into one ISO 20022 pain.001
 * credit transfer. The file is built once, when the batch is made, and kept sealed with the
 * payout key (it carries account numbers); a download serves exactly those bytes.
 */
export const payout_batches = pgTable(
  "payout_batches",
  {
    id: id(),
    /**
     * The file's GrpHdr/MsgId and PmtInfId (the bank refuses a second file with the same one),
     * and the payout reference of every order the batch pays.
     */
    message_id: text().notNull(),
    /** open: sent to the bank; paid: the bank confirmed; closed: every payment returned to the queue. */
    status: text().notNull().default("open"),
    requested_date: date({ mode: "string" }).notNull(),
    order_count: integer().notNull(),
    total_ore: bigint({ mode: "number" }).notNull(),
    file_key_id: text().notNull(),
    file_ciphertext: text().notNull(),
    created_by: uuid().references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    paid_at: timestamp({ withTimezone: true }),
    paid_by: uuid().references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("payout_batches_message_uq").on(t.message_id),
    index("payout_batches_status_created_idx").on(t.status, t.created_at.desc()),
    check("payout_batches_status_valid", oneOf("status", ["open", "paid", "closed"])),
    check("payout_batches_totals_valid", sql`${t.order_count} > 0 AND ${t.total_ore} > 0`),
    check("payout_batches_message_format", sql`${t.message_id} ~ '^[A-Za-z0-9-]{1,35}$'`),
  ],
);

/**
 * The orders of a batch. The primary key keeps an order out of a batch twice; the partial unique
 * index keeps it out of two open batches, whatever the code does (decision 050).
 */
export const payout_batch_orders = pgTable(
  "payout_batch_orders",
  {
    batch_id: uuid()
      .notNull()
      .references(() => payout_batches.id, { onDelete: "cascade" }),
    order_id: uuid()
      .notNull()
      .references(() => sell_orders.id, { onDelete: "cascade" }),
    /** open: in the file, waiting for the bank; paid: marked paid with the batch; returned: back in the queue. */
    state: text().notNull().default("open"),
    amount_ore: bigint({ mode: "number" }).notNull(),
    /** The masked account the file pays (the purchase document names it, not later details). */
    masked: text().notNull(),
    returned_at: timestamp({ withTimezone: true }),
    returned_by: uuid().references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.batch_id, t.order_id] }),
    uniqueIndex("payout_batch_orders_open_uq").on(t.order_id).where(sql`${t.state} = 'open'`),
    index("payout_batch_orders_order_idx").on(t.order_id),
    check("payout_batch_orders_state_valid", oneOf("state", ["open", "paid", "returned"])),
    check("payout_batch_orders_amount_positive", sql`${t.amount_ore} > 0`),
  ],
);

/**
 * Swish payout instructions (docs/decisions/051-swish-payouts.md): one row per attempt, written
 * in the transaction that claims the order before Swish is called, so a crash between Swish's
 * answer and ours is found and reconciled by the status read. At most one open attempt per order.
 */
export const swish_payout_instructions = pgTable(
  "swish_payout_instructions",
  {
    /** payoutInstructionUUID: 32 upper-case hex characters, derived from the order and attempt. */
    id: text().primaryKey(),
    order_id: uuid()
      .notNull()
      .references(() => sell_orders.id, { onDelete: "cascade" }),
    attempt: integer().notNull(),
    /** claimed: written before the call; sent: Swish took it; paid / failed: settled once. */
    state: text().notNull().default("claimed"),
    amount_ore: bigint({ mode: "number" }).notNull(),
    /** The masked number paid (the purchase document names it, not later details). */
    payee_masked: text().notNull(),
    /** Swish's last status read (CREATED, DEBITED, PAID, ERROR). */
    swish_status: text(),
    error_code: text(),
    claimed_at: timestamp({ withTimezone: true }).notNull(),
    sent_at: timestamp({ withTimezone: true }),
    checked_at: timestamp({ withTimezone: true }),
    settled_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("swish_payout_instructions_attempt_uq").on(t.order_id, t.attempt),
    uniqueIndex("swish_payout_instructions_open_uq").on(t.order_id).where(sql`${t.state} IN ('claimed', 'sent')`),
    index("swish_payout_instructions_open_idx").on(t.claimed_at).where(sql`${t.state} IN ('claimed', 'sent')`),
    check("swish_payout_instructions_state_valid", oneOf("state", ["claimed", "sent", "paid", "failed"])),
    check("swish_payout_instructions_amount_positive", sql`${t.amount_ore} > 0`),
  ],
);

/**
 * Trade bots (docs/rules/bots.md): the Steam accounts offers are sent from. The credentials (the
 * refresh token and the Steam Guard shared and identity secrets) are sealed with the payout
 * keyring, the bot's id as associated data; they are never shown, logged or exported.
 */
export const trade_bots = pgTable(
  "trade_bots",
  {
    id: uuid().primaryKey().defaultRandom(),
    steam_id: text().notNull().unique(),
    display_name: text().notNull(),
    status: text().notNull().default("active"),
    key_id: text().notNull(),
    ciphertext: text().notNull(),
    /** The last problem Steam reported (no secret), for staff. */
    last_error: text(),
    inventory_size: integer(),
    /** From Steam's public profile, shown to sellers beside the security code (the trade shield). */
    steam_level: integer(),
    account_created_at: timestamp({ withTimezone: true }),
    avatar_url: text(),
    profile_refreshed_at: timestamp({ withTimezone: true }),
    /** Steam refused for too many offers or requests: not used again before this. */
    rate_limited_until: timestamp({ withTimezone: true }),
    created_by: uuid().references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check("trade_bots_status_valid", oneOf("status", BOT_STATUSES)), check("trade_bots_steam_id_valid", sql`${t.steam_id} ~ '^7656119[0-9]{10}$'`)],
);

/** Every change of an order: status changes and what staff or the poller noted. */
export const sell_order_events = pgTable(
  "sell_order_events",
  {
    id: id(),
    order_id: uuid()
      .notNull()
      .references(() => sell_orders.id, { onDelete: "cascade" }),
    from_status: text(),
    to_status: text().notNull(),
    /** Staff or the member who caused it; null for the poller and jobs. */
    actor_user_id: uuid().references(() => user.id, { onDelete: "set null" }),
    note: text(),
    created_at: createdAt(),
  },
  (t) => [
    check("sell_order_events_from_valid", oneOf("from_status", SELL_ORDER_STATUSES)),
    check("sell_order_events_to_valid", oneOf("to_status", SELL_ORDER_STATUSES)),
    index("sell_order_events_order_created_idx").on(t.order_id, t.created_at),
  ],
);

/**
 * A member's selling limits set by staff or by a reversal (docs/rules/selling.md#limits): more
 * open orders than the default, and a block until a date.
 */
export const seller_limits = pgTable(
  "seller_limits",
  {
    user_id: uuid()
      .primaryKey()
      .references(() => profiles.user_id, { onDelete: "cascade" }),
    max_open_orders: integer().notNull().default(SELL_ORDERS.defaultMaxOpenOrders),
    blocked_until: timestamp({ withTimezone: true }),
    blocked_reason: text(),
    /** The trade shield: no new offer goes to the member until they confirm their Steam account is safe. */
    offers_held_at: timestamp({ withTimezone: true }),
    updated_at: updatedAt(),
  },
  (t) => [
    check("seller_limits_open_orders_range", sql`${t.max_open_orders} BETWEEN 1 AND ${sql.raw(String(SELL_ORDERS.maxOpenOrdersLimit))}`),
  ],
);

// ---------------------------------------------------------------------------
// A member's own data export (decision 048): requested on /profile, built by the
// `data-exports` job into one ZIP of JSON files, downloadable by its owner until it expires.
// ---------------------------------------------------------------------------
export const data_exports = pgTable(
  "data_exports",
  {
    id: id(),
    user_id: uuid()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text().notNull().default("pending"),
    created_at: createdAt(),
    ready_at: timestamp({ withTimezone: true }),
    /** Set with the archive: after it the archive is refused and the job deletes the row. */
    expires_at: timestamp({ withTimezone: true }),
    /** The ZIP itself; null until ready and after a failure. */
    archive: bytea(),
    size_bytes: integer(),
  },
  (t) => [
    check("data_exports_status_valid", oneOf("status", DATA_EXPORT_STATUSES)),
    check(
      "data_exports_ready_complete",
      sql`${t.status} <> 'ready' OR (${t.archive} IS NOT NULL AND ${t.ready_at} IS NOT NULL AND ${t.expires_at} IS NOT NULL AND ${t.size_bytes} >= 0)`,
    ),
    // At most one export in the making per member.
    uniqueIndex("data_exports_one_pending_uq").on(t.user_id).where(sql`${t.status} = 'pending'`),
    index("data_exports_user_created_idx").on(t.user_id, t.created_at.desc()),
    index("data_exports_status_idx").on(t.status, t.created_at),
  ],
);

// ---------------------------------------------------------------------------
// Sell-side price alerts (docs/rules/selling.md#price-alerts)
// ---------------------------------------------------------------------------

/**
 * A watch on what we would pay for one item or a whole inventory: a member's (`user_id`), or a
 * visitor's by e-mail, active once confirmed (double opt-in). `reached` is whether the value was
 * at or over the target at the last price write: an alert fires on the write that turns it true
 * and is armed again when the value falls below. Its mail links carry the id signed with a key of
 * its own (price-alerts.server.ts), so nothing secret is stored.
 */
export const price_alerts = pgTable(
  "price_alerts",
  {
    id: id(),
    user_id: uuid().references(() => user.id, { onDelete: "cascade" }),
    /** A visitor's address, lower-cased; null for a member's alert. */
    email: text(),
    kind: text().notNull(),
    /** Whose inventory the items were read from (the link back to a valuation). */
    steam_id: text().notNull(),
    /** One item's name (kind item), for the mail and the list. */
    label: text().notNull(),
    target_ore: bigint({ mode: "number" }).notNull(),
    /** Our price for the watched items at the last price write (or at creation). */
    last_value_ore: bigint({ mode: "number" }).notNull(),
    reached: boolean().notNull().default(false),
    confirmed_at: timestamp({ withTimezone: true }),
    fired_at: timestamp({ withTimezone: true }),
    fire_count: integer().notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    check("price_alerts_kind_valid", oneOf("kind", PRICE_ALERT_KINDS)),
    check("price_alerts_owner", sql`(${t.user_id} IS NULL) <> (${t.email} IS NULL)`),
    check("price_alerts_member_confirmed", sql`${t.user_id} IS NULL OR ${t.confirmed_at} IS NOT NULL`),
    check("price_alerts_target_valid", sql`${t.target_ore} > 0`),
    index("price_alerts_user_idx").on(t.user_id, t.created_at),
    index("price_alerts_email_idx").on(t.email),
  ],
);

/** The items an alert watches, with the price category their buy rate comes from. */
export const price_alert_items = pgTable(
  "price_alert_items",
  {
    alert_id: uuid()
      .notNull()
      .references(() => price_alerts.id, { onDelete: "cascade" }),
    market_hash_name: text().notNull(),
    category: text().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alert_id, t.market_hash_name] }),
    check("price_alert_items_category_valid", oneOf("category", PRICE_CATEGORIES)),
    check("price_alert_items_quantity_positive", sql`${t.quantity} > 0`),
    // A price write looks up the alerts of the names it wrote.
    index("price_alert_items_name_idx").on(t.market_hash_name),
  ],
);

/**
 * Review sources staff configure for the public pages (docs/decisions/055-site-figures.md): one
 * row per platform with its rating, count and the public page they come from. No row: the site
 * shows no rating or count for that platform.
 */
export const review_sources = pgTable(
  "review_sources",
  {
    platform: text().primaryKey(),
    /** The rating in tenths: 48 is 4,8. */
    rating_tenths: integer().notNull(),
    review_count: integer().notNull(),
    url: text().notNull(),
    updated_by: uuid().references(() => user.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  () => [
    check("review_sources_platform_valid", oneOf("platform", REVIEW_PLATFORMS)),
    check(
      "review_sources_rating_valid",
      sql.raw(`"rating_tenths" BETWEEN ${REVIEW_SOURCE_LIMITS.minRating * 10} AND ${REVIEW_SOURCE_LIMITS.maxRating * 10}`),
    ),
    check("review_sources_count_valid", sql.raw(`"review_count" BETWEEN 0 AND ${REVIEW_SOURCE_LIMITS.maxCount}`)),
    check("review_sources_url_https", sql.raw(`"url" ~ '^https://[^[:space:]]+$' AND length("url") <= ${REVIEW_SOURCE_LIMITS.urlMaxLength}`)),
  ],
);
