/**
 * The Newsletter tab's reads (docs/rules/admin.md#newsletter): every subscription row, members'
 * and anonymous ones together, filtered and paged on the server from the URL's params; summary
 * counts; the launch list from /kop-skins; and the CSV exports of both, streamed in keyset
 * batches through the one CSV path. Staff only read here: nothing is written.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "~/lib/zod";
import {
  NEWSLETTER_SOURCE_LABELS,
  NEWSLETTER_SUBSCRIBER_SOURCES,
  type NewsletterSubscriberSource,
} from "~/modules/newsletter/newsletter-constants";
import { ADMIN_PAGE_SIZE, EXPORT_BATCH_SIZE } from "~/platform/platform-constants";
import { cursorBatches } from "~/platform/db/cursor.server";
import { csvChunks } from "~/lib/csv";
import { pageParams, wholeBetween } from "~/lib/paging";
import { cappedCount, keysetPage, LIST_COUNT_CAP, parseKeyset, type CappedCount, type KeysetLinks, type KeysetPosition } from "~/lib/keyset";
import { cappedCountSql, cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { hasControlCharacters } from "~/lib/control-characters";
import { queryRows, type Db } from "~/platform/db/client.server";
import { likePattern } from "~/platform/db/like";

// ---------------------------------------------------------------------------
// The view in the URL
// ---------------------------------------------------------------------------
const onOff = z.enum(["on", "off"]).optional().catch(undefined);
const searchText = z
  .string()
  .trim()
  .max(100)
  .refine((value) => !hasControlCharacters(value))
  .optional()
  .catch(undefined);
const pageNumber = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);

const subscriberQuerySchema = z.object({
  q: searchText,
  kind: z.enum(["member", "anonymous"]).optional().catch(undefined),
  email: onOff,
  sms: onOff,
  source: z.enum(NEWSLETTER_SUBSCRIBER_SOURCES).optional().catch(undefined),
  confirmed: z.enum(["yes", "no"]).optional().catch(undefined),
});

export type SubscriberQuery = z.output<typeof subscriberQuerySchema> & { pageSize?: number; position?: KeysetPosition };
export const SUBSCRIBER_FILTER_KEYS = ["q", "kind", "email", "sms", "source", "confirmed"] as const;

/** The list's filter from its URL; a malformed value means "no filter", never an error. */
export function parseSubscriberQuery(params: URLSearchParams): SubscriberQuery {
  const raw = Object.fromEntries(SUBSCRIBER_FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]));
  const parsed = subscriberQuerySchema.parse(raw);
  return { ...parsed, q: parsed.q || undefined, position: parseKeyset(params, "timestamp") };
}

const launchQuerySchema = z.object({ q: searchText, page: pageNumber });
export type LaunchQuery = z.output<typeof launchQuerySchema> & { pageSize?: number };

export function parseLaunchQuery(params: URLSearchParams): LaunchQuery {
  const parsed = launchQuerySchema.parse({ q: params.get("q") ?? undefined, page: params.get("page") ?? undefined });
  return { ...parsed, q: parsed.q || undefined };
}

// ---------------------------------------------------------------------------
// Subscribers
// ---------------------------------------------------------------------------
export interface SubscriberRow {
  id: string;
  email: string;
  userId: string | null;
  memberName: string | null;
  emailSubscribed: boolean;
  phoneSubscribed: boolean;
  phoneNumber: string | null;
  source: NewsletterSubscriberSource | string;
  confirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface RawSubscriber {
  id: string;
  email: string;
  user_id: string | null;
  member_name: string | null;
  email_subscribed: boolean;
  phone_subscribed: boolean;
  phone_number: string | null;
  source: string;
  confirmed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  cursor_at: string;
}

function subscriberConditions(query: SubscriberQuery): SQL {
  const parts: SQL[] = [sql`true`];
  // Lower-cased by the database on both sides, so its own case rules apply to å, ä and ö.
  if (query.q) parts.push(sql`lower(ns.email) LIKE lower(${likePattern(query.q)})`);
  if (query.kind === "member") parts.push(sql`ns.user_id IS NOT NULL`);
  if (query.kind === "anonymous") parts.push(sql`ns.user_id IS NULL`);
  if (query.email) parts.push(query.email === "on" ? sql`ns.email_subscribed` : sql`NOT ns.email_subscribed`);
  if (query.sms) parts.push(query.sms === "on" ? sql`ns.phone_subscribed` : sql`NOT ns.phone_subscribed`);
  if (query.source) parts.push(sql`ns.source = ${query.source}`);
  if (query.confirmed === "yes") parts.push(sql`ns.confirmed_at IS NOT NULL`);
  if (query.confirmed === "no") parts.push(sql`ns.confirmed_at IS NULL`);
  return sql.join(parts, sql` AND `);
}

function selectSubscribers(where: SQL, tail: SQL, cursor: SQL = sql`NULL`): SQL {
  return sql`
    SELECT ns.id, ns.email, ns.user_id,
           CASE WHEN ns.user_id IS NULL THEN NULL
                ELSE COALESCE(NULLIF(trim(p.display_name), ''), NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email)
           END AS member_name,
           ns.email_subscribed, ns.phone_subscribed, ns.phone_number, ns.source,
           ns.confirmed_at, ns.created_at, ns.updated_at,
           -- The export's keyset cursor at the database's full precision (a JS Date keeps only ms).
           ns.created_at::text AS cursor_at, ${cursor} AS cursor
      FROM newsletter_subscriptions ns
      LEFT JOIN profiles p ON p.user_id = ns.user_id
     WHERE ${where}
     ${tail}`;
}

const toDate = (value: Date | string) => new Date(value);

function toSubscriber(row: RawSubscriber): SubscriberRow {
  return {
    id: row.id,
    email: row.email,
    userId: row.user_id,
    memberName: row.member_name,
    emailSubscribed: row.email_subscribed,
    phoneSubscribed: row.phone_subscribed,
    phoneNumber: row.phone_number,
    source: row.source,
    confirmedAt: row.confirmed_at === null ? null : toDate(row.confirmed_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

export interface ListPage<T> {
  rows: T[];
  page: number;
  pageSize: number;
  /** Rows matching the filter. */
  total: number;
}

const SUBSCRIBER_ORDER: KeysetOrder = { column: sql`ns.created_at`, kind: "timestamp", id: sql`ns.id`, direction: "desc" };

/** Newest first, one keyset page, with the rows the filter matches counted up to a cap. */
export async function listSubscribers(
  db: Db,
  query: SubscriberQuery = {},
): Promise<{ rows: SubscriberRow[]; links: KeysetLinks; count: CappedCount }> {
  const pageSize = wholeBetween(query.pageSize, 1, ADMIN_PAGE_SIZE.max, ADMIN_PAGE_SIZE.default);
  const position = query.position ?? null;
  const where = subscriberConditions(query);
  const keyset = keysetSql(SUBSCRIBER_ORDER, position);
  const [rows, [counted]] = await Promise.all([
    queryRows<RawSubscriber & { cursor: string }>(
      db,
      selectSubscribers(sql`${where} AND ${keyset.where}`, sql`${keyset.orderBy} LIMIT ${pageSize + 1}`, cursorValueSql(SUBSCRIBER_ORDER)),
    ),
    queryRows<{ n: number | string }>(db, cappedCountSql(sql`FROM newsletter_subscriptions ns WHERE ${where}`, LIST_COUNT_CAP)),
  ]);
  const page = keysetPage(rows, pageSize, position, (row) => ({ value: row.cursor, id: row.id }));
  return { rows: page.rows.map(toSubscriber), links: page.links, count: cappedCount(counted?.n) };
}

export interface SubscriberSummary {
  total: number;
  members: number;
  anonymous: number;
  /** Who a campaign reaches: the email flag on and the address confirmed. */
  reachable: number;
  sms: number;
  unconfirmed: number;
}

/** The tab's summary, over every row (one aggregate). */
export async function subscriberSummary(db: Db): Promise<SubscriberSummary> {
  const [row] = await queryRows<Record<keyof SubscriberSummary, number | string>>(
    db,
    sql`SELECT count(*) AS total,
               count(*) FILTER (WHERE user_id IS NOT NULL) AS members,
               count(*) FILTER (WHERE user_id IS NULL) AS anonymous,
               count(*) FILTER (WHERE email_subscribed AND confirmed_at IS NOT NULL) AS reachable,
               count(*) FILTER (WHERE phone_subscribed) AS sms,
               count(*) FILTER (WHERE confirmed_at IS NULL) AS unconfirmed
          FROM newsletter_subscriptions`,
  );
  return {
    total: Number(row?.total ?? 0),
    members: Number(row?.members ?? 0),
    anonymous: Number(row?.anonymous ?? 0),
    reachable: Number(row?.reachable ?? 0),
    sms: Number(row?.sms ?? 0),
    unconfirmed: Number(row?.unconfirmed ?? 0),
  };
}

/** Every row the filter matches, in the table's order, read through one cursor (app/platform/db/cursor.server.ts). */
async function* subscriberBatches(db: Db, query: SubscriberQuery): AsyncGenerator<SubscriberRow[]> {
  const all = selectSubscribers(subscriberConditions(query), sql`ORDER BY ns.created_at DESC, ns.id DESC`);
  for await (const rows of cursorBatches<RawSubscriber>(db, all, EXPORT_BATCH_SIZE)) yield rows.map(toSubscriber);
}

const yesNo = (value: boolean) => (value ? "ja" : "nej");

export function sourceLabel(source: string): string {
  return Object.hasOwn(NEWSLETTER_SOURCE_LABELS, source) ? NEWSLETTER_SOURCE_LABELS[source as NewsletterSubscriberSource] : source;
}

export function exportSubscribersCsv(db: Db, query: SubscriberQuery): AsyncGenerator<string> {
  return csvChunks(
    ["E-post", "Medlem", "Medlems-id", "Nyhetsbrev via e-post", "SMS", "Telefon", "Källa", "Bekräftad", "Skapad", "Uppdaterad"],
    subscriberBatches(db, query),
    (row) => [
      row.email,
      row.memberName,
      row.userId,
      yesNo(row.emailSubscribed),
      yesNo(row.phoneSubscribed),
      row.phoneNumber,
      sourceLabel(row.source),
      row.confirmedAt ?? "väntar",
      row.createdAt,
      row.updatedAt,
    ],
  );
}

// ---------------------------------------------------------------------------
// Launch list (/kop-skins)
// ---------------------------------------------------------------------------
export interface LaunchRow {
  id: string;
  email: string;
  createdAt: Date;
}

function launchConditions(query: LaunchQuery): SQL {
  return query.q ? sql`lower(email) LIKE lower(${likePattern(query.q)})` : sql`true`;
}

export async function listLaunchNotifications(db: Db, query: LaunchQuery = {}): Promise<ListPage<LaunchRow>> {
  const { page, pageSize, offset } = pageParams(query, ADMIN_PAGE_SIZE);
  const where = launchConditions(query);
  const [rows, [counted]] = await Promise.all([
    queryRows<{ id: string; email: string; created_at: Date | string }>(
      db,
      sql`SELECT id, email, created_at FROM launch_notifications WHERE ${where}
           ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${offset}`,
    ),
    queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM launch_notifications WHERE ${where}`),
  ]);
  return {
    rows: rows.map((row) => ({ id: row.id, email: row.email, createdAt: toDate(row.created_at) })),
    page,
    pageSize,
    total: Number(counted?.n ?? 0),
  };
}

async function* launchBatches(db: Db, query: LaunchQuery): AsyncGenerator<LaunchRow[]> {
  const all = sql`SELECT id, email, created_at FROM launch_notifications WHERE ${launchConditions(query)} ORDER BY created_at DESC, id DESC`;
  for await (const rows of cursorBatches<{ id: string; email: string; created_at: Date | string }>(db, all, EXPORT_BATCH_SIZE)) {
    yield rows.map((row) => ({ id: row.id, email: row.email, createdAt: toDate(row.created_at) }));
  }
}

export function exportLaunchNotificationsCsv(db: Db, query: LaunchQuery): AsyncGenerator<string> {
  return csvChunks(["E-post", "Anmäld"], launchBatches(db, query), (row) => [row.email, row.createdAt]);
}
