/** Bank payment files (decision 050): limits and the Swedish messages staff see. */
export const PAYOUT_BATCHES = {
  /** Payments in one file; more wait for the next file. */
  maxOrders: 500,
  /** Batches listed under the payout queue (the open ones first). */
  listed: 20,
} as const;

export const PAYOUT_BATCH_MESSAGES = {
  notConfigured:
    "Ange företagets konto (PAYOUT_BANK_IBAN eller PAYOUT_BANK_BANKGIRO) och bankens BIC (PAYOUT_BANK_BIC) i konfigurationen för att kunna skapa bankfiler.",
  nothingDue: "Det finns inga förfallna bankutbetalningar att lägga i en bankfil.",
  notFound: "Bankfilen finns inte.",
  closed: "Bankfilen är stängd: alla betalningar i den är tillbaka i kön.",
  orderNotInBatch: "Ordern finns inte i bankfilen.",
  orderAlreadyPaid: "Ordern är redan markerad som utbetald med bankfilen.",
} as const;

export const PAYOUT_BATCH_STATUS_LABELS = {
  open: "Skickad till banken",
  paid: "Betald",
  closed: "Stängd",
} as const;

export const PAYOUT_BATCH_LINE_LABELS = {
  open: "Skickad till banken",
  paid: "Utbetald",
  returned: "Tillbaka i kön",
} as const;
