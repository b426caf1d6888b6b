/**
 * The one points and XP ledger (docs/rules/loyalty.md#ledger).
 * Nothing else changes `profiles.points` or `profiles.xp`.
 *
 * Every function takes the caller's transaction: the ledger row and the cached balance move
 * together or not at all, and the realtime event is delivered only if that transaction
 * commits. Balances never go negative: a debit is a conditional update (`WHERE points >=
 * amount`), so of two concurrent spends only those the balance covers succeed. Credits carry
 * an idempotency key, unique in the ledger table, so a retried or duplicated request
 * credits once.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "~/platform/db/client.server";
import { publishEvent } from "~/platform/realtime/publisher.server";

export type Currency = "points" | "xp";

const TABLES: Record<Currency, string> = { points: "points_transactions", xp: "xp_transactions" };

/** Largest single movement: the balance columns are 32-bit integers. */
const MAX_AMOUNT = 2_147_483_647;

export interface LedgerEntry {
  userId: string;
  /** Positive; the ledger signs it. */
  amount: number;
  /** Shown to the member in their history. */
  reason: string;
  /** The row that caused the movement (trade, order, …). */
  referenceId?: string | null;
}

export interface CreditEntry extends LedgerEntry {
  /** e.g. `trade:{id}:points`, `vip-monthly:{yyyy-mm}:{userId}`. */
  idempotencyKey: string;
}

export interface DebitEntry extends LedgerEntry {
  idempotencyKey?: string | null;
}

export type CreditResult =
  | { applied: true; rowId: string; amount: number; balance: number }
  /** The key was used before: nothing was credited this time. */
  | { applied: false; duplicate: true };

export type DebitResult =
  { ok: true; rowId: string; amount: number; balance: number } | { ok: false; reason: "insufficient" | "duplicate" };

export interface ClawbackResult {
  /** What was taken back (≤ the amount asked). */
  taken: number;
  /** What could not be taken because the balance did not cover it. */
  shortfall: number;
  rowId: string | null;
  balance: number;
  /** The key was used before: nothing changed. */
  duplicate: boolean;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) {
    throw new RangeError(`ledger amount must be a positive whole number, got ${amount}`);
  }
}

async function announce(tx: Tx, currency: Currency, userId: string, rowId: string, amount: number, balance: number) {
  await publishEvent(
    tx,
    currency === "points"
      ? { type: "points", userId, rowId, amount, balance }
      : { type: "xp", userId, rowId, amount, xp: balance },
  );
}

async function insertRow(
  tx: Tx,
  currency: Currency,
  entry: LedgerEntry & { idempotencyKey?: string | null },
  signedAmount: number,
): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO ${sql.identifier(TABLES[currency])} (user_id, amount, reason, reference_id, idempotency_key)
        VALUES (${entry.userId}, ${signedAmount}, ${entry.reason}, ${entry.referenceId ?? null}, ${entry.idempotencyKey ?? null})
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id`,
  );
  return rows[0]?.id ?? null;
}

async function moveBalance(tx: Tx, currency: Currency, userId: string, delta: number): Promise<number | null> {
  const column = sql.identifier(currency);
  // The condition makes a debit atomic: it matches only while the balance covers it, and
  // PostgreSQL re-checks it against the latest row when a concurrent update got there first.
  const rows = await queryRows<{ balance: number }>(
    tx,
    sql`UPDATE profiles SET ${column} = ${column} + ${delta}, updated_at = now()
        WHERE user_id = ${userId} AND ${column} + ${delta} >= 0
        RETURNING ${column} AS balance`,
  );
  return rows[0] ? Number(rows[0].balance) : null;
}

async function credit(tx: Tx, currency: Currency, entry: CreditEntry): Promise<CreditResult> {
  assertAmount(entry.amount);
  if (!entry.idempotencyKey) throw new Error("a credit needs an idempotency key");
  // A concurrent insert of the same key waits for the first transaction and then does nothing.
  const rowId = await insertRow(tx, currency, entry, entry.amount);
  if (!rowId) return { applied: false, duplicate: true };
  const balance = await moveBalance(tx, currency, entry.userId, entry.amount);
  if (balance === null) throw new Error(`no profile for ${entry.userId}`);
  await announce(tx, currency, entry.userId, rowId, entry.amount, balance);
  return { applied: true, rowId, amount: entry.amount, balance };
}

async function debit(tx: Tx, currency: Currency, entry: DebitEntry): Promise<DebitResult> {
  assertAmount(entry.amount);
  const rowId = await insertRow(tx, currency, entry, -entry.amount);
  if (!rowId) return { ok: false, reason: "duplicate" };
  const balance = await moveBalance(tx, currency, entry.userId, -entry.amount);
  if (balance === null) {
    // Not covered: take the row back so the caller's transaction can carry on unchanged.
    await tx.execute(sql`DELETE FROM ${sql.identifier(TABLES[currency])} WHERE id = ${rowId}`);
    return { ok: false, reason: "insufficient" };
  }
  await announce(tx, currency, entry.userId, rowId, -entry.amount, balance);
  return { ok: true, rowId, amount: -entry.amount, balance };
}

/**
 * Takes back up to `amount`: whatever the balance holds, never below zero. The rest is the
 * shortfall, for the caller to record (docs/rules/loyalty.md#clawback). Every reversal of a
 * credit goes through here.
 */
async function clawback(tx: Tx, currency: Currency, entry: CreditEntry): Promise<ClawbackResult> {
  assertAmount(entry.amount);
  if (!entry.idempotencyKey) throw new Error("a clawback needs an idempotency key");
  const column = sql.identifier(currency);
  // Lock the balance first so "what is there" cannot change before it is taken.
  const [current] = await queryRows<{ balance: number }>(
    tx,
    sql`SELECT ${column} AS balance FROM profiles WHERE user_id = ${entry.userId} FOR NO KEY UPDATE`,
  );
  if (!current) throw new Error(`no profile for ${entry.userId}`);
  const available = Number(current.balance);
  const taken = Math.min(available, entry.amount);
  const shortfall = entry.amount - taken;
  if (taken === 0) return { taken, shortfall, rowId: null, balance: available, duplicate: false };
  const rowId = await insertRow(tx, currency, entry, -taken);
  if (!rowId) return { taken: 0, shortfall: 0, rowId: null, balance: available, duplicate: true };
  const balance = await moveBalance(tx, currency, entry.userId, -taken);
  if (balance === null) throw new Error("clawback exceeded a locked balance");
  await announce(tx, currency, entry.userId, rowId, -taken, balance);
  return { taken, shortfall, rowId, balance, duplicate: false };
}

export const creditPoints = (tx: Tx, entry: CreditEntry) => credit(tx, "points", entry);
export const creditXp = (tx: Tx, entry: CreditEntry) => credit(tx, "xp", entry);
export const debitPoints = (tx: Tx, entry: DebitEntry) => debit(tx, "points", entry);
/** @public Staff adjustments debit XP (the Users tab); nothing else takes XP back but a clawback. */
export const debitXp = (tx: Tx, entry: DebitEntry) => debit(tx, "xp", entry);
export const clawbackPoints = (tx: Tx, entry: CreditEntry) => clawback(tx, "points", entry);
export const clawbackXp = (tx: Tx, entry: CreditEntry) => clawback(tx, "xp", entry);

export interface LedgerDrift {
  userId: string;
  currency: Currency;
  /** profiles.points / profiles.xp */
  cached: number;
  /** Sum of the user's ledger rows. */
  ledger: number;
}

/**
 * Every user whose cached balance differs from the sum of their ledger rows. Empty when
 * invariant 1 holds; used by tests after concurrent load and by the admin health view.
 */
export async function reconcileLedger(db: Db): Promise<LedgerDrift[]> {
  const rows = await queryRows<{
    user_id: string;
    currency: Currency;
    cached: string | number;
    ledger: string | number;
  }>(
    db,
    sql`SELECT p.user_id, 'points' AS currency, p.points AS cached, COALESCE(t.total, 0) AS ledger
          FROM profiles p
          LEFT JOIN (SELECT user_id, SUM(amount) AS total FROM points_transactions GROUP BY user_id) t USING (user_id)
         WHERE p.points <> COALESCE(t.total, 0)
        UNION ALL
        SELECT p.user_id, 'xp' AS currency, p.xp AS cached, COALESCE(t.total, 0) AS ledger
          FROM profiles p
          LEFT JOIN (SELECT user_id, SUM(amount) AS total FROM xp_transactions GROUP BY user_id) t USING (user_id)
         WHERE p.xp <> COALESCE(t.total, 0)
        ORDER BY user_id, currency`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    currency: row.currency,
    cached: Number(row.cached),
    ledger: Number(row.ledger),
  }));
}
