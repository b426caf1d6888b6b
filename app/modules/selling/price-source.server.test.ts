/**
 * The scheduled price import (docs/rules/selling.md#scheduled-import) against the fake Skinport
 * source, through the job runner (advisory lock, due times) on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakePriceSource, type FakePriceSource } from "../../../server/fakes/price-source";
import { runJobIfDue } from "~/platform/jobs/job-runner.server";
import { audit_log, sell_prices } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { clearPriceSourceCache, importFromPriceSource, parseSkinportItems, PRICE_IMPORT_JOB, skinportSource } from "./price-source.server";

let database: TestDatabase;
let fake: FakePriceSource;
// An hour ahead of the real clock: a new job row is due from its insert time (the database's now).
let clock = Date.now() + 60 * 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakePriceSource();
});
afterAll(async () => {
  await fake?.stop();
  await database?.close();
});
beforeEach(() => {
  clearPriceSourceCache();
  fake.requests.length = 0;
  fake.setRateLimited(null);
});

const prices = async () =>
  Object.fromEntries((await database.db.select().from(sell_prices)).map((row) => [row.market_hash_name, [Number(row.reference_price_ore), row.source]]));

describe("parseSkinportItems", () => {
  it("takes the suggested price, else the lowest listing, in SEK only, and leaves out what it cannot read", () => {
    expect(
      parseSkinportItems([
        { market_hash_name: "A (Field-Tested)", currency: "SEK", suggested_price: 12.345, min_price: 10 },
        { market_hash_name: "B", currency: "SEK", suggested_price: null, min_price: 99.9 },
        { market_hash_name: "C", currency: "EUR", suggested_price: 5 },
        { market_hash_name: "D", currency: "SEK", suggested_price: null, min_price: null },
        { market_hash_name: "A (Field-Tested)", currency: "SEK", suggested_price: 1 },
        { market_hash_name: "E\u0000", currency: "SEK", suggested_price: 1 },
        { market_hash_name: "F", currency: "SEK", suggested_price: 1e12 },
        null,
        "x",
      ]),
    ).toEqual([
      { marketHashName: "A (Field-Tested)", priceOre: 1_235 },
      { marketHashName: "B", priceOre: 9_990 },
    ]);
    expect(() => parseSkinportItems({ errors: [] })).toThrow("answer is not a list");
  });
});

describe("the import job", () => {
  const job = { name: PRICE_IMPORT_JOB, intervalMs: 6 * 60 * 60_000, run: (db: typeof database.db, now: Date, signal: AbortSignal) => importFromPriceSource(db, now, signal, skinportSource(fake.url, { now: () => clock })) };

  it("imports through the runner once per interval, keeps what staff set, and audits the run", async () => {
    await database.db.insert(sell_prices).values({ market_hash_name: "Staff (Minimal Wear)", reference_price_ore: 100, source: "manual" });
    fake.setItems([
      { market_hash_name: "AK-47 | Redline (Field-Tested)", suggested_price: 249.5 },
      { market_hash_name: "Staff (Minimal Wear)", suggested_price: 5 },
    ]);
    const first = await runJobIfDue(database, job, new Date(clock));
    expect(first.status).toBe("ran");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.searchParams.get("currency")).toBe("SEK");
    expect(fake.requests[0]!.searchParams.get("app_id")).toBe("730");
    expect(await prices()).toEqual({ "AK-47 | Redline (Field-Tested)": [24_950, "skinport"], "Staff (Minimal Wear)": [100, "manual"] });
    const [audit] = await database.db.select().from(audit_log).where(eq(audit_log.action, "price_list.source_import"));
    expect(audit).toMatchObject({ actor_user_id: null, entity_id: "skinport", after: { received: 2, written: 1 } });

    // Not due again until the interval has passed.
    expect((await runJobIfDue(database, job, new Date(clock + 60_000))).status).toBe("not-due");
    expect(fake.requests).toHaveLength(1);
  });

  it("reuses an answer for five minutes and backs off after a 429 until Retry-After has passed", async () => {
    const source = skinportSource(fake.url, { now: () => clock });
    fake.setItems([{ market_hash_name: "AK-47 | Redline (Field-Tested)", suggested_price: 260 }]);
    await importFromPriceSource(database.db, new Date(clock), undefined, source);
    await importFromPriceSource(database.db, new Date(clock), undefined, source);
    expect(fake.requests).toHaveLength(1);
    expect((await prices())["AK-47 | Redline (Field-Tested)"]).toEqual([26_000, "skinport"]);

    clock += 6 * 60_000;
    fake.setRateLimited(600);
    expect(await importFromPriceSource(database.db, new Date(clock), undefined, source)).toEqual({ source: "skinport", skipped: "rate limited" });
    fake.setRateLimited(null);
    clock += 60_000;
    const blocked = await importFromPriceSource(database.db, new Date(clock), undefined, source);
    expect(blocked).toMatchObject({ skipped: expect.stringContaining("rate limited until") });
    expect(fake.requests).toHaveLength(2);
    clock += 10 * 60_000;
    expect(await importFromPriceSource(database.db, new Date(clock), undefined, source)).toMatchObject({ received: 1 });
    expect(fake.requests).toHaveLength(3);
  });

  it("does nothing without a source, and an unreachable one is skipped, not a crash", async () => {
    expect(await importFromPriceSource(database.db, new Date(clock), undefined, null)).toEqual({ skipped: "no price source configured" });
    const failing = skinportSource("http://127.0.0.1:9/v1/items", { fetchImpl: (async () => new Response("<html>", { status: 200 })) as unknown as typeof fetch });
    expect(await importFromPriceSource(database.db, new Date(clock), undefined, failing)).toEqual({ source: "skinport", skipped: "answer is not JSON" });
    const closed = skinportSource("http://127.0.0.1:9/v1/items");
    expect(await importFromPriceSource(database.db, new Date(clock), undefined, closed)).toEqual({ source: "skinport", skipped: "unreachable (TypeError)" });
  });
});
