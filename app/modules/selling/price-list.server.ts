/**
 * The price list (docs/rules/selling.md#price-list): reference prices by `market_hash_name`,
 * maintained by admins (CSV import, manual edit) and optionally by a scheduled import from a
 * price source. Every staff write is audited in its own transaction; the scheduled import too,
 * with no actor.
 */
import { and, asc, count, eq, gte, ilike, inArray, sql } from "drizzle-orm";
import { PRICE_HISTORY_DAYS, PRICE_LIST, type PriceSourceId } from "~/modules/selling/selling-constants";
import { addDays, stockholmDay } from "~/lib/stockholm-time";
import { pageParams } from "~/lib/paging";
import { fieldErrors, firstError, type FieldErrors } from "~/lib/validation";
import { recordAudit } from "~/platform/audit/audit.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { likePattern } from "~/platform/db/like";
import { sell_price_history, sell_prices } from "~/platform/db/schema";
import { parsePriceCsv, priceEditSchema, type PriceRow, type PriceRowError } from "./price-list-rules";
import { firePriceAlerts } from "./price-alert-firing.server";
import { deliverQueuedMail } from "~/platform/mail/mail-queue.server";

export interface PriceListRow {
  marketHashName: string;
  referencePriceOre: number;
  source: PriceSourceId;
  updatedAt: string;
}

/** A reference price with where it came from and when (docs/rules/selling.md#quote-prices). */
export interface ReferencePrice {
  priceOre: number;
  source: PriceSourceId;
  updatedAt: string;
}

/** The list's rows for the given names (those on the list): price, source and date. */
export async function referencePriceRows(db: Db | Tx, names: readonly string[]): Promise<Map<string, ReferencePrice>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ name: sell_prices.market_hash_name, price: sell_prices.reference_price_ore, source: sell_prices.source, updatedAt: sell_prices.updated_at })
    .from(sell_prices)
    .where(inArray(sell_prices.market_hash_name, unique));
  return new Map(
    rows.map((row) => [row.name, { priceOre: Number(row.price), source: row.source as PriceSourceId, updatedAt: new Date(row.updatedAt).toISOString() }]),
  );
}

/** Reference prices of the given names (those on the list). */
export async function referencePrices(db: Db | Tx, names: readonly string[]): Promise<Map<string, number>> {
  const rows = await referencePriceRows(db, names);
  return new Map([...rows].map(([name, row]) => [name, row.priceOre]));
}

/** One day of an item's price history. */
export interface PriceHistoryPoint {
  day: string;
  priceOre: number;
}

/**
 * The last PRICE_HISTORY_DAYS Stockholm days of each name's history (docs/rules/selling.md#price-history),
 * oldest first; a name without history maps to an empty list.
 */
export async function priceHistory(db: Db | Tx, names: readonly string[], now: Date = new Date()): Promise<Map<string, PriceHistoryPoint[]>> {
  const unique = [...new Set(names)];
  const result = new Map<string, PriceHistoryPoint[]>(unique.map((name) => [name, []]));
  if (unique.length === 0) return result;
  const from = addDays(stockholmDay(now), -(PRICE_HISTORY_DAYS - 1));
  const rows = await db
    .select({ name: sell_price_history.market_hash_name, day: sell_price_history.day, price: sell_price_history.reference_price_ore })
    .from(sell_price_history)
    .where(and(inArray(sell_price_history.market_hash_name, unique), gte(sell_price_history.day, from)))
    .orderBy(asc(sell_price_history.day));
  for (const row of rows) result.get(row.name)?.push({ day: row.day, priceOre: Number(row.price) });
  return result;
}

export async function listPrices(
  db: Db,
  query: { search?: string; page?: number },
): Promise<{ rows: PriceListRow[]; total: number; page: number; pageCount: number }> {
  const { page, pageSize, offset } = pageParams({ page: query.page, pageSize: PRICE_LIST.pageSize }, { default: PRICE_LIST.pageSize, max: PRICE_LIST.pageSize });
  const search = query.search?.trim();
  const where = search ? ilike(sell_prices.market_hash_name, likePattern(search)) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(sell_prices)
      .where(where)
      .orderBy(asc(sell_prices.market_hash_name))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(sell_prices).where(where),
  ]);
  const total = Number(totalRow?.total ?? 0);
  return {
    rows: rows.map((row) => ({
      marketHashName: row.market_hash_name,
      referencePriceOre: Number(row.reference_price_ore),
      source: row.source as PriceSourceId,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

const UPSERT_BATCH = 500;

/** Inserts or updates rows; `onlySource` limits updates to rows that came from that source. */
async function upsertPrices(
  tx: Tx,
  rows: readonly { marketHashName: string; priceOre: number }[],
  source: PriceSourceId,
  actorUserId: string | null,
  now: Date,
  onlySource?: PriceSourceId,
): Promise<{ written: number; mailIds: string[] }> {
  const names: string[] = [];
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const batch = rows.slice(i, i + UPSERT_BATCH);
    const result = await tx
      .insert(sell_prices)
      .values(batch.map((row) => ({ market_hash_name: row.marketHashName, reference_price_ore: row.priceOre, source, updated_at: now, updated_by: actorUserId })))
      .onConflictDoUpdate({
        target: sell_prices.market_hash_name,
        set: {
          reference_price_ore: sql`excluded.reference_price_ore`,
          source: sql`excluded.source`,
          updated_at: sql`excluded.updated_at`,
          updated_by: sql`excluded.updated_by`,
        },
        ...(onlySource ? { setWhere: eq(sell_prices.source, onlySource) } : {}),
      })
      .returning({ name: sell_prices.market_hash_name, price: sell_prices.reference_price_ore, source: sell_prices.source });
    for (const row of result) names.push(row.name);
    // docs/rules/selling.md#price-history: the day's row of each row written, in this transaction; the day's last value wins.
    if (result.length > 0) {
      await tx
        .insert(sell_price_history)
        .values(result.map((row) => ({ market_hash_name: row.name, day: stockholmDay(now), reference_price_ore: Number(row.price), source: row.source, updated_at: now })))
        .onConflictDoUpdate({
          target: [sell_price_history.market_hash_name, sell_price_history.day],
          set: {
            reference_price_ore: sql`excluded.reference_price_ore`,
            source: sql`excluded.source`,
            updated_at: sql`excluded.updated_at`,
          },
        });
    }
  }
  // docs/rules/selling.md#price-alerts: in the write's own transaction, so an alert fires once.
  return { written: names.length, mailIds: await firePriceAlerts(tx, names, now) };
}

export type PricePreview =
  | { ok: true; rows: PriceRow[]; errors: PriceRowError[]; newCount: number; changedCount: number }
  | { ok: false; message: string };

/** What an import would do: the valid rows (how many new, how many changed) and the bad rows with reasons. */
export async function previewPriceImport(db: Db, text: string): Promise<PricePreview> {
  const parsed = parsePriceCsv(text);
  if (!parsed.ok) return parsed;
  const existing = new Map<string, number>();
  for (let i = 0; i < parsed.rows.length; i += UPSERT_BATCH) {
    const found = await referencePrices(db, parsed.rows.slice(i, i + UPSERT_BATCH).map((row) => row.marketHashName));
    for (const [name, price] of found) existing.set(name, price);
  }
  const newCount = parsed.rows.filter((row) => !existing.has(row.marketHashName)).length;
  const changedCount = parsed.rows.filter((row) => existing.has(row.marketHashName) && existing.get(row.marketHashName) !== row.priceOre).length;
  return { ...parsed, newCount, changedCount };
}

export type PriceImportResult = { ok: true; imported: number; errors: PriceRowError[] } | { ok: false; message: string };

/** Imports the valid rows of a CSV in one transaction with one audit row; bad rows are skipped and reported. */
export async function importPriceCsv(db: Db, input: { actorUserId: string; text: string; now?: Date }): Promise<PriceImportResult> {
  const parsed = parsePriceCsv(input.text);
  if (!parsed.ok) return parsed;
  const now = input.now ?? new Date();
  const { written: imported, mailIds } = await db.transaction(async (tx) => {
    const { written, mailIds } = await upsertPrices(tx, parsed.rows, "csv", input.actorUserId, now);
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "price_list.import",
      entityType: "price_list",
      entityId: "csv",
      after: {
        imported: written,
        skippedLines: parsed.errors.map((error) => error.line),
        // The names and prices, so the audit shows what the list became.
        rows: parsed.rows.map((row) => [row.marketHashName, row.priceOre]),
      },
    });
    return { written, mailIds };
  });
  await deliverQueuedMail(db, mailIds);
  return { ok: true, imported, errors: parsed.errors };
}

export type PriceEditResult = { ok: true; row: PriceListRow } | { ok: false; message: string; fieldErrors?: FieldErrors };

/** Sets one row's reference price (creating it when new), audited with the row before and after. */
export async function setPrice(db: Db, input: { actorUserId: string; input: unknown; now?: Date }): Promise<PriceEditResult> {
  const parsed = priceEditSchema.safeParse(input.input);
  if (!parsed.success) return { ok: false, message: firstError(parsed.error), fieldErrors: fieldErrors(parsed.error) };
  const now = input.now ?? new Date();
  const name = parsed.data.market_hash_name;
  const { result, mailIds } = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(sell_prices).where(eq(sell_prices.market_hash_name, name)).for("update");
    const { mailIds } = await upsertPrices(tx, [{ marketHashName: name, priceOre: parsed.data.price }], "manual", input.actorUserId, now);
    const after = { reference_price_ore: parsed.data.price, source: "manual" };
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "price_list.update",
      entityType: "sell_price",
      entityId: name,
      before: before ? { reference_price_ore: Number(before.reference_price_ore), source: before.source } : null,
      after,
    });
    return {
      mailIds,
      result: {
        ok: true as const,
        row: { marketHashName: name, referencePriceOre: parsed.data.price, source: "manual" as const, updatedAt: now.toISOString() },
      },
    };
  });
  await deliverQueuedMail(db, mailIds);
  return result;
}

/**
 * Writes a price source's prices: new names are added, rows that came from the same source are
 * updated, and rows staff set (manual or CSV) are kept (docs/rules/selling.md#scheduled-import).
 */
export async function writeSourcePrices(
  db: Db,
  source: PriceSourceId,
  rows: readonly { marketHashName: string; priceOre: number }[],
  now: Date,
): Promise<{ written: number }> {
  const { written, mailIds } = await db.transaction(async (tx) => {
    const written = await upsertPrices(tx, rows, source, null, now, source);
    await recordAudit(tx, {
      actorUserId: null,
      action: "price_list.source_import",
      entityType: "price_list",
      entityId: source,
      after: { received: rows.length, written: written.written },
    });
    return written;
  });
  await deliverQueuedMail(db, mailIds);
  return { written };
}

