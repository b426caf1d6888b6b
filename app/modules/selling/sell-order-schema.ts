/**
 * What the sell-order forms post (docs/rules/selling.md#sell-orders), checked by the same zod
 * schemas on the client and the server; each refusal is a Swedish message.
 */
import { SELL_ORDERS } from "~/modules/selling/selling-constants";
import { textField } from "~/lib/validation";
import { z } from "~/lib/zod";
import { createBatchSchema, markBatchPaidSchema, returnBatchOrderSchema } from "~/modules/payouts/payout-batch-schema";

const SELL_ORDER_MESSAGES = {
  invalidRequest: "Ogiltig förfrågan.",
  quoteRequired: "Offerten saknas eller är ogiltig.",
  orderRequired: "Ordern saknas eller är ogiltig.",
  offerId: "Ange trade-erbjudandets id: bara siffror, högst 20.",
  reference: `Ange betalningens referens (1–${SELL_ORDERS.payoutReferenceMaxLength} tecken).`,
  maxOpenOrders: `Ange ett antal mellan 1 och ${SELL_ORDERS.maxOpenOrdersLimit}.`,
  sellerName: "Ange säljarens namn (1–120 tecken).",
  correctionNote: "Skriv vad rättelsen gäller (1–500 tecken).",
  manualReason: "Skriv varför ordern skickas för hand (1–300 tecken).",
} as const;

/** The member's page: accept a quote (posted by the quote page) — the only form of /mina-affarer. */
export const acceptQuoteSchema = z.object(
  { intent: z.literal("accept", SELL_ORDER_MESSAGES.invalidRequest), quoteId: z.uuid(SELL_ORDER_MESSAGES.quoteRequired) },
  SELL_ORDER_MESSAGES.invalidRequest,
);

/** The member's order page: cancel before the offer is sent. */
/** The member's order page: cancel, and the trade shield's two buttons (docs/rules/bots.md#trade-shield). */
export const memberOrderActionSchema = z.object(
  { intent: z.enum(["cancel", "report-other-offer", "account-safe"], SELL_ORDER_MESSAGES.invalidRequest) },
  SELL_ORDER_MESSAGES.invalidRequest,
);

const note = z.preprocess((value) => (value === "" ? undefined : value), textField(500).optional());

/** The staff order page's forms. */
export const staffOrderActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), note }),
    z.object({ intent: z.literal("decline"), note }),
    z.object({ intent: z.literal("cancel"), note }),
    z.object({ intent: z.literal("set-offer"), tradeOfferId: z.string(SELL_ORDER_MESSAGES.offerId).trim().regex(/^\d{1,20}$/, SELL_ORDER_MESSAGES.offerId) }),
    z.object({ intent: z.literal("retry-payout") }),
    // docs/rules/bots.md#staff-actions: a bot's offer.
    z.object({ intent: z.literal("resend-offer") }),
    z.object({ intent: z.literal("cancel-offer"), note }),
    z.object({
      intent: z.literal("manual-offer"),
      reason: textField(300, { tooLong: SELL_ORDER_MESSAGES.manualReason }).refine((value) => value.length > 0, SELL_ORDER_MESSAGES.manualReason),
    }),
    z.object({
      intent: z.literal("correct-document"),
      sellerName: textField(120, { tooLong: SELL_ORDER_MESSAGES.sellerName }).refine((value) => value.length > 0, SELL_ORDER_MESSAGES.sellerName),
      reference: textField(SELL_ORDERS.payoutReferenceMaxLength, { tooLong: SELL_ORDER_MESSAGES.reference }).refine(
        (value) => value.length > 0,
        SELL_ORDER_MESSAGES.reference,
      ),
      correctionNote: textField(500, { tooLong: SELL_ORDER_MESSAGES.correctionNote }).refine((value) => value.length > 0, SELL_ORDER_MESSAGES.correctionNote),
    }),
    z.object({
      intent: z.literal("allow-orders"),
      maxOpenOrders: z.coerce
        .number(SELL_ORDER_MESSAGES.maxOpenOrders)
        .int(SELL_ORDER_MESSAGES.maxOpenOrders)
        .min(1, SELL_ORDER_MESSAGES.maxOpenOrders)
        .max(SELL_ORDERS.maxOpenOrdersLimit, SELL_ORDER_MESSAGES.maxOpenOrders),
    }),
  ],
  SELL_ORDER_MESSAGES.invalidRequest,
);

/** The payout queue: mark one order paid with the reference. */
const markPaidSchema = z.object(
  {
    intent: z.literal("mark-paid", SELL_ORDER_MESSAGES.invalidRequest),
    orderId: z.uuid(SELL_ORDER_MESSAGES.orderRequired),
    reference: textField(SELL_ORDERS.payoutReferenceMaxLength, { tooLong: SELL_ORDER_MESSAGES.reference }).refine(
      (value) => value.length > 0,
      SELL_ORDER_MESSAGES.reference,
    ),
  },
  SELL_ORDER_MESSAGES.invalidRequest,
);

/** The payout queue: show one order's recipient in full (decision 047). */
const revealRecipientSchema = z.object(
  {
    intent: z.literal("reveal-recipient", SELL_ORDER_MESSAGES.invalidRequest),
    orderId: z.uuid(SELL_ORDER_MESSAGES.orderRequired),
  },
  SELL_ORDER_MESSAGES.invalidRequest,
);

/** Every action of the payout queue, by intent: one order, or a bank file (decision 050). */
export const payoutQueueActionSchema = z.discriminatedUnion(
  "intent",
  [markPaidSchema, revealRecipientSchema, createBatchSchema, markBatchPaidSchema, returnBatchOrderSchema],
  SELL_ORDER_MESSAGES.invalidRequest,
);
