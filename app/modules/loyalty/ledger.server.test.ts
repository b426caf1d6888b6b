import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, points_transactions, xp_transactions } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { REALTIME_CHANNEL, type RealtimeEvent } from "~/platform/realtime/events";
import { clawbackPoints, clawbackXp, creditPoints, creditXp, debitPoints, reconcileLedger } from "./ledger.server";
import { createMember } from "./test-fixtures";

let database: TestDatabase;
const db = () => database.db;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function balances(userId: string) {
  const [row] = await db()
    .select({ points: profiles.points, xp: profiles.xp })
    .from(profiles)
    .where(eq(profiles.user_id, userId));
  return row!;
}

describe("credits", () => {
  it("writes the ledger row and moves the cached balance together", async () => {
    const userId = await createMember(db());
    const result = await db().transaction((tx) =>
      creditPoints(tx, { userId, amount: 250, reason: "Bonus", idempotencyKey: `bonus:${userId}` }),
    );
    expect(result).toMatchObject({ applied: true, amount: 250, balance: 250 });
    const rows = await db().select().from(points_transactions).where(eq(points_transactions.user_id, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 250, reason: "Bonus", idempotency_key: `bonus:${userId}` });
    expect((await balances(userId)).points).toBe(250);
  });

  it("credits nothing for a repeated idempotency key and says so", async () => {
    const userId = await createMember(db());
    const key = `trade:${crypto.randomUUID()}:xp`;
    await db().transaction((tx) => creditXp(tx, { userId, amount: 100, reason: "Affär", idempotencyKey: key }));
    const again = await db().transaction((tx) =>
      creditXp(tx, { userId, amount: 100, reason: "Affär", idempotencyKey: key }),
    );
    expect(again).toEqual({ applied: false, duplicate: true });
    expect((await balances(userId)).xp).toBe(100);
    expect(await db().select().from(xp_transactions).where(eq(xp_transactions.user_id, userId))).toHaveLength(1);
  });

  it("refuses a credit without a key, or of a zero, negative or fractional amount", async () => {
    const userId = await createMember(db());
    await expect(
      db().transaction((tx) => creditPoints(tx, { userId, amount: 5, reason: "x", idempotencyKey: "" })),
    ).rejects.toThrow();
    for (const amount of [0, -5, 1.5]) {
      await expect(
        db().transaction((tx) =>
          creditPoints(tx, { userId, amount, reason: "x", idempotencyKey: `k:${amount}:${userId}` }),
        ),
      ).rejects.toThrow(RangeError);
    }
    expect((await balances(userId)).points).toBe(0);
  });

  it("leaves no row and no balance when the surrounding transaction rolls back", async () => {
    const userId = await createMember(db());
    await expect(
      db().transaction(async (tx) => {
        await creditPoints(tx, { userId, amount: 40, reason: "Bonus", idempotencyKey: `rollback:${userId}` });
        throw new Error("later step failed");
      }),
    ).rejects.toThrow("later step failed");
    expect((await balances(userId)).points).toBe(0);
    expect(await db().select().from(points_transactions).where(eq(points_transactions.user_id, userId))).toHaveLength(
      0,
    );
  });
});

describe("debits", () => {
  it("spends what the balance covers and refuses the rest without a row", async () => {
    const userId = await createMember(db(), { points: 100 });
    const spent = await db().transaction((tx) => debitPoints(tx, { userId, amount: 60, reason: "Köp" }));
    expect(spent).toMatchObject({ ok: true, amount: -60, balance: 40 });
    const refused = await db().transaction((tx) => debitPoints(tx, { userId, amount: 41, reason: "Köp" }));
    expect(refused).toEqual({ ok: false, reason: "insufficient" });
    expect((await balances(userId)).points).toBe(40);
    const rows = await db()
      .select({ amount: points_transactions.amount })
      .from(points_transactions)
      .where(eq(points_transactions.user_id, userId));
    expect(rows.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-60, 100]);
  });

  it(`lets only the spends the balance covers succeed when 40 run at once${onPostgres ? " (PostgreSQL)" : ""}`, async () => {
    const userId = await createMember(db(), { points: 300 });
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        db().transaction((tx) => debitPoints(tx, { userId, amount: 100, reason: "Köp" })),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect((await balances(userId)).points).toBe(0);
    expect(await reconcileLedger(db())).toEqual([]);
  });
});

describe("clawback", () => {
  it("takes the whole amount when the balance covers it", async () => {
    const userId = await createMember(db(), { points: 500 });
    const result = await db().transaction((tx) =>
      clawbackPoints(tx, { userId, amount: 200, reason: "Återtag", idempotencyKey: `claw:${userId}` }),
    );
    expect(result).toMatchObject({ taken: 200, shortfall: 0, balance: 300, duplicate: false });
  });

  it("takes what is there and reports the shortfall when the member already spent it", async () => {
    const userId = await createMember(db(), { points: 70, xp: 30 });
    const points = await db().transaction((tx) =>
      clawbackPoints(tx, { userId, amount: 200, reason: "Återtag", idempotencyKey: `claw-p:${userId}` }),
    );
    expect(points).toMatchObject({ taken: 70, shortfall: 130, balance: 0 });
    const xp = await db().transaction((tx) =>
      clawbackXp(tx, { userId, amount: 50, reason: "Återtag", idempotencyKey: `claw-x:${userId}` }),
    );
    expect(xp).toMatchObject({ taken: 30, shortfall: 20, balance: 0 });
    const nothing = await db().transaction((tx) =>
      clawbackPoints(tx, { userId, amount: 10, reason: "Återtag", idempotencyKey: `claw-0:${userId}` }),
    );
    expect(nothing).toMatchObject({ taken: 0, shortfall: 10, rowId: null, balance: 0 });
    expect(await balances(userId)).toEqual({ points: 0, xp: 0 });
    expect(await reconcileLedger(db())).toEqual([]);
  });

  it("takes back once for a repeated key", async () => {
    const userId = await createMember(db(), { points: 100 });
    const key = `claw-twice:${userId}`;
    await db().transaction((tx) => clawbackPoints(tx, { userId, amount: 30, reason: "Återtag", idempotencyKey: key }));
    const again = await db().transaction((tx) =>
      clawbackPoints(tx, { userId, amount: 30, reason: "Återtag", idempotencyKey: key }),
    );
    expect(again.duplicate).toBe(true);
    expect((await balances(userId)).points).toBe(70);
  });
});

describe("realtime announcements", () => {
  it("announces each applied row with its amount and the new balance, only after commit", async () => {
    const userId = await createMember(db());
    const events: RealtimeEvent[] = [];
    const listening = database.listen(REALTIME_CHANNEL, {
      onPayload: (payload) => {
        const event = JSON.parse(payload) as RealtimeEvent;
        if ("userId" in event && event.userId === userId) events.push(event);
      },
      onReconnect: () => {},
    });
    await listening.ready();
    try {
      const credited = await db().transaction((tx) =>
        creditPoints(tx, { userId, amount: 75, reason: "Bonus", idempotencyKey: `event:${userId}` }),
      );
      await db().transaction((tx) =>
        creditXp(tx, { userId, amount: 20, reason: "XP", idempotencyKey: `event-xp:${userId}` }),
      );
      await db()
        .transaction(async (tx) => {
          await creditPoints(tx, { userId, amount: 5, reason: "Bonus", idempotencyKey: `event-rolled:${userId}` });
          throw new Error("rolled back");
        })
        .catch(() => {});
      await expect.poll(() => events.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events).toEqual([
        { type: "points", userId, rowId: credited.applied ? credited.rowId : "", amount: 75, balance: 75 },
        expect.objectContaining({ type: "xp", userId, amount: 20, xp: 20 }),
      ]);
    } finally {
      await listening.close();
    }
  });
});

describe("reconcileLedger", () => {
  it("reports a user whose cached balance was changed outside the ledger", async () => {
    const userId = await createMember(db(), { points: 10 });
    await db().execute(sql`UPDATE profiles SET points = points + 5, xp = 3 WHERE user_id = ${userId}`);
    const drift = await reconcileLedger(db());
    expect(drift).toEqual([
      { userId, currency: "points", cached: 15, ledger: 10 },
      { userId, currency: "xp", cached: 3, ledger: 0 },
    ]);
    // Put it right again so later files see a clean ledger.
    await db().execute(sql`UPDATE profiles SET points = 10, xp = 0 WHERE user_id = ${userId}`);
    expect(await reconcileLedger(db())).toEqual([]);
  });
});
