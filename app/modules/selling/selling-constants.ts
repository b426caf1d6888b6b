/**
 * The selling area's business constants (docs/rules/selling.md): payouts, payout details, the
 * Steam checks, quotes, the price list and sell orders. Isomorphic.
 */

// ---------------------------------------------------------------------------
// Payouts and payout details (docs/rules/trades.md#payout, docs/rules/selling.md)
// ---------------------------------------------------------------------------
export const PAYOUT_METHODS = ["swish", "bank", "crypto"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_TIMES: Record<PayoutMethod, string> = {
  swish: "1-5 minuter",
  bank: "1-2 bankdagar",
  crypto: "10-30 minuter",
};

/** What an order says of a manual payout's time (decision 047): staff pay due payouts this soon. */
export const MANUAL_PAYOUT_PROMISE = "senast nästa bankdag";

export const PAYOUT_LABELS: Record<PayoutMethod, string> = {
  swish: "Swish",
  bank: "Banköverföring",
  crypto: "Krypto",
};

/** Payout details and selling requirements (docs/rules/selling.md). */
export const PAYOUT_DETAILS_RULES = {
  /** Members get payouts from this age, on Stockholm's date. */
  minimumAge: 18,
  /** Payouts to new or changed details wait this long (account-takeover protection). */
  changeDelayMs: 24 * 60 * 60_000,
  /** An account without a password confirms a change with a Steam or Google sign-in this recent. */
  recentSignInMs: 10 * 60_000,
} as const;

/** Revealing a payout's recipient to the admin who pays by hand (decision 047). */
export const PAYOUT_REVEAL = {
  /** Reveals an admin may make in an hour. */
  maxPerHour: 20,
  /** How long the page shows a revealed recipient. */
  visibleMs: 5 * 60_000,
} as const;

/** How payout details were confirmed (payout_details_history.confirmed_by). */
export const PAYOUT_CONFIRMATIONS = ["password", "recent_sign_in", "second_factor"] as const;
export type PayoutConfirmation = (typeof PAYOUT_CONFIRMATIONS)[number];

/** The Steam trade-hold check (docs/rules/selling.md#seller-requirements). */
export const STEAM_TRADE_HOLD = {
  /** A hold answer is reused this long per trade link. */
  cacheMs: 5 * 60_000,
  /** A Steam call that takes longer counts as "could not check". */
  timeoutMs: 5_000,
  /** SteamID64 = the trade link's partner (account id) + this. */
  steamId64Base: 76561197960265728n,
  /** Steam's page on the Steam Mobile app, where the Mobile Authenticator is turned on. */
  helpUrl: "https://store.steampowered.com/mobile",
} as const;

// ---------------------------------------------------------------------------
// Self-service selling: quotes and sell orders (docs/rules/selling.md)
// ---------------------------------------------------------------------------
/** A quote's prices are locked this long; accepting after it is refused. */
export const SELL_QUOTE_VALID_MINUTES = 10;
/** Why an inventory item on a quote is not accepted (sell_quote_items.refusal). */
export const SELL_QUOTE_REFUSALS = ["no_price", "below_minimum", "not_tradable", "trade_protected"] as const;
export type SellQuoteRefusal = (typeof SELL_QUOTE_REFUSALS)[number];
/** At most this many items on one quote (and so one sell order). */
export const SELL_QUOTE_MAX_ITEMS = 100;

/** Valuing an inventory before signing up (docs/rules/selling.md#valuation-before-sign-up). */
export const VISITOR_VALUATION = {
  /** Valuations per address (each may read a whole Steam inventory). */
  rateLimit: { scope: "visitor-valuation", limit: 10, windowMs: 10 * 60_000 },
  /** A custom profile name's SteamID64 is reused this long, for at most this many names. */
  vanityCacheMs: 60 * 60_000,
  vanityCacheSize: 1_000,
  /** A Steam lookup that takes longer counts as "Steam does not answer". */
  timeoutMs: 5_000,
} as const;

/** Sell-side price alerts (docs/rules/selling.md#price-alerts). */
export const PRICE_ALERT_KINDS = ["item", "inventory"] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];
/** The page every price-alert mail links to (`?token=`). */
export const PRICE_ALERT_PATH = "/prisbevakning";
export const PRICE_ALERTS = {
  /** Alerts a member may keep at once. */
  maxPerMember: 20,
  /** Alerts one visitor address may keep at once (confirmed or not). */
  maxPerEmail: 10,
  /** A visitor's alert not confirmed within this time is deleted. */
  confirmHours: 48,
  /** Alerts created per address (signed in or not), each may read an inventory and send a mail. */
  createRateLimit: { scope: "price-alert", limit: 10, windowMs: 60 * 60_000 },
  /** The highest target, in öre (a whole inventory may be worth much more than one item). */
  maxTargetOre: 100_000_000,
} as const;

/** Quotes and inventory refreshes per member (each may read a whole Steam inventory). */
export const SELL_QUOTE_RATE_LIMIT = { scope: "sell-quote", limit: 30, windowMs: 10 * 60_000 } as const;
/** The member's Steam inventory (docs/rules/selling.md#inventory). */
export const STEAM_INVENTORY = {
  /** A loaded inventory is reused this long per member; the refresh button loads it again. */
  cacheMs: 3 * 60_000,
  /** A refresh within this long of the last load reuses it (one click, one request to Steam). */
  refreshMinMs: 15_000,
  /** Steam's largest page (`count`). */
  pageSize: 2000,
  /** At most this many pages (20,000 items) are read; the rest is left off. */
  maxPages: 10,
  /** A Steam request that takes longer counts as "could not load". */
  timeoutMs: 10_000,
  /** After a 429 without Retry-After, no request to Steam for this long. */
  backoffMs: 60_000,
  /** A Retry-After is honoured up to this long. */
  maxBackoffMs: 15 * 60_000,
} as const;

/**
 * What kind of item a price-list row's buy rate comes from, read from the Steam `Type` tag
 * (docs/rules/selling.md#buy-rates).
 */
export const PRICE_CATEGORIES = ["weapon", "knife", "gloves", "sticker", "container", "agent", "other"] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];

/** The share of the reference price we pay, by category, in whole percent (1–100). */
export const BUY_RATE_PERCENT: Record<PriceCategory, number> = {
  weapon: 70,
  knife: 75,
  gloves: 75,
  sticker: 60,
  container: 65,
  agent: 65,
  other: 60,
};
/** An item whose price (after the buy rate) is below this is not accepted (öre). */
export const SELL_MIN_ITEM_VALUE_ORE = 5_00;

/** The price list and its import (docs/rules/selling.md#price-list). */
export const PRICE_LIST = {
  pageSize: 50,
  /** A CSV upload larger than this is refused. */
  csvMaxBytes: 2 * 1024 * 1024,
  csvMaxRows: 20_000,
  /** Largest reference price accepted (the same ceiling as a staff-recorded item). */
  maxPriceOre: 1_000_000_00,
  nameMaxLength: 200,
  sourceMaxLength: 40,
  /** Rows with errors shown in the preview. */
  previewErrors: 50,
} as const;

/** Days of price history a quote and the inventory show (docs/rules/selling.md#price-history). */
export const PRICE_HISTORY_DAYS = 90;

/** Where a price-list row came from (sell_prices.source). */
export const PRICE_SOURCES = ["manual", "csv", "skinport"] as const;
export type PriceSourceId = (typeof PRICE_SOURCES)[number];

/** The scheduled import from a price source (docs/rules/selling.md#scheduled-import). */
export const PRICE_SOURCE = {
  /** How often the job imports. */
  intervalMs: 6 * 60 * 60_000,
  /** Skinport's /v1/items is cached by them for 5 minutes and limited to 8 requests per 5 minutes. */
  minRequestIntervalMs: 5 * 60_000,
  timeoutMs: 30_000,
  /** Largest answer read (bytes). */
  maxBytes: 50 * 1024 * 1024,
  currency: "SEK",
} as const;

/** A sell order's statuses (docs/rules/selling.md#sell-orders). The first six in order, then the end states. */
export const SELL_ORDER_STATUSES = [
  "in_review",
  "awaiting_offer",
  "offer_sent",
  "protected",
  "payout_scheduled",
  "paid",
  "cancelled",
  "declined",
  "expired",
  "reversed",
  "payout_failed",
] as const;
export type SellOrderStatus = (typeof SELL_ORDER_STATUSES)[number];
/** The way an order normally goes, shown as the member's timeline. */
export const SELL_ORDER_PATH = ["in_review", "awaiting_offer", "offer_sent", "protected", "payout_scheduled", "paid"] as const satisfies readonly SellOrderStatus[];
/** Short Swedish labels; the timeline adds the dates (sell-order-rules.ts). */
export const SELL_ORDER_STATUS_LABELS: Record<SellOrderStatus, string> = {
  in_review: "Granskas",
  awaiting_offer: "Väntar på trade-erbjudande",
  offer_sent: "Erbjudande skickat",
  protected: "Trade Protection",
  payout_scheduled: "Utbetalning planerad",
  paid: "Utbetald",
  cancelled: "Avbruten",
  declined: "Nekad",
  expired: "Utgången",
  reversed: "Återförd",
  payout_failed: "Utbetalningen misslyckades",
};
/** Sell orders and their limits (docs/rules/selling.md#limits). */
export const SELL_ORDERS = {
  /** Orders above this total (öre) are reviewed by staff before an offer is sent (docs/rules/selling.md#review: 1 000 kr). */
  reviewAboveOre: 100_000,
  /** Open orders a member may have at once unless staff allow more. */
  defaultMaxOpenOrders: 1,
  /** The most staff may allow. */
  maxOpenOrdersLimit: 10,
  /** After a reversal the member may not sell for this many days. */
  reversalBlockDays: 30,
  /** A new member's first days, during which the total sold is limited (SELL_FIRST_WEEK_LIMIT_ORE overrides the amount). */
  newMemberDays: 7,
  newMemberLimitOre: 500_000,
  /** The security code quoted in the Steam trade offer's message: unambiguous letters and digits. */
  securityCodeLength: 6,
  securityCodeAlphabet: "ABCDEFGHJKLMNPQRSTUVWXYZ23456789",
  /** Trade offer ids are Steam's 64-bit numbers. */
  tradeOfferIdMaxLength: 20,
  /** Payout references staff type in (bank/Swish transaction id, tx hash). */
  payoutReferenceMaxLength: 120,
  /** The poller follows at most this many open orders per run. */
  pollBatchSize: 100,
  /** A Steam Web API call that takes longer is tried again on the next run. */
  steamTimeoutMs: 10_000,
} as const;

/** The route Swish calls back on (docs/decisions/051-swish-payouts.md). */
export const SWISH_PAYOUT_CALLBACK_PATH = "/api/swish/payouts/callback";

/** Swish payouts sent by the job runner (docs/decisions/051-swish-payouts.md). */
export const SWISH_PAYOUTS = {
  /** Instructions sent per job run. */
  sendBatchSize: 20,
  /**
   * An instruction Swish has not answered for (a crash, a lost answer) or not called back on is
   * read by its status after this long (well past the client's 10-second timeout, so no send of
   * ours is still in flight).
   */
  reconcileAfterMs: 60_000,
  /** The message the member sees in Swish (at most 50 characters). */
  message: (securityCode: string) => `Skinhamnen säljorder ${securityCode}`,
} as const;
