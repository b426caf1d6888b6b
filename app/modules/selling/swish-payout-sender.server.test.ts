/**
 * Swish payouts sent by the job runner (docs/decisions/051-swish-payouts.md) against a real
 * database (PGlite; PostgreSQL with DATABASE_URL, where the races are real) and the local Swish
 * payouts fake over mutual TLS. The fake's callbacks reach a loopback receiver that hands them
 * to the same handler the callback route uses.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDueOrder } from "~/modules/payouts/payout-batch-fixtures";
import { getMemberOrder } from "~/modules/selling/sell-orders.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { payout_details, points_transactions, sell_orders, swish_payout_instructions, trades } from "~/platform/db/schema";
import { readVerifiedPersonnummer } from "~/modules/identity/bankid.server";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { startFakeSwishPayouts, type FakeSwishPayouts } from "../../../server/fakes/swish-payouts";
import { changePayoutDetails } from "./payout-details.server";
import { createPayoutKeyring } from "./payout-encryption.server";
import { createSeller } from "./sell-order-fixtures";
import { listPayoutQueue, retryPayout, scheduleDuePayouts } from "./sell-orders.server";
import { SWISH_PAYOUTS } from "./selling-constants";
import { createSwishPayoutClient, type SwishPayoutClient } from "./swish-payout-client.server";
import { handleSwishPayoutCallback, reconcileSwishPayouts, runSwishPayouts, sendDueSwishPayouts } from "./swish-payout-sender.server";
import { swishPayoutErrorMessage, swishPayoutInstructionUuid } from "./swish-payouts";
import { until } from "../../../server/test-until";

let database: TestDatabase;
let fake: FakeSwishPayouts;
let receiver: Server;
let client: SwishPayoutClient;
let staffId: string;
const db = () => database.db;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const HOUR = 60 * 60_000;
/** What the callback handler answered, per delivered callback. */
const handled: Array<{ id: string; status: string; outcome: string }> = [];

function swishClient(overrides: { payerAlias?: string; url?: string; timeoutMs?: number } = {}): SwishPayoutClient {
  return createSwishPayoutClient({
    url: overrides.url ?? fake.url,
    ...fake.clientTls,
    signingKey: fake.signing.key,
    signingCertificateSerialNumber: fake.signing.serialNumber,
    payerAlias: overrides.payerAlias ?? fake.payerAlias,
    callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`,
    timeoutMs: overrides.timeoutMs,
  });
}

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  staffId = await createStaff(db());
  fake = await startFakeSwishPayouts(0, 0, { stepMs: 40 });
  receiver = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(raw) as { payoutInstructionUUID: string; status: string };
      void handleSwishPayoutCallback(db(), client, keyring, body, new Date()).then(
        (outcome) => {
          handled.push({ id: body.payoutInstructionUUID, status: body.status, outcome });
          res.writeHead(200).end();
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  client = swishClient();
});
afterAll(async () => {
  client?.close();
  await fake?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.close();
});


async function orderRow(orderId: string) {
  const [row] = await db().select().from(sell_orders).where(eq(sell_orders.id, orderId));
  return row!;
}

async function instructions(orderId: string) {
  return db().select().from(swish_payout_instructions).where(eq(swish_payout_instructions.order_id, orderId)).orderBy(swish_payout_instructions.attempt);
}

const fakePayouts = (orderId: string) => [...fake.payouts.values()].filter((payout) => payout.payerPaymentReference === orderId.replace(/-/g, ""));

/** A seller paid by Swish at `phone` (details past their wait) and a due Swish order. */
async function swishOrder(options: { phone?: string; priceOre?: number } = {}) {
  const userId = await createSeller(db(), keyring);
  if (options.phone) {
    const personnummer = (await readVerifiedPersonnummer(db(), keyring, userId))!;
    await changePayoutDetails(db(), keyring, { userId, details: { method: "swish", phone: options.phone, personnummer }, confirmedBy: "password" });
    await db().update(payout_details).set({ usable_at: sql`now() - interval '1 second'` }).where(eq(payout_details.user_id, userId));
  }
  const orderId = await createDueOrder(db(), userId, { method: "swish", priceOre: options.priceOre });
  return { userId, orderId };
}

describe("sending at the unlock hour", () => {
  it("sends the payout when Trade Protection ends, with no staff step, and records it paid once from Swish's callbacks", async () => {
    const { userId, orderId } = await swishOrder({ priceOre: 31_250 });
    // The order as Trade Protection leaves it: protected until a moment from now.
    const unlock = new Date(Date.now() + HOUR);
    await db().update(sell_orders).set({ status: "protected", protection_ends_at: unlock, payout_due_at: unlock }).where(eq(sell_orders.id, orderId));

    await scheduleDuePayouts(db(), new Date(unlock.getTime() - 60_000));
    await runSwishPayouts(db(), client, keyring, new Date(unlock.getTime() - 60_000));
    expect(fakePayouts(orderId)).toHaveLength(0);

    await scheduleDuePayouts(db(), unlock);
    const run = await runSwishPayouts(db(), client, keyring, unlock);
    expect(run.sent.sent).toBeGreaterThanOrEqual(1);
    const [sent] = fakePayouts(orderId);
    expect(sent).toMatchObject({
      payoutInstructionUUID: swishPayoutInstructionUuid(orderId, 1),
      payeeAlias: "46701234512",
      payeeSSN: await readVerifiedPersonnummer(db(), keyring, userId),
      amount: "312.50",
      currency: "SEK",
      payerAlias: fake.payerAlias,
    });
    // Staff cannot pay it by hand meanwhile: the queue says it is on its way.
    const entry = (await listPayoutQueue(db(), unlock)).find((candidate) => candidate.orderId === orderId);
    expect(entry).toMatchObject({ claimed: true, ready: false });

    await until(async () => (await orderRow(orderId)).status === "paid");
    await until(() => fakePayouts(orderId)[0]?.callbacks.length === 3);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "paid", payout_reference: `Swish ${sent!.payoutInstructionUUID}` });
    expect(await instructions(orderId)).toMatchObject([{ state: "paid", swish_status: "PAID", attempt: 1 }]);
    expect(await db().select().from(trades).where(eq(trades.user_id, userId))).toHaveLength(1);
  });

  it("pays once when the callback comes three times, at once and out of order, and a late one changes nothing", async () => {
    const { userId, orderId } = await swishOrder();
    await sendDueSwishPayouts(db(), client, keyring, new Date());
    const id = swishPayoutInstructionUuid(orderId, 1);
    await until(() => fake.payouts.get(id)?.status === "PAID");
    const paidBody = fake.view(fake.payouts.get(id)!);
    const outcomes = await Promise.all([1, 2, 3].map(() => handleSwishPayoutCallback(db(), client, keyring, paidBody, new Date())));
    // A stale CREATED body after PAID: read from Swish, it is PAID and already settled.
    outcomes.push(await handleSwishPayoutCallback(db(), client, keyring, { ...paidBody, status: "CREATED" }, new Date()));
    expect(outcomes.filter((outcome) => outcome === "paid").length).toBeLessThanOrEqual(1);
    await until(async () => (await orderRow(orderId)).status === "paid");
    expect(await db().select().from(trades).where(eq(trades.user_id, userId))).toHaveLength(1);
    const points = await db().select().from(points_transactions).where(eq(points_transactions.user_id, userId));
    expect(points).toHaveLength(1);
  });

  it("trusts no callback body: a forged PAID for a payout Swish has not paid, or for an id never sent, changes nothing", async () => {
    const slow = await startFakeSwishPayouts(0, 0, { stepMs: 60_000 });
    const slowClient = createSwishPayoutClient({
      url: slow.url,
      ...slow.clientTls,
      signingKey: slow.signing.key,
      signingCertificateSerialNumber: slow.signing.serialNumber,
      payerAlias: slow.payerAlias,
      callbackUrl: "http://127.0.0.1:9/callback",
    });
    try {
      const { orderId } = await swishOrder();
      await sendDueSwishPayouts(db(), slowClient, keyring, new Date());
      const id = swishPayoutInstructionUuid(orderId, 1);
      expect(slow.payouts.get(id)?.status).toBe("CREATED");
      const forged = { ...slow.view(slow.payouts.get(id)!), status: "PAID", datePaid: new Date().toISOString() };
      expect(await handleSwishPayoutCallback(db(), slowClient, keyring, forged, new Date())).toBe("waiting");
      expect(await handleSwishPayoutCallback(db(), slowClient, keyring, { ...forged, payoutInstructionUUID: "A".repeat(32) }, new Date())).toBe("ignored");
      expect(await handleSwishPayoutCallback(db(), slowClient, keyring, { payoutInstructionUUID: "'; DROP TABLE sell_orders; --" }, new Date())).toBe("ignored");
      expect(await handleSwishPayoutCallback(db(), slowClient, keyring, "PAID", new Date())).toBe("ignored");
      expect((await orderRow(orderId)).status).toBe("payout_scheduled");
      expect(await instructions(orderId)).toMatchObject([{ state: "sent", swish_status: "CREATED" }]);
    } finally {
      slowClient.close();
      await slow.stop();
    }
  });
});

describe("refusals and errors", () => {
  it("an ERROR callback leaves the order payout_failed with the code's message; staff's retry sends a new instruction that is paid", async () => {
    const phone = "0709876543";
    const { userId, orderId } = await swishOrder({ phone });
    fake.setOutcome("46709876543", "ACMT07");
    await sendDueSwishPayouts(db(), client, keyring, new Date());
    await until(async () => (await orderRow(orderId)).status === "payout_failed");
    const message = swishPayoutErrorMessage("ACMT07");
    expect((await orderRow(orderId)).payout_failure).toBe(`Swish ACMT07: ${message.staff}`);
    expect(await instructions(orderId)).toMatchObject([{ state: "failed", error_code: "ACMT07", attempt: 1 }]);
    // The member is told what to fix, in plain words.
    expect((await getMemberOrder(db(), userId, orderId))?.payoutFailureForMember).toBe(message.member);

    fake.setOutcome("46709876543", null);
    expect(await retryPayout(db(), { actorUserId: staffId, orderId })).toMatchObject({ ok: true });
    await sendDueSwishPayouts(db(), client, keyring, new Date());
    await until(async () => (await orderRow(orderId)).status === "paid");
    const attempts = await instructions(orderId);
    expect(attempts.map((row) => [row.attempt, row.state])).toEqual([
      [1, "failed"],
      [2, "paid"],
    ]);
    expect(attempts[1]!.id).toBe(swishPayoutInstructionUuid(orderId, 2));
    expect(await db().select().from(trades).where(eq(trades.user_id, userId))).toHaveLength(1);
  });

  it("a refused instruction (Swish answers 422) fails at once with the code's message", async () => {
    const { orderId } = await swishOrder();
    const wrongAlias = swishClient({ payerAlias: "1239999999" });
    try {
      const run = await sendDueSwishPayouts(db(), wrongAlias, keyring, new Date());
      expect(run.failed).toBeGreaterThanOrEqual(1);
    } finally {
      wrongAlias.close();
    }
    expect(await orderRow(orderId)).toMatchObject({ status: "payout_failed", payout_failure: `Swish RP01: ${swishPayoutErrorMessage("RP01").staff}` });
    expect(fakePayouts(orderId)).toHaveLength(0);
  });

  it("waits while the payout details are in their 24-hour wait (changed 2 hours ago), then sends", async () => {
    const { userId, orderId } = await swishOrder();
    const personnummer = (await readVerifiedPersonnummer(db(), keyring, userId))!;
    await changePayoutDetails(db(), keyring, { userId, details: { method: "swish", phone: "0701112233", personnummer }, confirmedBy: "password" });
    await db().update(payout_details).set({ usable_at: sql`now() + interval '22 hours'` }).where(eq(payout_details.user_id, userId));
    await sendDueSwishPayouts(db(), client, keyring, new Date());
    expect(fakePayouts(orderId)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({ status: "payout_scheduled", payout_claimed_at: null });
    expect(await instructions(orderId)).toHaveLength(0);

    await sendDueSwishPayouts(db(), client, keyring, new Date(Date.now() + 22 * HOUR + 60_000));
    expect(fakePayouts(orderId)).toMatchObject([{ payeeAlias: "46701112233" }]);
  });
});

describe("reconciliation", () => {
  it("an instruction Swish took but whose answer never came is settled by the status read, not sent again", async () => {
    const { orderId } = await swishOrder();
    // Held well past the client's patience, which is itself long enough for the request to reach the fake on a loaded machine.
    fake.holdAnswersMs = 6_000;
    const impatient = swishClient({ timeoutMs: 2_500 });
    try {
      await sendDueSwishPayouts(db(), impatient, keyring, new Date());
    } finally {
      impatient.close();
      fake.holdAnswersMs = 0;
    }
    // Our answer never came; Swish's callbacks (sent while it was held back) may already have
    // settled it. Reconciliation must agree either way, and never send it again.
    const id = swishPayoutInstructionUuid(orderId, 1);
    const calls = () => fake.createCalls.filter((call) => call === id).length;
    expect(calls()).toBe(1);
    await reconcileSwishPayouts(db(), client, keyring, new Date(Date.now() + SWISH_PAYOUTS.reconcileAfterMs + 1_000));
    await until(async () => (await orderRow(orderId)).status === "paid");
    expect(calls()).toBe(1);
    expect(fakePayouts(orderId)).toHaveLength(1);
  });

  it("an instruction that never reached Swish is sent again with the same id and paid once", async () => {
    const { orderId } = await swishOrder();
    const unreachable = swishClient({ url: "https://127.0.0.1:9", timeoutMs: 500 });
    try {
      await sendDueSwishPayouts(db(), unreachable, keyring, new Date());
    } finally {
      unreachable.close();
    }
    expect(await instructions(orderId)).toMatchObject([{ state: "claimed", sent_at: null }]);
    expect(fakePayouts(orderId)).toHaveLength(0);
    // Too early: a send of ours could still be in flight.
    await reconcileSwishPayouts(db(), client, keyring, new Date());
    expect(fakePayouts(orderId)).toHaveLength(0);
    await reconcileSwishPayouts(db(), client, keyring, new Date(Date.now() + SWISH_PAYOUTS.reconcileAfterMs + 1_000));
    expect(fakePayouts(orderId)).toMatchObject([{ payoutInstructionUUID: swishPayoutInstructionUuid(orderId, 1) }]);
    await until(async () => (await orderRow(orderId)).status === "paid");
  });

  it("two job runs at once claim and send each due payout once", async () => {
    const orders = await Promise.all([1, 2, 3].map(() => swishOrder()));
    await Promise.all([runSwishPayouts(db(), client, keyring, new Date()), runSwishPayouts(db(), client, keyring, new Date())]);
    for (const { orderId } of orders) {
      expect(fakePayouts(orderId)).toHaveLength(1);
      const open = await db()
        .select()
        .from(swish_payout_instructions)
        .where(and(eq(swish_payout_instructions.order_id, orderId)));
      expect(open).toHaveLength(1);
    }
  });
});
