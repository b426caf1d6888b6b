/**
 * Swish payouts through the production server (docs/decisions/051-swish-payouts.md): the job
 * runner sends a due payout to the local Swish payouts fake with no staff step, the fake's
 * callbacks reach our callback route, and the route only exists for Swish, behind the secret in
 * its URL. On PostgreSQL (two processes share the database): a server killed with SIGKILL after
 * Swish took the instruction but before our side wrote the answer, then restarted, reconciles by
 * the status read and never pays twice.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDueOrder } from "~/modules/payouts/payout-batch-fixtures";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { createSeller } from "~/modules/selling/sell-order-fixtures";
import { PAYOUT_TIMES, SWISH_PAYOUT_CALLBACK_PATH, SWISH_PAYOUTS } from "~/modules/selling/selling-constants";
import { swishCallbackToken } from "~/modules/selling/swish-payout-client.server";
import { swishPayoutInstructionUuid } from "~/modules/selling/swish-payouts";
import { openPostgres, type Database } from "~/platform/db/client.server";
import { mail_queue, sell_orders, swish_payout_instructions, trades, user } from "~/platform/db/schema";
import { startFakeSwishPayouts, type FakeSwishPayouts } from "./fakes/swish-payouts";
import { startTestServer, type TestServer } from "./test-server";
import { until } from "./test-until";

const onPostgres = Boolean(process.env.DATABASE_URL);
const SECRET = randomBytes(32).toString("base64url");
const PAYOUT_KEY = randomBytes(32).toString("base64");
const keyring = createPayoutKeyring(PAYOUT_KEY);

function swishEnv(fake: FakeSwishPayouts): Record<string, string> {
  return { ...fake.env(mkdtempSync(path.join(os.tmpdir(), "swish-"))), BETTER_AUTH_SECRET: SECRET, PAYOUT_DETAILS_KEY: PAYOUT_KEY };
}


/**
 * Prepares a verified Swish seller with a due order (or, `protectedUntilNow`, one whose Trade
 * Protection has just ended, for the job to schedule); the ids land in `into`.
 */
function dueSwishOrder(into: { orderId?: string; userId?: string }, protectedUntilNow = false) {
  return async (database: Database) => {
    into.userId = await createSeller(database.db, keyring);
    into.orderId = await createDueOrder(database.db, into.userId, { method: "swish", priceOre: 45_000 });
    if (protectedUntilNow) await database.db.update(sell_orders).set({ status: "protected" }).where(eq(sell_orders.id, into.orderId));
  };
}

describe("the Swish callback route", () => {
  let fake: FakeSwishPayouts;
  let server: TestServer;
  const callback = (query: string, init: RequestInit = {}) => fetch(`${server.url}${SWISH_PAYOUT_CALLBACK_PATH}${query}`, init);
  const post = (query: string, body: string) => callback(query, { method: "POST", headers: { "content-type": "application/json" }, body });

  beforeAll(async () => {
    fake = await startFakeSwishPayouts();
    server = await startTestServer(swishEnv(fake));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  it("does not exist without the secret in its URL, whatever the body claims", async () => {
    const body = JSON.stringify({ payoutInstructionUUID: "A".repeat(32), status: "PAID" });
    expect((await post("", body)).status).toBe(404);
    expect((await post("?t=wrong", body)).status).toBe(404);
    expect((await post(`?t=${swishCallbackToken("another secret that is long enough to count")}`, body)).status).toBe(404);
    expect((await callback(`?t=${swishCallbackToken(SECRET)}`)).status).toBe(405);
  });

  it("with the secret: refuses what is not JSON and ignores an instruction it never sent", async () => {
    const token = `?t=${swishCallbackToken(SECRET)}`;
    expect((await post(token, "{not json")).status).toBe(400);
    const unknown = await post(token, JSON.stringify({ payoutInstructionUUID: "B".repeat(32), status: "PAID" }));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ outcome: "ignored" });
    const hostile = await post(token, JSON.stringify({ payoutInstructionUUID: { $ne: null }, status: "PAID" }));
    expect(await hostile.json()).toEqual({ outcome: "ignored" });
  });
});

describe.runIf(onPostgres)("payouts through the production server (PostgreSQL)", () => {
  let reader: Database | undefined;
  const started: Array<{ stop: () => Promise<unknown> }> = [];
  afterAll(async () => {
    await reader?.close();
    // The owner of the shared database last: it drops it.
    for (const item of started.reverse()) await item.stop();
  });

  async function orderRow(orderId: string) {
    const [row] = await reader!.db.select().from(sell_orders).where(eq(sell_orders.id, orderId));
    return row!;
  }

  it("sends a due payout with no staff step; the fake's callbacks reach the route and it is paid once", async () => {
    const fake = await startFakeSwishPayouts(0, 0, { stepMs: 150 });
    started.push(fake);
    const ids: { orderId?: string; userId?: string } = {};
    const server = await startTestServer(swishEnv(fake), { prepare: dueSwishOrder(ids, true) });
    started.push(server);
    reader = openPostgres(server.databaseUrl!);
    await server.runJob("sell-orders");
    const id = swishPayoutInstructionUuid(ids.orderId!, 1);
    expect(fake.payouts.get(id)).toMatchObject({ amount: "450.00", payeeAlias: "46701234512" });
    await until(async () => (await orderRow(ids.orderId!)).status === "paid", 20_000);
    // All three callbacks (CREATED, DEBITED, PAID) were delivered to the route; it paid once.
    await until(() => fake.payouts.get(id)!.callbacks.length === 3, 20_000);
    const [instruction] = await reader.db.select().from(swish_payout_instructions).where(eq(swish_payout_instructions.id, id));
    expect(instruction).toMatchObject({ state: "paid", swish_status: "PAID" });
    // A forged ERROR for the paid instruction, with the secret: Swish's status says PAID; nothing changes.
    const forged = await fetch(`${server.url}${SWISH_PAYOUT_CALLBACK_PATH}?t=${swishCallbackToken(SECRET)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payoutInstructionUUID: id, status: "ERROR", errorCode: "ACMT07" }),
    });
    expect(await forged.json()).toEqual({ outcome: "settled" });
    expect((await orderRow(ids.orderId!)).status).toBe("paid");
    expect(await reader.db.select().from(trades).where(eq(trades.user_id, ids.userId!))).toHaveLength(1);
    // The member was told Swish's own time, as Swish payouts are on (manual orders say "senast nästa bankdag").
    const mails = await reader.db
      .select({ text: mail_queue.text })
      .from(mail_queue)
      .innerJoin(user, eq(user.email, mail_queue.to_address))
      .where(and(eq(user.id, ids.userId!), eq(mail_queue.template, "sellOrderUpdate")));
    expect(mails.some((mail) => mail.text.includes(`(${PAYOUT_TIMES.swish})`))).toBe(true);
    expect(mails.some((mail) => mail.text.includes("senast nästa bankdag"))).toBe(false);
    await reader.close();
    reader = undefined;
  }, 120_000);

  it("a server killed between Swish taking the instruction and our write does not pay twice after the restart", async () => {
    // Slow callbacks, and the create's answer held back: the moment to kill is when the payout exists at Swish.
    const fake = await startFakeSwishPayouts(0, 0, { stepMs: 1_000 });
    started.push(fake);
    fake.holdAnswersMs = 30_000;
    const ids: { orderId?: string; userId?: string } = {};
    const first = await startTestServer(swishEnv(fake), { prepare: dueSwishOrder(ids) });
    started.push(first);
    reader = openPostgres(first.databaseUrl!);
    const id = swishPayoutInstructionUuid(ids.orderId!, 1);
    const running = first.runJob("sell-orders").catch(() => undefined);
    await until(() => fake.payouts.has(id), 20_000);
    first.process.kill("SIGKILL");
    await running;
    // Our side knows only that it claimed the instruction; the answer was never written.
    const [claimed] = await reader.db.select().from(swish_payout_instructions).where(eq(swish_payout_instructions.id, id));
    expect(claimed).toMatchObject({ state: "claimed", sent_at: null });
    expect((await orderRow(ids.orderId!)).status).toBe("payout_scheduled");

    fake.holdAnswersMs = 0;
    // Swish pays meanwhile; its callbacks go to the dead server's address and are lost.
    await until(() => fake.payouts.get(id)?.status === "PAID", 10_000);
    const second = await startTestServer(swishEnv(fake), { shareDatabaseWith: first });
    started.push(second);
    // The next run, once the instruction is old enough to be read rather than waited for.
    await second.runJob("sell-orders", new Date(Date.now() + SWISH_PAYOUTS.reconcileAfterMs + 1_000));
    await second.runJob("sell-orders", new Date(Date.now() + SWISH_PAYOUTS.reconcileAfterMs + 2_000));
    expect((await orderRow(ids.orderId!)).status).toBe("paid");
    expect(fake.createCalls.filter((call) => call === id)).toHaveLength(1);
    expect([...fake.payouts.values()].filter((payout) => payout.payerPaymentReference === ids.orderId!.replace(/-/g, ""))).toHaveLength(1);
    expect(await reader.db.select().from(trades).where(eq(trades.user_id, ids.userId!))).toHaveLength(1);
  }, 180_000);
});
