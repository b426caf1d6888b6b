/**
 * Every statement a Db prepares from now on, in order: how HTTP tests count the queries one
 * request sends (a query logger on the process's Db, which the in-process server's build shares).
 */
import type { Db } from "~/platform/db/client.server";

export function logStatements(db: Db): string[] {
  const statements: string[] = [];
  const session = (db as unknown as { session: { logger: unknown } }).session;
  session.logger = { logQuery: (query: string) => statements.push(query) };
  return statements;
}
