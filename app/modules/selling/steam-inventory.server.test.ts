import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeSteamCommunity, type FakeItem, type FakeSteamCommunity } from "../../../server/fakes/steam-community";
import { clearInventoryCache, loadInventory } from "./steam-inventory.server";

const STEAM_ID = "76561198000000001";
let fake: FakeSteamCommunity;
let clock = Date.parse("2026-11-26T10:00:00Z");
const options = () => ({ communityUrl: fake.url, imageUrl: `${fake.url}/economy/image`, now: () => clock });

function many(count: number): FakeItem[] {
  return Array.from({ length: count }, (_, i) => ({ assetId: String(5_000_000 + i), marketHashName: `Sticker | Test ${i % 7}` }));
}

beforeAll(async () => {
  fake = await startFakeSteamCommunity();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  clearInventoryCache();
  fake.requests.length = 0;
});

describe("loadInventory", () => {
  it("reads every page through start_assetid and joins descriptions", async () => {
    fake.setInventory(STEAM_ID, many(4500));
    const result = await loadInventory(STEAM_ID, options());
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.items).toHaveLength(4500);
    expect(new Set(result.items.map((item) => item.assetId)).size).toBe(4500);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[0]!.searchParams.get("count")).toBe("2000");
    expect(fake.requests[0]!.searchParams.get("l")).toBe("english");
    expect(fake.requests[0]!.searchParams.has("start_assetid")).toBe(false);
    expect(fake.requests[1]!.searchParams.get("start_assetid")).toBe("5001999");
    expect(result.items[0]!.imageUrl).toMatch(new RegExp(`^${fake.url}/economy/image/fake-`));
  });

  it("reuses the cached inventory for a few minutes, and a refresh only after the short pause", async () => {
    fake.setInventory(STEAM_ID, many(3));
    await loadInventory(STEAM_ID, options());
    await loadInventory(STEAM_ID, options());
    expect(fake.requests).toHaveLength(1);
    await loadInventory(STEAM_ID, { ...options(), refresh: true });
    expect(fake.requests).toHaveLength(1);
    clock += 20_000;
    const refreshed = await loadInventory(STEAM_ID, { ...options(), refresh: true });
    expect(refreshed.status).toBe("ok");
    expect(fake.requests).toHaveLength(2);
    clock += 4 * 60_000;
    await loadInventory(STEAM_ID, options());
    expect(fake.requests).toHaveLength(3);
  });

  it("answers a private inventory (403) without caching it", async () => {
    fake.setInventory(STEAM_ID, { status: 403 });
    expect(await loadInventory(STEAM_ID, options())).toEqual({ status: "private" });
    fake.setInventory(STEAM_ID, many(1));
    expect((await loadInventory(STEAM_ID, options())).status).toBe("ok");
  });

  it("backs off after a 429 and does not ask Steam again until the time has passed", async () => {
    fake.setInventory(STEAM_ID, { status: 429, retryAfterSeconds: 120 });
    const first = await loadInventory(STEAM_ID, options());
    expect(first).toEqual({ status: "rate_limited", retryAt: new Date(clock + 120_000).toISOString() });
    fake.setInventory(STEAM_ID, many(1));
    const during = await loadInventory("76561198000000002", { ...options(), refresh: true });
    expect(during.status).toBe("rate_limited");
    expect(fake.requests).toHaveLength(1);
    clock += 121_000;
    expect((await loadInventory(STEAM_ID, options())).status).toBe("ok");
    expect(fake.requests).toHaveLength(2);
  });

  it("uses a default back-off when Steam gives no Retry-After", async () => {
    fake.setInventory(STEAM_ID, { status: 429 });
    const result = await loadInventory(STEAM_ID, options());
    expect(result).toEqual({ status: "rate_limited", retryAt: new Date(clock + 60_000).toISOString() });
    clock += 61_000;
  });

  it("turns a server error, a bad answer, an unreachable host or a bad id into 'unavailable'", async () => {
    fake.setInventory(STEAM_ID, { status: 500 });
    expect(await loadInventory(STEAM_ID, options())).toEqual({ status: "unavailable" });
    const garbage = (async () => new Response("not json", { status: 200 })) as unknown as typeof fetch;
    expect(await loadInventory(STEAM_ID, { ...options(), fetchImpl: garbage })).toEqual({ status: "unavailable" });
    const failing = (async () => {
      throw new DOMException("timed out", "TimeoutError");
    }) as unknown as typeof fetch;
    expect(await loadInventory(STEAM_ID, { ...options(), fetchImpl: failing })).toEqual({ status: "unavailable" });
    expect(await loadInventory("../../etc", options())).toEqual({ status: "unavailable" });
  });

  it("an empty inventory is an empty list", async () => {
    fake.setInventory(STEAM_ID, []);
    expect(await loadInventory(STEAM_ID, options())).toMatchObject({ status: "ok", items: [] });
  });
});
