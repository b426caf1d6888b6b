/**
 * One ordered query read a batch at a time (docs/decisions/038-scale-dataset-and-exports.md):
 * the query runs once (one scan, one sort), and each batch is the next FETCH from its cursor,
 * taken only when the consumer asks for it, so an export is linear in its rows and holds one
 * batch in memory, whatever its sort.
 *
 * PostgreSQL: a cursor in a read-only REPEATABLE READ transaction on a connection of its own
 * (one snapshot for the whole export). PGlite (one connection for the process): a cursor WITH
 * HOLD, so no transaction stays open between batches and other requests go on. Either way the
 * cursor is closed when the consumer stops early.
 */
import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { queryRows, type Db } from "./client.server";

const dialect = new PgDialect();

/** Dates and times as text, as Drizzle's own raw queries return them (node-postgres session). */
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format ?? "text"),
};

export async function* cursorBatches<T>(db: Db, query: SQL, batchSize: number): AsyncGenerator<T[]> {
  const size = Math.max(1, Math.min(10_000, Math.floor(batchSize)));
  const name = `cursor_${randomBytes(8).toString("hex")}`;
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const client = await pool.connect();
    let broken: Error | undefined;
    let open = false;
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      open = true;
      // The reader takes every row: plan for the whole result, not the first tenth (the default
      // for a cursor picks a fast-start plan, an index walk with a lookup per row, twice as slow
      // for a whole export as one join and one sort).
      await client.query("SET LOCAL cursor_tuple_fraction = 1");
      const { sql: text, params } = dialect.sqlToQuery(query);
      await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${text}`, params);
      for (;;) {
        const { rows } = await client.query<T & pg.QueryResultRow>({ text: `FETCH ${size} FROM ${name}`, types });
        if (rows.length > 0) yield rows;
        if (rows.length < size) break;
      }
      await client.query("COMMIT");
      open = false;
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // Stopped early (the download was cancelled) or failed: the transaction ends here.
      if (open && !broken) await client.query("ROLLBACK").catch((error: Error) => (broken = error));
      client.release(broken);
    }
    return;
  }
  await db.execute(sql`DECLARE ${sql.raw(name)} NO SCROLL CURSOR WITH HOLD FOR ${query}`);
  try {
    for (;;) {
      const rows = await queryRows<T>(db, sql.raw(`FETCH ${size} FROM ${name}`));
      if (rows.length > 0) yield rows;
      if (rows.length < size) break;
    }
  } finally {
    await db.execute(sql.raw(`CLOSE ${name}`));
  }
}
