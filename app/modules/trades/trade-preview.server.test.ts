import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantPerk } from "~/modules/loyalty/perks.server";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { memberTradeStanding } from "./trade-preview.server";
import { recordTrade } from "./trades.server";

let database: TestDatabase;
const db = () => database.db;
const now = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("the standing the staff form previews a trade with", () => {
  it("gives a new member Bronze, no multiplier and no sale bonus", async () => {
    const memberId = await createMember(db(), { points: 120 });
    expect(await memberTradeStanding(db(), memberId, now)).toEqual({
      userId: memberId,
      level: "bronze",
      xpLevel: "bronze",
      points: 120,
      xp: 0,
      pointsMultiplier: 1,
      saleBonusPercent: 0,
    });
  });

  it("counts a temporary level, a points multiplier and the oldest one-off sale bonus", async () => {
    const memberId = await createMember(db(), { xp: 6_000 });
    await db().transaction(async (tx) => {
      await grantPerk(tx, { userId: memberId, effect: { kind: "temporary_level", level: "gold", days: 30 }, sourceOrderId: null, now });
      await grantPerk(tx, { userId: memberId, effect: { kind: "points_multiplier", multiplier: 2, days: 7 }, sourceOrderId: null, now });
      await grantPerk(tx, { userId: memberId, effect: { kind: "sale_bonus", percent: 2 }, sourceOrderId: null, now });
    });
    await db().transaction((tx) =>
      grantPerk(tx, { userId: memberId, effect: { kind: "sale_bonus", percent: 5 }, sourceOrderId: null, now: new Date(now.getTime() + 1_000) }),
    );
    expect(await memberTradeStanding(db(), memberId, new Date(now.getTime() + 2_000))).toMatchObject({
      level: "gold",
      xpLevel: "silver",
      pointsMultiplier: 2,
      saleBonusPercent: 2,
    });
  });

  it("previews the same sale bonus the recorded sale then uses, and none once it is used", async () => {
    const staffId = await createStaff(db());
    const memberId = await createMember(db());
    await db().transaction((tx) =>
      grantPerk(tx, { userId: memberId, effect: { kind: "sale_bonus", percent: 2 }, sourceOrderId: null, now }),
    );
    const preview = await memberTradeStanding(db(), memberId);
    const recorded = await recordTrade(db(), {
      actorUserId: staffId,
      input: { memberId, type: "sale", items: [{ skinName: "AWP | Asiimov", wear: "FT", price: "1000" }], payoutMethod: "swish" },
    });
    expect(recorded.ok && recorded.trade.perkBonusPercent).toBe(preview?.saleBonusPercent);
    expect((await memberTradeStanding(db(), memberId))?.saleBonusPercent).toBe(0);
  });

  it("answers null for someone without a profile", async () => {
    expect(await memberTradeStanding(db(), crypto.randomUUID())).toBeNull();
  });
});
