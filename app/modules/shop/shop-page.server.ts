/**
 * /point-shop's loader and action glue (docs/rules/loyalty.md#point-shop; docs/rules/loyalty.md#point-shop):
 * the catalogue with the viewer's balance, and a purchase posted by the page's forms (with or
 * without JavaScript). The action checks the session, the per-member limit and the input,
 * calls the one purchase service and maps its answer to the page.
 */
import { data } from "react-router";
import { SHOP_PURCHASE_RATE_LIMIT } from "~/modules/shop/shop-constants";
import { failureStatus, parseRequest, tooManyRequests } from "~/lib/http.server";
import { getCurrentSession, requireUser } from "~/modules/accounts/session.server";
import { perkLabel } from "~/modules/loyalty/perks";
import { SHOP_MESSAGES } from "~/modules/shop/shop-rules";
import { purchaseSchema } from "~/modules/shop/shop-schema";
import { listShopItems, purchaseItem, type PurchaseFailureCode } from "~/modules/shop/shop.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";

export async function loadPointShop(request: Request) {
  const current = await getCurrentSession(request);
  const listing = await listShopItems(db(), { userId: current?.user.id ?? null });
  return {
    signedIn: current !== null,
    balance: listing.balance,
    level: listing.level ? { id: listing.level.id, name: listing.level.name } : null,
    xpLevelId: listing.xpLevel?.id ?? null,
    items: listing.items,
  };
}

export type PurchaseAnswer =
  | {
      ok: true;
      itemName: string;
      pointsSpent: number;
      balance: number;
      /** The perk the item granted at once, with when it runs (null expiry: until used). */
      perk: { label: string; startsAt: Date; expiresAt: Date | null } | null;
    }
  | { ok: false; title: string; message: string; code?: PurchaseFailureCode };

const failureExtras = { title: SHOP_MESSAGES.failureTitle };

export async function handlePurchase(request: Request) {
  // A visitor is sent to /auth and brought back here after signing in (docs/rules/loyalty.md#point-shop).
  const current = await requireUser(request);
  const userId = current.user.id;
  // Every attempt counts, refused ones too: a script retrying a refusal is still hammering.
  const limit = await consumeRateLimit(db(), SHOP_PURCHASE_RATE_LIMIT, "user", userId);
  if (!limit.allowed) return tooManyRequests(limit, failureExtras);
  const parsed = await parseRequest(request, purchaseSchema, failureExtras);
  if (!parsed.ok) return parsed.response;
  try {
    const result = await purchaseItem(db(), userId, parsed.data.itemId);
    if (!result.ok) {
      return data<PurchaseAnswer>(
        { ok: false, title: SHOP_MESSAGES.failureTitle, message: result.message, code: result.code },
        { status: failureStatus(result.code) },
      );
    }
    return data<PurchaseAnswer>({
      ok: true,
      itemName: result.order.itemName,
      pointsSpent: result.order.pointsSpent,
      balance: result.balance,
      perk: result.perk
        ? { label: perkLabel(result.perk), startsAt: result.perk.startsAt, expiresAt: result.perk.expiresAt }
        : null,
    });
  } catch (error) {
    logger.error({ err: error, userId }, "point shop purchase failed");
    return data<PurchaseAnswer>(
      { ok: false, title: SHOP_MESSAGES.failureTitle, message: SHOP_MESSAGES.failureFallback },
      { status: 500 },
    );
  }
}
