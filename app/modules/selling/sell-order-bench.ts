/**
 * A test file's selling bench: a fresh test database, the fake Steam Web API, a staff member
 * and a payout keyring, opened before the file's tests and closed after them, and the one way to
 * take an accepted order through Steam's trade and Trade Protection to paid.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import { createPayoutKeyring } from "./payout-encryption.server";
import { runSellOrderJob } from "./sell-order-job.server";
import { markPaid, setTradeOffer } from "./sell-orders.server";
import { steamTradeApi } from "./steam-trade-offers.server";

const TRADE_AGE_MS = 9 * 24 * 60 * 60_000;

export function sellOrderBench(firstOfferId: number) {
  const state: { database?: TestDatabase; fake?: FakeSteamWebApi; staffId?: string } = {};
  let counter = firstOfferId;
  beforeAll(async () => {
    delete process.env.SMTP_URL;
    state.database = await createTestDatabase();
    state.fake = await new FakeSteamWebApi().start();
    state.staffId = await createStaff(state.database.db);
  });
  afterAll(async () => {
    await state.fake?.stop();
    await state.database?.close();
  });
  const bench = {
    keyring: createPayoutKeyring(randomBytes(32).toString("base64")),
    db: () => state.database!.db,
    staffId: () => state.staffId!,
    steam: () => ({ apiUrl: state.fake!.url, apiKey: state.fake!.apiKey }),
    /** The offer sent and accepted 9 days ago, the payout queued by the job, then paid by staff. */
    async payOrder(orderId: string): Promise<void> {
      const offerId = String(counter++);
      const tradeId = String(counter++);
      const sent = await setTradeOffer(bench.db(), { actorUserId: bench.staffId(), orderId, tradeOfferId: offerId });
      if (!sent.ok) throw new Error(sent.message);
      const tradeTime = Math.floor((Date.now() - TRADE_AGE_MS) / 1000);
      state.fake!.setOffer(offerId, { state: 3, tradeid: tradeId, time_updated: tradeTime });
      state.fake!.setTrade(tradeId, 3, { time_init: tradeTime });
      await runSellOrderJob(bench.db(), new Date(), steamTradeApi(bench.steam()));
      await runSellOrderJob(bench.db(), new Date(), steamTradeApi(bench.steam()));
      const paid = await markPaid(bench.db(), { actorUserId: bench.staffId(), orderId, reference: `BETALD-${counter}` });
      if (!paid.ok) throw new Error(paid.message);
    },
  };
  return bench;
}
