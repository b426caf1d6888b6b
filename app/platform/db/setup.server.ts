import { sql } from "drizzle-orm";
import { queryRows, type Database } from "./client.server";
import { seed } from "./seed";
import { logger } from "../logger.server";

async function hasAppliedMigrations(database: Database): Promise<boolean> {
  const rows = await queryRows<{ exists: boolean }>(
    database.db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  return Boolean(rows[0]?.exists);
}

/**
 * Applies pending migrations; on a brand-new database also seeds the demo content once,
 * so content staff later delete stays deleted. `npm run db:seed` seeds on demand.
 */
export async function prepareDatabase(database: Database): Promise<{ fresh: boolean }> {
  const fresh = !(await hasAppliedMigrations(database));
  await database.migrate();
  if (fresh) {
    const inserted = await seed(database.db);
    logger.info({ inserted, driver: database.driver }, "new database migrated and seeded");
  } else {
    logger.info({ driver: database.driver }, "database migrated");
  }
  return { fresh };
}
