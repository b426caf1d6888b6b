import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import * as schema from "./schema";
import { config } from "../config.server";
import { dropSingleton, singleton } from "../singleton.server";
import {
  listenOnPglite,
  listenOnPostgres,
  type ListenConnection,
  type ListenHandlers,
} from "../realtime/listen-connection.server";

export type Schema = typeof schema;
/** The one database type services receive: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Opens a LISTEN connection on a channel (outside the pool on PostgreSQL, reconnecting when
   * it drops). The process opens one, through the realtime hub (app/platform/realtime).
   */
  listen(channel: string, handlers: ListenHandlers): ListenConnection;
  /**
   * Runs `work` while holding the PostgreSQL session advisory lock named `key`, if no other
   * session holds it; `acquired: false` otherwise. The lock lives on its own connection, so it
   * is released even if this process dies mid-work.
   */
  withAdvisoryLock<T>(key: string, work: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }>;
  /**
   * The connection pool's state (pg.Pool's counts) on PostgreSQL; the embedded database has one
   * connection and no pool, so it answers only `total: 1`.
   */
  poolStats(): PoolStats;
}

export interface PoolStats {
  total: number;
  /** Connections open but unused (PostgreSQL only). */
  idle?: number;
  /** Queries waiting for a connection (PostgreSQL only). */
  waiting?: number;
}

/** Advisory locks of this application share one namespace (the first key of the pair). */
const ADVISORY_LOCK_NAMESPACE = 0x5348; // "SH"

async function holdingLock<T>(
  query: (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>,
  key: string,
  work: () => Promise<T>,
): Promise<{ acquired: true; value: T } | { acquired: false }> {
  const locked = await query("SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked", [ADVISORY_LOCK_NAMESPACE, key]);
  if (!locked.rows[0]?.locked) return { acquired: false };
  try {
    return { acquired: true, value: await work() };
  } finally {
    await query("SELECT pg_advisory_unlock($1, hashtext($2))", [ADVISORY_LOCK_NAMESPACE, key]);
  }
}

/** Migrations live beside the project root; every command runs from there. */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "drizzle");

export function openPglite(dataDir?: string): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the staff lists' search (docs/decisions/039-keyset-lists-and-search.md).
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    close: () => client.close(),
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    // One connection: the lock only orders this process against itself (callers keep their
    // own in-process guard); the embedded database never has a second process.
    withAdvisoryLock: (key, work) =>
      holdingLock((text, params) => client.query<Record<string, unknown>>(text, params), key, work),
    poolStats: () => ({ total: 1 }),
  };
}

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    close: () => pool.end(),
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async withAdvisoryLock(key, work) {
      const client = await pool.connect();
      // A connection whose lock query failed (the unlock above all) must not go back to the
      // pool, where it could still hold the lock: it is closed instead.
      let broken: Error | undefined;
      const query = async (text: string, params: unknown[]) => {
        try {
          return await client.query(text, params);
        } catch (error) {
          broken = error instanceof Error ? error : new Error(String(error));
          throw error;
        }
      };
      try {
        return await holdingLock(query, key, work);
      } finally {
        client.release(broken);
      }
    },
  };
}

/** Opens the database named by the configuration: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
function openConfiguredDatabase(): Database {
  const { DATABASE_URL, DATA_DIR } = config();
  return DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(path.join(DATA_DIR, "pglite"));
}

const KEY = "database";

/** The process's database. */
export function database(): Database {
  return singleton(KEY, openConfiguredDatabase);
}

/** Shorthand for the process's Drizzle instance. */
export function db(): Db {
  return database().db;
}

export async function closeDatabase(): Promise<void> {
  const registry = globalThis as unknown as { __skinhamnen?: Map<string, unknown> };
  const open = registry.__skinhamnen?.get(KEY) as Database | undefined;
  if (!open) return;
  dropSingleton(KEY);
  await open.close();
}

export async function ping(target: Db = db()): Promise<void> {
  await target.execute(sql`select 1`);
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(target: Db, query: SQL): Promise<T[]> {
  const result = (await target.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs raw SQL and returns how many rows it changed (`rowCount` on pg, `affectedRows` on PGlite). */
export async function execCount(target: Db, query: SQL): Promise<number> {
  const result = (await target.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
