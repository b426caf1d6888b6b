import { describe, expect, it } from "vitest";
import { PRICE_LIST } from "~/modules/selling/selling-constants";
import { parsePriceCsv, PRICE_LIST_MESSAGES, priceEditSchema } from "./price-list-rules";

describe("parsePriceCsv", () => {
  it("reads comma- or semicolon-separated rows with quotes, a BOM and extra columns", () => {
    const result = parsePriceCsv('\uFEFFmarket_hash_name,currency,price\r\n"StatTrak™ AK-47 | Redline (Field-Tested)",SEK,"1 234,50"\n\nSticker | Crown (Foil),SEK,12.5\n');
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, marketHashName: "StatTrak™ AK-47 | Redline (Field-Tested)", priceOre: 123_450 },
        { line: 4, marketHashName: "Sticker | Crown (Foil)", priceOre: 1_250 },
      ],
      errors: [],
    });
    expect(parsePriceCsv('market_hash_name;price\n"Ett ""citat"" (MW)";3')).toMatchObject({ ok: true, rows: [{ marketHashName: 'Ett "citat" (MW)', priceOre: 300 }] });
  });

  it("reports each bad row with its line and reason and keeps the good ones", () => {
    const result = parsePriceCsv(
      ["market_hash_name,price", "A,1", ",2", "B,0", "C,1.234", `${"x".repeat(201)},3`, "A,4", '"D,5', "E", "H,12,50", `F,${PRICE_LIST.maxPriceOre / 100 + 1}`, "G\u0001,1"].join("\n"),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((row) => row.marketHashName)).toEqual(["A"]);
    expect(result.errors.map((error) => [error.line, error.message])).toEqual([
      [3, PRICE_LIST_MESSAGES.nameMissing],
      [4, PRICE_LIST_MESSAGES.priceInvalid],
      [5, PRICE_LIST_MESSAGES.priceInvalid],
      [6, PRICE_LIST_MESSAGES.nameTooLong],
      [7, PRICE_LIST_MESSAGES.duplicate(2)],
      [8, PRICE_LIST_MESSAGES.quote],
      [9, PRICE_LIST_MESSAGES.columns],
      [10, PRICE_LIST_MESSAGES.columns],
      [11, PRICE_LIST_MESSAGES.priceTooHigh],
      [12, PRICE_LIST_MESSAGES.nameInvalid],
    ]);
  });

  it("refuses an empty file, a missing header and too large a file", () => {
    expect(parsePriceCsv("  \n")).toEqual({ ok: false, message: PRICE_LIST_MESSAGES.csvEmpty });
    expect(parsePriceCsv("name,price\nA,1")).toEqual({ ok: false, message: PRICE_LIST_MESSAGES.csvHeader });
    expect(parsePriceCsv(`market_hash_name,price\n${"a".repeat(PRICE_LIST.csvMaxBytes)}`)).toEqual({ ok: false, message: PRICE_LIST_MESSAGES.csvTooLarge });
  });
});

describe("priceEditSchema", () => {
  it("takes a name and a price in kronor", () => {
    expect(priceEditSchema.parse({ market_hash_name: " AWP | Asiimov (Field-Tested) ", price: "899,90" })).toEqual({ market_hash_name: "AWP | Asiimov (Field-Tested)", price: 89_990 });
    expect(priceEditSchema.safeParse({ market_hash_name: "", price: "1" }).success).toBe(false);
    expect(priceEditSchema.safeParse({ market_hash_name: "A", price: 5 }).success).toBe(false);
    expect(priceEditSchema.safeParse({ market_hash_name: ["A"], price: "5" }).success).toBe(false);
  });
});
