/**
 * The one realtime publisher: `pg_notify` on the shared channel. Called with the transaction
 * that makes the change, the notification is delivered only if that transaction commits, so
 * a tab never hears of a change that was rolled back. Every instance LISTENs on the channel
 * and fans events out to its open streams.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { REALTIME_CHANNEL, type RealtimeEvent } from "./events";

export async function publishEvent(target: Db | Tx, event: RealtimeEvent): Promise<void> {
  await target.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}
