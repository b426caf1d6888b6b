/**
 * Bank payment files against a real database (PGlite, or PostgreSQL with DATABASE_URL, where the
 * race between two admins is real): building a batch, paying it through markPaid, returning one
 * payment to the queue, and never putting an order in two open batches.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { listPayoutQueue, markPaid, SELL_ORDER_ERRORS } from "~/modules/selling/sell-orders.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { audit_log, payout_batch_orders, payout_batches, purchase_documents, sell_orders, trades } from "~/platform/db/schema";
import { createSeller } from "~/modules/selling/sell-order-fixtures";
import { changePayoutDetails } from "~/modules/selling/payout-details.server";
import { createBankSeller, createDueOrder } from "./payout-batch-fixtures";
import { PAYOUT_BATCH_MESSAGES } from "./payout-batch-constants";
import { bankFileDebtor, createPayoutBatch, isSentToBank, markBatchPaid, orderReference, readBatchFile, returnBatchOrder } from "./payout-batches.server";
import { validatePain001 } from "./fixtures/validate-xml";

let database: TestDatabase;
let staffId: string;
let otherStaffId: string;
const db = () => database.db;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const configured = bankFileDebtor({
  COMPANY_NAME: "Skinhamnen AB",
  COMPANY_ORG_NUMBER: "559999-9999",
  PAYOUT_BANK_IBAN: "SE45 5000 0000 0583 9825 7466",
  PAYOUT_BANK_BIC: "ESSESESS",
});
if (!configured.ok) throw new Error(configured.message);
const debtor = configured.debtor;
const create_ = (actorUserId = staffId) => createPayoutBatch(db(), keyring, { actorUserId, debtor, siteName: "Skinhamnen" });

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  staffId = await createStaff(db());
  otherStaffId = await createStaff(db());
});
afterAll(async () => {
  await database?.close();
});
// Each test starts with no open batch: earlier tests' due orders are paid out of the way.
beforeEach(async () => {
  await db().update(sell_orders).set({ status: "cancelled" }).where(eq(sell_orders.status, "payout_scheduled"));
});

async function threeDueOrders() {
  const anna = await createBankSeller(db(), keyring, { firstName: "Anna", lastName: "Ågren" });
  const bjorn = await createBankSeller(db(), keyring, {
    firstName: "Björn",
    lastName: "Öst",
    details: { method: "bank", format: "iban", iban: "SE3550000000054910000003" },
  });
  const cecilia = await createBankSeller(db(), keyring, {
    firstName: "Cecilia",
    lastName: "Lind",
    details: { method: "bank", format: "account", clearing: "6000", account: "123456789", bank: "Handelsbanken" },
  });
  return [await createDueOrder(db(), anna, { priceOre: 123_450 }), await createDueOrder(db(), bjorn, { priceOre: 9_999 }), await createDueOrder(db(), cecilia, { priceOre: 1 })];
}

const lines = (batchId: string) => db().select().from(payout_batch_orders).where(eq(payout_batch_orders.batch_id, batchId));

describe("bank payment files (decision 050)", () => {
  it("explains what is missing when the company's account is not configured", () => {
    expect(bankFileDebtor({ COMPANY_NAME: "X AB", COMPANY_ORG_NUMBER: "559999-9999", PAYOUT_BANK_IBAN: "SE45 5000 0000 0583 9825 7466" })).toEqual({
      ok: false,
      message: PAYOUT_BATCH_MESSAGES.notConfigured,
    });
  });

  it("gathers the due bank payouts into one file that validates, with the count, control sum, references and verified names", async () => {
    const orders = await threeDueOrders();
    // Not in the file: a Swish payout, an unverified seller, a foreign IBAN.
    const swish = await createDueOrder(db(), await createSeller(db(), keyring), { method: "swish" });
    const unverified = await createDueOrder(db(), await createBankSeller(db(), keyring, { firstName: "Ove", lastName: "Overifierad", userId: await createSeller(db(), keyring, { verified: false }) }));
    const foreign = await createDueOrder(
      db(),
      await createBankSeller(db(), keyring, { firstName: "Dirk", lastName: "Deutsch", details: { method: "bank", format: "iban", iban: "DE89370400440532013000" } }),
    );
    const created = await create_();
    expect(created).toMatchObject({ ok: true, value: { orderCount: 3, totalOre: 133_450 } });
    if (!created.ok) return;
    const file = await readBatchFile(db(), keyring, created.value.id);
    expect(file!.filename).toBe(`${created.value.messageId}.xml`);
    expect(validatePain001(file!.xml)).toBe("valid");
    const message = (create(file!.xml).end({ format: "object" }) as { Document: { CstmrCdtTrfInitn: { GrpHdr: Record<string, string>; PmtInf: { CdtTrfTxInf: Array<{ PmtId: { EndToEndId: string }; Cdtr: { Nm: string } }> } } } }).Document.CstmrCdtTrfInitn;
    expect(message.GrpHdr).toMatchObject({ MsgId: created.value.messageId, NbOfTxs: "3", CtrlSum: "1334.50" });
    expect(message.PmtInf.CdtTrfTxInf.map((transaction) => transaction.PmtId.EndToEndId)).toEqual(orders.map(orderReference));
    expect(message.PmtInf.CdtTrfTxInf.map((transaction) => transaction.Cdtr.Nm)).toEqual(["Anna Ågren", "Björn Öst", "Cecilia Lind"]);
    // The file is kept sealed: no account number in the row.
    const [row] = await db().select().from(payout_batches).where(eq(payout_batches.id, created.value.id));
    expect(row!.file_ciphertext).not.toContain("1234567890");
    // The queue shows them sent, not payable alone; the others stay.
    const queue = await listPayoutQueue(db());
    for (const orderId of orders) expect(queue.find((entry) => entry.orderId === orderId)).toMatchObject({ batchId: created.value.id, ready: false });
    expect(queue.find((entry) => entry.orderId === swish)).toMatchObject({ batchId: null });
    expect(queue.find((entry) => entry.orderId === foreign)).toMatchObject({ batchId: null, ready: true });
    expect(queue.find((entry) => entry.orderId === unverified)).toMatchObject({ batchId: null, verified: false });
    expect(await isSentToBank(db(), orders[0]!)).toBe(true);
    expect(await markPaid(db(), { actorUserId: staffId, orderId: orders[0]!, reference: "X" })).toMatchObject({ ok: false, message: SELL_ORDER_ERRORS.inBankFile });
    // A second click makes no second file.
    expect(await create_()).toEqual({ ok: false, code: "refused", message: PAYOUT_BATCH_MESSAGES.nothingDue });
    const audits = await db().select().from(audit_log).where(and(eq(audit_log.action, "payout_batch.create"), eq(audit_log.entity_id, created.value.id)));
    expect(audits).toHaveLength(1);
  });

  it("marks every order of the batch paid through markPaid with the batch's reference, once", async () => {
    const orders = await threeDueOrders();
    const created = await create_();
    if (!created.ok) throw new Error(created.message);
    // The member changes details after the file left: the payout still names the account in the file.
    const [first] = await db().select().from(sell_orders).where(eq(sell_orders.id, orders[0]!));
    await changePayoutDetails(db(), keyring, { userId: first!.user_id, details: { method: "swish", phone: "0701234599", personnummer: "199001011239" }, confirmedBy: "password" }).catch(() => null);
    const [paid, again] = await Promise.all([
      markBatchPaid(db(), { actorUserId: staffId, batchId: created.value.id, keyring }),
      markBatchPaid(db(), { actorUserId: otherStaffId, batchId: created.value.id, keyring }),
    ]);
    expect(paid.ok && again.ok).toBe(true);
    if (!paid.ok || !again.ok) return;
    expect(paid.value.paid + again.value.paid).toBe(3);
    expect([...paid.value.failed, ...again.value.failed]).toEqual([]);
    const rows = await db().select().from(sell_orders).where(inArray(sell_orders.id, orders));
    expect(rows.map((row) => [row.status, row.payout_reference])).toEqual(orders.map(() => ["paid", created.value.messageId]));
    expect(rows.find((row) => row.id === orders[0])!.payout_masked).toContain("••••7890");
    expect(await db().select().from(trades).where(inArray(trades.id, rows.map((row) => row.trade_id!)))).toHaveLength(3);
    expect(await db().select().from(purchase_documents).where(inArray(purchase_documents.order_id, orders))).toHaveLength(3);
    expect((await lines(created.value.id)).map((line) => line.state)).toEqual(["paid", "paid", "paid"]);
    const audits = await db().select().from(audit_log).where(and(eq(audit_log.action, "payout_batch.mark_paid"), eq(audit_log.entity_id, created.value.id)));
    expect(audits).toHaveLength(1);
    // A third click changes nothing more.
    expect(await markBatchPaid(db(), { actorUserId: staffId, batchId: created.value.id, keyring })).toEqual({ ok: true, value: { paid: 0, failed: [], alreadyPaid: true } });
    expect(await isSentToBank(db(), orders[0]!)).toBe(false);
  });

  it("returns one payment to the queue (audited), which a new file can then take; a batch with every payment back is closed", async () => {
    const orders = await threeDueOrders();
    const created = await create_();
    if (!created.ok) throw new Error(created.message);
    expect(await returnBatchOrder(db(), { actorUserId: staffId, batchId: created.value.id, orderId: orders[1]! })).toEqual({ ok: true, value: { returned: true } });
    expect(await returnBatchOrder(db(), { actorUserId: staffId, batchId: created.value.id, orderId: orders[1]! })).toEqual({ ok: true, value: { returned: false } });
    const queue = await listPayoutQueue(db());
    expect(queue.find((entry) => entry.orderId === orders[1])).toMatchObject({ batchId: null, ready: true });
    const audits = await db().select().from(audit_log).where(and(eq(audit_log.action, "payout_batch.return_order"), eq(audit_log.entity_id, created.value.id)));
    expect(audits).toHaveLength(1);

    const next = await create_();
    expect(next).toMatchObject({ ok: true, value: { orderCount: 1, totalOre: 9_999 } });
    if (!next.ok) return;
    // Paying the first file pays its two remaining orders, not the returned one.
    const paid = await markBatchPaid(db(), { actorUserId: staffId, batchId: created.value.id, keyring });
    expect(paid).toMatchObject({ ok: true, value: { paid: 2 } });
    const [returned] = await db().select().from(sell_orders).where(eq(sell_orders.id, orders[1]!));
    expect(returned!.status).toBe("payout_scheduled");
    expect(await returnBatchOrder(db(), { actorUserId: staffId, batchId: created.value.id, orderId: orders[0]! })).toMatchObject({ ok: false, message: PAYOUT_BATCH_MESSAGES.orderAlreadyPaid });

    expect(await returnBatchOrder(db(), { actorUserId: staffId, batchId: next.value.id, orderId: orders[1]! })).toMatchObject({ ok: true });
    const [closed] = await db().select().from(payout_batches).where(eq(payout_batches.id, next.value.id));
    expect(closed!.status).toBe("closed");
    expect(await markBatchPaid(db(), { actorUserId: staffId, batchId: next.value.id, keyring })).toMatchObject({ ok: false, message: PAYOUT_BATCH_MESSAGES.closed });
  });

  it("refuses hostile ids as not found and keeps an order out of two open batches in the database itself", async () => {
    expect(await markBatchPaid(db(), { actorUserId: staffId, batchId: "'; DROP TABLE payout_batches; --" })).toMatchObject({ ok: false, code: "not_found" });
    expect(await returnBatchOrder(db(), { actorUserId: staffId, batchId: "x", orderId: "y" })).toMatchObject({ ok: false, code: "not_found" });
    expect(await readBatchFile(db(), keyring, "../../etc/passwd")).toBeNull();
    const [orderId] = await threeDueOrders();
    const created = await create_();
    if (!created.ok) throw new Error(created.message);
    const [copy] = await db().select().from(payout_batches).where(eq(payout_batches.id, created.value.id));
    const [other] = await db()
      .insert(payout_batches)
      .values({ ...copy!, id: undefined, message_id: "SKH-TEST-OTHER" })
      .returning();
    await expect(db().insert(payout_batch_orders).values({ batch_id: other!.id, order_id: orderId!, amount_ore: 1, masked: "x" })).rejects.toThrow();
  });

  it("two admins building files at once never put an order in two batches", async () => {
    const sellers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => createBankSeller(db(), keyring, { firstName: `Säljare${index}`, lastName: "Test" })),
    );
    const orders: string[] = [];
    for (const seller of sellers) for (let index = 0; index < 3; index++) orders.push(await createDueOrder(db(), seller, { priceOre: 1_000 + index }));
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => create_(index % 2 ? staffId : otherStaffId)));
    const made = results.flatMap((result) => (result.ok ? [result.value] : []));
    for (const result of results) if (!result.ok) expect(result.message).toBe(PAYOUT_BATCH_MESSAGES.nothingDue);
    expect(made.reduce((sum, batch) => sum + batch.orderCount, 0)).toBe(orders.length);
    const rows = await db().select().from(payout_batch_orders).where(inArray(payout_batch_orders.order_id, orders));
    expect(rows).toHaveLength(orders.length);
    expect(new Set(rows.map((row) => row.order_id)).size).toBe(orders.length);
  });
});
