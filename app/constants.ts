/**
 * Every business constant of the product, in one isomorphic module (docs/rules/ explains each).
 * Pages, services and tests import from here; no number is retyped elsewhere.
 */

// ---------------------------------------------------------------------------
// Company and marketing claims (docs/rules/site.md#marketing-claims). Static, not computed.
// ---------------------------------------------------------------------------
export const COMPANY = {
  legalForm: "Aktiebolag",
  city: "Helsingborg",
  region: "Skåne län",
  country: "SE",
  countryName: "Sverige",
  foundedYear: 2019,
  tradingSinceYear: 2016,
  /** Where support mail goes unless SUPPORT_EMAIL says otherwise. */
  supportEmail: "support@skinhamnen.se",
  publisherDisclaimer:
    "Skinhamnen är inte ansluten till, sponsrad av eller godkänd av Valve Corporation. Counter-Strike 2, CS2 och Steam är varumärken som tillhör Valve Corporation.",
} as const;

export const MARKETING = {
  yearsTrading: 8,
  customers: 15_000,
  trades: 150_000,
  rating: 5.0,
  tradedSekMillions: 250,
  communityMembers: 25_000,
  tradesPerDay: 500,
  securePercent: 100,
  feePercent: 0,
  competitorFeeRange: [5, 15] as const,
  bulkBonusPercentRange: [2, 5] as const,
  bigInventoryValuationMinutes: 30,
  manualReviewAboveSek: 1_000,
  otherGames: ["Dota 2", "Rust", "TF2"] as const,
  skinConditions: ["FN", "MW", "FT", "WW", "BS"] as const,
} as const;

/** Hero counters (docs/rules/site.md#hero-counters): start 500 ms after load, rating 4.0 → 5.0 in 0.1 steps every 100 ms. */
export const HERO_COUNTERS = {
  startDelayMs: 500,
  customersTarget: MARKETING.customers,
  ratingFrom: 4.0,
  ratingTo: MARKETING.rating,
  ratingStep: 0.1,
  ratingTickMs: 100,
  /** How long the customer count runs (chosen to end with the rating). */
  customersDurationMs: 1_000,
  /** Customer counts from this number up are shown in thousands ("15K+"). */
  thousandsFrom: 1_000,
} as const;

/** The about page's timeline (docs/rules/site.md#pages): founding, growth, today. */
export const TIMELINE_YEARS = [2019, 2021, 2023, 2025] as const;

export const REVIEWS = {
  platforms: [
    { name: "Trustpilot", count: 2_847, rating: 5.0 },
    { name: "Google", count: 1_394, rating: 5.0 },
  ],
  total: 4_241,
} as const;

// ---------------------------------------------------------------------------
// Payouts, buying and support (docs/rules/trades.md#payout, docs/rules/support.md)
// ---------------------------------------------------------------------------
export const PAYOUT_METHODS = ["swish", "bank", "crypto"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PAYOUT_TIMES: Record<PayoutMethod, string> = {
  swish: "1-5 minuter",
  bank: "1-2 bankdagar",
  crypto: "10-30 minuter",
};

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

/** How payout details were confirmed (payout_details_history.confirmed_by). */
export const PAYOUT_CONFIRMATIONS = ["password", "recent_sign_in"] as const;
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
export const PRICE_CATEGORY_LABELS: Record<PriceCategory, string> = {
  weapon: "Vapen",
  knife: "Kniv",
  gloves: "Handskar",
  sticker: "Klistermärke",
  container: "Låda",
  agent: "Agent",
  other: "Övrigt",
};
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
  /** The payout date is the moment the member accepted the offer + Trade Protection + this many days. */
  payoutExtraDays: 1,
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

export const BUYER_PAYMENT_METHODS = ["Swish", "Kort", "Apple Pay", "Google Pay", "Klarna"] as const;
export const BUY_DELIVERY_MINUTES = [15, 60] as const;

export const SUPPORT_HOURS = {
  opens: "09:00",
  closes: "22:00",
  days: "alla dagar",
  label: "09:00-22:00, alla dagar",
  chatReplySeconds: 30,
  emailReplyHours: 24,
  technicalFixHours: 24,
} as const;

/**
 * Valve's CS2 Trade Protection: a traded item can be reversed by its sender for this many
 * days, so a sale is paid out when the protection period has ended.
 */
export const TRADE_PROTECTION_DAYS = 7;
/**
 * The one way pages state when a seller is paid (docs/rules/trades.md#payout): the payout
 * itself is fast, and it happens once the protection period has ended.
 */
export const PAYOUT_AFTER_PROTECTION = `när Steams ${TRADE_PROTECTION_DAYS} dagar med Trade Protection har gått`;

/** Contact form: reply within 24 hours; at most 5 messages per IP an hour (docs/rules/support.md). */
export const CONTACT = {
  rateLimit: { scope: "contact", limit: 5, windowMs: 60 * 60_000 },
} as const;

/**
 * The server-side maximum length of every kind of text field (docs/rules/http.md#text-limits).
 * Forms use the same numbers for `maxLength`.
 */
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  password: 128,
  phone: 30,
  steamTradeLink: 200,
  subject: 150,
  message: 5_000,
  search: 100,
  slug: 200,
  token: 512,
  redirectTo: 2_048,
  note: 1_000,
  /** A payout detail: phone, personnummer, clearing, account, IBAN or crypto address. */
  payoutDetail: 100,
} as const;

// ---------------------------------------------------------------------------
// Points and XP (docs/rules/loyalty.md#points-and-xp)
// ---------------------------------------------------------------------------
export const POINTS_PER_SEK = { sale: 2, purchase: 1 } as const;
export const XP_PER_SEK = { sale: 2, purchase: 2 } as const;
/** 1,000 points is worth about 500 SEK. */
export const POINTS_VALUE = { points: 1_000, sek: 500 } as const;

export type LevelId = "bronze" | "silver" | "gold" | "platinum";

export interface LevelDefinition {
  id: LevelId;
  name: string;
  /** Brand colour of the level badge (hex). */
  color: string;
  minXP: number;
  /** Inclusive upper bound; null for the top level. */
  maxXP: number | null;
  /** Extra on sales, in percent. */
  saleBonusPercent: number;
  /** Fee on a purchase from us, in percent of the base total (docs/rules/loyalty.md#purchase-fee). */
  purchaseFeePercent: number;
  /** Monthly bonus XP (marketing). */
  monthlyBonusXP: number;
  benefits: readonly string[];
  /** lucide-react icon name. */
  icon: "Shield" | "Star" | "Crown" | "Gem";
}

/** XP levels (docs/rules/loyalty.md#levels): 0, 5,000, 100,000, 500,000. */
export const LEVELS: readonly LevelDefinition[] = [
  {
    id: "bronze",
    name: "Bronze",
    color: "#b45309",
    minXP: 0,
    maxXP: 4_999,
    saleBonusPercent: 0,
    purchaseFeePercent: 5,
    monthlyBonusXP: 0,
    benefits: ["Grundnivå", "Standardkampanjer och giveaways"],
    icon: "Shield",
  },
  {
    id: "silver",
    name: "Silver",
    color: "#64748b",
    minXP: 5_000,
    maxXP: 99_999,
    saleBonusPercent: 1,
    purchaseFeePercent: 5,
    monthlyBonusXP: 500,
    benefits: ["+1% extra på försäljningar", "Standardkampanjer och giveaways"],
    icon: "Star",
  },
  {
    id: "gold",
    name: "Gold",
    color: "#ca8a04",
    minXP: 100_000,
    maxXP: 499_999,
    saleBonusPercent: 2,
    purchaseFeePercent: 3,
    monthlyBonusXP: 2_000,
    benefits: [
      "+2% extra på försäljningar",
      "Rabatterad köpavgift",
      "Månatliga giveaways endast för Gold",
    ],
    icon: "Crown",
  },
  {
    id: "platinum",
    name: "Platinum",
    color: "#7c3aed",
    minXP: 500_000,
    maxXP: null,
    saleBonusPercent: 3,
    purchaseFeePercent: 2,
    monthlyBonusXP: 10_000,
    benefits: [
      "+3% extra på försäljningar",
      "Personlig kontaktperson",
      "Unika erbjudanden som inte är publika",
      "Månatliga giveaways endast för Platinum",
    ],
    icon: "Gem",
  },
] as const;

export const LEVEL_IDS = LEVELS.map((level) => level.id) as readonly LevelId[];

export const MAX_LEVEL_TEXT = "Max nivå uppnådd!";

/**
 * The business's calendar: monthly VIP bonus months (docs/rules/loyalty.md#monthly-bonus) and
 * the days of date filters are Stockholm's.
 */
export const BUSINESS_TIME_ZONE = "Europe/Stockholm";

// ---------------------------------------------------------------------------
// Referrals (docs/rules/accounts.md#referral-code-at-sign-up)
// ---------------------------------------------------------------------------
export const REFERRAL = {
  codeMinLength: 4,
  codeMaxLength: 12,
  /** Database CHECK and client rule alike. */
  codePattern: /^[A-Z0-9]{4,12}$/,
  referrerReward: 500,
  friendReward: 500,
  milestoneReward: 25_000,
  milestoneTradedSek: 5_000,
  /** A referrer earns sign-up rewards for at most this many friends per Stockholm day. */
  dailyReferrerCap: 10,
  /** Lifetime of the `referral_code` cookie (functional consent only, docs/rules/privacy.md#cookie-inventory). */
  cookieMaxAgeDays: 30,
} as const;

/**
 * A referral relation's state (docs/rules/loyalty.md#referrals): `paid` both sides paid (or,
 * for an influencer's code, the friend); `capped` the friend paid, the referrer over the daily
 * cap; `pending_review` nothing paid until staff approve; `rejected` staff refused the rewards.
 */
export const REFERRAL_STATUSES = ["paid", "capped", "pending_review", "rejected"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  paid: "Utbetald",
  capped: "Dagsgräns nådd",
  pending_review: "Väntar på granskning",
  rejected: "Avslagen",
};
export const REFERRAL_SOURCES = ["profile", "signup"] as const;
/** Attempts to enter or create a code per member: guessing codes is slow (docs/rules/loyalty.md#anti-abuse). */
export const REFERRAL_CODE_RATE_LIMIT = { scope: "referral-code", limit: 10, windowMs: 10 * 60_000 } as const;
/** Influencer-link visits recorded per address (docs/rules/loyalty.md#influencer-links). */
export const REFERRAL_VISIT_RATE_LIMIT = { scope: "referral-visit", limit: 30, windowMs: 60 * 60_000 } as const;

// ---------------------------------------------------------------------------
// Accounts (docs/rules/accounts.md)
// ---------------------------------------------------------------------------
export const PASSWORD_MIN_LENGTH = 8;
export const SIGNUP_STEPS = 3;
export const WELCOME_DIALOG = { delayMs: 100, suppressForProfilesYoungerThanMs: 5 * 60_000 } as const;
/** Where to find the Steam trade link (docs/rules/accounts.md#sign-up, the wizard's step 3). */
export const STEAM_TRADE_LINK_HELP_URL =
  "https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url";
/**
 * Abuse limits on the account flows, per client IP and per email address or signed-in user
 * (decision 010). A successful sign-in clears that address's sign-in counter; checks of a
 * signed-in member's current password (change or verify) count every attempt.
 */
export const AUTH_RATE_LIMITS = {
  signIn: { ip: { limit: 20, windowMs: 15 * 60_000 }, email: { limit: 5, windowMs: 15 * 60_000 } },
  signUp: { ip: { limit: 10, windowMs: 60 * 60_000 }, email: { limit: 3, windowMs: 60 * 60_000 } },
  reset: { ip: { limit: 10, windowMs: 15 * 60_000 }, email: { limit: 3, windowMs: 15 * 60_000 } },
  resend: { ip: { limit: 10, windowMs: 15 * 60_000 }, email: { limit: 3, windowMs: 15 * 60_000 } },
  passwordCheck: { ip: { limit: 20, windowMs: 15 * 60_000 }, user: { limit: 5, windowMs: 15 * 60_000 } },
} as const;
export const ROLES = ["admin", "blog", "seo"] as const;
export const SECURITY_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Role = (typeof ROLES)[number];

// ---------------------------------------------------------------------------
// Point shop (docs/rules/loyalty.md#point-shop)
// ---------------------------------------------------------------------------
export const SHOP_CATEGORIES = ["gaming", "events", "bonus", "service", "vip", "other"] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];
export const SHOP_CATEGORY_LABELS: Record<ShopCategory, string> = {
  gaming: "Gaming",
  events: "Esport",
  bonus: "Bonus",
  service: "Service",
  vip: "VIP",
  other: "Övrigt",
};
export const SHOP_ORDER_QUANTITY = 1;
export const SHOP_ORDER_STATUSES = ["pending", "completed", "cancelled"] as const;
export type ShopOrderStatus = (typeof SHOP_ORDER_STATUSES)[number];
/** How a member sees an order's status on /profile. */
export const SHOP_ORDER_STATUS_LABELS: Record<ShopOrderStatus, string> = {
  pending: "Behandlas",
  completed: "Levererad",
  cancelled: "Annullerad",
};
/**
 * Purchase attempts per member (docs/rules/loyalty.md#point-shop): far above what a person
 * clicks, low enough that a script hammering the shop is stopped early.
 */
export const SHOP_PURCHASE_RATE_LIMIT = { scope: "shop-purchase", limit: 10, windowMs: 10 * 60_000 } as const;
/** The ledger reason of a purchase (docs/rules/loyalty.md#point-shop). */
export const shopPurchaseReason = (itemName: string) => `Point shop purchase: ${itemName}`;

// ---------------------------------------------------------------------------
// Trades (docs/rules/loyalty.md#trades)
// ---------------------------------------------------------------------------
export const TRADE_TYPES = ["sale", "purchase"] as const;
export type TradeType = (typeof TRADE_TYPES)[number];
export const TRADE_TYPE_LABELS: Record<TradeType, string> = { sale: "Försäljning", purchase: "Köp" };

/**
 * A sale waits under Trade Protection (`pending`) until the seller is paid (`completed`),
 * unless the seller rolls it back (`reversed`) or staff cancel it. A purchase is `pending`
 * until delivered. Staff may cancel a completed trade as a correction (docs/rules/loyalty.md#trades).
 */
export const TRADE_STATUSES = ["pending", "completed", "reversed", "cancelled"] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export const TRADE_STATUSES_BY_TYPE = {
  sale: ["pending", "completed", "reversed", "cancelled"],
  purchase: ["pending", "completed", "cancelled"],
} as const satisfies Record<TradeType, readonly TradeStatus[]>;
export const TRADE_TRANSITIONS = {
  sale: { pending: ["completed", "reversed", "cancelled"], completed: ["cancelled"], reversed: [], cancelled: [] },
  purchase: { pending: ["completed", "cancelled"], completed: ["cancelled"], cancelled: [] },
} as const;
export const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  pending: "Väntande",
  completed: "Genomförd",
  reversed: "Återförd",
  cancelled: "Annullerad",
};

/** Skin condition (wear) of a traded item, best first (docs/rules/site.md#marketing-claims). */
export const SKIN_WEARS = MARKETING.skinConditions;
export type SkinWear = (typeof SKIN_WEARS)[number];
export const SKIN_WEAR_LABELS: Record<SkinWear, string> = {
  FN: "Factory New",
  MW: "Minimal Wear",
  FT: "Field-Tested",
  WW: "Well-Worn",
  BS: "Battle-Scarred",
};
/** StatTrak™ and Souvenir items are priced apart from the plain skin. */
export const SKIN_VARIANTS = ["stattrak", "souvenir"] as const;
export type SkinVariant = (typeof SKIN_VARIANTS)[number];
export const SKIN_VARIANT_LABELS: Record<SkinVariant, string> = { stattrak: "StatTrak™", souvenir: "Souvenir" };

export type BuyerPaymentMethod = (typeof BUYER_PAYMENT_METHODS)[number];

/**
 * Bulk bonus on a sale by its base total (marketing: +2-5 %), highest tier first
 * (docs/rules/loyalty.md#bulk-bonus). Amounts in öre.
 */
export const BULK_BONUS_TIERS = [
  { minOre: 50_000_00, percent: 5 },
  { minOre: 30_000_00, percent: 4 },
  { minOre: 15_000_00, percent: 3 },
  { minOre: 5_000_00, percent: 2 },
] as const;

/** Limits on one recorded trade (what staff can type; far above any real trade). */
export const TRADE_LIMITS = {
  maxItems: 100,
  // Keeps points (int4) far from overflow even for the largest trade under a multiplier perk.
  maxItemPriceOre: 1_000_000_00,
  skinNameMaxLength: 200,
  noteMaxLength: 1_000,
  /** Why a trade was cancelled or reversed (kept in the audit log). */
  reasonMaxLength: 500,
} as const;

// ---------------------------------------------------------------------------
// Perks (bought in the point shop; docs/rules/loyalty.md#perks)
// ---------------------------------------------------------------------------
/**
 * `points_multiplier`: trades completed in the period earn points × multiplier.
 * `sale_bonus`: one-off extra percent on the member's next recorded sale.
 * `temporary_level`: the member counts as at least this level during the period.
 */
export const PERK_KINDS = ["points_multiplier", "sale_bonus", "temporary_level"] as const;
export type PerkKind = (typeof PERK_KINDS)[number];
export const PERK_LIMITS = { maxMultiplier: 10, maxBonusPercent: 20, maxDays: 365 } as const;

// ---------------------------------------------------------------------------
// Audit log and lists shown to staff
// ---------------------------------------------------------------------------
export const ADMIN_PAGE_SIZE = { default: 25, max: 100 } as const;
/** Rows fetched per round when a list is exported as CSV. */
export const EXPORT_BATCH_SIZE = 500;
/** Rows per page of the member's own histories on /profile. */
export const PROFILE_PAGE_SIZE = { default: 10, max: 50 } as const;

// ---------------------------------------------------------------------------
// Blog (docs/rules/blog.md)
// ---------------------------------------------------------------------------
export const BLOG_CATEGORIES = ["Trading", "Market", "Guides", "News"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  Trading: "Trading",
  Market: "Marknadsanalyser",
  Guides: "Guider",
  News: "Nyheter",
};
export const BLOG_POST_STATUSES = ["draft", "published", "archived"] as const;
/** What made a revision (docs/rules/blog.md#revisions). */
export const BLOG_REVISION_KINDS = ["save", "autosave", "restore"] as const;
export type BlogRevisionKind = (typeof BLOG_REVISION_KINDS)[number];
export const INFLUENCER_STATUSES = ["active", "inactive"] as const;
export const CONTACT_MESSAGE_STATUSES = ["new", "read", "answered"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const CONTACT_MESSAGE_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  new: "Ny",
  read: "Läst",
  answered: "Besvarad",
};
export const EMAIL_OUTBOX_STATUSES = ["captured", "sent", "failed"] as const;
export const BLOG = {
  homePostCount: 3,
  cardExcerptLength: 120,
  cardExcerptFallback: "Läs mer om denna artikel...",
  postExcerptLength: 150,
  popularMinViews: 100,
  popularCount: 3,
  latestCount: 3,
  /** Cards per page of /blog (docs/rules/blog.md#pages). */
  pageSize: 12,
  wordsPerMinute: 200,
  imageWidth: 1200,
  imageHeight: 630,
  /**
   * The narrower copies of a featured image a browser may pick (`srcset`, docs/rules/blog.md#images):
   * a card is at most ~400 px wide, a sidebar thumbnail 80 px; the full 1200 px stays for the post.
   */
  imageVariantWidths: [320, 640, 960] as const,
  viewDedupeMinutes: 30,
} as const;

/**
 * The SEO Dashboard's limits (docs/rules/admin.md#seo-dashboard). Lengths are characters (whole
 * code points), as a search engine's snippet of about 600 px holds roughly that many.
 */
export const SEO = {
  titleMin: 30,
  titleMax: 60,
  descriptionMin: 70,
  descriptionMax: 160,
  slugMax: 60,
  minWords: 300,
  minInternalLinks: 1,
  imageMinWidth: 1200,
  /** A featured image larger than this slows the page. */
  imageMaxBytes: 300 * 1024,
  /** Posts the tab checks at most (newest changed first): bodies are read in batches of `batchSize`. */
  maxPosts: 500,
  batchSize: 50,
  pageSize: 20,
  topCount: 5,
  /** How long an instance reuses its read of the public pages, sitemap, RSS and robots.txt. */
  siteChecksTtlMs: 60_000,
} as const;

// ---------------------------------------------------------------------------
// Newsletter double opt-in and subscriber list (docs/rules/site.md#footer-newsletter,
// docs/decisions/025-newsletter-double-opt-in.md)
// ---------------------------------------------------------------------------
export const NEWSLETTER_OPT_IN = {
  /** The footer's second line after the spec's success text. */
  confirmHint: "Bekräfta prenumerationen via länken i mejlet vi skickade.",
  /** A confirmation link works this long; an unconfirmed row is purged this long after its latest mail. */
  confirmationDays: 30,
  /** Confirmation mails per address and window (a new sign-up and every re-send count). */
  mailLimit: { scope: "newsletter-confirmation-mail", limit: 3, windowMs: 24 * 60 * 60_000 },
  /** The confirmation page (a POST from its button confirms; mail scanners only fetch the GET). */
  path: "/nyhetsbrev/bekrafta",
} as const;

/** Where a subscription row came from: the two public forms, the member's profile, the sign-up wizard. */
export const NEWSLETTER_SUBSCRIBER_SOURCES = ["footer", "blog", "profile", "signup"] as const;
export type NewsletterSubscriberSource = (typeof NEWSLETTER_SUBSCRIBER_SOURCES)[number];
export const NEWSLETTER_SOURCE_LABELS: Record<NewsletterSubscriberSource, string> = {
  footer: "Sidfot",
  blog: "Blogg",
  profile: "Profil",
  signup: "Registrering",
};

/** The staff editor (docs/rules/blog.md#editing). */
export const BLOG_EDITOR = {
  titleMax: 200,
  excerptMax: 300,
  /** Stored HTML; a save must also fit the 64 KB body limit (docs/rules/http.md#body-limit). */
  contentMax: 50_000,
  metaTitleMax: 70,
  metaDescriptionMax: 160,
  urlMax: 2_048,
  altTextMax: 200,
  seoScriptMax: 10_000,
  tagMax: 40,
  tagsMax: 20,
  /** Saves kept per post. */
  revisionsKept: 20,
  /** Autosave runs this long after the last change. */
  autosaveMs: 5_000,
  /** The slug check waits this long after the last keystroke. */
  slugCheckMs: 400,
  /** Posts per page of the Blog tab. */
  pageSize: 25,
} as const;
/** The featured image's one variant: 1200 × 630 (docs/rules/blog.md#images). */
export const BLOG_IMAGE_WIDTH = 1200;

// ---------------------------------------------------------------------------
// Newsletter (docs/rules/site.md#footer-newsletter: footer and blog sign-up)
// ---------------------------------------------------------------------------
export const NEWSLETTER = {
  invalidEmail: "Vänligen ange en giltig e-postadress.",
  success: "Tack! Du har prenumererat på vårt nyhetsbrev.",
  failure: "Något gick fel. Försök igen senare.",
  sources: ["footer", "blog"],
  /** Sign-ups per IP address and window. */
  rateLimit: { scope: "newsletter", limit: 10, windowMs: 10 * 60_000 },
} as const;

// ---------------------------------------------------------------------------
// Newsletter campaigns and unsubscribing (docs/rules/newsletter.md)
// ---------------------------------------------------------------------------
/** The lists a mail can be sent to, and so unsubscribed from. */
export const MAIL_LISTS = ["newsletter", "launch"] as const;
export const CAMPAIGN_STATUSES = ["draft", "sending", "sent"] as const;
/** A recipient's state (docs/rules/newsletter.md#recipient-states). */
export const CAMPAIGN_RECIPIENT_STATUSES = ["pending", "sending", "sent", "failed", "unknown"] as const;
export const CAMPAIGN = {
  /** Subject: the contact form's subject limit. */
  subjectMax: 150,
  /** Body HTML as stored (after sanitising); the 64 KB body limit caps the form anyway. */
  bodyMax: 50_000,
  /** Recipients claimed per statement. */
  claimBatch: 10,
  /**
   * How long a sender's hold on a campaign lasts without being renewed (it renews before every
   * mail and while it waits). Once it has run out another sender takes the campaign over and
   * marks the claims left `sending` as unknown (docs/decisions/029-campaign-sender-lease.md).
   */
  senderLeaseMs: 2 * 60_000,
  /** Attempts for a mail that surely was not accepted (refused connection, SMTP error before DATA). */
  maxAttempts: 5,
  /** Back-off before attempt n+1: base × 2^(n-1), at most `retryMaxMs`. */
  retryBaseMs: 30_000,
  retryMaxMs: 30 * 60_000,
  /** Recipients per page in a campaign's lists. */
  pageSize: 25,
} as const;
export const UNSUBSCRIBE_PATH = "/nyhetsbrev/avregistrera";

// ---------------------------------------------------------------------------
// Images (docs/decisions/019-image-service.md)
// ---------------------------------------------------------------------------
export const IMAGE_LIMITS = {
  /** Largest file accepted (the upload route's body limit leaves room for the form around it). */
  maxBytes: 5 * 1024 * 1024,
  /** Largest picture in pixels (width × height), checked before it is decoded. */
  maxPixels: 40_000_000,
  /** The only widths made and served; a page asks for the ones it shows. */
  widths: [160, 320, 480, 640, 960, 1200, 1280] as const,
  /** WebP quality of every variant. */
  webpQuality: 80,
} as const;
export type ImageWidth = (typeof IMAGE_LIMITS.widths)[number];
/** The widths a point-shop item's picture is made in. */
export const SHOP_IMAGE_WIDTHS: readonly ImageWidth[] = [320, 640];

// ---------------------------------------------------------------------------
// HTTP limits (docs/rules/http.md)
// ---------------------------------------------------------------------------
export const HTTP_LIMITS = {
  /** Largest request body any form or API accepts. */
  bodyBytes: 64 * 1024,
  /** Largest body of an image upload, on the paths that take one. */
  uploadBodyBytes: 10 * 1024 * 1024,
  /** Path prefixes whose actions take uploads. */
  uploadPathPrefixes: ["/admin/point-shop/image", "/admin/blog/bild", "/admin/transactions/prislista"] as readonly string[],
  /** Methods the site answers; anything else is 405. */
  methods: ["GET", "HEAD", "POST"] as const,
} as const;

// ---------------------------------------------------------------------------
// Scheduled jobs (docs/rules/jobs.md)
// ---------------------------------------------------------------------------
export const JOB_STATUSES = ["ok", "failed"] as const;
export const JOB_RUNNER = {
  /** How often each instance looks for due jobs. */
  tickMs: 60_000,
  /** The first look after start-up (plus jitter), so a restart does not wait a whole tick. */
  firstTickMs: 5_000,
  /**
   * A job counts as due this long before its due time, so a tick that fires a little early
   * relative to the run it follows (timer jitter, a clock step) does not skip an interval.
   */
  dueSlackMs: 5_000,
} as const;
/** Blog view beacons counted per client IP and hour (anti-inflation). */
export const BLOG_VIEW_RATE_LIMIT = { scope: "blog-view", limit: 60, windowMs: 60 * 60_000 } as const;

// ---------------------------------------------------------------------------
// Visitor tracking and staff analytics (docs/rules/privacy.md#visitor-tracking)
// ---------------------------------------------------------------------------
export const VISITOR_DEVICES = ["mobile", "tablet", "desktop"] as const;
export type VisitorDevice = (typeof VISITOR_DEVICES)[number];
export const VISITOR_TRACKING = {
  /** A visit reports itself on load and then this often while the tab is open. */
  heartbeatMs: 5 * 60_000,
  /** A visitor counts as online when seen within this long (a heartbeat plus slack) and not gone offline. */
  onlineWindowMinutes: 6,
  /** Reports per client IP and window (load, heartbeats, page views and the offline beacon together). */
  rateLimit: { scope: "visitor", limit: 120, windowMs: 10 * 60_000 },
  /** Saved cookie choices counted per client IP and window. */
  consentRateLimit: { scope: "consent-choice", limit: 20, windowMs: 60 * 60_000 },
  sessionIdPattern: /^[A-Za-z0-9_-]{8,64}$/,
  maxPathLength: 500,
  maxReferrerLength: 500,
  maxUtmLength: 100,
} as const;
/** Analytics and Influencers tabs: the periods staff choose between, in Stockholm days. */
export const INSIGHT_PERIODS = [7, 30, 90, 365] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const DEFAULT_INSIGHT_PERIOD: InsightPeriod = 30;

// ---------------------------------------------------------------------------
// UI and client behaviour (docs/rules/site.md#toasts)
// ---------------------------------------------------------------------------
/** Toasts sit top-center, below the sticky header (64 px) so they never cover the navigation. */
export const TOAST = { durationMs: 4_000, visible: 3, position: "top-center", offsetPx: 72 } as const;
export const SSE_HEARTBEAT_MS = 25_000;

/**
 * The anonymous HTML cache (docs/decisions/020-anonymous-html-cache.md): how long a stored page
 * is fresh, how long a stale one may still be answered while one render refreshes it, and the
 * default memory for compressed bodies (HTML_CACHE_MB overrides it).
 */
export const HTML_CACHE = {
  freshMs: 60_000,
  staleMs: 10 * 60_000,
  defaultMb: 32,
  /** A page bigger than this (both encodings together) is rendered per request instead. */
  maxEntryBytes: 1024 * 1024,
} as const;

/** The live event stream, /api/events (docs/rules/realtime.md). */
export const REALTIME = {
  /** Open streams per signed-in member on one server (one per tab). */
  maxStreamsPerUser: 8,
  /** Open anonymous streams per client IP on one server. */
  maxAnonymousStreamsPerIp: 6,
  /** The `retry:` hint: browsers reconnect a dropped stream after about this long. */
  reconnectMs: 5_000,
  /** Retry-After of a refused stream (seconds). */
  retryAfterSeconds: 30,
  /** A new XP value stays highlighted this long (docs/rules/realtime.md#events-and-receivers). */
  xpHighlightMs: 1_000,
  messages: {
    tooManyStreams: "För många öppna flikar med liveuppdateringar. Stäng några och försök igen om en stund.",
    methodNotAllowed: "Metoden stöds inte. Använd GET.",
    unavailable: "Liveuppdateringar är inte tillgängliga just nu. Försök igen om en stund.",
    pointsTitle: "Grattis!",
  },
} as const;

// ---------------------------------------------------------------------------
// Browser storage keys and cookie consent (docs/rules/privacy.md#cookie-inventory)
// ---------------------------------------------------------------------------
export const STORAGE_KEYS = {
  theme: "theme",
  referralCode: "referral_code",
  visitorSessionId: "visitor_session_id",
  cookieConsent: "cookie-consent",
  cookieConsentDate: "cookie-consent-date",
  analyticsConsentFlag: "cookie_consent",
  welcomeShownPrefix: "welcome_shown_",
} as const;

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const COOKIE_CATEGORIES = ["necessary", "analytics", "marketing", "functional"] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** Window events of the consent layer (docs/rules/privacy.md#cookie-consent): saved choice, and "open the settings". */
export const CONSENT_EVENTS = {
  updated: "cookie-consent-updated",
  openSettings: "cookie-settings:open",
} as const;

/** A saved choice older than this is asked for again (consent must stay current). */
export const CONSENT_RENEW_AFTER_DAYS = 365;

/** Cookies set by the analytics tool (GA4), removed when analytics consent is absent. */
export const ANALYTICS_COOKIE_PATTERN = /^(_ga|_ga_.+|_gid|_gat.*)$/;
