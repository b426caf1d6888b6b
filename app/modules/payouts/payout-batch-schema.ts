/** The bank-file actions of the payout queue (decision 050), validated on the client and the server. */
import { z } from "~/lib/zod";

const PAYOUT_BATCH_INPUT_MESSAGES = {
  invalidRequest: "Ogiltig förfrågan.",
  batchRequired: "Välj en bankfil.",
  orderRequired: "Välj en order.",
} as const;

const M = PAYOUT_BATCH_INPUT_MESSAGES;

/** Gather the due bank payouts into a new file. */
export const createBatchSchema = z.object({ intent: z.literal("create-batch", M.invalidRequest) }, M.invalidRequest);

/** The bank confirmed the file: mark its orders paid. */
export const markBatchPaidSchema = z.object(
  { intent: z.literal("mark-batch-paid", M.invalidRequest), batchId: z.uuid(M.batchRequired) },
  M.invalidRequest,
);

/** One payment of the file goes back to the queue. */
export const returnBatchOrderSchema = z.object(
  { intent: z.literal("return-batch-order", M.invalidRequest), batchId: z.uuid(M.batchRequired), orderId: z.uuid(M.orderRequired) },
  M.invalidRequest,
);

