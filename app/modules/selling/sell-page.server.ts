/**
 * /salja's loader and action glue (docs/rules/selling.md#the-sell-page): the seller checklist when
 * something is missing, else the member's Steam inventory with each item's price from the price
 * list; the action refreshes the inventory or creates a quote and goes to it.
 */
import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import { SELL_QUOTE_RATE_LIMIT } from "~/modules/selling/selling-constants";
import { failureResponse, readInput, tooManyRequests, type ActionFailure } from "~/lib/http.server";
import { getCurrentSession, requireUser } from "~/modules/accounts/session.server";
import { memberStanding } from "~/modules/loyalty/perks.server";
import { referencePriceRows } from "~/modules/selling/price-list.server";
import { identityOf } from "~/modules/selling/sell-limits";
import { memberLimitFacts } from "~/modules/selling/sell-orders.server";
import { priceItem } from "~/modules/selling/quote-rules";
import { assetIdsFromForm, createQuote, inventoryFailureMessage, memberInventory } from "~/modules/selling/quotes.server";
import { sellerRequirements } from "~/modules/selling/seller-requirements.server";
import { db } from "~/platform/db/client.server";
import { profiles } from "~/platform/db/schema";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";

async function steamIdOf(userId: string): Promise<string | null> {
  const [row] = await db().select({ steamId: profiles.steam_id }).from(profiles).where(eq(profiles.user_id, userId));
  return row?.steamId ?? null;
}

export async function loadSellPage(request: Request) {
  // docs/rules/selling.md#valuation-before-sign-up: a visitor may value an inventory here first.
  const current = await getCurrentSession(request);
  if (!current) return { ready: false as const, checklist: null, limits: null };
  const now = new Date();
  const checklist = await sellerRequirements(db(), current.user.id, {}, now);
  // docs/rules/selling.md#limits: shown before any selection, from the rule the quote and the accept use.
  const [limits, standing] = await Promise.all([
    memberLimitFacts(db(), current.user.id, identityOf(checklist), now),
    memberStanding(db(), current.user.id, now),
  ]);
  const steamId = checklist.readyToQuote ? await steamIdOf(current.user.id) : null;
  if (!checklist.readyToQuote || !steamId || !standing) return { ready: false as const, checklist, limits };
  const base = { ready: true as const, limits, level: standing.level };
  // Quotes may be asked for before the BankID step; the page shows that step first (decision 044).
  const bankid = checklist.requirements.find((requirement) => requirement.id === "bankid" && requirement.state !== "met") ?? null;
  const inventory = await memberInventory(steamId);
  if (inventory.status !== "ok") {
    return { ...base, bankid, error: inventoryFailureMessage(inventory), items: [], loadedAt: null, truncated: false };
  }
  const prices = await referencePriceRows(db(), inventory.items.map((item) => item.marketHashName));
  const items = inventory.items.map((item) => {
    const reference = prices.get(item.marketHashName) ?? null;
    const priced = priceItem(item, reference?.priceOre ?? null, now);
    return {
      ...item,
      priceOre: priced.priceOre,
      refusal: priced.refusal,
      referencePriceOre: priced.referencePriceOre,
      buyRatePercent: priced.buyRatePercent,
      referenceSource: reference?.source ?? null,
      referenceUpdatedAt: reference?.updatedAt ?? null,
    };
  });
  return { ...base, bankid, error: null, items, loadedAt: inventory.loadedAt, truncated: inventory.truncated };
}

export async function handleSellAction(request: Request) {
  const current = await requireUser(request);
  const userId = current.user.id;
  const input = await readInput(request);
  if (!input.ok) return input.response;
  // Every attempt counts: each may ask Steam and the database for a member's whole inventory.
  const limit = await consumeRateLimit(db(), SELL_QUOTE_RATE_LIMIT, "user", userId);
  if (!limit.allowed) return tooManyRequests(limit);
  if (input.data.intent === "refresh") {
    const steamId = await steamIdOf(userId);
    if (!steamId) return data<ActionFailure>({ ok: false, message: "Koppla ett Steam-konto först." }, { status: 403 });
    const result = await memberInventory(steamId, { inventory: { refresh: true } });
    if (result.status !== "ok") return data<ActionFailure>({ ok: false, message: inventoryFailureMessage(result) }, { status: result.status === "rate_limited" ? 429 : 503 });
    return data({ ok: true as const, refreshed: true });
  }
  if (input.data.intent !== "quote") return data<ActionFailure>({ ok: false, message: "Ogiltig förfrågan." }, { status: 400 });
  const result = await createQuote(db(), { userId, input: { assetIds: assetIdsFromForm(input.data) } });
  if (result.ok) throw redirect(`/salja/offert/${result.quoteId}`);
  // An item that left the inventory since the page loaded: the page is out of date, so 409 here,
  // not the table's 410 (which is for a sell order that is gone for good).
  if (result.code === "gone") return data<ActionFailure>({ ok: false, message: result.message }, { status: 409 });
  return failureResponse(result);
}
