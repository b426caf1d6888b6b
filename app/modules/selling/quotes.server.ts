/**
 * Quotes (docs/rules/selling.md#quotes): a member who passes the seller checklist picks items
 * from their Steam inventory; each is priced from the price list or refused with the reason,
 * the totals are fixed with the trade rules, and the quote is stored for
 * SELL_QUOTE_VALID_MINUTES. Only its owner can read it.
 */
import { and, asc, eq } from "drizzle-orm";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import {
  PAYOUT_LABELS,
  SELL_QUOTE_MAX_ITEMS,
  SELL_QUOTE_VALID_MINUTES,
  type PayoutMethod,
  type PriceCategory,
  type PriceSourceId,
  type SellQuoteRefusal,
} from "~/modules/selling/selling-constants";
import { payoutPromise } from "~/modules/selling/sell-order-rules";
import { automaticPayoutMethods } from "~/modules/selling/payout-gateway.server";
import { PAYOUT_AFTER_PROTECTION, type SkinVariant, type SkinWear } from "~/modules/trades/trades-constants";
import { z } from "~/lib/zod";
import { memberStanding } from "~/modules/loyalty/perks.server";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { profiles, sell_quote_items, sell_quotes } from "~/platform/db/schema";
import { INVENTORY_MESSAGES } from "./inventory-items";
import { getPayoutDetailsSummary } from "./payout-details.server";
import { referencePriceRows } from "./price-list.server";
import { priceItem, quoteTotals, shareOfReferencePercent } from "./quote-rules";
import { identityOf, sellLimitRefusal } from "./sell-limits";
import { memberLimitFacts } from "./sell-orders.server";
import type { SaleAmounts } from "~/modules/trades/trade-rules";
import { sellerRequirements } from "./seller-requirements.server";
import { loadInventory, type InventoryOptions, type InventoryResult } from "./steam-inventory.server";
import type { TradeHoldOptions } from "./steam-trade-hold.server";

export const QUOTE_MESSAGES = {
  noItems: "Välj minst ett föremål att sälja.",
  tooMany: `Du kan sälja högst ${SELL_QUOTE_MAX_ITEMS} föremål åt gången.`,
  badItems: "Urvalet av föremål är ogiltigt. Ladda om sidan och välj igen.",
  notReady: "Du uppfyller inte alla krav för att sälja ännu. Se vad som saknas på sidan Sälj skins.",
  gone: "Ett eller flera av de valda föremålen finns inte längre i ditt Steam-lager. Uppdatera lagret och välj igen.",
} as const;

/** Steam asset ids as the form posts them: one field `assetIds`, comma-separated, or an array. */
const quoteRequestSchema = z.object({
  assetIds: z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter(Boolean) : value),
    z
      .array(z.string(QUOTE_MESSAGES.badItems).regex(/^\d{1,20}$/, QUOTE_MESSAGES.badItems), QUOTE_MESSAGES.badItems)
      .min(1, QUOTE_MESSAGES.noItems)
      .max(SELL_QUOTE_MAX_ITEMS, QUOTE_MESSAGES.tooMany)
      .refine((ids) => new Set(ids).size === ids.length, QUOTE_MESSAGES.badItems),
  ),
});

/**
 * The picked asset ids of a form: one checkbox per item named `a_{assetId}` (works before
 * JavaScript), or one `assetIds` field (comma-separated, or an array in JSON).
 */
export function assetIdsFromForm(input: Record<string, unknown>): unknown {
  if (input.assetIds !== undefined) return input.assetIds;
  return Object.keys(input)
    .filter((key) => key.startsWith("a_"))
    .map((key) => key.slice(2));
}

export interface QuoteDeps {
  steam?: Partial<TradeHoldOptions>;
  inventory?: Partial<InventoryOptions>;
  /** Overrides SELL_FIRST_WEEK_LIMIT_ORE (tests). */
  firstWeekLimitOre?: number;
}

export type QuoteFailure = { ok: false; code: "invalid" | "not_ready" | "inventory" | "gone" | "refused"; message: string };

/** The member's inventory through the gateway, with the configured URLs. */
export async function memberInventory(steamId64: string, deps: QuoteDeps = {}): Promise<InventoryResult> {
  const cfg = config();
  return loadInventory(steamId64, { communityUrl: cfg.STEAM_COMMUNITY_URL, imageUrl: cfg.STEAM_IMAGE_URL, ...deps.inventory });
}

export function inventoryFailureMessage(result: Exclude<InventoryResult, { status: "ok" }>): string {
  if (result.status === "private") return INVENTORY_MESSAGES.private;
  if (result.status === "rate_limited") return INVENTORY_MESSAGES.rateLimited(result.retryAt);
  return INVENTORY_MESSAGES.unavailable;
}

export async function createQuote(
  db: Db,
  input: { userId: string; input: unknown; now?: Date },
  deps: QuoteDeps = {},
): Promise<{ ok: true; quoteId: string } | QuoteFailure> {
  const parsed = quoteRequestSchema.safeParse(input.input);
  if (!parsed.success) return { ok: false, code: "invalid", message: parsed.error.issues[0]?.message ?? QUOTE_MESSAGES.badItems };
  const now = input.now ?? new Date();

  // docs/rules/selling.md#seller-requirements: checked on the server before anything is priced.
  // A quote may be seen before the BankID step; accepting it needs that step too.
  const checklist = await sellerRequirements(db, input.userId, deps.steam, now);
  if (!checklist.readyToQuote) return { ok: false, code: "not_ready", message: QUOTE_MESSAGES.notReady };
  const [[profile], payout, standing] = await Promise.all([
    db.select({ steamId: profiles.steam_id }).from(profiles).where(eq(profiles.user_id, input.userId)),
    getPayoutDetailsSummary(db, input.userId),
    memberStanding(db, input.userId, now),
  ]);
  if (!profile?.steamId || !payout || !standing) return { ok: false, code: "not_ready", message: QUOTE_MESSAGES.notReady };

  const inventory = await memberInventory(profile.steamId, deps);
  if (inventory.status !== "ok") return { ok: false, code: "inventory", message: inventoryFailureMessage(inventory) };
  const byAsset = new Map(inventory.items.map((item) => [item.assetId, item]));
  const picked = parsed.data.assetIds.map((id) => byAsset.get(id));
  if (picked.some((item) => !item)) return { ok: false, code: "gone", message: QUOTE_MESSAGES.gone };
  const items = picked as NonNullable<(typeof picked)[number]>[];

  const prices = await referencePriceRows(db, items.map((item) => item.marketHashName));
  const priced = items.map((item) => {
    const reference = prices.get(item.marketHashName) ?? null;
    return { item, reference, price: priceItem(item, reference?.priceOre ?? null, now) };
  });
  const totals = quoteTotals(
    priced.map((entry) => entry.price),
    standing.level,
    standing.pointsMultiplier,
  );
  // docs/rules/selling.md#limits: the rule /salja shows, with its text; checked again at accept.
  const limits = await memberLimitFacts(db, input.userId, identityOf(checklist), now, deps.firstWeekLimitOre);
  const overLimit = limits ? sellLimitRefusal(limits, totals.totalOre) : null;
  if (overLimit) return { ok: false, code: "refused", message: overLimit };

  const quoteId = await db.transaction(async (tx) => {
    const [quote] = await tx
      .insert(sell_quotes)
      .values({
        user_id: input.userId,
        level_at_quote: standing.level.id,
        base_total_ore: totals.baseTotalOre,
        level_bonus_percent: totals.levelBonusPercent,
        level_bonus_ore: totals.levelBonusOre,
        bulk_bonus_percent: totals.bulkBonusPercent,
        bulk_bonus_ore: totals.bulkBonusOre,
        total_ore: totals.totalOre,
        points: totals.points,
        xp: totals.xp,
        payout_method: payout.method,
        expires_at: new Date(now.getTime() + SELL_QUOTE_VALID_MINUTES * 60_000),
        created_at: now,
      })
      .returning({ id: sell_quotes.id });
    await tx.insert(sell_quote_items).values(
      priced.map(({ item, reference, price }, position) => ({
        quote_id: quote!.id,
        position,
        asset_id: item.assetId,
        market_hash_name: item.marketHashName,
        name: item.name,
        wear: item.wear,
        variant: item.variant,
        image_url: item.imageUrl,
        reference_price_ore: price.referencePriceOre,
        buy_rate_percent: price.buyRatePercent,
        category: item.category,
        reference_source: reference?.source ?? null,
        reference_updated_at: reference ? new Date(reference.updatedAt) : null,
        price_ore: price.priceOre,
        refusal: price.refusal,
        tradable_after: price.tradableAfter ? new Date(price.tradableAfter) : null,
      })),
    );
    return quote!.id;
  });
  return { ok: true, quoteId };
}

export interface QuoteView extends SaleAmounts {
  id: string;
  level: LevelId;
  payoutMethod: PayoutMethod;
  payoutLabel: string;
  payoutTime: string;
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
  /** "Du får N % av referenspriset": the total's share of the accepted items' reference prices. */
  shareOfReferencePercent: number | null;
  items: {
    assetId: string;
    marketHashName: string;
    name: string;
    wear: SkinWear | null;
    variant: SkinVariant | null;
    imageUrl: string | null;
    referencePriceOre: number | null;
    buyRatePercent: number | null;
    category: PriceCategory | null;
    /** The price-list row's source and date when quoted; null when not on the list. */
    referenceSource: PriceSourceId | null;
    referenceUpdatedAt: string | null;
    priceOre: number | null;
    refusal: SellQuoteRefusal | null;
    tradableAfter: string | null;
  }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The member's own quote; null for anything else (another member's, a forged or malformed id). */
export async function getQuote(db: Db, userId: string, quoteId: string): Promise<QuoteView | null> {
  if (!UUID.test(quoteId)) return null;
  const [quote] = await db
    .select()
    .from(sell_quotes)
    .where(and(eq(sell_quotes.id, quoteId), eq(sell_quotes.user_id, userId)));
  if (!quote) return null;
  const items = await db.select().from(sell_quote_items).where(eq(sell_quote_items.quote_id, quote.id)).orderBy(asc(sell_quote_items.position));
  const method = quote.payout_method as PayoutMethod;
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const num = (value: number | null) => (value === null ? null : Number(value));
  const lines = items.map((item) => ({
    assetId: item.asset_id,
    marketHashName: item.market_hash_name,
    name: item.name,
    wear: item.wear as SkinWear | null,
    variant: item.variant as SkinVariant | null,
    imageUrl: item.image_url,
    referencePriceOre: num(item.reference_price_ore),
    buyRatePercent: item.buy_rate_percent,
    category: item.category as PriceCategory | null,
    referenceSource: item.reference_source as PriceSourceId | null,
    referenceUpdatedAt: iso(item.reference_updated_at),
    priceOre: num(item.price_ore),
    refusal: item.refusal as SellQuoteRefusal | null,
    tradableAfter: iso(item.tradable_after),
  }));
  return {
    id: quote.id,
    level: quote.level_at_quote as LevelId,
    baseTotalOre: Number(quote.base_total_ore),
    levelBonusPercent: quote.level_bonus_percent,
    levelBonusOre: Number(quote.level_bonus_ore),
    bulkBonusPercent: quote.bulk_bonus_percent,
    bulkBonusOre: Number(quote.bulk_bonus_ore),
    totalOre: Number(quote.total_ore),
    points: quote.points,
    xp: quote.xp,
    payoutMethod: method,
    payoutLabel: PAYOUT_LABELS[method],
    // decision 047: the method's stated time only where it is paid automatically, else when staff pay; then when the payout starts.
    payoutTime: `${payoutPromise(method, automaticPayoutMethods())} ${PAYOUT_AFTER_PROTECTION}`,
    expiresAt: iso(quote.expires_at)!,
    acceptedAt: iso(quote.accepted_at),
    createdAt: iso(quote.created_at)!,
    shareOfReferencePercent: shareOfReferencePercent(lines, Number(quote.total_ore)),
    items: lines,
  };
}
