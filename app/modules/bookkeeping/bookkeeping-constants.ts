/**
 * The bookkeeping export's defaults (decision 047); the config (SIE_ACCOUNT_*) may override the
 * accounts. BAS account plan numbers. Isomorphic.
 */
import type { PayoutMethod } from "~/modules/selling/selling-constants";

export const SIE_DEFAULT_ACCOUNTS = {
  /** Inköp av varor: what each purchase from a seller costs. */
  purchases: "4000",
  /** Where each payout method's money leaves from. */
  payout: { swish: "1930", bank: "1930", crypto: "1940" } satisfies Record<PayoutMethod, string>,
} as const;

/** The accounts' names in #KONTO. */
export const SIE_ACCOUNT_NAMES: Record<string, string> = {
  "4000": "Inköp av varor",
  "1930": "Företagskonto",
  "1940": "Övriga bankkonton",
};

/** The verification series of the export's #VER rows. */
export const SIE_SERIES = "A";
