/**
 * Both Steam fakes for service tests of the sell side (inventories, custom names, trade holds),
 * with the dependencies that point the services at them and a fresh cache before each test.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../../server/fakes/steam-community";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import { clearInventoryCache } from "./steam-inventory.server";
import { clearVanityCache, type ValuationDeps } from "./visitor-valuation.server";

export interface SteamFakes {
  community: FakeSteamCommunity;
  steamApi: FakeSteamWebApi;
  deps: ValuationDeps;
}

/** Registers the fakes' start and stop with the calling test file; read the fields inside tests. */
export function registerSteamFakes(): SteamFakes {
  const fakes = {} as SteamFakes;
  beforeAll(async () => {
    fakes.community = await startFakeSteamCommunity();
    fakes.steamApi = await new FakeSteamWebApi().start();
    fakes.deps = {
      steam: { apiUrl: fakes.steamApi.url, apiKey: fakes.steamApi.apiKey },
      inventory: { communityUrl: fakes.community.url, imageUrl: `${fakes.community.url}/economy/image` },
    };
  });
  afterAll(async () => {
    await fakes.community?.stop();
    await fakes.steamApi?.stop();
  });
  beforeEach(() => {
    clearInventoryCache();
    clearVanityCache();
  });
  return fakes;
}
