/**
 * What staff enter to record a trade, and the list filters of the Transactions tab: one
 * schema each, used by the form for instant feedback and by the server again. Messages are
 * Swedish and name what to fix.
 */
import { z } from "~/lib/zod";
import { keysetParamsSchema } from "~/lib/keyset";
import { PAYOUT_METHODS } from "~/modules/selling/selling-constants";
import {
  BUYER_PAYMENT_METHODS,
  SKIN_VARIANTS,
  SKIN_WEARS,
  TRADE_LIMITS,
  TRADE_STATUSES,
  TRADE_TYPES,
} from "~/modules/trades/trades-constants";
import { ADMIN_PAGE_SIZE } from "~/platform/platform-constants";
import { formatNumber } from "~/lib/format";

export const TRADE_MESSAGES = {
  memberRequired: "Välj en medlem.",
  typeRequired: "Välj typ av affär: försäljning eller köp.",
  itemsRequired: "Lägg till minst ett föremål.",
  tooManyItems: `En affär kan ha högst ${TRADE_LIMITS.maxItems} föremål.`,
  itemsInvalid: "Föremålen kunde inte läsas. Försök igen.",
  skinNameRequired: "Ange skinets namn.",
  skinNameTooLong: `Skinets namn får vara högst ${TRADE_LIMITS.skinNameMaxLength} tecken.`,
  wearRequired: "Välj skick: FN, MW, FT, WW eller BS.",
  floatInvalid: "Float måste vara ett tal mellan 0 och 1.",
  variantInvalid: "Välj StatTrak™, Souvenir eller ingetdera.",
  priceInvalid: "Ange ett pris i kronor större än 0, med högst två decimaler.",
  priceTooHigh: `Priset får vara högst ${formatNumber(TRADE_LIMITS.maxItemPriceOre / 100)} kr per föremål.`,
  payoutMethodRequired: "Välj utbetalningssätt: Swish, bank eller krypto.",
  paymentMethodRequired: "Välj betalningssätt: Swish, Kort, Apple Pay, Google Pay eller Klarna.",
  noteTooLong: `Anteckningen får vara högst ${formatNumber(TRADE_LIMITS.noteMaxLength)} tecken.`,
  noteInvalid: "Anteckningen måste vara text.",
  tradeRequired: "Välj en affär.",
  reasonInvalid: `Anledningen får vara högst ${TRADE_LIMITS.reasonMaxLength} tecken text.`,
  invalidCharacters: "Texten innehåller otillåtna tecken.",
  invalidRequest: "Ogiltig förfrågan.",
} as const;

/** Text without NUL or other control characters (PostgreSQL refuses NUL; the rest is noise). */
const hasControlCharacters = (value: string) =>
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value);

/**
 * Kronor as staff type them ("1 249,50", "1249.5", 300) to whole öre, exactly (no float
 * arithmetic); null when it is not a positive amount with at most two decimals.
 */
export function parseSekToOre(value: unknown): number | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === "string") {
    text = value;
  } else {
    return null;
  }
  const cleaned = text
    .replace(/[\s\u00A0\u202F]/g, "")
    .replace(/kr$/i, "")
    .replace(",", ".");
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const ore = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return ore > 0 ? ore : null;
}

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const tradeItemSchema = z.object(
  {
    skinName: z
      .string(TRADE_MESSAGES.skinNameRequired)
      .trim()
      .min(1, TRADE_MESSAGES.skinNameRequired)
      .max(TRADE_LIMITS.skinNameMaxLength, TRADE_MESSAGES.skinNameTooLong)
      .refine((value) => !hasControlCharacters(value), TRADE_MESSAGES.invalidCharacters),
    wear: z.enum(SKIN_WEARS, TRADE_MESSAGES.wearRequired),
    float: z.preprocess((value) => {
      const blank = blankToUndefined(value);
      if (typeof blank === "string") {
        const normalised = blank.trim().replace(",", ".");
        return /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
      }
      return blank;
    }, z.number(TRADE_MESSAGES.floatInvalid).min(0, TRADE_MESSAGES.floatInvalid).max(1, TRADE_MESSAGES.floatInvalid).optional()),
    variant: z.preprocess(blankToUndefined, z.enum(SKIN_VARIANTS, TRADE_MESSAGES.variantInvalid).optional()),
    price: z.unknown().transform((value, context) => {
      const ore = parseSekToOre(value);
      if (ore === null) {
        context.addIssue({ code: "custom", message: TRADE_MESSAGES.priceInvalid });
        return z.NEVER;
      }
      if (ore > TRADE_LIMITS.maxItemPriceOre) {
        context.addIssue({ code: "custom", message: TRADE_MESSAGES.priceTooHigh });
        return z.NEVER;
      }
      return ore;
    }),
  },
  TRADE_MESSAGES.itemsInvalid,
);

/** A form posts the line items as one JSON field; a JSON body sends the array itself. */
const itemsField = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    if (value.length > 200_000) return Symbol("too long");
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return Symbol("unreadable");
    }
  },
  z
    .array(tradeItemSchema, TRADE_MESSAGES.itemsInvalid)
    .min(1, TRADE_MESSAGES.itemsRequired)
    .max(TRADE_LIMITS.maxItems, TRADE_MESSAGES.tooManyItems),
);

const ITEM_FIELD = /^items\.(\d{1,2})\.(skinName|wear|float|variant|price)$/;

/**
 * A form posts each line item's fields by position (`items.0.skinName`, `items.0.price`, …), so it
 * works as a plain POST; they become the `items` array here. A body that sends `items` itself
 * (JSON, or one JSON field) is read as it is.
 */
function gatherItems(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || "items" in raw) return raw;
  const rows: Array<Record<string, unknown>> = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const match = ITEM_FIELD.exec(key);
    if (match) (rows[Number(match[1])] ??= {})[match[2]!] = value;
    else rest[key] = value;
  }
  const items = rows.filter(Boolean);
  return items.length ? { ...rest, items } : raw;
}

const tradeFieldsSchema = z.object(
  {
    memberId: z.uuid(TRADE_MESSAGES.memberRequired),
    type: z.enum(TRADE_TYPES, TRADE_MESSAGES.typeRequired),
    items: itemsField,
    payoutMethod: z.preprocess(
      blankToUndefined,
      z.enum(PAYOUT_METHODS, TRADE_MESSAGES.payoutMethodRequired).optional(),
    ),
    paymentMethod: z.preprocess(
      blankToUndefined,
      z.enum(BUYER_PAYMENT_METHODS, TRADE_MESSAGES.paymentMethodRequired).optional(),
    ),
    note: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() || undefined : blankToUndefined(value)),
      z
        .string(TRADE_MESSAGES.noteInvalid)
        .max(TRADE_LIMITS.noteMaxLength, TRADE_MESSAGES.noteTooLong)
        .refine((value) => !value.includes("\u0000"), TRADE_MESSAGES.invalidCharacters)
        .optional(),
    ),
  },
  TRADE_MESSAGES.invalidRequest,
);

export const tradeInputSchema = z
  .preprocess(gatherItems, tradeFieldsSchema)
  .superRefine((input, context) => {
    // The method belongs to the type: a sale is paid out, a purchase is paid for.
    if (input.type === "sale" && !input.payoutMethod) {
      context.addIssue({ code: "custom", path: ["payoutMethod"], message: TRADE_MESSAGES.payoutMethodRequired });
    }
    if (input.type === "purchase" && !input.paymentMethod) {
      context.addIssue({ code: "custom", path: ["paymentMethod"], message: TRADE_MESSAGES.paymentMethodRequired });
    }
  })
  .transform((input) => ({
    memberId: input.memberId,
    type: input.type,
    items: input.items.map((item) => ({
      skinName: item.skinName,
      wear: item.wear,
      floatValue: item.float ?? null,
      variant: item.variant ?? null,
      priceOre: item.price,
    })),
    payoutMethod: input.type === "sale" ? input.payoutMethod! : null,
    paymentMethod: input.type === "purchase" ? input.paymentMethod! : null,
    note: input.note ?? null,
  }));

export type TradeInput = z.output<typeof tradeInputSchema>;

/** Why staff cancel or reverse a trade: optional, kept in the audit log. */
export const tradeReasonSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() || undefined : blankToUndefined(value)),
  z
    .string(TRADE_MESSAGES.reasonInvalid)
    .max(TRADE_LIMITS.reasonMaxLength, TRADE_MESSAGES.reasonInvalid)
    .refine((value) => !hasControlCharacters(value), TRADE_MESSAGES.invalidCharacters)
    .optional(),
);

/** Complete, cancel or reverse: which trade, and for the last two an optional reason. */
export const tradeActionSchema = z.object(
  {
    tradeId: z.uuid(TRADE_MESSAGES.tradeRequired),
    reason: tradeReasonSchema,
  },
  TRADE_MESSAGES.invalidRequest,
);
export type TradeItemInput = TradeInput["items"][number];

// ---------------------------------------------------------------------------
// The Transactions tab's list: filters, sort and page (a keyset cursor) live in the URL
// ---------------------------------------------------------------------------
const TRADE_SORTS = ["created_at", "base_total", "total"] as const;
export type TradeSort = (typeof TRADE_SORTS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === "" || value === null || Array.isArray(value) ? undefined : value),
    schema.optional(),
  );

/**
 * Unknown or malformed values fall back to "no filter" rather than an error: a hand-edited
 * URL still shows a list.
 */
const tradeListQuerySchema = z.object({
  type: optionalParam(z.enum(TRADE_TYPES)).catch(undefined),
  status: optionalParam(z.enum(TRADE_STATUSES)).catch(undefined),
  /** Stockholm calendar days, inclusive. */
  from: optionalParam(z.string().regex(DAY)).catch(undefined),
  to: optionalParam(z.string().regex(DAY)).catch(undefined),
  /** Member search: email, name or Steam id. */
  q: optionalParam(
    z
      .string()
      .trim()
      .max(200)
      .refine((value) => !hasControlCharacters(value)),
  ).catch(undefined),
  memberId: optionalParam(z.uuid()).catch(undefined),
  sort: optionalParam(z.enum(TRADE_SORTS)).catch(undefined),
  dir: optionalParam(z.enum(["asc", "desc"])).catch(undefined),
  pageSize: optionalParam(z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.max)).catch(undefined),
  /** The page's cursors (app/lib/keyset.ts), checked against the sort when read. */
  ...keysetParamsSchema.shape,
});
export type TradeListQuery = z.output<typeof tradeListQuerySchema>;

/** Reads the list's search params (the last value of a repeated one is ignored in favour of the first). */
export function parseTradeListQuery(params: URLSearchParams): TradeListQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(tradeListQuerySchema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return tradeListQuerySchema.parse(raw);
}
