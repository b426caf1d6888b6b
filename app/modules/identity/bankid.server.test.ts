/**
 * BankID verification and sign-in against a real database (PGlite, or PostgreSQL with
 * DATABASE_URL) and an in-memory BankID.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { changePayoutDetails, getPayoutDetailsSummary } from "~/modules/selling/payout-details.server";
import { audit_log, bankid_orders, payout_details, verified_identities } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { BANKID_RFA } from "./bankid-messages";
import { qrData } from "./bankid-qr";
import { BankIdError } from "./bankid-gateway.server";
import { createTestBankId } from "./bankid-test-gateway";
import { testPersonnummer } from "./test-identities";
import {
  cancelBankIdOrder,
  pollBankIdOrder,
  purgeOldBankIdOrders,
  readVerifiedIdentity,
  startBankIdOrder,
  type OrderAccess,
  type StartedOrder,
} from "./bankid.server";
import { BANKID_RULES, IDENTITY_MESSAGES } from "./identity-constants";

let database: TestDatabase;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const PERSON = { personalNumber: "198112189876", givenName: "Ada", surname: "Lovelace" };
const bankId = createTestBankId();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function start(userId: string | null, flow: "qr" | "this_device" = "qr") {
  const started = (await startBankIdOrder(database.db, bankId, keyring, {
    purpose: userId ? "verify" : "signin",
    userId,
    flow,
    endUserIp: "203.0.113.7",
  })) as StartedOrder;
  expect(started.ok).toBe(true);
  const access: OrderAccess = { orderId: started.orderId, purpose: userId ? "verify" : "signin", userId, bindingSecret: started.bindingSecret };
  return { started, access, orderRef: bankId.latest().orderRef };
}

/** Lets the next poll call collect again (as if two seconds had passed). */
async function allowCollect(orderId: string) {
  await database.db.update(bankid_orders).set({ collected_at: null }).where(eq(bankid_orders.id, orderId));
}

describe("starting and polling", () => {
  it("sends the member's address, keeps the secret sealed and derives the QR data from the elapsed seconds", async () => {
    const userId = await createMember(database.db);
    const { started, access } = await start(userId);
    const latest = bankId.latest();
    expect(latest.endUserIp).toBe("203.0.113.7");
    const [row] = await database.db.select().from(bankid_orders).where(eq(bankid_orders.id, started.orderId));
    expect(JSON.stringify(row)).not.toContain(latest.qrStartSecret);
    expect(row!.binding_hash).not.toBe(started.bindingSecret);

    const first = await pollBankIdOrder(database.db, bankId, keyring, access);
    expect(first).toMatchObject({ ok: true, status: "pending", hintCode: "outstandingTransaction", message: BANKID_RFA.RFA1 });
    expect(first).toHaveProperty("qrData", qrData(latest.qrStartToken, latest.qrStartSecret, 0));

    await database.db
      .update(bankid_orders)
      .set({ started_at: sql`now() - interval '3.4 seconds'` })
      .where(eq(bankid_orders.id, started.orderId));
    const later = await pollBankIdOrder(database.db, bankId, keyring, access);
    expect(later).toHaveProperty("qrData", qrData(latest.qrStartToken, latest.qrStartSecret, 3));
  });

  it("asks BankID's collect at most every two seconds however often the browser polls", async () => {
    const userId = await createMember(database.db);
    const { access, orderRef } = await start(userId, "this_device");
    const before = bankId.calls.collect;
    bankId.pending(orderRef, "userSign");
    const answers = await Promise.all([1, 2, 3, 4].map(() => pollBankIdOrder(database.db, bankId, keyring, access)));
    expect(bankId.calls.collect - before).toBe(1);
    expect(answers.some((answer) => "message" in answer && answer.message === BANKID_RFA.RFA9)).toBe(true);
    // The same-device flow has no QR code.
    expect(answers[0]).toHaveProperty("qrData", null);
  });

  it("answers a failed order with BankID's message once, and never collects it again", async () => {
    const userId = await createMember(database.db);
    const { access, orderRef } = await start(userId);
    bankId.fail(orderRef, "userCancel");
    expect(await pollBankIdOrder(database.db, bankId, keyring, access)).toMatchObject({ status: "failed", message: "Åtgärden avbruten." });
    const calls = bankId.calls.collect;
    await allowCollect(access.orderId);
    expect(await pollBankIdOrder(database.db, bankId, keyring, access)).toMatchObject({ ok: false, code: "gone" });
    expect(bankId.calls.collect).toBe(calls);
  });

  it("expiredTransaction reads RFA8; an order past our own lifetime ends as expired", async () => {
    const userId = await createMember(database.db);
    const first = await start(userId);
    bankId.fail(first.orderRef, "expiredTransaction");
    expect(await pollBankIdOrder(database.db, bankId, keyring, first.access)).toMatchObject({ status: "failed", message: BANKID_RFA.RFA8 });

    const second = await start(userId);
    await database.db
      .update(bankid_orders)
      .set({ started_at: sql`now() - interval '10 minutes'` })
      .where(eq(bankid_orders.id, second.access.orderId));
    const cancels = bankId.calls.cancel;
    expect(await pollBankIdOrder(database.db, bankId, keyring, second.access)).toMatchObject({ status: "failed", hintCode: "expiredTransaction" });
    expect(bankId.calls.cancel).toBe(cancels + 1);
  });

  it("BankID out of reach is a 503 with RFA5 and the order stays pending", async () => {
    const userId = await createMember(database.db);
    const { access } = await start(userId);
    bankId.breakNextCollect(new BankIdError("transport", "connection refused", 0));
    expect(await pollBankIdOrder(database.db, bankId, keyring, access)).toEqual({ ok: false, code: "bankid", message: BANKID_RFA.RFA5 });
    const [row] = await database.db.select({ status: bankid_orders.status }).from(bankid_orders).where(eq(bankid_orders.id, access.orderId));
    expect(row!.status).toBe("pending");
  });
});

describe("who may use an order", () => {
  it("only the member and browser that started it; another member's or another browser's poll is 'unknown'", async () => {
    const owner = await createMember(database.db);
    const other = await createMember(database.db);
    const { access } = await start(owner);
    const unknown = { ok: false, code: "not_found", message: IDENTITY_MESSAGES.orderUnknown };
    expect(await pollBankIdOrder(database.db, bankId, keyring, { ...access, userId: other })).toEqual(unknown);
    expect(await pollBankIdOrder(database.db, bankId, keyring, { ...access, bindingSecret: "x".repeat(43) })).toEqual(unknown);
    expect(await pollBankIdOrder(database.db, bankId, keyring, { ...access, purpose: "signin", userId: null })).toEqual(unknown);
    expect(await cancelBankIdOrder(database.db, bankId, { ...access, userId: other })).toEqual(unknown);
    const [row] = await database.db.select({ status: bankid_orders.status }).from(bankid_orders).where(eq(bankid_orders.id, access.orderId));
    expect(row!.status).toBe("pending");
  });

  it("cancelling ends the order here and at BankID; it cannot be polled or cancelled again", async () => {
    const userId = await createMember(database.db);
    const { access } = await start(userId);
    const cancels = bankId.calls.cancel;
    expect(await cancelBankIdOrder(database.db, bankId, access)).toEqual({ ok: true });
    expect(bankId.calls.cancel).toBe(cancels + 1);
    expect(await pollBankIdOrder(database.db, bankId, keyring, access)).toMatchObject({ ok: false, code: "gone" });
    expect(await cancelBankIdOrder(database.db, bankId, access)).toMatchObject({ ok: false, code: "gone" });
  });

  it("a new order cancels the member's earlier pending one", async () => {
    const userId = await createMember(database.db);
    const first = await start(userId);
    await start(userId);
    expect(await pollBankIdOrder(database.db, bankId, keyring, first.access)).toMatchObject({ ok: false, code: "gone" });
  });
});

describe("completing a verification", () => {
  it("stores the identity sealed, masked and unique; verifying again updates it", async () => {
    const userId = await createMember(database.db);
    const { access, orderRef } = await start(userId);
    bankId.complete(orderRef, PERSON);
    const done = await pollBankIdOrder(database.db, bankId, keyring, access);
    expect(done).toMatchObject({ ok: true, status: "complete", identity: { name: "Ada Lovelace", maskedPersonnummer: "19811218-••••" } });
    expect(JSON.stringify(done)).not.toContain("9876");

    const [row] = await database.db.select().from(verified_identities).where(eq(verified_identities.user_id, userId));
    expect(row).toMatchObject({ masked_personnummer: "19811218-••••", birth_date: "1981-12-18" });
    expect(JSON.stringify(row)).not.toMatch(/198112189876|Lovelace/);
    expect(await readVerifiedIdentity(database.db, keyring, userId)).toMatchObject({ name: "Ada Lovelace" });
    // A completed order is never collected again.
    await allowCollect(access.orderId);
    expect(await pollBankIdOrder(database.db, bankId, keyring, access)).toMatchObject({ ok: false, code: "gone" });

    const again = await start(userId);
    bankId.complete(again.orderRef, { ...PERSON, surname: "King" });
    expect(await pollBankIdOrder(database.db, bankId, keyring, again.access)).toMatchObject({ status: "complete" });
    expect(await readVerifiedIdentity(database.db, keyring, userId)).toMatchObject({ name: "Ada King" });
    const rows = await database.db.select().from(verified_identities).where(eq(verified_identities.user_id, userId));
    expect(rows).toHaveLength(1);
  });

  it("marks stored Swish details with another personnummer for renewal; a change clears it; the own number is not marked", async () => {
    const swish = (personnummer: string) => ({ method: "swish" as const, phone: "0701234512", personnummer });
    const [verified, own] = [testPersonnummer("2000-01-01"), testPersonnummer("1990-01-01")];
    const other = await createMember(database.db);
    await changePayoutDetails(database.db, keyring, { userId: other, details: swish("191212121212"), confirmedBy: "password" });
    await database.db.update(payout_details).set({ usable_at: sql`now() - interval '1 day'` }).where(eq(payout_details.user_id, other));
    const first = await start(other);
    bankId.complete(first.orderRef, { personalNumber: verified, givenName: "Kim", surname: "Ek" });
    expect(await pollBankIdOrder(database.db, bankId, keyring, first.access)).toMatchObject({ status: "complete" });
    expect(await getPayoutDetailsSummary(database.db, other)).toMatchObject({ renewalRequired: true, usable: false });

    await changePayoutDetails(database.db, keyring, { userId: other, details: swish(verified), confirmedBy: "password" });
    expect(await getPayoutDetailsSummary(database.db, other)).toMatchObject({ renewalRequired: false });

    const member = await createMember(database.db);
    await changePayoutDetails(database.db, keyring, { userId: member, details: swish(own), confirmedBy: "password" });
    const second = await start(member);
    bankId.complete(second.orderRef, { personalNumber: own, givenName: "Lo", surname: "Ek" });
    expect(await pollBankIdOrder(database.db, bankId, keyring, second.access)).toMatchObject({ status: "complete" });
    expect(await getPayoutDetailsSummary(database.db, member)).toMatchObject({ renewalRequired: false });
  });

  it("refuses a person another member verified: Swedish message, an audit row, nothing stored", async () => {
    const first = await createMember(database.db);
    const second = await createMember(database.db);
    const person = { personalNumber: "191212121212", givenName: "Tolvan", surname: "Tolvansson" };
    const a = await start(first);
    bankId.complete(a.orderRef, person);
    expect(await pollBankIdOrder(database.db, bankId, keyring, a.access)).toMatchObject({ status: "complete" });

    const b = await start(second);
    bankId.complete(b.orderRef, person);
    expect(await pollBankIdOrder(database.db, bankId, keyring, b.access)).toEqual({
      ok: false,
      code: "taken",
      message: IDENTITY_MESSAGES.alreadyVerifiedElsewhere,
    });
    expect(await readVerifiedIdentity(database.db, keyring, second)).toBeNull();
    const audits = await database.db.select().from(audit_log).where(eq(audit_log.action, "identity.duplicate_refused"));
    const mine = audits.filter((row) => row.actor_user_id === second);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ entity_type: "verified_identity", entity_id: first });
    expect(JSON.stringify(mine)).not.toContain("191212121212");
  });
});

describe("signing in with BankID", () => {
  it("answers the verified member; an unverified person is refused", async () => {
    const userId = await createMember(database.db);
    const person = { personalNumber: "194907302386", givenName: "Greta", surname: "Garbo" };
    const verify = await start(userId);
    bankId.complete(verify.orderRef, person);
    await pollBankIdOrder(database.db, bankId, keyring, verify.access);

    const signIn = await start(null);
    bankId.complete(signIn.orderRef, person);
    expect(await pollBankIdOrder(database.db, bankId, keyring, signIn.access)).toMatchObject({ status: "complete", userId });

    const stranger = await start(null);
    bankId.complete(stranger.orderRef, { personalNumber: "200001012384", givenName: "Ny", surname: "Person" });
    expect(await pollBankIdOrder(database.db, bankId, keyring, stranger.access)).toEqual({
      ok: false,
      code: "not_found",
      message: IDENTITY_MESSAGES.notVerifiedSignIn,
    });
  });
});

describe("the cleanup", () => {
  it("deletes orders started more than keepOrdersMs ago and keeps newer ones", async () => {
    const userId = await createMember(database.db);
    const old = await start(userId);
    const recent = await start(null);
    const [row] = await database.db
      .select({ startedAt: bankid_orders.started_at })
      .from(bankid_orders)
      .where(eq(bankid_orders.id, old.started.orderId));
    const startedAt = new Date(row!.startedAt);
    await database.db
      .update(bankid_orders)
      .set({ started_at: new Date(startedAt.getTime() - BANKID_RULES.keepOrdersMs - 1_000) })
      .where(eq(bankid_orders.id, old.started.orderId));

    // Two seconds earlier the old order is still inside the window; at its start's clock it is out.
    expect(await purgeOldBankIdOrders(database.db, new Date(startedAt.getTime() - 2_000))).toBe(0);
    expect(await purgeOldBankIdOrders(database.db, startedAt)).toBe(1);
    const left = (await database.db.select({ id: bankid_orders.id }).from(bankid_orders)).map((r) => r.id);
    expect(left).not.toContain(old.started.orderId);
    expect(left).toContain(recent.started.orderId);
  });
});
