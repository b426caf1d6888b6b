/**
 * Valuing an inventory before signing up (docs/rules/selling.md#valuation-before-sign-up) against
 * a real database and both Steam fakes: the prices a quote would give, refusals with their
 * reasons, a private inventory explained, custom names resolved once, the limit per address,
 * and nothing stored about the visitor but the limiter's hashed key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rate_limits, user } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { setPrice } from "./price-list.server";
import { INVENTORY_MESSAGES } from "./inventory-items";
import { VISITOR_VALUATION } from "./selling-constants";
import { registerSteamFakes } from "./test-steam-fakes";
import { clearInventoryCache } from "./steam-inventory.server";
import { STEAM_PROFILE_INPUT_MESSAGE } from "./steam-profile-input";
import { VALUATION_MESSAGES, valueInventory } from "./visitor-valuation.server";

const STEAM_ID = "76561198000000042";
const PRIVATE_ID = "76561198000000043";
let database: TestDatabase;
const fakes = registerSteamFakes();
let ipCounter = 0;
/** Each test its own address, so the limiter counts only what the test does. */
const visitor = () => ({ ip: `192.0.2.${++ipCounter}` });

beforeAll(async () => {
  database = await createTestDatabase();
  fakes.community.setInventory(STEAM_ID, [
    { assetId: "1", marketHashName: "AK-47 | Redline (Field-Tested)" },
    { assetId: "2", marketHashName: "★ Karambit | Doppler (Factory New)", type: { internal: "CSGO_Type_Knife", name: "Knife" } },
    { assetId: "3", marketHashName: "Okänd skin (Field-Tested)" },
    { assetId: "4", marketHashName: "Operation Breakout Weapon Case", type: { internal: "CSGO_Type_WeaponCase", name: "Container" }, tradable: false, marketable: false },
  ]);
  fakes.community.setInventory(PRIVATE_ID, { status: 403 });
  fakes.steamApi.vanityNames.set("kalle", STEAM_ID);
  const staff = await createMember(database.db, { email: "pris@example.se" });
  await setPrice(database.db, { actorUserId: staff, input: { market_hash_name: "AK-47 | Redline (Field-Tested)", price: "312,50" } });
  await setPrice(database.db, { actorUserId: staff, input: { market_hash_name: "★ Karambit | Doppler (Factory New)", price: "10000" } });
  await setPrice(database.db, { actorUserId: staff, input: { market_hash_name: "Operation Breakout Weapon Case", price: "40" } });
});
afterAll(async () => {
  await database?.close();
});

describe("a price before signing up", () => {
  it("values a public inventory by SteamID64 with a quote's prices, refusals and reasons", async () => {
    const usersBefore = await database.db.$count(user);
    const result = await valueInventory(database.db, { steam: STEAM_ID }, visitor(), fakes.deps);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.steamId64).toBe(STEAM_ID);
    const byName = new Map(result.items.map((item) => [item.marketHashName, item]));
    // Weapons 70 %, knives 75 % of the reference price (the quote's own rule).
    expect(byName.get("AK-47 | Redline (Field-Tested)")).toMatchObject({ referencePriceOre: 31_250, buyRatePercent: 70, priceOre: 21_875, refusal: null });
    expect(byName.get("★ Karambit | Doppler (Factory New)")).toMatchObject({ priceOre: 750_000, buyRatePercent: 75 });
    expect(byName.get("Okänd skin (Field-Tested)")).toMatchObject({ priceOre: null, refusal: "Vi har inget pris för föremålet just nu." });
    expect(byName.get("Operation Breakout Weapon Case")).toMatchObject({ priceOre: null, refusal: "Föremålet går inte att byta på Steam." });
    expect(result.items[0]!.marketHashName).toBe("★ Karambit | Doppler (Factory New)");
    expect(result.acceptedCount).toBe(2);
    expect(result.baseTotalOre).toBe(771_875);
    expect(result.totalOre).toBe(result.baseTotalOre + result.bulkBonusOre);
    expect(result.referenceTotalOre).toBe(1_031_250);
    // Nothing about the visitor: no account, and the limiter's key holds no address.
    expect(await database.db.$count(user)).toBe(usersBefore);
    const keys = (await database.db.select({ key: rate_limits.key }).from(rate_limits)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith(`${VISITOR_VALUATION.rateLimit.scope}:ip:`))).toBe(true);
    expect(keys.join(" ")).not.toContain("192.0.2.");
  });

  it("resolves a custom /id/ name at Steam once, and a trade link by its partner", async () => {
    const first = await valueInventory(database.db, { steam: "https://steamcommunity.com/id/Kalle/" }, visitor(), fakes.deps);
    expect(first).toMatchObject({ ok: true, steamId64: STEAM_ID });
    await valueInventory(database.db, { steam: "steamcommunity.com/id/kalle" }, visitor(), fakes.deps);
    expect(fakes.steamApi.calls.filter((call) => call.startsWith("/ISteamUser/ResolveVanityURL")).length).toBe(1);
    const byTradeLink = await valueInventory(database.db, { steam: "https://steamcommunity.com/tradeoffer/new/?partner=39734314&token=AbCd_-12" }, visitor(), fakes.deps);
    expect(byTradeLink).toMatchObject({ ok: true, steamId64: STEAM_ID });
  });

  it("explains an unknown name, a private inventory, bad input, and a lookup without an API key", async () => {
    expect(await valueInventory(database.db, { steam: "https://steamcommunity.com/id/finnsinte" }, visitor(), fakes.deps)).toEqual({
      ok: false,
      status: 404,
      message: VALUATION_MESSAGES.noSuchProfile,
    });
    expect(await valueInventory(database.db, { steam: PRIVATE_ID }, visitor(), fakes.deps)).toEqual({ ok: false, status: 404, message: INVENTORY_MESSAGES.private });
    expect(await valueInventory(database.db, { steam: "<script>alert(1)</script>" }, visitor(), fakes.deps)).toEqual({
      ok: false,
      status: 400,
      message: STEAM_PROFILE_INPUT_MESSAGE,
    });
    expect(await valueInventory(database.db, { steam: { $ne: 1 } }, visitor(), fakes.deps)).toMatchObject({ ok: false, status: 400 });
    const withoutKey = { ...fakes.deps, steam: { apiUrl: fakes.steamApi.url, apiKey: undefined } };
    expect(await valueInventory(database.db, { steam: "https://steamcommunity.com/id/annan" }, visitor(), withoutKey)).toEqual({
      ok: false,
      status: 503,
      message: VALUATION_MESSAGES.lookupUnavailable,
    });
  });

  it("values a Steam id proven by Steam sign-in", async () => {
    expect(await valueInventory(database.db, { provenSteamId64: STEAM_ID }, visitor(), fakes.deps)).toMatchObject({ ok: true, acceptedCount: 2 });
  });

  it("limits valuations per address, in Swedish, before Steam is asked", async () => {
    const client = visitor();
    for (let i = 0; i < VISITOR_VALUATION.rateLimit.limit; i++) {
      expect((await valueInventory(database.db, { steam: STEAM_ID }, client, fakes.deps)).ok).toBe(true);
    }
    clearInventoryCache();
    const before = fakes.community.requests.length;
    const refused = await valueInventory(database.db, { steam: STEAM_ID }, client, fakes.deps);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    if (refused.ok) return;
    expect(refused.message).toMatch(/^För många försök\./);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(fakes.community.requests.length).toBe(before);
    // Another address is not affected.
    expect((await valueInventory(database.db, { steam: STEAM_ID }, visitor(), fakes.deps)).ok).toBe(true);
  });
});
