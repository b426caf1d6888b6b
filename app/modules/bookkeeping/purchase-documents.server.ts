/**
 * Purchase documents (avräkningsnotor, decision 047): issued in the transaction that marks a sell
 * order paid, numbered from one gapless series (a counter row incremented in that transaction —
 * a rolled-back payout gives its number back), stored as PDF bytes and served as stored. A
 * correction is a new document that refers to the first; the first is never changed.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/platform/audit/audit.server";
import { config } from "~/platform/config.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { purchase_document_counters, purchase_documents } from "~/platform/db/schema";
import type { PayoutMethod } from "~/modules/selling/selling-constants";
import { renderPurchaseDocumentPdf } from "./purchase-document-pdf.server";
import { documentFilename, PURCHASE_DOCUMENT_SERIES, type PurchaseDocumentContent } from "./purchase-document-rules";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The next number of the series, taken in the caller's transaction (the row stays locked until it ends). */
async function nextNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .insert(purchase_document_counters)
    .values({ series: PURCHASE_DOCUMENT_SERIES, last_number: 1 })
    .onConflictDoUpdate({
      target: purchase_document_counters.series,
      set: { last_number: sql`${purchase_document_counters.last_number} + 1` },
    })
    .returning({ number: purchase_document_counters.last_number });
  return row!.number;
}

export interface IssuedDocument {
  id: string;
  number: number;
  filename: string;
  pdf: Buffer;
}

/** Issues (numbers, draws and stores) one document in the caller's transaction. */
export async function issuePurchaseDocument(
  tx: Tx,
  input: Omit<PurchaseDocumentContent, "number" | "company"> & { userId: string | null; correctsId?: string | null },
): Promise<IssuedDocument> {
  const number = await nextNumber(tx);
  const cfg = config();
  const content: PurchaseDocumentContent = { ...input, number, company: { name: cfg.COMPANY_NAME, orgNumber: cfg.COMPANY_ORG_NUMBER } };
  const pdf = await renderPurchaseDocumentPdf(content);
  const [row] = await tx
    .insert(purchase_documents)
    .values({
      number,
      order_id: input.order.id,
      user_id: input.userId,
      corrects_id: input.correctsId ?? null,
      correction_note: input.corrects?.note ?? null,
      issued_at: input.issuedAt,
      paid_at: input.paidAt,
      seller_name: input.seller.name,
      base_total_ore: input.baseTotalOre,
      bonus_ore: input.totalOre - input.baseTotalOre,
      total_ore: input.totalOre,
      payout_method: input.payout.method,
      payout_reference: input.payout.reference,
      pdf,
    })
    .returning({ id: purchase_documents.id });
  return { id: row!.id, number, filename: documentFilename(number), pdf };
}

export interface StoredDocument {
  id: string;
  number: number;
  filename: string;
  issuedAt: Date;
  correctsNumber: number | null;
}

/** An order's documents, oldest first (the first, then its corrections). `userId` limits them to the owner's. */
export async function listOrderDocuments(db: Db, orderId: string, userId?: string): Promise<StoredDocument[]> {
  if (!UUID.test(orderId)) return [];
  const rows = await db
    .select({
      id: purchase_documents.id,
      number: purchase_documents.number,
      issuedAt: purchase_documents.issued_at,
      correctsId: purchase_documents.corrects_id,
    })
    .from(purchase_documents)
    .where(userId ? and(eq(purchase_documents.order_id, orderId), eq(purchase_documents.user_id, userId)) : eq(purchase_documents.order_id, orderId))
    .orderBy(asc(purchase_documents.number));
  const numbers = new Map(rows.map((row) => [row.id, row.number]));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    filename: documentFilename(row.number),
    issuedAt: row.issuedAt,
    correctsNumber: row.correctsId ? (numbers.get(row.correctsId) ?? null) : null,
  }));
}

/** The stored bytes of one document of an order, exactly as issued; null when it is not that order's (or the owner's). */
export async function readOrderDocument(
  db: Db,
  input: { orderId: string; number: number; userId?: string },
): Promise<{ filename: string; pdf: Buffer } | null> {
  if (!UUID.test(input.orderId) || !Number.isSafeInteger(input.number) || input.number <= 0) return null;
  const conditions = [eq(purchase_documents.order_id, input.orderId), eq(purchase_documents.number, input.number)];
  if (input.userId) conditions.push(eq(purchase_documents.user_id, input.userId));
  const [row] = await db
    .select({ number: purchase_documents.number, pdf: purchase_documents.pdf })
    .from(purchase_documents)
    .where(and(...conditions));
  return row ? { filename: documentFilename(row.number), pdf: Buffer.from(row.pdf) } : null;
}

const PURCHASE_DOCUMENT_ERRORS = {
  notFound: "Avräkningsnotan finns inte.",
  notLatest: "Rätta den senaste avräkningsnotan för ordern.",
} as const;

/**
 * A correction (decision 047): a new document with the next number that refers to the order's
 * latest one and says why; the corrected facts are the seller's name and the payout reference
 * (the amounts are what was paid and are never corrected here). Audited.
 */
export async function correctPurchaseDocument(
  db: Db,
  input: {
    actorUserId: string;
    orderId: string;
    sellerName: string;
    reference: string;
    note: string;
    /** Rebuilds the corrected content from the order (items, amounts) — the order module supplies it. */
    content: (tx: Tx, latest: { sellerName: string; reference: string }) => Promise<Omit<PurchaseDocumentContent, "number" | "company" | "corrects" | "issuedAt"> | null>;
    now?: Date;
  },
): Promise<{ ok: true; value: IssuedDocument } | { ok: false; code: "not_found"; message: string }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(purchase_documents)
      .where(eq(purchase_documents.order_id, input.orderId))
      .orderBy(desc(purchase_documents.number))
      .limit(1)
      .for("update");
    if (!latest) return { ok: false as const, code: "not_found" as const, message: PURCHASE_DOCUMENT_ERRORS.notFound };
    const base = await input.content(tx, { sellerName: latest.seller_name, reference: latest.payout_reference });
    if (!base) return { ok: false as const, code: "not_found" as const, message: PURCHASE_DOCUMENT_ERRORS.notFound };
    const issued = await issuePurchaseDocument(tx, {
      ...base,
      issuedAt: now,
      seller: { ...base.seller, name: input.sellerName },
      payout: { ...base.payout, reference: input.reference },
      corrects: { number: latest.number, note: input.note },
      userId: latest.user_id,
      correctsId: latest.id,
    });
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "purchase_document.correct",
      entityType: "purchase_document",
      entityId: issued.id,
      before: { number: latest.number, sellerName: latest.seller_name, reference: latest.payout_reference },
      after: { number: issued.number, sellerName: input.sellerName, reference: input.reference, note: input.note },
    });
    return { ok: true as const, value: issued };
  });
}

/** The period's first documents (not corrections), for the bookkeeping export: paid in [from, to). */
export async function documentsPaidBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      number: purchase_documents.number,
      paidAt: purchase_documents.paid_at,
      sellerName: purchase_documents.seller_name,
      totalOre: purchase_documents.total_ore,
      payoutMethod: purchase_documents.payout_method,
      reference: purchase_documents.payout_reference,
    })
    .from(purchase_documents)
    .where(
      and(
        isNull(purchase_documents.corrects_id),
        sql`${purchase_documents.paid_at} >= ${from.toISOString()}::timestamptz AND ${purchase_documents.paid_at} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(purchase_documents.paid_at), asc(purchase_documents.number))
    .then((rows) => rows.map((row) => ({ ...row, payoutMethod: row.payoutMethod as PayoutMethod })));
}
