/**
 * What the site says about fees, prices, founding and payment methods
 * (docs/rules/site.md#marketing-claims), in one place and only as the product makes it true:
 * a quote deducts no fee and shows its reference price and our rate, the rates come from the
 * buy-rate table, the company has one founding year, other games are handled only in the chat,
 * and the payment methods are the ones checkout offers. Isomorphic.
 */
import { COMPANY } from "~/lib/company";
import { BUY_RATE_PERCENT } from "~/modules/selling/selling-constants";
import { payoutPromise } from "~/modules/selling/sell-order-rules";
import { BULK_BONUS_TIERS } from "~/modules/trades/trades-constants";
import { formatNumber } from "~/lib/format";

const rates = Object.values(BUY_RATE_PERCENT);

/** The lowest and highest buy rate, in percent of the reference price. */
const BUY_RATE_RANGE = [Math.min(...rates), Math.max(...rates)] as const;

export const CLAIMS = {
  /** No fee is taken from a quote: its total is what is paid out. */
  fees: "Inga avgifter – beloppet i offerten är det du får",
  /** What a quote pays, against the reference price it shows. */
  rates: `Vi betalar ${BUY_RATE_RANGE[0]}–${BUY_RATE_RANGE[1]} % av referenspriset, och offerten visar båda`,
  /** The one founding year, "sedan {år}". */
  since: `sedan ${COMPANY.foundedYear}`,
  /** Items from other games are valued by staff in the live chat only. */
  otherGames: ["Dota 2", "Rust", "TF2"] as const,
  /** What checkout offers (Swish; card, Apple Pay and Google Pay through the card provider). */
  paymentMethods: ["Swish", "Visa", "Mastercard", "Apple Pay", "Google Pay"] as const,
} as const;

/** The payment methods as a Swedish list: "Swish, Visa, Mastercard, Apple Pay eller Google Pay". */
export function listPaymentMethods(): string {
  const methods = [...CLAIMS.paymentMethods];
  return `${methods.slice(0, -1).join(", ")} eller ${methods.at(-1)}`;
}

/**
 * When a method's payout arrives once Trade Protection is over: its stated time only where a
 * gateway pays it automatically (decision 047), else the manual promise. Every page says this.
 */
export const PAYOUT_CLAIMS = {
  swish: payoutPromise("swish"),
  bank: payoutPromise("bank"),
  crypto: payoutPromise("crypto"),
} as const;

/**
 * The least each computed figure must be before a page shows it (docs/decisions/055-site-figures.md);
 * below it the stat, counter or sentence is left out. Overridable per deployment
 * (SITE_FIGURE_MIN_* in app/platform/config.server.ts).
 */
export const FIGURE_MINIMUMS = {
  /** Accounts not deleted. */
  members: 1_000,
  /** Completed trades, sales and purchases. */
  trades: 1_000,
  /** SEK paid out to sellers for completed sales. */
  paidOutSek: 1_000_000,
  /** Completed trades per day, averaged over the last 30 whole days. */
  tradesPerDay: 10,
} as const;
export type FigureName = keyof typeof FIGURE_MINIMUMS;

/** The bulk bonus's tiers as the quote applies them, lowest first: "+2 % från 5 000 kr, …". */
export const BULK_BONUS_CLAIM = [...BULK_BONUS_TIERS]
  .reverse()
  .map((tier) => `+${tier.percent} % från ${formatNumber(tier.minOre / 100)} kr`)
  .join(", ");
