/**
 * Swish payouts sent by the job runner (docs/decisions/051-swish-payouts.md).
 *
 * - **Send**: a due Swish order is claimed and its instruction row written in one transaction
 *   before Swish is called, so the instruction id is on record whatever happens next. Swish's
 *   answer moves the row to `sent`; a refusal settles the order as `payout_failed` with the
 *   code's message; no answer (a timeout, a crash) leaves it `claimed` for reconciliation.
 * - **Settle**: only from Swish's own status, read by `payoutInstructionUUID` — for a callback
 *   (whose body is never trusted) and for reconciliation alike. PAID records the sale once,
 *   ERROR sends the order back to staff once; the instruction row, locked, is settled in the
 *   same transaction, so a repeated or late callback finds it settled and changes nothing.
 * - **Reconcile**: instructions claimed or sent longer ago than `reconcileAfterMs` are read; one
 *   Swish does not know is sent again with the same id (Swish refuses a second instruction with
 *   an id it has, so a first send that did arrive is never paid twice).
 */
import { and, asc, eq, inArray, isNull, lte, max, sql } from "drizzle-orm";
import { readVerifiedPerson } from "~/modules/identity/bankid.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { payout_batch_orders, sell_orders, swish_payout_instructions } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { readPayoutDetails } from "./payout-details.server";
import type { PayoutKeyring } from "./payout-encryption.server";
import { maskPayoutDetails } from "./payout-rules";
import { claimPayout, settleClaimedPayout } from "./sell-orders.server";
import { SWISH_PAYOUTS } from "./selling-constants";
import type { SwishPayoutClient, SwishPayoutInstruction, SwishPayoutStatusView } from "./swish-payout-client.server";
import { swishPayoutErrorMessage, swishPayoutInstructionUuid } from "./swish-payouts";

type InstructionRow = typeof swish_payout_instructions.$inferSelect;

export interface SwishRunSummary {
  sent: number;
  paid: number;
  failed: number;
  waiting: number;
}

/** The mobile number as Swish's payee alias: "0701234567" → "46701234567". */
function payeeAlias(phone: string): string {
  return `46${phone.slice(1)}`;
}

/** Reads what the instruction pays from the member's details; null when they are not Swish details any more. */
async function instructionFor(
  db: Db | Tx,
  keyring: PayoutKeyring,
  order: typeof sell_orders.$inferSelect,
  id: string,
  now: Date,
): Promise<{ instruction: SwishPayoutInstruction; masked: string } | null> {
  const details = await readPayoutDetails(db as Db, keyring, order.user_id);
  const verified = await readVerifiedPerson(db, keyring, order.user_id);
  if (details?.method !== "swish" || !verified) return null;
  const masked = maskPayoutDetails(details);
  return {
    masked: `${masked.label} ${masked.masked}`,
    instruction: {
      payoutInstructionUUID: id,
      reference: order.id.replace(/-/g, ""),
      payeeAlias: payeeAlias(details.phone),
      // Swish pays only to the personnummer that owns the number: the one BankID verified (decision 044).
      payeeSSN: verified.personalNumber,
      amountOre: order.total_ore,
      message: SWISH_PAYOUTS.message(order.security_code),
      instructionDate: now,
    },
  };
}

class NotSwishDetails extends Error {}

/** Sends every due Swish payout not yet claimed (oldest first), each once. */
export async function sendDueSwishPayouts(db: Db, client: SwishPayoutClient, keyring: PayoutKeyring, now: Date): Promise<SwishRunSummary> {
  const due = await db
    .select({ id: sell_orders.id })
    .from(sell_orders)
    .leftJoin(payout_batch_orders, and(eq(payout_batch_orders.order_id, sell_orders.id), eq(payout_batch_orders.state, "open")))
    .where(
      and(
        eq(sell_orders.status, "payout_scheduled"),
        eq(sell_orders.payout_method, "swish"),
        lte(sell_orders.payout_due_at, now),
        isNull(sell_orders.payout_claimed_at),
        isNull(payout_batch_orders.order_id),
      ),
    )
    .orderBy(asc(sell_orders.payout_due_at))
    .limit(SWISH_PAYOUTS.sendBatchSize);
  const summary: SwishRunSummary = { sent: 0, paid: 0, failed: 0, waiting: 0 };
  for (const { id } of due) {
    const held: { pending?: { instruction: SwishPayoutInstruction; masked: string } | null } = {};
    let claim;
    try {
      claim = await claimPayout(db, id, now, async (tx, order) => {
        const [last] = await tx
          .select({ attempt: max(swish_payout_instructions.attempt) })
          .from(swish_payout_instructions)
          .where(eq(swish_payout_instructions.order_id, order.id));
        const attempt = (last?.attempt ?? 0) + 1;
        const pending = await instructionFor(tx, keyring, order, swishPayoutInstructionUuid(order.id, attempt), now);
        // The order's details are not Swish any more: staff pay it by hand (nothing is claimed).
        if (!pending) throw new NotSwishDetails();
        held.pending = pending;
        await tx.insert(swish_payout_instructions).values({
          id: pending.instruction.payoutInstructionUUID,
          order_id: order.id,
          attempt,
          amount_ore: order.total_ore,
          payee_masked: pending.masked,
          claimed_at: now,
        });
      });
    } catch (error) {
      if (error instanceof NotSwishDetails) continue;
      throw error;
    }
    // Not payable yet (details in their 24-hour wait, awaiting renewal, not verified): it waits.
    if (!claim.ok || !held.pending) {
      summary.waiting++;
      continue;
    }
    const outcome = await send(db, client, keyring, held.pending, now);
    summary[outcome]++;
  }
  return summary;
}

/** One create call and what it means; a transport failure leaves the instruction for reconciliation. */
async function send(
  db: Db,
  client: SwishPayoutClient,
  keyring: PayoutKeyring,
  pending: { instruction: SwishPayoutInstruction },
  now: Date,
): Promise<"sent" | "failed" | "waiting"> {
  const id = pending.instruction.payoutInstructionUUID;
  let answer;
  try {
    answer = await client.create(pending.instruction);
  } catch (error) {
    logger.warn({ err: error, instruction: id }, "Swish payout sent without an answer; its status will be read");
    return "waiting";
  }
  if (answer.kind === "rejected") {
    await settle(db, keyring, id, { status: "ERROR", errorCode: answer.errorCode }, now);
    return "failed";
  }
  // Created, or Swish already had it (a re-send): either way Swish holds the instruction now.
  await db
    .update(swish_payout_instructions)
    .set({ state: "sent", sent_at: now })
    .where(and(eq(swish_payout_instructions.id, id), eq(swish_payout_instructions.state, "claimed")));
  return "sent";
}

/**
 * Settles an instruction from Swish's status, once: PAID records the sale, ERROR sends the order
 * back to staff; CREATED and DEBITED are noted and wait. Answers what happened.
 */
async function settle(
  db: Db,
  keyring: PayoutKeyring,
  id: string,
  status: Pick<SwishPayoutStatusView, "status" | "errorCode">,
  now: Date,
): Promise<"paid" | "failed" | "waiting" | "settled"> {
  const [row] = await db.select().from(swish_payout_instructions).where(eq(swish_payout_instructions.id, id));
  if (!row || row.state === "paid" || row.state === "failed") return "settled";
  if (status.status === "CREATED" || status.status === "DEBITED") {
    await db
      .update(swish_payout_instructions)
      .set({ swish_status: status.status, checked_at: now, state: sql`CASE WHEN ${swish_payout_instructions.state} = 'claimed' THEN 'sent' ELSE ${swish_payout_instructions.state} END`, sent_at: sql`COALESCE(${swish_payout_instructions.sent_at}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(swish_payout_instructions.id, id), inArray(swish_payout_instructions.state, ["claimed", "sent"])));
    return "waiting";
  }
  const paid = status.status === "PAID";
  const error = paid ? null : swishPayoutErrorMessage(status.errorCode);
  const result = await settleClaimedPayout(db, {
    orderId: row.order_id,
    actorUserId: null,
    answer: paid ? { ok: true, reference: `Swish ${id}` } : { ok: false, reason: `Swish ${error!.code ?? "ERROR"}: ${error!.staff}` },
    masked: row.payee_masked,
    keyring,
    now,
    within: (tx) => claimRow(tx, id, paid ? "paid" : "failed", status, now),
  });
  if (!result.ok) return "settled";
  return paid ? "paid" : "failed";
}

/** Locks the open instruction and settles it; false when another caller settled it first. */
async function claimRow(tx: Tx, id: string, state: "paid" | "failed", status: Pick<SwishPayoutStatusView, "status" | "errorCode">, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(swish_payout_instructions)
    .set({ state, swish_status: status.status, error_code: status.errorCode ?? null, checked_at: now, settled_at: now })
    .where(and(eq(swish_payout_instructions.id, id), inArray(swish_payout_instructions.state, ["claimed", "sent"])))
    .returning({ id: swish_payout_instructions.id });
  return row !== undefined;
}

/** Reads one open instruction's status at Swish and acts on it; one Swish does not know is sent again with the same id. */
async function reconcileOne(db: Db, client: SwishPayoutClient, keyring: PayoutKeyring, row: InstructionRow, now: Date) {
  const status = await client.status(row.id);
  if (status) return settle(db, keyring, row.id, status, now);
  const [order] = await db.select().from(sell_orders).where(eq(sell_orders.id, row.order_id));
  const pending = order ? await instructionFor(db, keyring, order, row.id, now) : null;
  if (!pending || pending.instruction.amountOre !== row.amount_ore) {
    // Swish never had it and the details are gone: nothing was paid, so staff take over.
    return settle(db, keyring, row.id, { status: "ERROR", errorCode: null }, now);
  }
  return send(db, client, keyring, pending, now);
}

/** Reads every instruction claimed or sent longer ago than `reconcileAfterMs` without a settled status. */
export async function reconcileSwishPayouts(db: Db, client: SwishPayoutClient, keyring: PayoutKeyring, now: Date): Promise<SwishRunSummary> {
  const before = new Date(now.getTime() - SWISH_PAYOUTS.reconcileAfterMs).toISOString();
  const open = await db
    .select()
    .from(swish_payout_instructions)
    .where(
      and(
        inArray(swish_payout_instructions.state, ["claimed", "sent"]),
        sql`COALESCE(${swish_payout_instructions.checked_at}, ${swish_payout_instructions.sent_at}, ${swish_payout_instructions.claimed_at}) <= ${before}::timestamptz`,
      ),
    )
    .orderBy(asc(swish_payout_instructions.claimed_at))
    .limit(SWISH_PAYOUTS.sendBatchSize);
  const summary: SwishRunSummary = { sent: 0, paid: 0, failed: 0, waiting: 0 };
  for (const row of open) {
    try {
      const outcome = await reconcileOne(db, client, keyring, row, now);
      if (outcome !== "settled") summary[outcome]++;
    } catch (error) {
      logger.warn({ err: error, instruction: row.id }, "Swish payout status could not be read; tried again next run");
      summary.waiting++;
    }
  }
  return summary;
}

/**
 * A callback from Swish: the body only names the instruction; what happened is read from Swish
 * itself before anything changes. An id we never sent is ignored. Answers the outcome.
 */
export async function handleSwishPayoutCallback(db: Db, client: SwishPayoutClient, keyring: PayoutKeyring, body: unknown, now: Date) {
  const id = typeof body === "object" && body !== null ? (body as Record<string, unknown>).payoutInstructionUUID : undefined;
  if (typeof id !== "string" || !/^[0-9A-F]{32}$/.test(id)) return "ignored" as const;
  const [row] = await db.select().from(swish_payout_instructions).where(eq(swish_payout_instructions.id, id));
  if (!row) return "ignored" as const;
  if (row.state === "paid" || row.state === "failed") return "settled" as const;
  const status = await client.status(id);
  if (!status) return "ignored" as const;
  return settle(db, keyring, id, status, now);
}

/** A job run: reconcile what is open, then send what is due. */
export async function runSwishPayouts(db: Db, client: SwishPayoutClient, keyring: PayoutKeyring, now: Date) {
  const reconciled = await reconcileSwishPayouts(db, client, keyring, now);
  const sent = await sendDueSwishPayouts(db, client, keyring, now);
  return { reconciled, sent };
}
