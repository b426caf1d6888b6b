/**
 * Bank payment files (decision 050, docs/rules/selling.md#bank-files): the due bank payouts
 * gathered into one pain.001 batch that an admin downloads and uploads to the company's bank,
 * then marks paid when the bank confirms, or returns single payments to the queue.
 *
 * One batch is built at a time (a transaction-level advisory lock), each order row is locked, and
 * the partial unique index on open batch lines keeps an order out of two open batches whatever
 * happens. Marking paid goes through `markPaid` per order (the sale trade, the purchase document
 * and the mail), in one transaction per order, so a second click only finishes what is left.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "~/platform/audit/audit.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { payout_batch_orders, payout_batches, payout_details, sell_orders, user, verified_identities } from "~/platform/db/schema";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { readVerifiedPerson } from "~/modules/identity/bankid.server";
import { readPayoutDetails } from "~/modules/selling/payout-details.server";
import { openPayoutDetails, sealPayoutDetails, type PayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { markPaid, SELL_ORDER_ERRORS } from "~/modules/selling/sell-orders.server";
import { addDays, stockholmDay } from "~/lib/stockholm-time";
import { buildBankFile, type BankFileCreditorAccount, type BankFileInput } from "./bank-file";
import { PAYOUT_BATCHES, PAYOUT_BATCH_MESSAGES } from "./payout-batch-constants";

export type BatchResult<T> = { ok: true; value: T } | { ok: false; code: "not_found" | "conflict" | "refused"; message: string };

const fail = <T>(code: "not_found" | "conflict" | "refused", message: string): BatchResult<T> => ({ ok: false, code, message });

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export type BankFileDebtor = BankFileInput["debtor"];

/** The company's side of the file from configuration; the missing setting's Swedish explanation when it is off. */
export function bankFileDebtor(cfg: {
  COMPANY_NAME: string;
  COMPANY_ORG_NUMBER: string;
  PAYOUT_BANK_IBAN?: string;
  PAYOUT_BANK_BANKGIRO?: string;
  PAYOUT_BANK_BIC?: string;
}): { ok: true; debtor: BankFileDebtor } | { ok: false; message: string } {
  if (!cfg.PAYOUT_BANK_BIC || (!cfg.PAYOUT_BANK_IBAN && !cfg.PAYOUT_BANK_BANKGIRO)) {
    return { ok: false, message: PAYOUT_BATCH_MESSAGES.notConfigured };
  }
  const account = cfg.PAYOUT_BANK_IBAN
    ? { iban: cfg.PAYOUT_BANK_IBAN, bic: cfg.PAYOUT_BANK_BIC }
    : { bankgiro: cfg.PAYOUT_BANK_BANKGIRO!, bic: cfg.PAYOUT_BANK_BIC };
  return { ok: true, debtor: { name: cfg.COMPANY_NAME, orgNumber: cfg.COMPANY_ORG_NUMBER, account } };
}

/** An order's reference in the file: its id without dashes (32 characters, EndToEndId allows 35). */
export const orderReference = (orderId: string) => orderId.replace(/-/g, "");

/** The file's MsgId: readable, unique by the batch id, at most 35 characters. */
const messageIdOf = (batchId: string, now: Date) => `SKH-${stockholmDay(now).replace(/-/g, "")}-${batchId.slice(0, 8).toUpperCase()}`;

/** The day the bank should pay: today in Stockholm, Monday for a file made at the weekend (a holiday the bank moves to its next bank day). */
function requestedDate(now: Date): string {
  const day = stockholmDay(now);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(day, 2) : weekday === 0 ? addDays(day, 1) : day;
}

export interface CreatedBatch {
  id: string;
  messageId: string;
  orderCount: number;
  totalOre: number;
}

/**
 * docs/rules/selling.md#bank-files: every due, payable bank payout not already in an open file,
 * oldest first, into one new batch. Foreign IBANs stay in the queue (paid by hand).
 */
export async function createPayoutBatch(
  db: Db,
  keyring: PayoutKeyring,
  input: { actorUserId: string; debtor: BankFileDebtor; siteName: string; now?: Date },
): Promise<BatchResult<CreatedBatch>> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx): Promise<BatchResult<CreatedBatch>> => {
    // One batch at a time across instances: the next one starts after this commit and sees its lines.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('payout-batch:create', 0))`);
    const due = await tx
      .select({ id: sell_orders.id, userId: sell_orders.user_id, totalOre: sell_orders.total_ore, code: sell_orders.security_code, masked: sql<string>`${payout_details.masked_label} || ' ' || ${payout_details.masked_value}` })
      .from(sell_orders)
      .innerJoin(payout_details, eq(payout_details.user_id, sell_orders.user_id))
      .innerJoin(verified_identities, eq(verified_identities.user_id, sell_orders.user_id))
      .where(
        sql`${sell_orders.status} = 'payout_scheduled'
          AND ${sell_orders.payout_method} = 'bank'
          AND ${sell_orders.payout_due_at} <= ${now.toISOString()}::timestamptz
          AND ${sell_orders.payout_claimed_at} IS NULL
          AND ${payout_details.method} = 'bank'
          AND ${payout_details.renewal_required_at} IS NULL
          AND ${payout_details.usable_at} <= ${now.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM ${payout_batch_orders} WHERE ${payout_batch_orders.order_id} = ${sell_orders.id} AND ${payout_batch_orders.state} = 'open')`,
      )
      .orderBy(asc(sell_orders.payout_due_at), asc(sell_orders.id))
      .limit(PAYOUT_BATCHES.maxOrders)
      .for("update", { of: sell_orders });
    const payments: Array<BankFileInput["payments"][number] & { orderId: string; userId: string; masked: string }> = [];
    for (const order of due) {
      const details = await readPayoutDetails(tx, keyring, order.userId);
      const person = await readVerifiedPerson(tx, keyring, order.userId);
      if (details?.method !== "bank" || !person) continue;
      const account: BankFileCreditorAccount =
        details.format === "iban" ? { format: "iban", iban: details.iban } : { format: "account", clearing: details.clearing, account: details.account };
      if (account.format === "iban" && !account.iban.startsWith("SE")) continue;
      payments.push({
        orderId: order.id,
        userId: order.userId,
        masked: order.masked,
        endToEndId: orderReference(order.id),
        amountOre: order.totalOre,
        creditorName: person.name,
        account,
        remittance: `${input.siteName} order ${order.code}`,
      });
    }
    if (payments.length === 0) return fail("refused", PAYOUT_BATCH_MESSAGES.nothingDue);
    const id = randomUUID();
    const messageId = messageIdOf(id, now);
    const xml = buildBankFile({ messageId, createdAt: now, requestedDate: requestedDate(now), debtor: input.debtor, payments });
    // The file carries account numbers: sealed like payout details, bound to the batch's id.
    const sealed = sealPayoutDetails(keyring, id, xml);
    const totalOre = payments.reduce((sum, payment) => sum + payment.amountOre, 0);
    await tx.insert(payout_batches).values({
      id,
      message_id: messageId,
      requested_date: requestedDate(now),
      order_count: payments.length,
      total_ore: totalOre,
      file_key_id: sealed.keyId,
      file_ciphertext: sealed.ciphertext,
      created_by: input.actorUserId,
      created_at: now,
    });
    await tx.insert(payout_batch_orders).values(
      payments.map((payment) => ({ batch_id: id, order_id: payment.orderId, amount_ore: payment.amountOre, masked: payment.masked, created_at: now })),
    );
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "payout_batch.create",
      entityType: "payout_batch",
      entityId: id,
      before: null,
      after: { messageId, orderCount: payments.length, totalOre, orderIds: payments.map((payment) => payment.orderId) },
    });
    for (const userId of new Set(payments.map((payment) => payment.userId))) {
      await publishEvent(tx, { type: "account", userId, what: "sell-order:bank-file" });
    }
    return { ok: true, value: { id, messageId, orderCount: payments.length, totalOre } };
  });
}

/** The stored file, byte for byte as it was built; null for an unknown batch. */
export async function readBatchFile(db: Db, keyring: PayoutKeyring, batchId: string): Promise<{ filename: string; xml: string } | null> {
  if (!isUuid(batchId)) return null;
  const [batch] = await db.select().from(payout_batches).where(eq(payout_batches.id, batchId));
  if (!batch) return null;
  const xml = openPayoutDetails(keyring, batch.id, { keyId: batch.file_key_id, ciphertext: batch.file_ciphertext });
  return { filename: `${batch.message_id}.xml`, xml };
}

export interface BatchPaidSummary {
  paid: number;
  /** Orders the bank paid that could not be marked (each with its reason); a second click retries them. */
  failed: Array<{ orderId: string; message: string }>;
  alreadyPaid: boolean;
}

async function lockBatch(tx: Tx, batchId: string) {
  const [batch] = await tx.select().from(payout_batches).where(eq(payout_batches.id, batchId)).for("update");
  return batch ?? null;
}

/**
 * The bank confirmed the file: the batch is paid (audited once), then each open line's order is
 * marked paid through `markPaid` with the batch's reference. A second click or admin finds nothing
 * left to do; a line that failed stays open and the next click retries it.
 */
export async function markBatchPaid(
  db: Db,
  input: { actorUserId: string; batchId: string; keyring?: PayoutKeyring; now?: Date },
): Promise<BatchResult<BatchPaidSummary>> {
  const now = input.now ?? new Date();
  if (!isUuid(input.batchId)) return fail("not_found", PAYOUT_BATCH_MESSAGES.notFound);
  const marked = await db.transaction(async (tx): Promise<BatchResult<{ messageId: string; alreadyPaid: boolean; orderIds: string[] }>> => {
    const batch = await lockBatch(tx, input.batchId);
    if (!batch) return fail("not_found", PAYOUT_BATCH_MESSAGES.notFound);
    if (batch.status === "closed") return fail("conflict", PAYOUT_BATCH_MESSAGES.closed);
    const lines = await tx
      .select({ orderId: payout_batch_orders.order_id })
      .from(payout_batch_orders)
      .where(and(eq(payout_batch_orders.batch_id, batch.id), eq(payout_batch_orders.state, "open")))
      .orderBy(asc(payout_batch_orders.created_at), asc(payout_batch_orders.order_id));
    const alreadyPaid = batch.status === "paid";
    if (!alreadyPaid) {
      await tx.update(payout_batches).set({ status: "paid", paid_at: now, paid_by: input.actorUserId }).where(eq(payout_batches.id, batch.id));
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: "payout_batch.mark_paid",
        entityType: "payout_batch",
        entityId: batch.id,
        before: { status: batch.status },
        after: { status: "paid", messageId: batch.message_id, orderIds: lines.map((line) => line.orderId) },
      });
    }
    return { ok: true, value: { messageId: batch.message_id, alreadyPaid, orderIds: lines.map((line) => line.orderId) } };
  });
  if (!marked.ok) return marked;
  let paid = 0;
  const failed: BatchPaidSummary["failed"] = [];
  for (const orderId of marked.value.orderIds) {
    const result = await markPaid(db, {
      actorUserId: input.actorUserId,
      orderId,
      reference: marked.value.messageId,
      batchId: input.batchId,
      keyring: input.keyring,
      now,
    });
    if (result.ok) paid++;
    // Another admin's click finished this one first: nothing more to do.
    else if (result.message !== SELL_ORDER_ERRORS.alreadyPaid) failed.push({ orderId, message: result.message });
  }
  return { ok: true, value: { paid, failed, alreadyPaid: marked.value.alreadyPaid && paid === 0 } };
}

/**
 * The bank did not pay one payment (a refused account, a payment taken out of the file): it goes
 * back to the payout queue, audited. A batch whose every line is back is closed.
 */
export async function returnBatchOrder(
  db: Db,
  input: { actorUserId: string; batchId: string; orderId: string; now?: Date },
): Promise<BatchResult<{ returned: boolean }>> {
  const now = input.now ?? new Date();
  if (!isUuid(input.batchId) || !isUuid(input.orderId)) return fail("not_found", PAYOUT_BATCH_MESSAGES.notFound);
  return db.transaction(async (tx): Promise<BatchResult<{ returned: boolean }>> => {
    const batch = await lockBatch(tx, input.batchId);
    if (!batch) return fail("not_found", PAYOUT_BATCH_MESSAGES.notFound);
    const [line] = await tx
      .select()
      .from(payout_batch_orders)
      .where(and(eq(payout_batch_orders.batch_id, batch.id), eq(payout_batch_orders.order_id, input.orderId)));
    if (!line) return fail("not_found", PAYOUT_BATCH_MESSAGES.orderNotInBatch);
    if (line.state === "returned") return { ok: true, value: { returned: false } };
    if (line.state === "paid") return fail("conflict", PAYOUT_BATCH_MESSAGES.orderAlreadyPaid);
    await tx
      .update(payout_batch_orders)
      .set({ state: "returned", returned_at: now, returned_by: input.actorUserId })
      .where(and(eq(payout_batch_orders.batch_id, batch.id), eq(payout_batch_orders.order_id, input.orderId)));
    const [open] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(payout_batch_orders)
      .where(and(eq(payout_batch_orders.batch_id, batch.id), eq(payout_batch_orders.state, "open")));
    const [paidLines] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(payout_batch_orders)
      .where(and(eq(payout_batch_orders.batch_id, batch.id), eq(payout_batch_orders.state, "paid")));
    if (batch.status === "open" && (open?.count ?? 0) === 0 && (paidLines?.count ?? 0) === 0) {
      await tx.update(payout_batches).set({ status: "closed" }).where(eq(payout_batches.id, batch.id));
    }
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "payout_batch.return_order",
      entityType: "payout_batch",
      entityId: batch.id,
      before: { orderId: input.orderId, state: "open" },
      after: { orderId: input.orderId, state: "returned" },
    });
    const [order] = await tx.select({ userId: sell_orders.user_id }).from(sell_orders).where(eq(sell_orders.id, input.orderId));
    if (order) await publishEvent(tx, { type: "account", userId: order.userId, what: `sell-order:${input.orderId}` });
    return { ok: true, value: { returned: true } };
  });
}

export interface PayoutBatchView {
  id: string;
  messageId: string;
  status: "open" | "paid" | "closed";
  requestedDate: string;
  orderCount: number;
  totalOre: number;
  createdAt: Date;
  paidAt: Date | null;
  lines: Array<{
    orderId: string;
    memberName: string;
    amountOre: number;
    masked: string;
    /** The name BankID verified: the file's creditor name. */
    verifiedName: string | null;
    state: "open" | "paid" | "returned";
  }>;
}

/** The open batches and the latest closed ones, newest first, with their lines. */
export async function listPayoutBatches(db: Db, keyring: PayoutKeyring | undefined): Promise<PayoutBatchView[]> {
  const batches = await db
    .select()
    .from(payout_batches)
    .orderBy(sql`${payout_batches.status} = 'open' DESC`, desc(payout_batches.created_at))
    .limit(PAYOUT_BATCHES.listed);
  if (batches.length === 0) return [];
  const lines = await db
    .select({ line: payout_batch_orders, memberName: user.name, userId: sell_orders.user_id })
    .from(payout_batch_orders)
    .innerJoin(sell_orders, eq(sell_orders.id, payout_batch_orders.order_id))
    .innerJoin(user, eq(user.id, sell_orders.user_id))
    .where(
      inArray(
        payout_batch_orders.batch_id,
        batches.map((batch) => batch.id),
      ),
    )
    .orderBy(asc(payout_batch_orders.created_at), asc(payout_batch_orders.order_id));
  const names = new Map<string, string | null>();
  for (const { userId } of lines) {
    if (names.has(userId)) continue;
    names.set(userId, keyring ? ((await readVerifiedPerson(db, keyring, userId).catch(() => null))?.name ?? null) : null);
  }
  return batches.map((batch) => ({
    id: batch.id,
    messageId: batch.message_id,
    status: batch.status as PayoutBatchView["status"],
    requestedDate: batch.requested_date,
    orderCount: batch.order_count,
    totalOre: batch.total_ore,
    createdAt: batch.created_at,
    paidAt: batch.paid_at,
    lines: lines
      .filter(({ line }) => line.batch_id === batch.id)
      .map(({ line, memberName, userId }) => ({
        orderId: line.order_id,
        memberName,
        amountOre: line.amount_ore,
        masked: line.masked,
        verifiedName: names.get(userId) ?? null,
        state: line.state as "open" | "paid" | "returned",
      })),
  }));
}

/** Whether an order is in an open bank file: the member's page says "Skickad till banken". */
export async function isSentToBank(db: Db, orderId: string): Promise<boolean> {
  if (!isUuid(orderId)) return false;
  const [line] = await db
    .select({ orderId: payout_batch_orders.order_id })
    .from(payout_batch_orders)
    .where(and(eq(payout_batch_orders.order_id, orderId), eq(payout_batch_orders.state, "open")));
  return line !== undefined;
}
