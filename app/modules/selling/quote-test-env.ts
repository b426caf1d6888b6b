/**
 * What quote tests share: a test database, the fake Steam Community (inventories) and the fake
 * Steam Web API (trade-hold check), with the quote service's options pointed at them.
 */
import { startFakeSteamCommunity, type FakeSteamCommunity } from "../../../server/fakes/steam-community";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import type { QuoteDeps } from "./quotes.server";

export interface QuoteTestEnv {
  database: TestDatabase;
  fake: FakeSteamCommunity;
  deps: QuoteDeps;
  stop: () => Promise<void>;
}

export async function startQuoteTestEnv(): Promise<QuoteTestEnv> {
  delete process.env.SMTP_URL;
  const database = await createTestDatabase();
  const fake = await startFakeSteamCommunity();
  const steamApi = await new FakeSteamWebApi().start();
  return {
    database,
    fake,
    deps: {
      steam: { apiUrl: steamApi.url, apiKey: steamApi.apiKey },
      inventory: { communityUrl: fake.url, imageUrl: `${fake.url}/economy/image` },
    },
    stop: async () => {
      await fake.stop();
      await steamApi.stop();
      await database.close();
    },
  };
}
