import { describe, expect, it } from "vitest";
import { filterInventory, isTradeProtected, parseInventoryPage, tradableAfterFromText, type InventoryItem } from "./inventory-items";

const IMAGE = "https://images.example/economy/image";

/** One page as Steam answers it (trimmed to the fields that matter, plus some that do not). */
const PAGE = {
  assets: [
    { appid: 730, contextid: "2", assetid: "111", classid: "9001", instanceid: "0", amount: "1" },
    { appid: 730, contextid: "2", assetid: "112", classid: "9002", instanceid: "188530139", amount: "1" },
    { appid: 730, contextid: "2", assetid: "113", classid: "9003", instanceid: "0", amount: "1" },
    { appid: 730, contextid: "2", assetid: "114", classid: "9004", instanceid: "0", amount: "1" },
    // No description for this one: left out.
    { appid: 730, contextid: "2", assetid: "115", classid: "9999", instanceid: "0", amount: "1" },
  ],
  descriptions: [
    {
      classid: "9001",
      instanceid: "0",
      icon_url: "-9a81dlWLwJ2UUGcVs_nsVtzdOEdtWwKGZZLQHTxDZ7I56KU0Zwwo4NUX4oFJZEHLbXH5ApeO4YmlhxYQknCRvCo04DEVlxkKgpot7HxfDhjxszJemkV09-5lpKKqPrxN7LEmyVQ7MEpiLuSrYmnjQO3-UdsZGHyd4_Bd1RvNQ7T_FDrw-_ng5Pu75iY1zI97bhLsvQz",
      tradable: 1,
      marketable: 1,
      name: "StatTrak™ AK-47 | Redline",
      market_hash_name: "StatTrak™ AK-47 | Redline (Field-Tested)",
      tags: [
        { category: "Type", internal_name: "CSGO_Type_Rifle", localized_category_name: "Type", localized_tag_name: "Rifle" },
        { category: "Quality", internal_name: "strange", localized_tag_name: "StatTrak™" },
        { category: "Exterior", internal_name: "WearCategory2", localized_tag_name: "Field-Tested" },
      ],
    },
    {
      classid: "9002",
      instanceid: "188530139",
      icon_url: "knife",
      tradable: 0,
      marketable: 0,
      name: "★ Karambit | Doppler",
      market_hash_name: "★ Karambit | Doppler (Factory New)",
      tags: [
        { category: "Type", internal_name: "CSGO_Type_Knife", localized_tag_name: "Knife" },
        { category: "Exterior", internal_name: "WearCategory0", localized_tag_name: "Factory New" },
      ],
      owner_descriptions: [{ type: "html", value: " " }, { type: "html", value: "Tradable After Dec 3, 2026 (7:00:00) GMT" }],
    },
    {
      classid: "9003",
      instanceid: "0",
      tradable: 1,
      marketable: 1,
      name: "Souvenir M4A1-S | Knight",
      market_hash_name: "Souvenir M4A1-S | Knight (Minimal Wear)",
      tags: [
        { category: "Type", internal_name: "CSGO_Type_Rifle", localized_tag_name: "Rifle" },
        { category: "Quality", internal_name: "tournament", localized_tag_name: "Souvenir" },
        { category: "Exterior", internal_name: "SomethingNew", localized_tag_name: "Well-Worn" },
      ],
    },
    {
      classid: "9004",
      instanceid: "0",
      tradable: 0,
      marketable: 0,
      name: "Operation Breakout Weapon Case",
      market_hash_name: "Operation Breakout Weapon Case",
      tags: [{ category: "Type", internal_name: "CSGO_Type_WeaponCase", localized_tag_name: "Container" }],
    },
  ],
  more_items: 1,
  last_assetid: "115",
  total_inventory_count: 9,
  success: 1,
};

describe("parseInventoryPage", () => {
  const items = parseInventoryPage(PAGE, IMAGE);

  it("joins assets to descriptions by classid and instanceid, leaving out assets without one", () => {
    expect(items.map((item) => item.assetId)).toEqual(["111", "112", "113", "114"]);
  });

  it("reads name without the prefix, wear from the Exterior tag, StatTrak™ and Souvenir, type and category", () => {
    expect(items[0]).toMatchObject({
      marketHashName: "StatTrak™ AK-47 | Redline (Field-Tested)",
      name: "AK-47 | Redline",
      wear: "FT",
      variant: "stattrak",
      type: "Rifle",
      category: "weapon",
      tradable: true,
      marketable: true,
      tradableAfter: null,
    });
    expect(items[0]!.imageUrl).toMatch(/^https:\/\/images\.example\/economy\/image\/-9a81dlWLwJ2UUGc/);
    expect(items[1]).toMatchObject({ name: "★ Karambit | Doppler", wear: "FN", variant: null, category: "knife", type: "Knife" });
    // An unknown internal wear name falls back to the shown name.
    expect(items[2]).toMatchObject({ name: "M4A1-S | Knight", wear: "WW", variant: "souvenir" });
    expect(items[3]).toMatchObject({ wear: null, category: "container", imageUrl: null });
  });

  it("reads the Trade Protection date from the owner text of a not-tradable item", () => {
    expect(items[1]!.tradable).toBe(false);
    expect(items[1]!.tradableAfter).toBe("2026-12-03T07:00:00.000Z");
    expect(items[3]!.tradableAfter).toBeNull();
  });

  it("prefers cache_expiration when Steam gives it", () => {
    const [item] = parseInventoryPage(
      {
        assets: [{ assetid: "1", classid: "2", instanceid: "0" }],
        descriptions: [{ classid: "2", instanceid: "0", tradable: 0, market_hash_name: "X", cache_expiration: "2026-12-01T08:00:00Z" }],
      },
      IMAGE,
    );
    expect(item!.tradableAfter).toBe("2026-12-01T08:00:00.000Z");
  });

  it("survives answers of the wrong shape", () => {
    expect(parseInventoryPage({}, IMAGE)).toEqual([]);
    expect(parseInventoryPage({ assets: "x", descriptions: 3 }, IMAGE)).toEqual([]);
    expect(parseInventoryPage({ assets: [null, 1, { assetid: "abc", classid: "1" }], descriptions: [null] }, IMAGE)).toEqual([]);
  });
});

describe("tradableAfterFromText", () => {
  it("reads the forms Steam writes", () => {
    expect(tradableAfterFromText("Tradable/Marketable After Mar 7, 2027 (7:00:00) GMT")).toBe("2027-03-07T07:00:00.000Z");
    expect(tradableAfterFromText("⇆ On Trade Protection until Nov 30, 2026 (23:15:09) GMT")).toBe("2026-11-30T23:15:09.000Z");
    expect(tradableAfterFromText("Tradable After Jan 2, 2027 GMT")).toBe("2027-01-02T00:00:00.000Z");
    expect(tradableAfterFromText("Exterior: Field-Tested")).toBeNull();
    expect(tradableAfterFromText("Tradable After Foo 2, 2027 GMT")).toBeNull();
  });
});

describe("isTradeProtected and filterInventory", () => {
  const now = new Date("2026-11-26T00:00:00Z");
  const items = parseInventoryPage(PAGE, IMAGE);

  it("is protected only while the date lies ahead", () => {
    expect(isTradeProtected(items[1]!, now)).toBe(true);
    expect(isTradeProtected(items[1]!, new Date("2026-12-04T00:00:00Z"))).toBe(false);
    expect(isTradeProtected(items[3]!, now)).toBe(false);
  });

  it("searches, filters by type and wear, and sorts by price with unpriced items last", () => {
    const prices: Record<string, number> = { "111": 500, "113": 900 };
    const priceOf = (item: InventoryItem) => prices[item.assetId] ?? null;
    expect(filterInventory(items, { sort: "price_desc" }, priceOf).map((i) => i.assetId)).toEqual(["113", "111", "112", "114"]);
    expect(filterInventory(items, { sort: "price_asc" }, priceOf).map((i) => i.assetId).slice(-2)).toEqual(["111", "113"]);
    expect(filterInventory(items, { search: "redline" }, priceOf).map((i) => i.assetId)).toEqual(["111"]);
    expect(filterInventory(items, { type: "Rifle" }, priceOf).map((i) => i.assetId)).toEqual(["113", "111"]);
    expect(filterInventory(items, { wear: "FN" }, priceOf).map((i) => i.assetId)).toEqual(["112"]);
  });
});
