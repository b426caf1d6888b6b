/**
 * The audit log: every staff write records who did what to which row, with the row before
 * and after (docs/rules/accounts.md#audit-log). `recordAudit` takes the transaction of the write
 * itself, so a change and its audit row commit together or not at all.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { z } from "~/lib/zod";
import { ADMIN_PAGE_SIZE } from "~/platform/platform-constants";
import { csvChunks } from "~/lib/csv";
import { pageParams, wholeBetween } from "~/lib/paging";
import { keysetPage, parseKeyset, type KeysetLinks, type KeysetPosition } from "~/lib/keyset";
import { cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { stockholmDayEnd, stockholmDayStart } from "~/lib/stockholm-time";
import type { Db, Tx } from "~/platform/db/client.server";
import { audit_log, user } from "~/platform/db/schema";

export interface AuditInput {
  /** The staff member; null only for a change no person made (a job). */
  actorUserId: string | null;
  /** `{area}.{verb}`, e.g. `trade.complete`. */
  action: string;
  /** Snake-case name of what changed, e.g. `trade`, `shop_item`. */
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copy: dates as ISO strings, undefined dropped. */
function snapshot(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, inner: unknown) => (typeof inner === "bigint" ? inner.toString() : inner)),
  );
}

export async function recordAudit(tx: Tx, input: AuditInput): Promise<string> {
  const [row] = await tx
    .insert(audit_log)
    .values({
      actor_user_id: input.actorUserId,
      action: input.action,
      entity_type: input.entityType,
      entity_id: input.entityId,
      before: snapshot(input.before),
      after: snapshot(input.after),
    })
    .returning({ id: audit_log.id });
  return row!.id;
}

export interface AuditFilters {
  actorUserId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  /** Inclusive start. */
  from?: Date;
  /** Exclusive end. */
  to?: Date;
  /** A numbered page: only `listAuditPage` reads it (an old `?page=` link to the log is ignored). */
  page?: number;
  pageSize?: number;
  /** The keyset page `listAudit` reads; null or absent is the first. */
  position?: KeysetPosition;
}

export interface AuditEntry {
  id: string;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** A numbered page (a member's own entries on the member page, a bounded list). */
export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  /** Whether a further page exists. */
  hasMore: boolean;
}

/** A keyset page of the audit log (docs/decisions/039-keyset-lists-and-search.md). */
export interface AuditKeysetPage {
  entries: AuditEntry[];
  links: KeysetLinks;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional()).catch(undefined);

const auditQuerySchema = z.object({
  actor: optionalParam(z.string().regex(UUID)),
  action: optionalParam(
    z
      .string()
      .regex(/^[a-z][a-z_]*(\.[a-z][a-z_]*)*$/)
      .max(100),
  ),
  entityType: optionalParam(z.string().regex(/^[a-z][a-z_]{1,63}$/)),
  entityId: optionalParam(
    z
      .string()
      .min(1)
      .max(200)
      .refine((value) => !value.includes("\u0000")),
  ),
  /** Stockholm calendar days, inclusive. */
  from: optionalParam(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  to: optionalParam(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  page: optionalParam(z.coerce.number().int().min(1).max(100_000)),
  pageSize: optionalParam(z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.max)),
});

/**
 * The audit view's filters from its URL (`actor`, `action`, `entityType`, `entityId`, `from`,
 * `to`, `page`, `pageSize`). A malformed value means "no filter", never an error.
 */
export function parseAuditListQuery(params: URLSearchParams): AuditFilters {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(auditQuerySchema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const query = auditQuerySchema.parse(raw);
  return {
    actorUserId: query.actor,
    action: query.action,
    entityType: query.entityType,
    entityId: query.entityId,
    from: (query.from && stockholmDayStart(query.from)) || undefined,
    to: (query.to && stockholmDayEnd(query.to)) || undefined,
    page: query.page,
    pageSize: query.pageSize,
    position: parseKeyset(params, "timestamp") ?? undefined,
  };
}

const validDate = (value: Date | undefined) => (value && !Number.isNaN(value.getTime()) ? value : undefined);

/** The filters as SQL conditions; null when nothing can match (and the query would fail). */
function auditConditions(filters: AuditFilters): SQL[] | null {
  // Not a user id, or text PostgreSQL cannot hold: nothing can match.
  if (
    (filters.actorUserId !== undefined && !UUID.test(filters.actorUserId)) ||
    [filters.action, filters.entityType, filters.entityId].some((value) => value?.includes("\u0000"))
  ) {
    return null;
  }
  const from = validDate(filters.from);
  const to = validDate(filters.to);
  const conditions: SQL[] = [];
  if (filters.actorUserId) conditions.push(eq(audit_log.actor_user_id, filters.actorUserId));
  if (filters.action) {
    // `trade` matches every `trade.*` action; a full action matches itself.
    conditions.push(
      filters.action.includes(".")
        ? eq(audit_log.action, filters.action)
        : sql`split_part(${audit_log.action}, '.', 1) = ${filters.action}`,
    );
  }
  if (filters.entityType) conditions.push(eq(audit_log.entity_type, filters.entityType));
  if (filters.entityId) conditions.push(eq(audit_log.entity_id, filters.entityId));
  if (from) conditions.push(gte(audit_log.created_at, from));
  if (to) conditions.push(lt(audit_log.created_at, to));
  return conditions;
}

const entryColumns = {
  id: audit_log.id,
  actorUserId: audit_log.actor_user_id,
  actorEmail: user.email,
  action: audit_log.action,
  entityType: audit_log.entity_type,
  entityId: audit_log.entity_id,
  before: audit_log.before,
  after: audit_log.after,
  createdAt: audit_log.created_at,
};

const AUDIT_ORDER: KeysetOrder = { column: sql`${audit_log.created_at}`, kind: "timestamp", id: sql`${audit_log.id}`, direction: "desc" };

/** Newest first, one keyset page (`filters.position`; `page` is not read). */
export async function listAudit(db: Db, filters: AuditFilters = {}): Promise<AuditKeysetPage> {
  const pageSize = wholeBetween(filters.pageSize, 1, ADMIN_PAGE_SIZE.max, ADMIN_PAGE_SIZE.default);
  const position = filters.position ?? null;
  const conditions = auditConditions(filters);
  if (!conditions) return { entries: [], links: { first: position !== null, previous: null, next: null } };
  const keyset = keysetSql(AUDIT_ORDER, position);
  const rows = await db
    .select({ ...entryColumns, cursor: sql<string>`${cursorValueSql(AUDIT_ORDER)}` })
    .from(audit_log)
    .leftJoin(user, eq(user.id, audit_log.actor_user_id))
    .where(and(...conditions, keyset.where))
    .orderBy(keyset.terms)
    .limit(pageSize + 1);
  const page = keysetPage(rows, pageSize, position, (row) => ({ value: row.cursor, id: row.id }));
  return { entries: page.rows.map(({ cursor: _cursor, ...entry }) => entry), links: page.links };
}

/** Newest first, a numbered page: the few entries of one row (the member page's section). */
export async function listAuditPage(db: Db, filters: AuditFilters = {}): Promise<AuditPage> {
  const { page, pageSize, offset } = pageParams(filters, ADMIN_PAGE_SIZE);
  const conditions = auditConditions(filters);
  if (!conditions) return { entries: [], page, pageSize, hasMore: false };
  const rows = await db
    .select(entryColumns)
    .from(audit_log)
    .leftJoin(user, eq(user.id, audit_log.actor_user_id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(audit_log.created_at), desc(audit_log.id))
    .limit(pageSize + 1)
    .offset(offset);
  return { entries: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
}

/** Rows per export batch. */
const AUDIT_EXPORT_BATCH = 500;

/**
 * Every entry the filters match (page and page size aside), newest first, in batches read by
 * keyset so a long export costs the same per batch at the end as at the start.
 */
export async function* auditBatches(db: Db, filters: AuditFilters = {}, batchSize = AUDIT_EXPORT_BATCH): AsyncGenerator<AuditEntry[]> {
  const conditions = auditConditions(filters);
  if (!conditions) return;
  // The cursor is the last row's id; its timestamp is read in SQL, keeping its microseconds.
  let after: string | null = null;
  for (;;) {
    const keyset: SQL[] = after
      ? [sql`(${audit_log.created_at}, ${audit_log.id}) < (SELECT a.created_at, a.id FROM audit_log a WHERE a.id = ${after})`]
      : [];
    const where = [...conditions, ...keyset];
    const rows: AuditEntry[] = await db
      .select(entryColumns)
      .from(audit_log)
      .leftJoin(user, eq(user.id, audit_log.actor_user_id))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(audit_log.created_at), desc(audit_log.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

const AUDIT_CSV_HEADER = ["Tidpunkt", "Personal", "Åtgärd", "Typ", "Id", "Före", "Efter"] as const;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The filtered log as streamed CSV text (csvChunks: BOM, quoting, no formulas). */
export function exportAuditCsv(db: Db, filters: AuditFilters = {}): AsyncGenerator<string> {
  return csvChunks(AUDIT_CSV_HEADER, auditBatches(db, filters), (entry) => [
    entry.createdAt,
    entry.actorEmail,
    entry.action,
    entry.entityType,
    entry.entityId,
    json(entry.before),
    json(entry.after),
  ]);
}
