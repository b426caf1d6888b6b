/**
 * What the Point Shop tab posts (docs/rules/admin.md#point-shop): an item's fields, an
 * order's change, and the orders list's filters in the URL. The form and the server read
 * the same schemas, so the Swedish messages are the same in both.
 */
import { z } from "~/lib/zod";
import { parseKeyset, type KeysetPosition } from "~/lib/keyset";
import { LEVEL_IDS } from "~/modules/loyalty/loyalty-constants";
import { SHOP_CATEGORIES, SHOP_ORDER_STATUSES } from "~/modules/shop/shop-constants";
import { ADMIN_PAGE_SIZE, TEXT_LIMITS } from "~/platform/platform-constants";
import { hasControlCharacters } from "~/lib/control-characters";
import { textField } from "~/lib/validation";
import { formatNumber } from "~/lib/format";

export const SHOP_ITEM_LIMITS = { description: 1_000, maxCost: 10_000_000, maxStock: 1_000_000 } as const;

const SHOP_ADMIN_MESSAGES = {
  nameRequired: "Ange ett namn.",
  costRequired: "Ange priset i poäng som ett heltal större än noll.",
  costTooHigh: `Priset får vara högst ${formatNumber(SHOP_ITEM_LIMITS.maxCost)} poäng.`,
  category: "Välj en kategori.",
  stock: "Ange lagret som ett heltal från 0, eller lämna fältet tomt för obegränsat.",
  stockTooHigh: `Lagret får vara högst ${formatNumber(SHOP_ITEM_LIMITS.maxStock)}.`,
  minLevel: "Välj en nivå.",
  image: "Bilden hittades inte. Ladda upp den igen.",
  itemRequired: "Välj en belöning.",
  orderRequired: "Välj en order.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(UUID, message)
    .transform((value) => value.toLowerCase());
/** An empty form field means "none". */
const emptyAsNull = (value: unknown) => (value === "" || value === undefined ? null : value);

const wholeNumber = (message: string, min: number, max: number, tooHigh: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, tooHigh),
  );

export const shopItemSchema = z.object({
  name: textField(TEXT_LIMITS.name).pipe(z.string().min(1, SHOP_ADMIN_MESSAGES.nameRequired)),
  description: z.preprocess((value) => value ?? "", textField(SHOP_ITEM_LIMITS.description, { multiline: true })),
  pointCost: wholeNumber(SHOP_ADMIN_MESSAGES.costRequired, 1, SHOP_ITEM_LIMITS.maxCost, SHOP_ADMIN_MESSAGES.costTooHigh),
  category: z.enum(SHOP_CATEGORIES, { error: SHOP_ADMIN_MESSAGES.category }),
  stockQuantity: z.preprocess(
    emptyAsNull,
    wholeNumber(SHOP_ADMIN_MESSAGES.stock, 0, SHOP_ITEM_LIMITS.maxStock, SHOP_ADMIN_MESSAGES.stockTooHigh).nullable(),
  ),
  minLevel: z.preprocess(emptyAsNull, z.enum(LEVEL_IDS as [string, ...string[]], { error: SHOP_ADMIN_MESSAGES.minLevel }).nullable()),
  imageId: z.preprocess(emptyAsNull, uuidField(SHOP_ADMIN_MESSAGES.image).nullable()),
  /** A checkbox: present when ticked. */
  isActive: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
});
export type ShopItemInput = z.output<typeof shopItemSchema>;

export const shopItemIdSchema = z.object({ itemId: uuidField(SHOP_ADMIN_MESSAGES.itemRequired) });
export const shopItemActiveSchema = shopItemIdSchema.extend({
  active: z.enum(["true", "false"], { error: SHOP_ADMIN_MESSAGES.itemRequired }).transform((value) => value === "true"),
});
export const shopOrderIdSchema = z.object({ orderId: uuidField(SHOP_ADMIN_MESSAGES.orderRequired) });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** Unknown or malformed values fall back to "no filter": a hand-edited URL still shows a list. */
const shopOrderListQuerySchema = z.object({
  status: optionalParam(z.enum(SHOP_ORDER_STATUSES)).catch(undefined),
  /** Member: email or name. */
  q: optionalParam(
    z
      .string()
      .trim()
      .max(TEXT_LIMITS.search)
      .refine((value) => !hasControlCharacters(value)),
  ).catch(undefined),
  /** Stockholm calendar days, inclusive. */
  from: optionalParam(z.string().regex(DAY)).catch(undefined),
  to: optionalParam(z.string().regex(DAY)).catch(undefined),
  page: optionalParam(z.coerce.number().int().min(1).max(100_000)).catch(undefined),
  pageSize: optionalParam(z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.max)).catch(undefined),
});
/** The filters, and the keyset page (`efter` / `fore`; `page` is the items list's, an old orders `?page=` is ignored). */
export type ShopOrderListQuery = z.output<typeof shopOrderListQuerySchema> & { position?: KeysetPosition };

const pageQuerySchema = shopOrderListQuerySchema.pick({ page: true });

export function parseShopOrderListQuery(params: URLSearchParams): ShopOrderListQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(shopOrderListQuerySchema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return { ...shopOrderListQuerySchema.parse(raw), position: parseKeyset(params, "timestamp") ?? undefined };
}

/** The items list's page (`itemsPage` in the URL, beside the orders list's `page`). */
export function parseItemsPage(params: URLSearchParams): number | undefined {
  return pageQuerySchema.parse({ page: params.get("itemsPage") ?? undefined }).page;
}
