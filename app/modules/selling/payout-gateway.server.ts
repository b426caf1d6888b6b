/**
 * Sending a payout (docs/rules/selling.md#payouts). Manual by default (no gateway configured):
 * staff pay from the bank, Swish or wallet and mark the order paid with the reference. An automatic adapter (a payout
 * provider's API at a configurable base URL) implements `send`:
 *
 * - it is called at most once per claim, with `idempotencyKey` = `sell-order:{orderId}`; the
 *   provider must treat a repeated key as the same payout (a crash between its answer and our
 *   commit is retried by staff with the same key);
 * - it answers `{ ok: true, reference }` once the money has left, or `{ ok: false, reason }`
 *   (the order becomes `payout_failed`, and staff retry it);
 * - it may throw for "don't know" (timeout): that too is `payout_failed`, and the retry's same
 *   key keeps the provider from paying twice.
 */
import type { PayoutMethod } from "~/modules/selling/selling-constants";
import { config, type Config } from "~/platform/config.server";
import type { PayoutDetails } from "./payout-rules";

export interface PayoutRequest {
  idempotencyKey: string;
  orderId: string;
  method: PayoutMethod;
  amountOre: number;
  details: PayoutDetails;
}

export type PayoutAnswer = { ok: true; reference: string } | { ok: false; reason: string };

export interface PayoutGateway {
  readonly mode: "manual" | "automatic";
  send(request: PayoutRequest): Promise<PayoutAnswer>;
}

/**
 * The methods paid automatically on this deployment (decision 051): Swish when the Swish payouts
 * API is configured. Only these state their time (PAYOUT_TIMES) on an order and in its mails.
 */
export function automaticPayoutMethods(cfg: Pick<Config, "SWISH_PAYOUTS_URL"> = config()): readonly PayoutMethod[] {
  return cfg.SWISH_PAYOUTS_URL ? ["swish"] : [];
}
