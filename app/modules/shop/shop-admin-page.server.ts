/**
 * /admin/point-shop's loaders and actions (admin only; docs/rules/admin.md#point-shop): read the
 * lists' filters from the URL, call the shop's staff service, map its outcomes to the page.
 * Every write goes through that service (one transaction with its audit row).
 */
import { data } from "react-router";
import { failureResponse, imageRefusal, notFound, readImageUpload, readInput, validate, type ActionFailure } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import {
  parseItemsPage,
  parseShopOrderListQuery,
  shopItemActiveSchema,
  shopItemIdSchema,
  shopItemSchema,
  shopOrderIdSchema,
} from "~/modules/shop/shop-admin-schema";
import {
  cancelOrder,
  completeOrder,
  deleteItem,
  getAdminItem,
  listAdminItems,
  listOrders,
  saveItem,
  setItemActive,
} from "~/modules/shop/shop-admin.server";
import { SHOP_IMAGE_WIDTHS } from "~/modules/shop/shop-constants";
import { db } from "~/platform/db/client.server";
import { issueFormToken, withFormToken } from "~/platform/form-tokens/form-tokens.server";
import { storeImage } from "~/platform/images/images.server";
import { imageUrl } from "~/platform/images/images";
import { formatNumber } from "~/lib/format";

export interface PointShopSuccess {
  ok: true;
  title: string;
  message: string;
}

export async function loadPointShop(request: Request) {
  await requireAdminTab(request, "point-shop");
  const params = new URL(request.url).searchParams;
  const query = parseShopOrderListQuery(params);
  const [items, orders] = await Promise.all([
    listAdminItems(db(), { page: parseItemsPage(params) }),
    listOrders(db(), query),
  ]);
  return { query, items, orders };
}

const TITLES = {
  activate: "Belöningen kunde inte aktiveras",
  delete: "Belöningen kunde inte tas bort",
  complete: "Ordern kunde inte levereras",
  cancel: "Ordern kunde inte annulleras",
} as const;

export async function handlePointShopAction(request: Request) {
  const staff = await requireAdminTab(request, "point-shop");
  const actorUserId = staff.user.id;
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;
  if (intent === "set-active") {
    const parsed = validate(input.data, shopItemActiveSchema, { title: TITLES.activate });
    if (!parsed.ok) return parsed.response;
    const result = await setItemActive(db(), { actorUserId, ...parsed.data });
    if (!result.ok) return failureResponse(result, { title: TITLES.activate });
    return data<PointShopSuccess>({
      ok: true,
      title: result.item.isActive ? "Belöningen är aktiv" : "Belöningen är inaktiverad",
      message: result.item.isActive ? `${result.item.name} syns i poängbutiken.` : `${result.item.name} syns inte längre i poängbutiken.`,
    });
  }
  if (intent === "delete") {
    const parsed = validate(input.data, shopItemIdSchema, { title: TITLES.delete });
    if (!parsed.ok) return parsed.response;
    const result = await deleteItem(db(), { actorUserId, itemId: parsed.data.itemId });
    if (!result.ok) return failureResponse(result, { title: TITLES.delete });
    return data<PointShopSuccess>({ ok: true, title: "Belöningen är borttagen", message: "Den finns inte längre i katalogen." });
  }
  if (intent === "complete" || intent === "cancel") {
    const parsed = validate(input.data, shopOrderIdSchema, { title: TITLES[intent] });
    if (!parsed.ok) return parsed.response;
    const result =
      intent === "complete"
        ? await completeOrder(db(), { actorUserId, orderId: parsed.data.orderId })
        : await cancelOrder(db(), { actorUserId, orderId: parsed.data.orderId });
    if (!result.ok) return failureResponse(result, { title: TITLES[intent] });
    return data<PointShopSuccess>(
      intent === "complete"
        ? { ok: true, title: "Ordern är levererad", message: "Medlemmen har fått ett mejl om det." }
        : {
            ok: true,
            title: "Ordern är annullerad",
            message: `${formatNumber(result.pointsRefunded)} poäng är tillbaka hos medlemmen${result.stockRestored ? " och lagret är återställt" : ""}.`,
          },
    );
  }
  return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
}

// ---------------------------------------------------------------------------
// One item: /admin/point-shop/items/new and /admin/point-shop/items/:itemId
// ---------------------------------------------------------------------------

export async function loadShopItem(request: Request, itemId: string | undefined) {
  await requireAdminTab(request, "point-shop");
  // The form's one-time token (decision 036): a double-posted new reward is created once.
  const formToken = issueFormToken();
  if (!itemId || itemId === "new") return { item: null, formToken };
  const item = await getAdminItem(db(), itemId);
  if (!item) throw notFound("Belöningen finns inte.");
  return { item, formToken };
}

export async function handleShopItemAction(request: Request, itemId: string | undefined) {
  const staff = await requireAdminTab(request, "point-shop");
  const title = itemId === "new" ? "Belöningen kunde inte skapas" : "Belöningen kunde inte sparas";
  const input = await readInput(request, { title });
  if (!input.ok) return input.response;
  const parsed = validate(input.data, shopItemSchema, { title });
  if (!parsed.ok) return parsed.response;
  const result = await withFormToken(
    db(),
    { values: input.data, actorUserId: staff.user.id, action: "shop_item.save" },
    (tx) => saveItem(tx, { actorUserId: staff.user.id, itemId: itemId === "new" ? null : itemId, values: parsed.data }),
    {
      refuse: (message) => ({ ok: false as const, code: "invalid" as const, message }),
      remember: (answer) => ({ itemId: answer.ok ? answer.item.id : "" }),
      replay: async (kept, tx) => {
        const item = await getAdminItem(tx, kept.itemId);
        return item ? { ok: true as const, item } : { ok: false as const, code: "not_found" as const, message: "Belöningen finns inte." };
      },
    },
  );
  if (!result.ok) return failureResponse(result, { title });
  return { ok: true as const, itemId: result.item.id, title: itemId === "new" ? "Belöningen är skapad" : "Belöningen är sparad" };
}

// ---------------------------------------------------------------------------
// Image upload: /admin/point-shop/image (the only path with the larger body limit)
// ---------------------------------------------------------------------------

export async function handleShopImageUpload(request: Request) {
  const staff = await requireAdminTab(request, "point-shop");
  const upload = await readImageUpload(request);
  if (!upload.ok) return upload.response;
  const result = await storeImage(db(), { data: upload.data, widths: SHOP_IMAGE_WIDTHS, uploadedBy: staff.user.id });
  if (!result.ok) return imageRefusal(result);
  return data({ ok: true as const, imageId: result.image.id, url: imageUrl(result.image.id, SHOP_IMAGE_WIDTHS[0]!) });
}
