/**
 * A member's own data export (GDPR art. 15 and 20, decision 048). Requesting one stores a
 * pending row; the `data-exports` job builds it into one ZIP of JSON files, one per area,
 * stores the archive on the row, mails the member and tells their open tabs. Only the owner
 * may download it, and only until `expires_at`; the job then deletes it.
 *
 * What goes in is decided here and nowhere else: every table keyed by the member, with
 * secrets (password hashes, session tokens, TOTP secrets, ciphertexts, HMACs) left out and
 * other people (referred friends, staff) pseudonymised or left out.
 */
import { and, asc, desc, eq, getTableColumns, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { zipSync, strToU8 } from "fflate";
import { config } from "~/platform/config.server";
import { queryRows, type Database, type Db } from "~/platform/db/client.server";
import { hasPgCode, PG_ERRORS } from "~/platform/db/errors";
import {
  account,
  contact_messages,
  data_exports,
  email_outbox,
  giveaways,
  influencers,
  launch_notifications,
  mail_queue,
  member_perks,
  newsletter_subscriptions,
  payout_details,
  payout_details_history,
  price_alert_items,
  price_alerts,
  point_shop_orders,
  points_transactions,
  profiles,
  purchase_documents,
  referral_codes,
  referrals,
  security_events,
  sell_order_events,
  sell_order_items,
  sell_orders,
  sell_quote_items,
  sell_quotes,
  seller_limits,
  session,
  trade_items,
  trades,
  user,
  user_roles,
  verified_identities,
  visitor_sessions,
  xp_transactions,
} from "~/platform/db/schema";
import { runJobIfDue, type Job } from "~/platform/jobs/job-runner.server";
import { logger } from "~/platform/logger.server";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";
import { JOB_RUNNER } from "~/platform/platform-constants";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { DATA_EXPORT } from "./data-export-constants";
import { dataExportView, type DataExportView } from "./data-export-rules";

const DATA_EXPORT_JOB = "data-exports";

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

export type RequestOutcome = { ok: true; id: string } | { ok: false; reason: "pending" | "rate-limited"; nextRequestAt: string | null };

/** The member's latest export, as /profile shows it; null when there is none. */
export async function latestDataExport(db: Db, userId: string, now: Date = new Date()): Promise<DataExportView | null> {
  const [row] = await db
    .select({
      id: data_exports.id,
      status: data_exports.status,
      created_at: data_exports.created_at,
      ready_at: data_exports.ready_at,
      expires_at: data_exports.expires_at,
      size_bytes: data_exports.size_bytes,
    })
    .from(data_exports)
    .where(eq(data_exports.user_id, userId))
    .orderBy(desc(data_exports.created_at), desc(data_exports.id))
    .limit(1);
  return dataExportView(row ?? null, now);
}

/**
 * Asks for a new export: at most one pending per member (the partial unique index holds it
 * under concurrency too) and one new export per `requestCooldownHours` (a failed one does not count).
 */
export async function requestDataExport(db: Db, userId: string, now: Date = new Date()): Promise<RequestOutcome> {
  const latest = await latestDataExport(db, userId, now);
  if (latest?.status === "pending") return { ok: false, reason: "pending", nextRequestAt: latest.nextRequestAt };
  if (latest?.nextRequestAt) return { ok: false, reason: "rate-limited", nextRequestAt: latest.nextRequestAt };
  try {
    const [row] = await db.insert(data_exports).values({ user_id: userId, created_at: now }).returning({ id: data_exports.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    if (hasPgCode(error, PG_ERRORS.uniqueViolation)) return { ok: false, reason: "pending", nextRequestAt: null };
    throw error;
  }
}

/**
 * The archive of `exportId` if it is `userId`'s own, ready and not expired; otherwise null, so
 * another member's export, a pending one and an expired one look alike (a 404).
 */
export async function readDataExport(
  db: Db,
  input: { userId: string; exportId: string; now?: Date },
): Promise<{ archive: Buffer; filename: string } | null> {
  const now = input.now ?? new Date();
  const [row] = await db
    .select({ archive: data_exports.archive, created_at: data_exports.created_at })
    .from(data_exports)
    .where(
      and(
        eq(data_exports.id, input.exportId),
        eq(data_exports.user_id, input.userId),
        eq(data_exports.status, "ready"),
        gt(data_exports.expires_at, now),
      ),
    )
    .limit(1);
  if (!row?.archive) return null;
  return { archive: row.archive, filename: `mina-uppgifter-${row.created_at.toISOString().slice(0, 10)}.zip` };
}

// ---------------------------------------------------------------------------
// Building the archive
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;

/** Every column of `table` but the ones named: secrets and other people's ids stay out. */
function columnsWithout<T extends PgTable>(table: T, ...omit: string[]): Record<string, PgColumn> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !omit.includes(name)));
}

/**
 * All of one member's rows of a table with a uuid `id`, read in keyset batches of
 * `DATA_EXPORT.readBatch` so a long history never becomes one huge query, then put in time order.
 */
async function readAllRows(
  db: Db,
  table: PgTable,
  columns: Record<string, PgColumn>,
  where: SQL,
  idColumn: PgColumn,
  timeKey = "created_at",
): Promise<Row[]> {
  const rows: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const batch: Row[] = await db
      .select({ ...columns, __id: idColumn })
      .from(table)
      .where(after === null ? where : and(where, gt(idColumn, after)))
      .orderBy(asc(idColumn))
      .limit(DATA_EXPORT.readBatch);
    for (const row of batch) {
      const { __id, ...rest } = row;
      rows.push(rest);
      after = String(__id);
    }
    if (batch.length < DATA_EXPORT.readBatch) break;
  }
  return rows.sort((a, b) => timeOf(a[timeKey]) - timeOf(b[timeKey]));
}

function timeOf(value: unknown): number {
  return value instanceof Date ? value.getTime() : 0;
}

/** Rows whose parent is one of `ids`, grouped by that parent. */
async function childrenOf(db: Db, table: PgTable, parentColumn: PgColumn, ids: string[], columns: Record<string, PgColumn>, order: PgColumn): Promise<Map<string, Row[]>> {
  const byParent = new Map<string, Row[]>();
  for (let start = 0; start < ids.length; start += DATA_EXPORT.readBatch) {
    const slice = ids.slice(start, start + DATA_EXPORT.readBatch);
    const rows: Row[] = await db
      .select({ ...columns, __parent: parentColumn })
      .from(table)
      .where(inArray(parentColumn, slice))
      .orderBy(asc(parentColumn), asc(order));
    for (const { __parent, ...rest } of rows) {
      const key = String(__parent);
      byParent.set(key, [...(byParent.get(key) ?? []), rest]);
    }
  }
  return byParent;
}

/** The archive's files: name → JSON-ready content (decision 048 lists them). */
async function collectMemberData(db: Db, userId: string, now: Date): Promise<Record<string, unknown>> {
  const [member] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified: user.emailVerified,
      image: user.image,
      two_factor_enabled: user.twoFactorEnabled,
      created_at: user.createdAt,
      updated_at: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!member) throw new Error("the member no longer exists");
  const [profileRow] = await db
    .select({
      ...columnsWithout(profiles, "user_id", "search_text", "referred_by", "referred_by_influencer_id", "contact_person_id"),
      has_member_referrer: sql<boolean>`${profiles.referred_by} IS NOT NULL`,
      referring_influencer: influencers.name,
      has_contact_person: sql<boolean>`${profiles.contact_person_id} IS NOT NULL`,
    })
    .from(profiles)
    .leftJoin(influencers, eq(influencers.id, profiles.referred_by_influencer_id))
    .where(eq(profiles.user_id, userId));
  const roles = await db.select({ role: user_roles.role, created_at: user_roles.created_at }).from(user_roles).where(eq(user_roles.user_id, userId));
  const signInMethods = await db
    .select({
      provider: account.providerId,
      provider_account_id: account.accountId,
      password_set: sql<boolean>`${account.password} IS NOT NULL`,
      created_at: account.createdAt,
      updated_at: account.updatedAt,
    })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(asc(account.createdAt));

  const sessions = await db
    .select({
      created_at: session.createdAt,
      last_active_at: session.updatedAt,
      expires_at: session.expiresAt,
      ip_address: session.ipAddress,
      user_agent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  const securityEvents = await readAllRows(db, security_events, columnsWithout(security_events, "id", "user_id"), eq(security_events.user_id, userId), security_events.id);
  const visits = await db
    .select(columnsWithout(visitor_sessions, "session_id", "user_id"))
    .from(visitor_sessions)
    .where(eq(visitor_sessions.user_id, userId))
    .orderBy(asc(visitor_sessions.first_seen_at));

  const points = await readAllRows(db, points_transactions, columnsWithout(points_transactions, "user_id"), eq(points_transactions.user_id, userId), points_transactions.id);
  const xp = await readAllRows(db, xp_transactions, columnsWithout(xp_transactions, "user_id"), eq(xp_transactions.user_id, userId), xp_transactions.id);
  const perks = await readAllRows(db, member_perks, columnsWithout(member_perks, "user_id"), eq(member_perks.user_id, userId), member_perks.id);

  const tradeRows = await readAllRows(db, trades, columnsWithout(trades, "user_id", "recorded_by"), eq(trades.user_id, userId), trades.id);
  const tradeItems = await childrenOf(db, trade_items, trade_items.trade_id, tradeRows.map((row) => String(row.id)), columnsWithout(trade_items, "id", "trade_id"), trade_items.position);

  const quoteRows = await readAllRows(db, sell_quotes, columnsWithout(sell_quotes, "user_id"), eq(sell_quotes.user_id, userId), sell_quotes.id);
  const quoteItems = await childrenOf(db, sell_quote_items, sell_quote_items.quote_id, quoteRows.map((row) => String(row.id)), columnsWithout(sell_quote_items, "id", "quote_id"), sell_quote_items.position);
  const orderRows = await readAllRows(db, sell_orders, columnsWithout(sell_orders, "user_id"), eq(sell_orders.user_id, userId), sell_orders.id);
  const orderIds = orderRows.map((row) => String(row.id));
  const orderItems = await childrenOf(db, sell_order_items, sell_order_items.order_id, orderIds, columnsWithout(sell_order_items, "id", "order_id"), sell_order_items.position);
  const orderEvents = await childrenOf(db, sell_order_events, sell_order_events.order_id, orderIds, columnsWithout(sell_order_events, "id", "order_id", "actor_user_id"), sell_order_events.created_at);
  const documents = await db
    .select(columnsWithout(purchase_documents, "user_id", "pdf"))
    .from(purchase_documents)
    .where(eq(purchase_documents.user_id, userId))
    .orderBy(asc(purchase_documents.number));
  const limits = await db.select(columnsWithout(seller_limits, "user_id")).from(seller_limits).where(eq(seller_limits.user_id, userId));
  const alertRows = await readAllRows(db, price_alerts, columnsWithout(price_alerts, "user_id", "email"), eq(price_alerts.user_id, userId), price_alerts.id);
  const alertItems = await childrenOf(db, price_alert_items, price_alert_items.alert_id, alertRows.map((row) => String(row.id)), columnsWithout(price_alert_items, "alert_id"), price_alert_items.market_hash_name);

  const payout = await db
    .select({
      method: payout_details.method,
      masked_label: payout_details.masked_label,
      masked_value: payout_details.masked_value,
      usable_at: payout_details.usable_at,
      renewal_required_at: payout_details.renewal_required_at,
      revision: payout_details.revision,
      created_at: payout_details.created_at,
      updated_at: payout_details.updated_at,
    })
    .from(payout_details)
    .where(eq(payout_details.user_id, userId));
  const payoutHistory = await readAllRows(db, payout_details_history, columnsWithout(payout_details_history, "id", "user_id"), eq(payout_details_history.user_id, userId), payout_details_history.id);
  const identity = await db
    .select({
      masked_personnummer: verified_identities.masked_personnummer,
      birth_date: verified_identities.birth_date,
      verified_at: verified_identities.verified_at,
    })
    .from(verified_identities)
    .where(eq(verified_identities.user_id, userId));

  const ownCodes = await db.select({ code: referral_codes.code }).from(referral_codes).where(eq(referral_codes.user_id, userId));
  const referredBy = await db
    .select({ code: referrals.code, source: referrals.source, status: referrals.status, created_at: referrals.created_at, milestone_paid_at: referrals.milestone_paid_at })
    .from(referrals)
    .where(eq(referrals.friend_id, userId));
  const friends = await db
    .select({
      friend_id: referrals.friend_id,
      source: referrals.source,
      status: referrals.status,
      created_at: referrals.created_at,
      milestone_paid_at: referrals.milestone_paid_at,
      milestone_clawed_back_at: referrals.milestone_clawed_back_at,
    })
    .from(referrals)
    .where(eq(referrals.referrer_id, userId))
    .orderBy(asc(referrals.created_at), asc(referrals.friend_id));

  const newsletter = await db
    .select(columnsWithout(newsletter_subscriptions, "id", "user_id", "confirmation_token_hash"))
    .from(newsletter_subscriptions)
    .where(eq(newsletter_subscriptions.user_id, userId));
  const shopOrders = await readAllRows(db, point_shop_orders, columnsWithout(point_shop_orders, "user_id", "item_id"), eq(point_shop_orders.user_id, userId), point_shop_orders.id);
  const wins = await db
    .select({ title: giveaways.title, prize: giveaways.prize, month: giveaways.month, drawn_at: giveaways.drawn_at })
    .from(giveaways)
    .where(eq(giveaways.winner_user_id, userId))
    .orderBy(asc(giveaways.drawn_at));

  // Rows kept under an address rather than the account: only for a confirmed address, so an
  // unconfirmed one cannot read what someone else sent from it.
  const address = member.email.toLowerCase();
  const byAddress = member.email_verified;
  const contact = byAddress
    ? await db
        .select(columnsWithout(contact_messages, "id"))
        .from(contact_messages)
        .where(sql`lower(${contact_messages.email}) = ${address}`)
        .orderBy(asc(contact_messages.created_at))
    : [];
  const launch = byAddress
    ? await db.select({ email: launch_notifications.email, created_at: launch_notifications.created_at }).from(launch_notifications).where(sql`lower(${launch_notifications.email}) = ${address}`)
    : [];
  const mails = byAddress
    ? [
        ...(await db
          .select({ subject: mail_queue.subject, template: mail_queue.template, status: mail_queue.status, created_at: mail_queue.created_at, sent_at: mail_queue.sent_at })
          .from(mail_queue)
          .where(sql`lower(${mail_queue.to_address}) = ${address}`)),
        ...(await db
          .select({ subject: email_outbox.subject, template: email_outbox.template, status: email_outbox.status, created_at: email_outbox.created_at })
          .from(email_outbox)
          .where(sql`lower(${email_outbox.to_address}) = ${address}`)),
      ].sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    : [];

  const files: Record<string, unknown> = {
    "profil.json": { account: member, profile: profileRow ?? null, roles, sign_in_methods: signInMethods },
    "sessioner.json": sessions,
    "sakerhetshandelser.json": securityEvents,
    "besok.json": visits,
    "poang-och-xp.json": { points_balance: (profileRow as Row | undefined)?.points ?? 0, xp_balance: (profileRow as Row | undefined)?.xp ?? 0, points_ledger: points, xp_ledger: xp, perks },
    "affarer.json": tradeRows.map((row) => ({ ...row, items: tradeItems.get(String(row.id)) ?? [] })),
    "offerter.json": quoteRows.map((row) => ({ ...row, items: quoteItems.get(String(row.id)) ?? [] })),
    "saljordrar.json": {
      orders: orderRows.map((row) => ({ ...row, items: orderItems.get(String(row.id)) ?? [], events: orderEvents.get(String(row.id)) ?? [] })),
      purchase_documents: documents,
      seller_limits: limits[0] ?? null,
      price_alerts: alertRows.map((row) => ({ ...row, items: alertItems.get(String(row.id)) ?? [] })),
    },
    "utbetalningsuppgifter.json": { current: payout[0] ?? null, history: payoutHistory },
    "bankid.json": identity[0] ?? null,
    "vanvarvning.json": {
      own_codes: ownCodes.map((row) => row.code),
      referred_by: referredBy[0] ?? null,
      // Friends are other people: numbered, never named or identified.
      referred_friends: friends.map(({ friend_id: _friend, ...row }, index) => ({ friend: `Vän ${index + 1}`, ...row })),
    },
    "nyhetsbrev.json": { subscription: newsletter[0] ?? null, launch_notifications: launch },
    "samtycken.json": {
      newsletter: newsletter[0]
        ? {
            email_subscribed: newsletter[0].email_subscribed,
            phone_subscribed: newsletter[0].phone_subscribed,
            source: newsletter[0].source,
            confirmed_at: newsletter[0].confirmed_at,
          }
        : null,
      cookies: "Dina cookieval sparas bara i din webbläsare, inte hos oss. Du ser och ändrar dem under Cookieinställningar längst ned på sidan.",
    },
    "poangbutik.json": shopOrders,
    "giveaways.json": wins,
    "kontakt.json": contact,
    "utskick.json": mails,
    "om-filen.json": {
      site: config().SITE_NAME,
      created_at: now,
      member_id: userId,
      note: "Alla uppgifter vi har om dig, en fil per område. Belopp anges i öre. Känsliga uppgifter (personnummer, kontonummer) visas maskerade; lösenord, inloggningsnycklar och krypterade fält lämnas aldrig ut.",
    },
  };
  // Other people's ids (in ledger references and keys, say) become the names used above.
  const [links] = await db
    .select({ referrer: profiles.referred_by, contact: profiles.contact_person_id })
    .from(profiles)
    .where(eq(profiles.user_id, userId));
  const pseudonyms = new Map<string, string>(friends.map((row, index) => [row.friend_id, `Vän ${index + 1}`]));
  if (links?.referrer) pseudonyms.set(links.referrer, "Värvare");
  if (links?.contact) pseudonyms.set(links.contact, "Kontaktperson");
  return pseudonymise(files, pseudonyms);
}

/** Replaces each id in `pseudonyms` wherever it occurs in the files' JSON (ids, keys, details). */
function pseudonymise(files: Record<string, unknown>, pseudonyms: Map<string, string>): Record<string, unknown> {
  if (pseudonyms.size === 0) return files;
  let text = JSON.stringify(files);
  for (const [id, name] of pseudonyms) text = text.replaceAll(id, name);
  return JSON.parse(text) as Record<string, unknown>;
}

/** One ZIP of pretty-printed JSON files (deflated). */
function zipJsonFiles(files: Record<string, unknown>): Uint8Array {
  const entries = Object.fromEntries(Object.entries(files).map(([name, content]) => [name, strToU8(`${JSON.stringify(content, null, 2)}\n`)]));
  return zipSync(entries, { level: 6 });
}

/** Builds one pending export: the archive, the mail and the tab notice in one transaction. */
async function buildOne(db: Db, row: { id: string; user_id: string }, now: Date): Promise<boolean> {
  try {
    const archive = Buffer.from(zipJsonFiles(await collectMemberData(db, row.user_id, now)));
    const expiresAt = new Date(now.getTime() + DATA_EXPORT.downloadDays * DAY_MS);
    let mailId: string | null = null;
    const built = await db.transaction(async (tx) => {
      const updated = await tx
        .update(data_exports)
        .set({ status: "ready", archive, size_bytes: archive.length, ready_at: now, expires_at: expiresAt })
        .where(and(eq(data_exports.id, row.id), eq(data_exports.status, "pending")))
        .returning({ id: data_exports.id });
      if (updated.length === 0) return false;
      const [member] = await tx
        .select({ email: user.email, name: user.name, displayName: profiles.display_name, firstName: profiles.first_name })
        .from(user)
        .leftJoin(profiles, eq(profiles.user_id, user.id))
        .where(eq(user.id, row.user_id));
      if (member) {
        mailId = await enqueueMail(tx, {
          to: member.email,
          template: "dataExportReady",
          data: {
            name: member.displayName?.trim() || member.firstName?.trim() || member.name.trim() || "där",
            expiresAt: expiresAt.toISOString(),
            profileUrl: new URL("/profile#dina-uppgifter", config().PUBLIC_URL).toString(),
          },
        });
      }
      await publishEvent(tx, { type: "account", userId: row.user_id, what: "data-export" });
      return true;
    });
    if (mailId) void deliverQueuedMail(db, [mailId]);
    return built;
  } catch (error) {
    logger.error({ err: error, exportId: row.id }, "data export failed");
    await db.update(data_exports).set({ status: "failed" }).where(and(eq(data_exports.id, row.id), eq(data_exports.status, "pending")));
    await publishEvent(db, { type: "account", userId: row.user_id, what: "data-export" });
    return false;
  }
}

/**
 * The job: builds the oldest pending exports (at most `buildsPerRun`), then deletes archives
 * past their time and failed rows older than the request window.
 */
export async function runDataExportJob(db: Db, now: Date): Promise<{ built: number; failed: number; purged: number }> {
  const pending = await db
    .select({ id: data_exports.id, user_id: data_exports.user_id })
    .from(data_exports)
    .where(eq(data_exports.status, "pending"))
    .orderBy(asc(data_exports.created_at))
    .limit(DATA_EXPORT.buildsPerRun);
  let built = 0;
  let failed = 0;
  for (const row of pending) {
    if (await buildOne(db, row, now)) built++;
    else failed++;
  }
  return { built, failed, purged: await purgeExpiredDataExports(db, now) };
}

/** Deletes archives whose download time has passed, and failed rows older than the request window. */
export async function purgeExpiredDataExports(db: Db, now: Date): Promise<number> {
  const failedBefore = new Date(now.getTime() - DATA_EXPORT.requestCooldownHours * HOUR_MS);
  const removed = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM ${data_exports}
        WHERE (${data_exports.status} = 'ready' AND ${data_exports.expires_at} <= ${now.toISOString()}::timestamptz)
           OR (${data_exports.status} = 'failed' AND ${data_exports.created_at} < ${failedBefore.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return removed.length;
}

export const dataExportJob: Job = { name: DATA_EXPORT_JOB, intervalMs: JOB_RUNNER.tickMs, run: (db, now) => runDataExportJob(db, now) };

/** Starts building right after a request instead of at the next tick; the job's lock keeps it one run. */
export function kickDataExportJob(database: Database): void {
  void runJobIfDue(database, dataExportJob, new Date(), { force: true }).catch((error: unknown) => {
    logger.error({ err: error }, "data export kick failed");
  });
}
