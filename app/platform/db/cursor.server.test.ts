import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cursorBatches } from "./cursor.server";
import { queryRows } from "./client.server";
import { createTestDatabase, type TestDatabase } from "./test-db";

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  await database.db.execute(sql`SELECT 1`);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const ordered = sql`SELECT g AS n, (g % 3) AS tie, now() - interval '1 second' * (g % 3) AS at FROM generate_series(1, 1000) g ORDER BY g % 3, g DESC`;

describe("cursorBatches", () => {
  it("reads one ordered query in batches: every row once, in order, dates as text", async () => {
    const batches: Array<Array<{ n: number; tie: number; at: string }>> = [];
    for await (const batch of cursorBatches<{ n: number; tie: number; at: string }>(db(), ordered, 300)) batches.push(batch);
    expect(batches.map((batch) => batch.length)).toEqual([300, 300, 300, 100]);
    const all = await queryRows<{ n: number }>(db(), ordered);
    expect(batches.flat().map((row) => Number(row.n))).toEqual(all.map((row) => Number(row.n)));
    expect(typeof batches[0]![0]!.at).toBe("string");
  });

  it("lets other queries run between batches and closes the cursor when the reader stops early", async () => {
    const reader = cursorBatches<{ n: number }>(db(), ordered, 10);
    const first = await reader.next();
    expect(first.value).toHaveLength(10);
    // Another request's query while the export waits for its reader.
    expect(await queryRows<{ one: number }>(db(), sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    await reader.return(undefined);
    const open = await queryRows<{ n: number | string }>(db(), sql`SELECT count(*) AS n FROM pg_cursors WHERE name LIKE 'cursor\_%'`);
    expect(Number(open[0]!.n)).toBe(0);
  });

  it("passes the query's parameters and reports its errors", async () => {
    const rows: number[] = [];
    for await (const batch of cursorBatches<{ g: number }>(db(), sql`SELECT g FROM generate_series(1, ${5}::int) g ORDER BY g`, 2)) rows.push(...batch.map((row) => Number(row.g)));
    expect(rows).toEqual([1, 2, 3, 4, 5]);
    const failing = cursorBatches(db(), sql`SELECT 1 / (g - 3) FROM generate_series(1, 5) g`, 1);
    const failure = await (async () => {
      for await (const _batch of failing) void _batch;
    })().catch((error: Error & { cause?: Error }) => error);
    expect(String(failure?.cause?.message ?? failure?.message)).toMatch(/division by zero/);
    expect(await queryRows<{ one: number }>(db(), sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });
});
