/**
 * The bank files on the payout queue (decision 050; admin only, the transactions tab): the open
 * and latest files with their payments, the actions on them and the file's download.
 */
import { failureResponse, notFound } from "~/lib/http.server";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { optionalPayoutKeyring, payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { formatSek } from "~/lib/format";
import { PAYOUT_BATCH_MESSAGES } from "./payout-batch-constants";
import { bankFileDebtor, createPayoutBatch, listPayoutBatches, markBatchPaid, readBatchFile, returnBatchOrder } from "./payout-batches.server";

export type BatchAction = { intent: "create-batch" } | { intent: "mark-batch-paid"; batchId: string } | { intent: "return-batch-order"; batchId: string; orderId: string };

/** What the queue shows of bank files: whether a file can be made (else why not) and the files. */
export async function payoutBatchesView() {
  const setup = bankFileDebtor(config());
  const batches = await listPayoutBatches(db(), optionalPayoutKeyring());
  return {
    bankFile: setup.ok ? { enabled: true as const, message: null } : { enabled: false as const, message: setup.message },
    batches: batches.map((batch) => ({
      ...batch,
      createdAt: batch.createdAt.toISOString(),
      paidAt: batch.paidAt?.toISOString() ?? null,
    })),
  };
}

/** One bank file as the queue page receives it. */
export type BankFileView = Awaited<ReturnType<typeof payoutBatchesView>>["batches"][number];

/** A bank-file action of an admin (the caller has checked the tab and parsed the input). */
export async function handleBatchAction(actorUserId: string, input: BatchAction) {
  switch (input.intent) {
    case "create-batch": {
      const setup = bankFileDebtor(config());
      if (!setup.ok) return failureResponse({ ok: false, code: "refused", message: setup.message });
      const created = await createPayoutBatch(db(), payoutKeyring(), { actorUserId, debtor: setup.debtor, siteName: config().SITE_NAME });
      if (!created.ok) return failureResponse(created);
      return {
        ok: true as const,
        title: "Bankfilen är skapad",
        message: `${created.value.orderCount} betalningar på ${formatSek(created.value.totalOre)} i ${created.value.messageId}. Ladda ner filen och skicka den till banken.`,
      };
    }
    case "mark-batch-paid": {
      const result = await markBatchPaid(db(), { actorUserId, batchId: input.batchId, keyring: optionalPayoutKeyring() });
      if (!result.ok) return failureResponse(result);
      const { paid, failed, alreadyPaid } = result.value;
      if (alreadyPaid) return { ok: true as const, title: "Klart", message: "Bankfilen är redan markerad som betald." };
      if (failed.length > 0) {
        return failureResponse({
          ok: false,
          code: "conflict",
          message: `${paid} ordrar markerades som utbetalda. ${failed.length} kunde inte markeras: ${failed.map((item) => item.message).join(" ")}`,
        });
      }
      return { ok: true as const, title: "Klart", message: `Bankfilen är betald: ${paid} ordrar är markerade som utbetalda.` };
    }
    case "return-batch-order": {
      const result = await returnBatchOrder(db(), { actorUserId, batchId: input.batchId, orderId: input.orderId });
      if (!result.ok) return failureResponse(result);
      return { ok: true as const, title: "Klart", message: "Ordern ligger i utbetalningskön igen." };
    }
  }
}

/** GET the stored file (admin only): a download, never cached. */
export async function downloadBankFile(request: Request, batchId: string | undefined) {
  await requireAdminTab(request, "transactions");
  const file = await readBatchFile(db(), payoutKeyring(), batchId ?? "");
  if (!file) throw notFound(PAYOUT_BATCH_MESSAGES.notFound);
  return new Response(file.xml, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
