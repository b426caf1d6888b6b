import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "./schema";
import { createTestDatabase, type TestDatabase } from "./test-db";
import { queryRows } from "./client.server";

let database: TestDatabase;
let userId: string;
let otherUserId: string;
let itemId: string;

async function makeUser(email: string): Promise<string> {
  const [row] = await database.db.insert(s.user).values({ name: "Test", email }).returning();
  await database.db.insert(s.profiles).values({ user_id: row!.id, email });
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  userId = await makeUser("anna@example.se");
  otherUserId = await makeUser("bertil@example.se");
  const [item] = await database.db
    .insert(s.point_shop_items)
    .values({ name: "Presentkort", point_cost: 1000, category: "gaming" })
    .returning();
  itemId = item!.id;
});

afterAll(async () => {
  await database?.close();
});

/** Runs an insert that must fail and returns the database's message (wrapped errors unwrapped). */
async function violation(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const parts: string[] = [];
    let current: unknown = error;
    while (current instanceof Error) {
      parts.push(current.message, String((current as { constraint?: string }).constraint ?? ""));
      current = current.cause;
    }
    return parts.join(" | ");
  }
  throw new Error("expected the database to reject the row");
}

describe("migrations", () => {
  it(`apply on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"} and create every table of the data model`, async () => {
    const result = await queryRows<{ table_name: string }>(
      database.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    const tables = result.map((row) => row.table_name);
    for (const name of [
      "user", "session", "account", "verification", "profiles", "user_roles", "blog_posts",
      "newsletter_subscriptions", "points_transactions", "xp_transactions", "point_shop_items",
      "point_shop_orders", "influencers", "influencer_clicks", "trades", "security_events",
      "contact_messages", "launch_notifications", "visitor_sessions", "page_views", "email_outbox", "mail_queue", "mail_queue_attachments",
      "rate_limits", "trade_items", "member_perks", "audit_log",
    ]) {
      expect(tables).toContain(name);
    }
  });

  it("are idempotent: applying them again changes nothing", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("gives ids and timestamps database-side defaults", async () => {
    const result = await queryRows<{ id: string; created_at: Date }>(
      database.db,
      sql`INSERT INTO launch_notifications (email) VALUES ('default@example.se') RETURNING id, created_at`,
    );
    expect(result[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result[0]!.created_at).toBeTruthy();
  });
});

describe("constraints reject bad rows", () => {
  const db = () => database.db;
  const sale = (): typeof s.trades.$inferInsert => ({
    user_id: userId, type: "sale", base_total_ore: 100, total_ore: 100, level_at_recording: "bronze", payout_method: "swish",
  });
  const purchase = (): typeof s.trades.$inferInsert => ({
    user_id: userId, type: "purchase", base_total_ore: 100, total_ore: 100, level_at_recording: "bronze", payment_method: "Klarna",
  });

  it.each<[string, string, () => Promise<unknown>]>([
    ["negative points", "profiles_points_non_negative", () =>
      db().update(s.profiles).set({ points: -1 }).where(sql`user_id = ${userId}`)],
    ["negative xp", "profiles_xp_non_negative", () =>
      db().update(s.profiles).set({ xp: -5 }).where(sql`user_id = ${userId}`)],
    ["a lower-case referral code", "profiles_referral_code_format", () =>
      db().update(s.profiles).set({ referral_code: "abcd" }).where(sql`user_id = ${userId}`)],
    ["a referral code shorter than 4 characters", "profiles_referral_code_format", () =>
      db().update(s.profiles).set({ referral_code: "ABC" }).where(sql`user_id = ${userId}`)],
    ["a referral code longer than 12 characters", "profiles_referral_code_format", () =>
      db().update(s.profiles).set({ referral_code: "ABCDEFGHIJKLM" }).where(sql`user_id = ${userId}`)],
    ["a malformed signup referral code", "profiles_signup_referral_code_format", () =>
      db().update(s.profiles).set({ signup_referral_code: "A-B" }).where(sql`user_id = ${userId}`)],
    ["referring yourself", "profiles_not_self_referred", () =>
      db().update(s.profiles).set({ referred_by: userId }).where(sql`user_id = ${userId}`)],
    ["a referrer that does not exist", "profiles_referred_by_profiles_user_id_fk", () =>
      db().update(s.profiles).set({ referred_by: "00000000-0000-0000-0000-000000000000" }).where(sql`user_id = ${userId}`)],
    ["a malformed steam id", "profiles_steam_id_format", () =>
      db().update(s.profiles).set({ steam_id: "123" }).where(sql`user_id = ${userId}`)],
    ["a profile without an auth user", "profiles_user_id_user_id_fk", () =>
      db().insert(s.profiles).values({ user_id: "00000000-0000-0000-0000-000000000001" })],
    ["an unknown role", "user_roles_role_valid", () =>
      db().insert(s.user_roles).values({ user_id: userId, role: "superuser" })],
    ["a duplicate role", "user_roles_user_role_uq", async () => {
      await db().insert(s.user_roles).values({ user_id: otherUserId, role: "blog" });
      await db().insert(s.user_roles).values({ user_id: otherUserId, role: "blog" });
    }],
    ["a duplicate user email", "user_email_unique", () =>
      db().insert(s.user).values({ name: "Dup", email: "anna@example.se" })],
    ["a zero point shop cost", "point_shop_items_cost_positive", () =>
      db().insert(s.point_shop_items).values({ name: "Gratis", point_cost: 0, category: "bonus" })],
    ["an unknown shop category", "point_shop_items_category_valid", () =>
      db().insert(s.point_shop_items).values({ name: "X", point_cost: 10, category: "weapons" })],
    ["an order quantity other than 1", "point_shop_orders_quantity_one", () =>
      db().insert(s.point_shop_orders).values({ user_id: userId, item_id: itemId, item_name: "Presentkort", points_spent: 1000, quantity: 2 })],
    ["an unknown order status", "point_shop_orders_status_valid", () =>
      db().insert(s.point_shop_orders).values({ user_id: userId, item_id: itemId, item_name: "Presentkort", points_spent: 1000, status: "Shipped" })],
    ["an order for a missing item", "point_shop_orders_item_id_point_shop_items_id_fk", () =>
      db().insert(s.point_shop_orders).values({ user_id: userId, item_id: "00000000-0000-0000-0000-000000000002", item_name: "?", points_spent: 10 })],
    ["a zero points transaction", "points_transactions_amount_non_zero", () =>
      db().insert(s.points_transactions).values({ user_id: userId, amount: 0, reason: "Noll" })],
    ["a reused idempotency key", "points_transactions_idempotency_key_unique", async () => {
      await db().insert(s.points_transactions).values({ user_id: userId, amount: 5, reason: "Bonus", idempotency_key: "once" });
      await db().insert(s.points_transactions).values({ user_id: userId, amount: 5, reason: "Bonus", idempotency_key: "once" });
    }],
    ["a zero xp transaction", "xp_transactions_amount_non_zero", () =>
      db().insert(s.xp_transactions).values({ user_id: userId, amount: 0, reason: "Noll" })],
    ["a duplicate blog slug", "blog_posts_slug_unique", async () => {
      await db().insert(s.blog_posts).values({ slug: "samma", title: "A" });
      await db().insert(s.blog_posts).values({ slug: "samma", title: "B" });
    }],
    ["a slug with spaces", "blog_posts_slug_format", () =>
      db().insert(s.blog_posts).values({ slug: "inte en slug", title: "A" })],
    ["an unknown blog status", "blog_posts_status_valid", () =>
      db().insert(s.blog_posts).values({ slug: "status", title: "A", status: "live" })],
    ["an unknown blog category", "blog_posts_categories_valid", () =>
      db().insert(s.blog_posts).values({ slug: "kategori", title: "A", categories: ["Gossip"] })],
    ["a negative view count", "blog_posts_view_count_non_negative", () =>
      db().insert(s.blog_posts).values({ slug: "visningar", title: "A", view_count: -1 })],
    ["the same anonymous newsletter address in another case", "newsletter_anonymous_email_uq", async () => {
      await db().insert(s.newsletter_subscriptions).values({ email: "nyhet@example.se" });
      await db().insert(s.newsletter_subscriptions).values({ email: "NYHET@example.se" });
    }],
    ["a second newsletter row for one user", "newsletter_subscriptions_user_id_unique", async () => {
      await db().insert(s.newsletter_subscriptions).values({ user_id: userId, email: "anna@example.se" });
      await db().insert(s.newsletter_subscriptions).values({ user_id: userId, email: "anna2@example.se" });
    }],
    ["a newsletter address without @", "newsletter_email_format", () =>
      db().insert(s.newsletter_subscriptions).values({ email: "inte-en-adress" })],
    ["a duplicate launch notification", "launch_notifications_email_uq", async () => {
      await db().insert(s.launch_notifications).values({ email: "lansering@example.se" });
      await db().insert(s.launch_notifications).values({ email: "Lansering@Example.se" });
    }],
    ["a malformed influencer code", "influencers_referral_code_format", () =>
      db().insert(s.influencers).values({ name: "X", referral_code: "no spaces" })],
    ["an unknown influencer status", "influencers_status_valid", () =>
      db().insert(s.influencers).values({ name: "X", referral_code: "XSTATUS", status: "paused" })],
    ["a duplicate influencer code", "influencers_referral_code_unique", async () => {
      await db().insert(s.influencers).values({ name: "A", referral_code: "SAMECODE" });
      await db().insert(s.influencers).values({ name: "B", referral_code: "SAMECODE" });
    }],
    ["an unknown trade type (PostgreSQL checks constraints by name; every type-bound one fails)", "trades_extras_match_type", () =>
      db().insert(s.trades).values({ ...sale(), type: "gift" })],
    ["an unknown trade status", "trades_status_valid", () =>
      db().insert(s.trades).values({ ...sale(), status: "done" })],
    ["a reversed purchase", "trades_status_valid", () =>
      db().insert(s.trades).values({ ...purchase(), status: "reversed", reversed_at: new Date() })],
    ["an unknown payout method", "trades_method_matches_type", () =>
      db().insert(s.trades).values({ ...sale(), payout_method: "paypal" })],
    ["a sale without a payout method", "trades_method_matches_type", () =>
      db().insert(s.trades).values({ ...sale(), payout_method: null })],
    ["a purchase with a payout method", "trades_method_matches_type", () =>
      db().insert(s.trades).values({ ...purchase(), payout_method: "swish" })],
    ["a purchase paid by an unknown method", "trades_method_matches_type", () =>
      db().insert(s.trades).values({ ...purchase(), payment_method: "Check" })],
    ["a sale with a purchase fee", "trades_extras_match_type", () =>
      db().insert(s.trades).values({ ...sale(), purchase_fee_percent: 5, purchase_fee_ore: 5, total_ore: 105 })],
    ["a purchase with a sale bonus", "trades_extras_match_type", () =>
      db().insert(s.trades).values({ ...purchase(), level_bonus_percent: 1, level_bonus_ore: 1, total_ore: 101 })],
    ["a non-positive base total", "trades_base_total_positive", () =>
      db().insert(s.trades).values({ ...sale(), base_total_ore: 0, total_ore: 0 })],
    ["a total that is not base plus extras", "trades_total_is_sum", () =>
      db().insert(s.trades).values({ ...sale(), total_ore: 999 })],
    ["a completed trade without its completion time", "trades_status_timestamps", () =>
      db().insert(s.trades).values({ ...sale(), status: "completed" })],
    ["points credited on a trade never completed", "trades_credit_needs_completion", () =>
      db().insert(s.trades).values({ ...sale(), points_credited: 2 })],
    ["an unknown recording level", "trades_level_valid", () =>
      db().insert(s.trades).values({ ...sale(), level_at_recording: "diamond" })],
    ["an unknown wear", "trade_items_wear_valid", async () => {
      const [trade] = await db().insert(s.trades).values(sale()).returning();
      await db().insert(s.trade_items).values({ trade_id: trade!.id, position: 0, skin_name: "AK-47 | Redline", wear: "XX", price_ore: 100 });
    }],
    ["a float above 1", "trade_items_float_range", async () => {
      const [trade] = await db().insert(s.trades).values(sale()).returning();
      await db().insert(s.trade_items).values({ trade_id: trade!.id, position: 0, skin_name: "AK-47 | Redline", wear: "FT", float_value: 1.2, price_ore: 100 });
    }],
    ["a free line item", "trade_items_price_positive", async () => {
      const [trade] = await db().insert(s.trades).values(sale()).returning();
      await db().insert(s.trade_items).values({ trade_id: trade!.id, position: 0, skin_name: "AK-47 | Redline", wear: "FT", price_ore: 0 });
    }],
    ["an unknown item variant", "trade_items_variant_valid", async () => {
      const [trade] = await db().insert(s.trades).values(sale()).returning();
      await db().insert(s.trade_items).values({ trade_id: trade!.id, position: 0, skin_name: "AK-47 | Redline", wear: "FT", variant: "golden", price_ore: 100 });
    }],
    ["a points perk without an end", "member_perks_values_match_kind", () =>
      db().insert(s.member_perks).values({ user_id: userId, kind: "points_multiplier", multiplier: 2 })],
    ["a temporary level perk without a level", "member_perks_values_match_kind", () =>
      db().insert(s.member_perks).values({ user_id: userId, kind: "temporary_level", expires_at: new Date(Date.now() + 1000) })],
    ["a consumed period perk", "member_perks_only_one_off_consumed", () =>
      db().insert(s.member_perks).values({ user_id: userId, kind: "points_multiplier", multiplier: 2, expires_at: new Date(Date.now() + 1000), consumed_at: new Date() })],
    ["a shop item with an unknown minimum level", "point_shop_items_min_level_valid", () =>
      db().insert(s.point_shop_items).values({ name: "X", point_cost: 10, category: "vip", min_level: "diamond" })],
    ["a shop item effect without its days", "point_shop_items_effect_valid", () =>
      db().insert(s.point_shop_items).values({ name: "X", point_cost: 10, category: "bonus", effect_kind: "points_multiplier", effect_value: 2 })],
    ["a shop item with a value but no effect", "point_shop_items_effect_valid", () =>
      db().insert(s.point_shop_items).values({ name: "X", point_cost: 10, category: "bonus", effect_value: 2 })],
    ["an audit action without an area", "audit_log_action_format", () =>
      db().insert(s.audit_log).values({ action: "complete", entity_type: "trade", entity_id: "x" })],
    ["an unknown security severity", "security_events_severity_valid", () =>
      db().insert(s.security_events).values({ event_type: "user_login", severity: "extreme" })],
    ["an empty contact message", "contact_messages_required", () =>
      db().insert(s.contact_messages).values({ name: "A", email: "a@example.se", subject: "Hej", message: "" })],
    ["an unknown outbox status", "email_outbox_status_valid", () =>
      db().insert(s.email_outbox).values({ to_address: "a@example.se", subject: "S", html: "", text: "", template: "x", status: "lost" })],
    ["an unknown mail queue status", "mail_queue_status_valid", () =>
      db().insert(s.mail_queue).values({ ...{ message_id: `<${crypto.randomUUID()}@skinhamnen.se>`, to_address: "a@example.se", subject: "S", html: "", text: "", template: "x" }, status: "lost" })],
    ["a sent queued mail without its time", "mail_queue_sent_has_time", () =>
      db().insert(s.mail_queue).values({ ...{ message_id: `<${crypto.randomUUID()}@skinhamnen.se>`, to_address: "a@example.se", subject: "S", html: "", text: "", template: "x" }, status: "sent" })],
    ["a pending queued mail with a sent time", "mail_queue_sent_has_time", () =>
      db().insert(s.mail_queue).values({ ...{ message_id: `<${crypto.randomUUID()}@skinhamnen.se>`, to_address: "a@example.se", subject: "S", html: "", text: "", template: "x" }, sent_at: new Date() })],
    ["a negative attempt count", "mail_queue_attempts_nonnegative", () =>
      db().insert(s.mail_queue).values({ ...{ message_id: `<${crypto.randomUUID()}@skinhamnen.se>`, to_address: "a@example.se", subject: "S", html: "", text: "", template: "x" }, attempts: -1 })],
    ["an attachment without a file name", "mail_queue_attachments_filename_length", async () => {
      const [mail] = await db().insert(s.mail_queue).values({ message_id: `<${crypto.randomUUID()}@skinhamnen.se>`, to_address: "a@example.se", subject: "S", html: "", text: "", template: "x" }).returning();
      await db().insert(s.mail_queue_attachments).values({ mail_id: mail!.id, position: 0, filename: "", content_type: "text/plain", content: Buffer.from("x") });
    }],
    ["a non-positive rate-limit count", "rate_limits_count_positive", () =>
      db().insert(s.rate_limits).values({ key: "k", count: 0, reset_at: new Date() })],
    ["a too short visitor session id", "visitor_sessions_id_format", () =>
      db().insert(s.visitor_sessions).values({ session_id: "x" })],
  ])("rejects %s (%s)", async (_label, constraint, run) => {
    expect(await violation(run)).toContain(constraint);
  });

  it("lets one referrer refer many friends, each friend only one referrer", async () => {
    const friendA = await makeUser("friend-a@example.se");
    const friendB = await makeUser("friend-b@example.se");
    await db().update(s.profiles).set({ referred_by: userId }).where(sql`user_id IN (${friendA}, ${friendB})`);
    const result = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM profiles WHERE referred_by = ${userId}`,
    );
    expect(Number(result[0]!.n)).toBe(2);
  });

  it("accepts a sale paid by Swish and a purchase paid with Klarna, each with its own extras", async () => {
    await db().insert(s.trades).values({ ...sale(), level_bonus_percent: 1, level_bonus_ore: 1, total_ore: 101 });
    await db().insert(s.trades).values({ ...purchase(), purchase_fee_percent: 5, purchase_fee_ore: 5, total_ore: 105 });
    await db().insert(s.trades).values({ ...sale(), status: "reversed", reversed_at: new Date() });
  });

  it("allows several anonymous and user newsletter rows for distinct addresses", async () => {
    await db().insert(s.newsletter_subscriptions).values([{ email: "one@example.se" }, { email: "two@example.se" }]);
    await db().insert(s.newsletter_subscriptions).values({ user_id: otherUserId, email: "one@example.se" });
  });
});
