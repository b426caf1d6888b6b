import { describe, expect, it } from "vitest";
import { firstError } from "~/lib/validation";
import {
  parseSekToOre,
  parseTradeListQuery,
  TRADE_MESSAGES,
  tradeActionSchema,
  tradeInputSchema,
} from "./trade-schema";

const memberId = "3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f";
const item = { skinName: "AK-47 | Redline", wear: "FT", price: "249,50" };

function errorOf(input: unknown): string {
  const result = tradeInputSchema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return firstError(result.error);
}

describe("parseSekToOre", () => {
  it.each([
    ["249,50", 24_950],
    ["1 249,5", 124_950],
    ["1\u00A0000 kr", 100_000],
    ["300", 30_000],
    [12.25, 1_225],
    ["0,01", 1],
  ])("reads %j as %i öre", (value, ore) => {
    expect(parseSekToOre(value)).toBe(ore);
  });

  it.each([["0"], ["-5"], ["1,234"], ["abc"], [""], [Number.NaN], [null], [["5"]], ["1e3"]])("refuses %j", (value) => {
    expect(parseSekToOre(value)).toBeNull();
  });
});

describe("tradeInputSchema", () => {
  it("accepts a sale with its payout method and gives prices in öre", () => {
    const parsed = tradeInputSchema.parse({
      memberId,
      type: "sale",
      items: [item, { skinName: " AWP | Asiimov ", wear: "BS", float: "0,89", variant: "stattrak", price: 1500 }],
      payoutMethod: "swish",
      paymentMethod: "Klarna",
      note: "  Inventory via chatten ",
    });
    expect(parsed).toEqual({
      memberId,
      type: "sale",
      items: [
        { skinName: "AK-47 | Redline", wear: "FT", floatValue: null, variant: null, priceOre: 24_950 },
        { skinName: "AWP | Asiimov", wear: "BS", floatValue: 0.89, variant: "stattrak", priceOre: 150_000 },
      ],
      payoutMethod: "swish",
      // A purchase's field on a sale is ignored rather than stored.
      paymentMethod: null,
      note: "Inventory via chatten",
    });
  });

  it("accepts the line items as a JSON string from a form post", () => {
    const parsed = tradeInputSchema.parse({
      memberId,
      type: "purchase",
      items: JSON.stringify([item]),
      paymentMethod: "Apple Pay",
    });
    expect(parsed.items[0]?.priceOre).toBe(24_950);
    expect(parsed.payoutMethod).toBeNull();
  });

  it("gathers the line items from a plain form post's fields by position", () => {
    const parsed = tradeInputSchema.parse({
      memberId,
      type: "sale",
      "items.0.skinName": "AK-47 | Redline",
      "items.0.wear": "FT",
      "items.0.float": "",
      "items.0.variant": "",
      "items.0.price": "249,50",
      "items.1.skinName": "AWP | Asiimov",
      "items.1.wear": "BS",
      "items.1.variant": "stattrak",
      "items.1.price": "1500",
      payoutMethod: "swish",
    });
    expect(parsed.items).toEqual([
      { skinName: "AK-47 | Redline", wear: "FT", floatValue: null, variant: null, priceOre: 24_950 },
      { skinName: "AWP | Asiimov", wear: "BS", floatValue: null, variant: "stattrak", priceOre: 150_000 },
    ]);
    // A field's message names its position, as the form shows it.
    const refused = tradeInputSchema.safeParse({ memberId, type: "sale", "items.0.skinName": "AK", "items.0.wear": "FT", "items.0.price": "0", payoutMethod: "swish" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["items", 0, "price"]);
  });

  it.each([
    ["a missing member", { type: "sale", items: [item], payoutMethod: "swish" }, TRADE_MESSAGES.memberRequired],
    ["an unknown type", { memberId, type: "gift", items: [item], payoutMethod: "swish" }, TRADE_MESSAGES.typeRequired],
    ["no items", { memberId, type: "sale", items: [], payoutMethod: "swish" }, TRADE_MESSAGES.itemsRequired],
    ["unreadable items", { memberId, type: "sale", items: "[{", payoutMethod: "swish" }, TRADE_MESSAGES.itemsInvalid],
    [
      "an item that is not an object",
      { memberId, type: "sale", items: ["AK"], payoutMethod: "swish" },
      TRADE_MESSAGES.itemsInvalid,
    ],
    [
      "101 items",
      { memberId, type: "sale", items: Array(101).fill(item), payoutMethod: "swish" },
      TRADE_MESSAGES.tooManyItems,
    ],
    [
      "a blank skin name",
      { memberId, type: "sale", items: [{ ...item, skinName: "  " }], payoutMethod: "swish" },
      TRADE_MESSAGES.skinNameRequired,
    ],
    [
      "a huge skin name",
      { memberId, type: "sale", items: [{ ...item, skinName: "A".repeat(5_000) }], payoutMethod: "swish" },
      TRADE_MESSAGES.skinNameTooLong,
    ],
    [
      "a NUL byte in the skin name",
      { memberId, type: "sale", items: [{ ...item, skinName: "AK\u0000" }], payoutMethod: "swish" },
      TRADE_MESSAGES.invalidCharacters,
    ],
    [
      "an array as skin name",
      { memberId, type: "sale", items: [{ ...item, skinName: ["AK"] }], payoutMethod: "swish" },
      TRADE_MESSAGES.skinNameRequired,
    ],
    [
      "an unknown wear",
      { memberId, type: "sale", items: [{ ...item, wear: "New" }], payoutMethod: "swish" },
      TRADE_MESSAGES.wearRequired,
    ],
    [
      "a float above 1",
      { memberId, type: "sale", items: [{ ...item, float: "1,2" }], payoutMethod: "swish" },
      TRADE_MESSAGES.floatInvalid,
    ],
    [
      "a float that is not a number",
      { memberId, type: "sale", items: [{ ...item, float: "låg" }], payoutMethod: "swish" },
      TRADE_MESSAGES.floatInvalid,
    ],
    [
      "an unknown variant",
      { memberId, type: "sale", items: [{ ...item, variant: "golden" }], payoutMethod: "swish" },
      TRADE_MESSAGES.variantInvalid,
    ],
    [
      "a zero price",
      { memberId, type: "sale", items: [{ ...item, price: "0" }], payoutMethod: "swish" },
      TRADE_MESSAGES.priceInvalid,
    ],
    [
      "a price with three decimals",
      { memberId, type: "sale", items: [{ ...item, price: "1,234" }], payoutMethod: "swish" },
      TRADE_MESSAGES.priceInvalid,
    ],
    [
      "a price above the limit",
      { memberId, type: "sale", items: [{ ...item, price: "1000001" }], payoutMethod: "swish" },
      TRADE_MESSAGES.priceTooHigh,
    ],
    ["a sale without payout method", { memberId, type: "sale", items: [item] }, TRADE_MESSAGES.payoutMethodRequired],
    [
      "a sale paid out by PayPal",
      { memberId, type: "sale", items: [item], payoutMethod: "paypal" },
      TRADE_MESSAGES.payoutMethodRequired,
    ],
    [
      "a purchase without payment method",
      { memberId, type: "purchase", items: [item], payoutMethod: "swish" },
      TRADE_MESSAGES.paymentMethodRequired,
    ],
    [
      "a note over 1,000 characters",
      { memberId, type: "sale", items: [item], payoutMethod: "swish", note: "x".repeat(1_001) },
      TRADE_MESSAGES.noteTooLong,
    ],
    [
      "a note that is not text",
      { memberId, type: "sale", items: [item], payoutMethod: "swish", note: ["a"] },
      TRADE_MESSAGES.noteInvalid,
    ],
    ["a body that is not an object", [1, 2], TRADE_MESSAGES.invalidRequest],
  ])("refuses %s with a Swedish message", (_label, input, message) => {
    expect(errorOf(input)).toBe(message);
  });
});

describe("parseTradeListQuery", () => {
  it("reads filters, sort and page from the URL", () => {
    const query = parseTradeListQuery(
      new URLSearchParams(
        "type=sale&status=reversed&from=2025-06-01&to=2025-06-30&q=anna&sort=total&dir=asc&pageSize=50",
      ),
    );
    expect(query).toEqual({
      type: "sale",
      status: "reversed",
      from: "2025-06-01",
      to: "2025-06-30",
      q: "anna",
      sort: "total",
      dir: "asc",
      pageSize: 50,
    });
  });

  it("drops malformed values instead of failing", () => {
    const query = parseTradeListQuery(
      new URLSearchParams("type=gift&from=1.6.2025&page=-1&pageSize=100000&sort=id;drop"),
    );
    expect(query).toEqual({});
  });
});

describe("tradeActionSchema", () => {
  it("takes a trade id and an optional trimmed reason", () => {
    expect(tradeActionSchema.parse({ tradeId: memberId, reason: "  Fel belopp " })).toEqual({
      tradeId: memberId,
      reason: "Fel belopp",
    });
    expect(tradeActionSchema.parse({ tradeId: memberId, reason: "" })).toEqual({ tradeId: memberId });
  });

  it.each([
    [{ tradeId: "1" }, TRADE_MESSAGES.tradeRequired],
    [{ tradeId: memberId, reason: "x".repeat(501) }, TRADE_MESSAGES.reasonInvalid],
    [{ tradeId: memberId, reason: ["a"] }, TRADE_MESSAGES.reasonInvalid],
    [{ tradeId: memberId, reason: "a\u0000" }, TRADE_MESSAGES.invalidCharacters],
  ])("refuses %j", (input, message) => {
    const result = tradeActionSchema.safeParse(input);
    expect(result.success ? null : firstError(result.error)).toBe(message);
  });
});
