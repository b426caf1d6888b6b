/**
 * The price list and quotes against a real database (PGlite; PostgreSQL with DATABASE_URL),
 * with the fake Steam Community for inventories and the fake Steam Web API for the trade-hold check.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeSteamCommunity } from "../../../server/fakes/steam-community";
import { audit_log, sell_prices, sell_quote_items, sell_quotes } from "~/platform/db/schema";
import type { TestDatabase } from "~/platform/db/test-db";
import { startQuoteTestEnv, type QuoteTestEnv } from "./quote-test-env";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { importPriceCsv, listPrices, previewPriceImport, setPrice, writeSourcePrices } from "./price-list.server";
import { createQuote, getQuote, QUOTE_MESSAGES, type QuoteDeps } from "./quotes.server";
import { clearInventoryCache } from "./steam-inventory.server";
import { clearTradeHoldCache } from "./steam-trade-hold.server";
import { createReadySeller } from "./test-sellers";

let env: QuoteTestEnv;
let database: TestDatabase;
let fake: FakeSteamCommunity;
let deps: QuoteDeps;
let staffId: string;
const NOW = new Date();

beforeAll(async () => {
  env = await startQuoteTestEnv();
  ({ database, fake, deps } = env);
  staffId = await createMember(database.db, { email: "pris-admin@example.se" });
});
afterAll(() => env?.stop());
beforeEach(() => {
  clearInventoryCache();
  clearTradeHoldCache();
});

describe("the price list (docs/rules/selling.md#price-list)", () => {
  it("previews a CSV with per-row errors, imports only the good rows with one audit row, and lists with search", async () => {
    const db = database.db;
    await setPrice(db, { actorUserId: staffId, input: { market_hash_name: "Befintlig (Field-Tested)", price: "10" } });
    const csv = [
      "market_hash_name;price",
      "Befintlig (Field-Tested);12,50",
      '"Namn; med semikolon";3',
      "Trasig rad;gratis",
      "Ny kniv (Factory New);1 499,00",
    ].join("\r\n");
    const preview = await previewPriceImport(db, csv);
    expect(preview).toMatchObject({ ok: true, newCount: 2, changedCount: 1 });
    if (!preview.ok) return;
    expect(preview.errors).toEqual([{ line: 4, marketHashName: "Trasig rad", message: "Ange ett pris i kronor större än 0, med högst två decimaler." }]);
    // A preview writes nothing.
    expect((await db.select().from(sell_prices)).length).toBe(1);

    const result = await importPriceCsv(db, { actorUserId: staffId, text: csv });
    expect(result).toMatchObject({ ok: true, imported: 3 });
    const rows = await db.select().from(sell_prices);
    expect(Object.fromEntries(rows.map((row) => [row.market_hash_name, [Number(row.reference_price_ore), row.source]]))).toEqual({
      "Befintlig (Field-Tested)": [1_250, "csv"],
      "Namn; med semikolon": [300, "csv"],
      "Ny kniv (Factory New)": [149_900, "csv"],
    });
    const audits = await db.select().from(audit_log).where(eq(audit_log.action, "price_list.import"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_user_id).toBe(staffId);
    expect(audits[0]!.after).toMatchObject({ imported: 3, skippedLines: [4] });

    const listed = await listPrices(db, { search: "kniv" });
    expect(listed.rows.map((row) => row.marketHashName)).toEqual(["Ny kniv (Factory New)"]);
    expect((await listPrices(db, { search: "%" })).rows).toHaveLength(0);
  });

  it("refuses a file without the header and a bad manual edit, and audits a good one with before and after", async () => {
    const db = database.db;
    expect(await previewPriceImport(db, "name,cost\nx,1")).toEqual({ ok: false, message: "Första raden måste vara rubrikerna market_hash_name och price (pris i kronor)." });
    const bad = await setPrice(db, { actorUserId: staffId, input: { market_hash_name: "X", price: "-3" } });
    expect(bad).toMatchObject({ ok: false, message: "Ange ett pris i kronor större än 0, med högst två decimaler." });
    const nul = await setPrice(db, { actorUserId: staffId, input: { market_hash_name: "X\u0000", price: "3" } });
    expect(nul.ok).toBe(false);
    const good = await setPrice(db, { actorUserId: staffId, input: { market_hash_name: "Ny kniv (Factory New)", price: "1600" } });
    expect(good.ok).toBe(true);
    const [audit] = await db.select().from(audit_log).where(eq(audit_log.action, "price_list.update")).orderBy(audit_log.created_at);
    expect(audit).toBeDefined();
    const last = (await db.select().from(audit_log).where(eq(audit_log.entity_id, "Ny kniv (Factory New)")))[0]!;
    expect(last.before).toEqual({ reference_price_ore: 149_900, source: "csv" });
    expect(last.after).toEqual({ reference_price_ore: 160_000, source: "manual" });
  });

  it("a price source adds and updates its own rows but keeps what staff set", async () => {
    const db = database.db;
    await writeSourcePrices(db, "skinport", [{ marketHashName: "Källa (Minimal Wear)", priceOre: 500 }], NOW);
    const result = await writeSourcePrices(
      db,
      "skinport",
      [
        { marketHashName: "Källa (Minimal Wear)", priceOre: 700 },
        { marketHashName: "Ny kniv (Factory New)", priceOre: 1 },
      ],
      NOW,
    );
    expect(result.written).toBe(1);
    const prices = Object.fromEntries((await db.select().from(sell_prices)).map((row) => [row.market_hash_name, Number(row.reference_price_ore)]));
    expect(prices["Källa (Minimal Wear)"]).toBe(700);
    expect(prices["Ny kniv (Factory New)"]).toBe(160_000);
  });
});

describe("quotes (docs/rules/selling.md#quotes)", () => {
  const steamId = "76561198000000100";
  const protectedUntil = new Date(NOW.getTime() + 3 * 86_400_000);

  beforeAll(async () => {
    const db = database.db;
    await db.insert(sell_prices).values([
      { market_hash_name: "AK-47 | Redline (Field-Tested)", reference_price_ore: 100_000, source: "csv" },
      { market_hash_name: "Glock-18 | Sand Dune (Field-Tested)", reference_price_ore: 300, source: "csv" },
      { market_hash_name: "USP-S | Kill Confirmed (Well-Worn)", reference_price_ore: 50_000, source: "csv" },
    ]);
    fake.setInventory(steamId, [
      { assetId: "11", marketHashName: "AK-47 | Redline (Field-Tested)" },
      { assetId: "12", marketHashName: "Glock-18 | Sand Dune (Field-Tested)", type: { internal: "CSGO_Type_Pistol", name: "Pistol" } },
      { assetId: "13", marketHashName: "USP-S | Kill Confirmed (Well-Worn)", tradable: false, tradableAfter: protectedUntil },
      { assetId: "14", marketHashName: "Operation Breakout Weapon Case", tradable: false },
      { assetId: "15", marketHashName: "Okänd (Factory New)" },
    ]);
  });

  it("prices each item or refuses it with the reason, fixes the totals with the level bonus, and expires in 10 minutes", async () => {
    const db = database.db;
    const userId = await createReadySeller(db, { steamId, xp: 6_000 });
    const created = await createQuote(db, { userId, input: { assetIds: "11,12,13,14,15" }, now: NOW }, deps);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const quote = await getQuote(db, userId, created.quoteId);
    expect(quote).not.toBeNull();
    expect(quote!.items.map((item) => [item.assetId, item.priceOre, item.refusal])).toEqual([
      ["11", 70_000, null],
      ["12", null, "below_minimum"],
      ["13", null, "trade_protected"],
      ["14", null, "not_tradable"],
      ["15", null, "no_price"],
    ]);
    expect(quote!.items[2]!.tradableAfter).toBe(protectedUntil.toISOString());
    expect(quote).toMatchObject({
      level: "silver",
      baseTotalOre: 70_000,
      levelBonusPercent: 1,
      levelBonusOre: 700,
      bulkBonusOre: 0,
      totalOre: 70_700,
      points: 1_400,
      xp: 1_400,
      payoutMethod: "swish",
      payoutLabel: "Swish",
      payoutTime: "senast nästa bankdag när Steams 7 dagar med Trade Protection har gått",
      acceptedAt: null,
    });
    expect(new Date(quote!.expiresAt).getTime() - NOW.getTime()).toBe(10 * 60_000);
    expect(quote!.items[0]).toMatchObject({ name: "AK-47 | Redline", wear: "FT", referencePriceOre: 100_000, buyRatePercent: 70 });
  });

  it("is only for its owner, and unknown or malformed ids are nothing", async () => {
    const db = database.db;
    const [quote] = await db.select().from(sell_quotes).limit(1);
    const other = await createMember(db);
    expect(await getQuote(db, other, quote!.id)).toBeNull();
    expect(await getQuote(db, quote!.user_id, "00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await getQuote(db, quote!.user_id, "'; drop table sell_quotes; --")).toBeNull();
  });

  it("refuses a member who does not pass the checklist, bad selections and items no longer in the inventory", async () => {
    const db = database.db;
    const notReady = await createMember(db, { steamId: "76561198000000101" });
    expect(await createQuote(db, { userId: notReady, input: { assetIds: "11" } }, deps)).toMatchObject({ ok: false, code: "not_ready" });
    const seller = await createReadySeller(db, { steamId: "76561198000000102" });
    fake.setInventory("76561198000000102", [{ assetId: "21", marketHashName: "AK-47 | Redline (Field-Tested)" }]);
    expect(await createQuote(db, { userId: seller, input: { assetIds: "" } }, deps)).toMatchObject({ ok: false, message: QUOTE_MESSAGES.noItems });
    expect(await createQuote(db, { userId: seller, input: { assetIds: "21,21" } }, deps)).toMatchObject({ ok: false, code: "invalid" });
    expect(await createQuote(db, { userId: seller, input: { assetIds: ["21", 5] } }, deps)).toMatchObject({ ok: false, code: "invalid" });
    expect(await createQuote(db, { userId: seller, input: { assetIds: Array.from({ length: 101 }, (_, i) => String(i)).join(",") } }, deps)).toMatchObject({ ok: false, message: QUOTE_MESSAGES.tooMany });
    expect(await createQuote(db, { userId: seller, input: { assetIds: "21,99" } }, deps)).toMatchObject({ ok: false, code: "gone" });
    fake.setInventory("76561198000000102", { status: 403 });
    clearInventoryCache();
    const hidden = await createQuote(db, { userId: seller, input: { assetIds: "21" } }, deps);
    expect(hidden).toMatchObject({ ok: false, code: "inventory" });
    expect(hidden.ok || hidden.message).toContain("Ditt Steam-lager är privat");
    const before = (await db.select().from(sell_quote_items)).length;
    expect(before).toBe(5);
  });
});
