import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openPostgres, queryRows, type Database } from "./client.server";
import { pendingMigrations, prepareDatabase } from "./setup.server";
import { createTestDatabase, type TestDatabase } from "./test-db";

async function count(database: Database, table: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return rows[0]?.n ?? -1;
}

describe("prepareDatabase", () => {
  let database: TestDatabase | undefined;
  const extra: Database[] = [];
  afterEach(async () => {
    for (const other of extra.splice(0)) await other.close();
    await database?.close();
    database = undefined;
  });

  it("migrates a brand-new database once and seeds the demo content only when asked", async () => {
    database = await createTestDatabase({ migrate: false });
    expect(await prepareDatabase(database, { seedDemo: false })).toEqual({ fresh: true });
    expect(await count(database, "blog_posts")).toBe(0);
    // Not fresh any more: asking now seeds nothing (content staff delete stays deleted).
    expect(await prepareDatabase(database, { seedDemo: true })).toEqual({ fresh: false });
    expect(await count(database, "blog_posts")).toBe(0);
  });

  it("seeds the demo content into a brand-new embedded database by default", async () => {
    database = await createTestDatabase({ migrate: false });
    await prepareDatabase(database, database.driver === "pglite" ? {} : { seedDemo: true });
    expect(await count(database, "blog_posts")).toBeGreaterThan(0);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "lets instances starting at the same moment migrate and seed exactly once (PostgreSQL)",
    async () => {
      database = await createTestDatabase({ migrate: false });
      const instances = Array.from({ length: 4 }, () => openPostgres(database!.url!));
      extra.push(...instances);
      const results = await Promise.all(instances.map((instance) => prepareDatabase(instance, { seedDemo: true })));
      expect(results.filter((result) => result.fresh)).toHaveLength(1);
      const seeded = await count(database, "blog_posts");
      expect(seeded).toBeGreaterThan(0);
      // A second seed would have doubled the posts (or failed on their unique slugs).
      const slugs = await queryRows<{ n: number }>(database.db, sql`SELECT count(DISTINCT slug)::int AS n FROM blog_posts`);
      expect(slugs[0]?.n).toBe(seeded);
    },
  );

  it("names the shipped migrations a database has not applied: all before, none after, the newest once its row is gone", async () => {
    database = await createTestDatabase({ migrate: false });
    const before = await pendingMigrations(database);
    expect(before.length).toBeGreaterThan(1);
    expect(before[0]).toBe("0000_init");
    await prepareDatabase(database, { seedDemo: false });
    expect(await pendingMigrations(database)).toEqual([]);
    await database.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    expect(await pendingMigrations(database)).toEqual([before.at(-1)]);
  });
});
