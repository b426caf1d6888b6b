import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR, queryRows, type Database } from "./client.server";
import { seed } from "./seed";
import { logger } from "../logger.server";

/** The advisory lock every instance takes around migrations, so N instances can start at once. */
export const MIGRATION_LOCK = "migrations";
const MIGRATION_LOCK_POLL_MS = 200;
const MIGRATION_LOCK_WAIT_MS = 5 * 60_000;

export interface PrepareOptions {
  /**
   * Seed the demo content (blog posts, shop items) into a brand-new database. Defaults to
   * the embedded database only, the quick start; a PostgreSQL deployment asks for it
   * (`SEED_DEMO=true`), so demo content never goes live by accident.
   */
  seedDemo?: boolean;
}

async function hasAppliedMigrations(database: Database): Promise<boolean> {
  const rows = await queryRows<{ exists: boolean }>(
    database.db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  return Boolean(rows[0]?.exists);
}

async function migrateAndSeed(database: Database, seedDemo: boolean): Promise<{ fresh: boolean }> {
  const fresh = !(await hasAppliedMigrations(database));
  await database.migrate();
  if (fresh && seedDemo) {
    const inserted = await seed(database.db);
    logger.info({ inserted, driver: database.driver }, "new database migrated and seeded with demo content");
  } else {
    logger.info({ driver: database.driver, fresh }, "database migrated");
  }
  return { fresh };
}

/**
 * Applies pending migrations under an advisory lock (another instance starting at the same
 * moment waits for it); on a brand-new database also seeds the demo content once when asked,
 * so content staff later delete stays deleted. `npm run db:seed` seeds on demand.
 */
export async function prepareDatabase(database: Database, options: PrepareOptions = {}): Promise<{ fresh: boolean }> {
  const seedDemo = options.seedDemo ?? database.driver === "pglite";
  const started = Date.now();
  for (;;) {
    const attempt = await database.withAdvisoryLock(MIGRATION_LOCK, () => migrateAndSeed(database, seedDemo));
    if (attempt.acquired) return attempt.value;
    if (Date.now() - started > MIGRATION_LOCK_WAIT_MS) {
      throw new Error("another instance has held the migration lock for over five minutes");
    }
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_POLL_MS));
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;

/** drizzle-kit's list of the migrations this build ships (read once: it is part of the build). */
function shippedMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] })
    .entries;
  return journal;
}

/**
 * The shipped migrations the database has not applied, by tag, as drizzle's migrator decides it:
 * those newer than the newest applied row (`created_at` is the migration's `when`). Empty when
 * the schema is what this build expects; every one when nothing was applied yet.
 */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const applied = (await hasAppliedMigrations(database))
    ? await queryRows<{ newest: string | number | null }>(
        database.db,
        sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
      )
    : [];
  const newest = Number(applied[0]?.newest ?? -1);
  return shippedMigrations()
    .filter((entry) => entry.when > newest)
    .map((entry) => entry.tag);
}
