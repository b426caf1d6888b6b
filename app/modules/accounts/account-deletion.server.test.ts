/**
 * Deleting one's account (decision 049) against a real database: a member with a profile, a
 * Steam id, a paid sale with its purchase document, a referral code, the newsletter, audit rows,
 * mails and security events is deleted, and then no text or JSON column of any table holds their
 * address, name or Steam id except the purchase document the bookkeeping law keeps.
 */
import { randomInt, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember as createPlainMember } from "~/modules/loyalty/test-fixtures";
import { enterReferralCode } from "~/modules/referrals/referrals.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { sellOrderBench } from "~/modules/selling/sell-order-bench";
import { acceptQuote, SELL_ORDER_ERRORS } from "~/modules/selling/sell-orders.server";
import { clearTradeHoldCache } from "~/modules/selling/steam-trade-hold.server";
import {
  account,
  audit_log,
  contact_messages,
  daily_points,
  daily_trades,
  email_outbox,
  mail_queue,
  member_values,
  newsletter_subscriptions,
  payout_details,
  profiles,
  purchase_documents,
  rate_limits,
  referral_codes,
  security_events,
  sell_orders,
  session,
  staff_form_tokens,
  trades,
  user,
  verification,
  verified_identities,
  data_exports,
} from "~/platform/db/schema";
import { queryRows } from "~/platform/db/client.server";
import { ACCOUNT_DELETION_MESSAGES } from "./account-deletion";
import { requestDataExport, runDataExportJob } from "./data-export.server";
import { deleteAccount, tombstoneEmail } from "./account-deletion.server";
import { logSecurityEvent } from "./security-events.server";

const bench = sellOrderBench(9_100_000_000);
const db = bench.db;

/** A seller with an accepted order, named as given (the BankID name too). */
async function sellerWithOrder(names: { firstName: string; lastName: string; email: string }) {
  const userId = await createSeller(db(), bench.keyring, names);
  await db().update(user).set({ name: `${names.firstName} ${names.lastName}` }).where(eq(user.id, userId));
  clearTradeHoldCache();
  const accepted = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId, { prices: [27_500] }) }, { steam: bench.steam() });
  if (!accepted.ok) throw new Error(accepted.message);
  return { userId, orderId: accepted.value.id };
}

/** Every text, varchar, json(b) and array column of every table, as `table.column`, holding any needle. */
async function columnsHolding(needles: string[]): Promise<string[]> {
  const columns = await queryRows<{ table_schema: string; table_name: string; column_name: string }>(
    db(),
    sql`SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE t.table_type = 'BASE TABLE'
        AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'))
      ORDER BY 1, 2, 3`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const patterns = sql.join(needles.map((needle) => sql`${`%${needle}%`}`), sql`, `);
    const rows = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_schema)}.${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)}::text ILIKE ANY(ARRAY[${patterns}]::text[])`,
    );
    if (rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe("deleting one's account", () => {
  it("erases or pseudonymises every trace of the member and keeps the purchase document byte for byte", async () => {
    const suffix = randomUUID().slice(0, 8);
    const names = { firstName: `Raderika${suffix}`, lastName: `Glömskasson${suffix}`, email: `radera-${suffix}@example.se` };
    const fullName = `${names.firstName} ${names.lastName}`;
    const { userId, orderId } = await sellerWithOrder(names);
    await bench.payOrder(orderId);
    const [{ steamId } = { steamId: null }] = await db().select({ steamId: profiles.steam_id }).from(profiles).where(eq(profiles.user_id, userId));
    expect(steamId).toMatch(/^\d{17}$/);
    const needles = [names.email, fullName, steamId!];

    // Everything else a member leaves behind.
    const code = `R${randomInt(100_000, 999_999)}`;
    await db().update(profiles).set({ referral_code: code, phone_number: "070-123 45 67" }).where(eq(profiles.user_id, userId));
    await db().insert(account).values({ accountId: userId, providerId: "credential", userId, password: "hash" });
    await db().insert(account).values({ accountId: steamId!, providerId: "steam", userId });
    await db().insert(session).values({ token: randomUUID(), userId, expiresAt: new Date(Date.now() + 86_400_000), ipAddress: "198.51.100.7", userAgent: "Firefox" });
    await db().insert(verification).values({ identifier: `email-change:${names.email}`, value: userId, expiresAt: new Date(Date.now() + 86_400_000) });
    await db().insert(newsletter_subscriptions).values({ user_id: userId, email: names.email, confirmed_at: new Date() });
    await db().insert(contact_messages).values({ name: fullName, email: names.email, subject: "Fråga", message: `Hej, jag heter ${fullName}` });
    await db().insert(audit_log).values({
      actor_user_id: bench.staffId(),
      action: "user.update",
      entity_type: "user",
      entity_id: userId,
      before: { first_name: names.firstName, email: names.email, steam_id: steamId, points: 10 },
      after: { note: `Kontaktade ${fullName} på ${names.email}`, points: 20 },
    });
    await db().insert(audit_log).values({ actor_user_id: bench.staffId(), action: "newsletter.remove", entity_type: "newsletter", entity_id: names.email, before: { email: names.email } });
    await db().insert(staff_form_tokens).values({ token: randomUUID(), actor_user_id: bench.staffId(), action: "user.points", result: { ok: true, member: { id: userId, email: names.email } } });
    await db().insert(email_outbox).values({ to_address: names.email, subject: "Välkommen", html: `<p>Hej ${fullName}</p>`, text: `Hej ${fullName}`, template: "welcome" });
    await db().insert(mail_queue).values({ message_id: `<${randomUUID()}@test>`, to_address: "personal@example.se", subject: `Ny order från ${fullName}`, html: `<p>${names.email}</p>`, text: `Steam ${steamId}`, template: "staff-notice" });
    await db().insert(rate_limits).values({ key: `signin:email:${names.email}`, count: 1, reset_at: new Date(Date.now() + 86_400_000) });
    await logSecurityEvent(db(), { userId, type: "user_login", ipAddress: "198.51.100.7", userAgent: "Firefox", details: { email: names.email } });
    await logSecurityEvent(db(), { userId: null, type: "two_factor_failed", ipAddress: "198.51.100.7", details: { email: names.email } });

    // A friend who used the code, before: the code works.
    const friendId = await createPlainMember(db());
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, friendId));
    expect(await enterReferralCode(db(), friendId, code)).toMatchObject({ ok: true });

    expect(await columnsHolding(needles)).toEqual(expect.arrayContaining(["profiles.email", "user.name", "audit_log.before", "mail_queue.to_address"]));
    const [document] = await db().select().from(purchase_documents).where(eq(purchase_documents.order_id, orderId));
    const [orderBefore] = await db().select().from(sell_orders).where(eq(sell_orders.id, orderId));
    const tradesBefore = await db().select().from(trades).where(eq(trades.user_id, userId));
    const rollupsBefore = {
      trades: await db().select().from(daily_trades),
      points: await db().select().from(daily_points),
      value: await db().select().from(member_values).where(eq(member_values.user_id, userId)),
    };

    // A ready copy of all of it (decision 048).
    expect(await requestDataExport(db(), userId)).toMatchObject({ ok: true });
    await runDataExportJob(db(), new Date());
    expect(await db().select().from(data_exports).where(eq(data_exports.user_id, userId))).toHaveLength(1);
    // Its "ready" mail is delivered after the job's transaction; let it arrive before deleting.
    await expect
      .poll(async () => (await db().select().from(email_outbox).where(eq(email_outbox.template, "dataExportReady"))).length, { timeout: 10_000 })
      .toBeGreaterThan(0);

    expect(await deleteAccount(db(), userId)).toEqual({ ok: true });

    // The archive (bytes the column search cannot read) is gone with the rest.
    expect(await db().select().from(data_exports).where(eq(data_exports.user_id, userId))).toHaveLength(0);
    // Only the kept bookkeeping record names the member.
    expect(await columnsHolding(needles)).toEqual(["purchase_documents.seller_name"]);
    expect(await columnsHolding(["198.51.100.7", "070-123 45 67"])).toEqual([]);

    // The purchase document and the payout are unchanged; the ledger and its rollups still add up.
    const [kept] = await db().select().from(purchase_documents).where(eq(purchase_documents.id, document!.id));
    expect(kept).toEqual(document);
    expect(Buffer.from(kept!.pdf).equals(Buffer.from(document!.pdf))).toBe(true);
    expect(await db().select().from(sell_orders).where(eq(sell_orders.id, orderId))).toEqual([orderBefore]);
    expect(await db().select().from(trades).where(eq(trades.user_id, userId))).toEqual(tradesBefore);
    expect({
      trades: await db().select().from(daily_trades),
      points: await db().select().from(daily_points),
      value: await db().select().from(member_values).where(eq(member_values.user_id, userId)),
    }).toEqual(rollupsBefore);
    const [ledger] = await queryRows<{ points: number; ledger: number }>(
      db(),
      sql`SELECT p.points, (SELECT coalesce(sum(amount), 0)::int FROM points_transactions t WHERE t.user_id = p.user_id) AS ledger FROM profiles p WHERE p.user_id = ${userId}`,
    );
    expect(ledger!.points).toBe(ledger!.ledger);

    // Nothing to sign in with, no session, no identity or payout details, and the code stops working.
    const [tombstone] = await db().select().from(user).where(eq(user.id, userId));
    expect(tombstone).toMatchObject({ email: tombstoneEmail(userId), name: "Raderat konto", emailVerified: false });
    expect(await db().select().from(account).where(eq(account.userId, userId))).toEqual([]);
    expect(await db().select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(await db().select().from(verified_identities).where(eq(verified_identities.user_id, userId))).toEqual([]);
    expect(await db().select().from(payout_details).where(eq(payout_details.user_id, userId))).toEqual([]);
    expect(await db().select().from(referral_codes).where(eq(referral_codes.code, code))).toEqual([]);
    const later = await createPlainMember(db());
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, later));
    expect(await enterReferralCode(db(), later, code)).toMatchObject({ ok: false });
    expect(await db().select().from(rate_limits).where(sql`${rate_limits.key} LIKE ${`%${names.email}%`}`)).toEqual([]);
    expect(await db().select().from(verification).where(eq(verification.value, userId))).toEqual([]);
    expect(await db().select().from(mail_queue).where(eq(mail_queue.to_address, names.email))).toEqual([]);

    // The deletion itself is recorded, by pseudonymous id only.
    const [event] = await db().select().from(security_events).where(eq(security_events.user_id, userId));
    expect(event).toMatchObject({ event_type: "account_deleted", ip_address: null, user_agent: null, details: null });
    const [record] = await db().select().from(audit_log).where(sql`${audit_log.action} = 'account.delete' AND ${audit_log.entity_id} = ${userId}`);
    expect(record).toBeDefined();

    // A second deletion finds nothing to delete.
    expect(await deleteAccount(db(), userId)).toEqual({ ok: false, reason: "not_found" });
  });

  it("is refused while a sell order is open, and changes nothing", async () => {
    const suffix = randomUUID().slice(0, 8);
    const { userId } = await sellerWithOrder({ firstName: `Öppen${suffix}`, lastName: "Order", email: `oppen-${suffix}@example.se` });
    const before = await db().select().from(profiles).where(eq(profiles.user_id, userId));
    const result = await deleteAccount(db(), userId);
    expect(result).toEqual({ ok: false, reason: "open_orders", openOrders: 1 });
    expect(ACCOUNT_DELETION_MESSAGES.openOrders(1)).toContain("Mina affärer");
    expect(await db().select().from(profiles).where(eq(profiles.user_id, userId))).toEqual(before);
    expect(await db().select().from(verified_identities).where(eq(verified_identities.user_id, userId))).toHaveLength(1);
  });

  it("is refused for staff, whose roles an admin takes away first", async () => {
    expect(await deleteAccount(db(), bench.staffId())).toEqual({ ok: false, reason: "not_found" });
    const member = await createPlainMember(db());
    await db().execute(sql`INSERT INTO user_roles (user_id, role) VALUES (${member}, 'blog')`);
    expect(await deleteAccount(db(), member)).toEqual({ ok: false, reason: "staff" });
  });

  it("leaves an accept that waited for the deletion's lock without a member to sell for", async () => {
    // The state such an accept meets once the lock is free: the checklist passed before it, the profile is deleted now.
    const userId = await createSeller(db(), bench.keyring, { email: `sent-${randomUUID()}@example.se` });
    const quoteId = await createQuote(db(), userId, { prices: [10_000] });
    await db().update(profiles).set({ deleted_at: new Date() }).where(eq(profiles.user_id, userId));
    clearTradeHoldCache();
    const late = await acceptQuote(db(), { userId, quoteId }, { steam: bench.steam() });
    expect(late).toMatchObject({ ok: false, message: SELL_ORDER_ERRORS.quoteNotFound });
    expect(await db().select().from(sell_orders).where(eq(sell_orders.user_id, userId))).toEqual([]);
  });
});
