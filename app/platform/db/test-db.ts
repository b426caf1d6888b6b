/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a
 * uniquely named database on the PostgreSQL server named by DATABASE_URL (created here
 * and dropped afterwards, never touching any other database's tables).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "./client.server";

export interface TestDatabase extends Database {
  /** Connection string of the created database (PostgreSQL only). */
  url?: string;
}

export function createDatabaseName(prefix = "skinhamnen_test"): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
}

export async function createPostgresDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(baseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  let database: TestDatabase;
  if (baseUrl) {
    const name = createDatabaseName();
    const url = await createPostgresDatabase(baseUrl, name);
    const opened = openPostgres(url);
    database = {
      ...opened,
      url,
      async close() {
        await opened.close();
        await dropPostgresDatabase(baseUrl, name);
      },
    };
  } else {
    database = openPglite();
  }
  if (options.migrate !== false) await database.migrate();
  return database;
}
