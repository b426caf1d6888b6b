/**
 * Rows with chosen timestamps for the Dashboard and LTV service tests: a completed trade on a
 * given day must be written directly, since the trade service stamps the real time.
 */
import { sql } from "drizzle-orm";
import { execCount, queryRows, type Db } from "~/platform/db/client.server";

export async function insertTrade(
  db: Db,
  input: { userId: string; type: "sale" | "purchase"; ore: number; completedAt?: string; createdAt?: string; status?: "pending" | "completed" },
): Promise<string> {
  const status = input.status ?? "completed";
  const createdAt = input.createdAt ?? input.completedAt ?? new Date().toISOString();
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO trades (user_id, type, status, base_total_ore, total_ore, level_at_recording, payout_method, payment_method, completed_at, created_at)
        VALUES (${input.userId}, ${input.type}, ${status}, ${input.ore}, ${input.ore}, 'bronze',
                ${input.type === "sale" ? "swish" : null}, ${input.type === "purchase" ? "Swish" : null},
                ${status === "completed" ? (input.completedAt ?? createdAt) : null}::timestamptz, ${createdAt}::timestamptz)
        RETURNING id`,
  );
  return row!.id;
}

export async function setMemberCreatedAt(db: Db, userId: string, createdAt: string): Promise<void> {
  await execCount(db, sql`UPDATE profiles SET created_at = ${createdAt}::timestamptz WHERE user_id = ${userId}`);
}
