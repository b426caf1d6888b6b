/**
 * The monthly VIP XP bonus (docs/rules/loyalty.md#monthly-bonus): each member gets
 * their level's monthlyBonusXP once per calendar month in Stockholm time. The platform job
 * runner schedules it; running it twice, or on two instances at once, grants once, because
 * every grant carries the key `vip-monthly:{yyyy-mm}:{userId}`, unique in the XP ledger.
 *
 * One set-based statement writes the ledger rows, moves the cached XP and announces each
 * row, so the ledger invariant holds without a query per member. The level is the one the
 * member's XP gave before this bonus was added (one snapshot for the whole statement).
 */
import { sql } from "drizzle-orm";
import { LEVELS } from "~/modules/loyalty/loyalty-constants";
import { stockholmMonth } from "~/lib/stockholm-time";
import { queryRows, type Db } from "~/platform/db/client.server";
import { REALTIME_CHANNEL } from "~/platform/realtime/events";

export const monthlyBonusKey = (month: string, userId: string) => `vip-monthly:${month}:${userId}`;
const monthlyBonusReason = (levelName: string) => `Månatlig VIP-bonus (${levelName})`;

export interface MonthlyBonusResult {
  month: string;
  /** Members granted a bonus by this run (0 when the month was already granted). */
  granted: number;
  /** Total XP granted by this run. */
  xp: number;
}

export async function grantMonthlyVipBonus(db: Db, now: Date = new Date()): Promise<MonthlyBonusResult> {
  const month = stockholmMonth(now);
  const paying = LEVELS.filter((level) => level.monthlyBonusXP > 0);
  if (paying.length === 0) return { month, granted: 0, xp: 0 };
  // Highest level first, so the CASE picks the level the XP reaches.
  const tiers = [...paying].sort((a, b) => b.minXP - a.minXP);
  const bonus = sql.join(
    tiers.map((level) => sql`WHEN p.xp >= ${level.minXP} THEN ${level.monthlyBonusXP}::int`),
    sql` `,
  );
  const reason = sql.join(
    tiers.map((level) => sql`WHEN p.xp >= ${level.minXP} THEN ${monthlyBonusReason(level.name)}::text`),
    sql` `,
  );
  const lowest = tiers.at(-1)!.minXP;

  // One statement; the update returns the ledger row it applied, so each announcement needs no
  // join back to the insert (at 70,000 members that join sorted both sides on disk). JIT is off
  // for it: the planner's estimate of the writes is large enough to switch compilation on, which
  // costs more than it saves on a statement that is all row writes
  // (docs/decisions/038-scale-dataset-and-exports.md).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<{ granted: number | string; xp: number | string | null }>(
      tx,
      sql`WITH eligible AS (
            SELECT p.user_id, CASE ${bonus} END AS amount, CASE ${reason} END AS reason
              FROM profiles p
             WHERE p.xp >= ${lowest}
             ORDER BY p.user_id
          ),
          inserted AS (
            INSERT INTO xp_transactions (user_id, amount, reason, idempotency_key)
            SELECT user_id, amount, reason, ${monthlyBonusKey(month, "")}::text || user_id::text
              FROM eligible
            ON CONFLICT (idempotency_key) DO NOTHING
            RETURNING id, user_id, amount
          ),
          updated AS (
            UPDATE profiles p SET xp = p.xp + i.amount, updated_at = now()
              FROM inserted i
             WHERE p.user_id = i.user_id
            RETURNING p.user_id, p.xp, i.id, i.amount
          ),
          announced AS (
            SELECT pg_notify(${REALTIME_CHANNEL}, json_build_object(
                     'type', 'xp', 'userId', u.user_id, 'rowId', u.id, 'amount', u.amount, 'xp', u.xp)::text)
              FROM updated u
          )
          SELECT (SELECT count(*) FROM announced) AS granted, (SELECT sum(amount) FROM updated) AS xp`,
    );
  });
  return { month, granted: Number(rows[0]?.granted ?? 0), xp: Number(rows[0]?.xp ?? 0) };
}
