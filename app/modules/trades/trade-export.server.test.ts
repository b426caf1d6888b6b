/**
 * The Transactions export streams exactly the list's rows (docs/rules/admin.md#transactions):
 * every page of the list with the same filters, concatenated, in order, with rows that tie on
 * the sort column (one timestamp for several trades, one total for several).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRow } from "~/lib/csv";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { PAYOUT_LABELS } from "~/modules/selling/selling-constants";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import type { TradeListQuery } from "./trade-schema";
import { TRADE_STATUS_LABELS, TRADE_TYPE_LABELS } from "./trades-constants";
import { exportTrades, exportTradesCsv, listTrades, TRADE_CSV_HEADER, type TradeListRow } from "./trades.server";

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  const anna = await createMember(db(), { email: "anna@export.se", firstName: "Anna" });
  const bo = await createMember(db(), { email: "bo@export.se", firstName: "Bo" });
  // 23 trades: timestamps in groups of three at one microsecond, totals in groups of four.
  await db().execute(sql`
    INSERT INTO trades (user_id, type, status, base_total_ore, total_ore, level_at_recording, payout_method, payment_method, created_at)
    SELECT CASE WHEN g % 2 = 0 THEN ${anna}::uuid ELSE ${bo}::uuid END,
           CASE WHEN g % 5 = 0 THEN 'purchase' ELSE 'sale' END, 'pending', 1000 * (1 + g / 4), 1000 * (1 + g / 4), 'bronze',
           CASE WHEN g % 5 = 0 THEN NULL ELSE 'swish' END, CASE WHEN g % 5 = 0 THEN 'Swish' END,
           '2025-05-01T10:00:00.123456Z'::timestamptz - interval '1 minute' * (g / 3)
      FROM generate_series(1, 23) g`);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function allPages(query: TradeListQuery): Promise<string[]> {
  const ids: string[] = [];
  // Page by page through the table's own "next" links.
  let efter: string | undefined;
  for (;;) {
    const listed = await listTrades(db(), { ...query, efter, pageSize: 4 });
    ids.push(...listed.rows.map((row) => row.id));
    if (!listed.links.next) return ids;
    efter = listed.links.next;
  }
}

const kronor = (ore: number) => (ore / 100).toFixed(2);
/** The line csvRow writes for a listed trade (the export's format before PostgreSQL wrote it). */
const expectedLine = (row: TradeListRow) =>
  csvRow([
    ...[row.id, row.createdAt, TRADE_TYPE_LABELS[row.type], TRADE_STATUS_LABELS[row.status], row.memberName, row.memberEmail],
    ...[row.memberSteamId, row.itemSummary, row.itemCount, kronor(row.baseTotalOre), kronor(row.levelBonusOre)],
    ...[kronor(row.bulkBonusOre), kronor(row.perkBonusOre), kronor(row.purchaseFeeOre), kronor(row.totalOre)],
    row.payoutMethod ? PAYOUT_LABELS[row.payoutMethod] : row.paymentMethod,
    ...[row.pointsCredited, row.xpCredited, row.completedAt, row.reversedAt, row.cancelledAt, row.note],
  ]);

/** Every exported line equals the listed row's line (one page holds them all); the listed rows. */
async function expectLinesOfListedRows(): Promise<TradeListRow[]> {
  const listed = (await listTrades(db(), { sort: "total", dir: "asc", pageSize: 100 })).rows;
  let csv = "";
  for await (const chunk of exportTradesCsv(db(), { sort: "total", dir: "asc" })) csv += chunk;
  expect(csv.startsWith(`\uFEFF${csvRow(TRADE_CSV_HEADER)}`)).toBe(true);
  expect(csv.slice(csvRow(TRADE_CSV_HEADER).length + 1)).toBe(listed.map(expectedLine).join(""));
  return listed;
}

describe("exportTrades", () => {
  const queries: TradeListQuery[] = [
    {},
    { sort: "created_at", dir: "asc" },
    { sort: "total", dir: "desc" },
    { sort: "base_total", dir: "asc" },
    { q: "anna@export", sort: "total", dir: "asc" },
    { type: "sale", status: "pending", from: "2025-05-01", to: "2025-05-01" },
  ];
  it.each(queries)("streams the list's rows for %o, whatever the batch size", async (query) => {
    const listed = await allPages(query);
    expect(listed.length).toBeGreaterThan(3);
    for (const batchSize of [1, 4, 7, 500]) {
      const exported: string[] = [];
      for await (const batch of exportTrades(db(), query, batchSize)) {
        expect(batch.length).toBeLessThanOrEqual(batchSize);
        exported.push(...batch.map((row) => row.id));
      }
      expect(exported).toEqual(listed);
    }
  });

  it("writes each listed row's own values, times as toISOString writes them", async () => {
    // The CSV is formatted from the driver's rows; the list's trade objects are the oracle.
    await db().execute(sql`UPDATE trades SET status = 'completed', completed_at = created_at + interval '1.0009 seconds',
                                             points_credited = 7, note = ${'=SUM(1), "citat"'} WHERE total_ore = 2000`);
    const listed = await expectLinesOfListedRows();
    expect(listed.some((row) => row.completedAt && row.note)).toBe(true);
  });

  it("writes awkward text exactly as csvRow does: formulas, quotes, line breaks, white space at the ends", async () => {
    // The lines are written by PostgreSQL; csvRow (csv.ts) on the list's values is the oracle.
    const awkward = [
      "-1", "+46 70", "@summa", "\tflik", "\rretur", "rad\nbrytning", "slut\r", " inledande", "avslutande ",
      "hård\u00a0", "\u3000ideografisk", "bom\ufeff", "a,b", 'sa "hej"', "'apostrof", "=", "", "åäö ÅÄÖ", "x\u2028y", "\v",
    ];
    await db().execute(sql`UPDATE trades t SET note = a.note
                             FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM trades) r
                             JOIN unnest(ARRAY[${sql.join(awkward.map((note) => sql`${note}::text`), sql`, `)}]) WITH ORDINALITY AS a(note, n) ON a.n = r.n
                            WHERE t.id = r.id`);
    await db().execute(sql`UPDATE profiles SET display_name = ${" =Anna, \"A\" "} WHERE email = 'anna@export.se'`);
    const listed = await expectLinesOfListedRows();
    expect(listed.map((row) => row.note)).toEqual(expect.arrayContaining(awkward));
  });

  it("writes one CSV line per listed row", async () => {
    let csv = "";
    for await (const chunk of exportTradesCsv(db(), { q: "bo@export" })) csv += chunk;
    const ids = csv.trimEnd().split("\r\n").slice(1).map((line) => line.split(",")[0]);
    expect(ids).toEqual(await allPages({ q: "bo@export" }));
  });
});
