/**
 * BankID through the production build against the local fake BankID (mutual TLS): verifying on
 * /api/bankid, signing in with it, and hostile input — a replayed order, another member's order,
 * a poll after completion, NUL bytes, wrong types, a missing binding cookie — each a Swedish 4xx
 * that changes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANKID_RFA } from "~/modules/identity/bankid-messages";
import { IDENTITY_MESSAGES } from "~/modules/identity/identity-constants";
import { queryRows } from "~/platform/db/client.server";
import { audit_log, sell_orders, session as sessionTable, session_step_ups, verified_identities } from "~/platform/db/schema";
import { verifyForTest } from "~/modules/identity/test-identities";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { createQuote } from "~/modules/selling/sell-order-fixtures";
import { startFakeBankId, type FakeBankId } from "./fakes/bankid";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, type TestMember } from "./test-members";

let fake: FakeBankId;
let server: InProcessServer;
let certDir: string;
let ada: TestMember;
let bea: TestMember;
const ADA = { personalNumber: "198112189876", givenName: "Ada", surname: "Lovelace" };

beforeAll(async () => {
  fake = await startFakeBankId();
  certDir = mkdtempSync(path.join(os.tmpdir(), "bankid-http-"));
  server = await startInProcessServer(fake.env(certDir));
  ada = await createMember(server, "ada-bankid@example.se");
  bea = await createMember(server, "bea-bankid@example.se");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.stop();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
  setCookies: string[];
}

async function post(route: "start" | "status" | "cancel", body: unknown, cookie = "", raw?: string): Promise<Answer> {
  const response = await fetch(`${server.url}/api/bankid/${route}`, {
    method: "POST",
    headers: { origin: server.url, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text, setCookies: response.headers.getSetCookie() };
}

function bindingFrom(answer: Answer): string {
  const cookie = answer.setCookies.find((value) => value.startsWith("bankid_binding="));
  if (!cookie) throw new Error(`no binding cookie: ${answer.text}`);
  return cookie.split(";")[0]!;
}

/** Starts a verification for `member` and returns what its browser holds. */
async function startVerify(member: TestMember, flow: "qr" | "this_device" = "qr") {
  const started = await post("start", { purpose: "verify", flow }, member.cookie);
  expect(started.status).toBe(200);
  const cookie = `${member.cookie}; ${bindingFrom(started)}`;
  return { orderId: started.body.orderId as string, autoStartToken: started.body.autoStartToken as string, cookie, orderRef: fake.latest()!.orderRef, started };
}

/** Polls about once a second until the order is no longer pending. */
async function pollUntilDone(body: unknown, cookie: string): Promise<Answer> {
  for (let i = 0; i < 12; i++) {
    const answer = await post("status", body, cookie);
    if (answer.status !== 200 || answer.body.status !== "pending") return answer;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the order stayed pending");
}

async function digest(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    server.database.db,
    sql`SELECT md5(coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM bankid_orders t), '') || coalesce((SELECT string_agg(v::text, '|' ORDER BY v::text) FROM verified_identities v), '') || coalesce((SELECT string_agg(a::text, '|' ORDER BY a::text) FROM audit_log a), '')) AS d`,
  );
  return row!.d;
}

describe("verifying with BankID", () => {
  it("by QR code: the binding cookie is HttpOnly and strict, the QR data is BankID's, the identity comes back masked", async () => {
    const order = await startVerify(ada);
    const binding = order.started.setCookies.find((value) => value.startsWith("bankid_binding="))!;
    expect(binding).toMatch(/HttpOnly/i);
    expect(binding).toMatch(/SameSite=Strict/i);
    expect(binding).toMatch(/Path=\/api\/bankid/);
    expect(order.started.text).not.toMatch(/qrStartSecret|orderRef/);
    expect(fake.latest()!.endUserIp).toMatch(/127\.0\.0\.1/);

    const first = await post("status", { purpose: "verify", orderId: order.orderId }, order.cookie);
    expect(first.body).toMatchObject({ ok: true, status: "pending", message: BANKID_RFA.RFA1 });
    expect(fake.scan(order.orderRef, first.body.qrData as string)).toEqual({ ok: true });
    fake.complete(order.orderRef, ADA);

    const done = await pollUntilDone({ purpose: "verify", orderId: order.orderId }, order.cookie);
    expect(done.body).toMatchObject({ ok: true, status: "complete", identity: { name: "Ada Lovelace", maskedPersonnummer: "19811218-••••" } });
    expect(done.text).not.toContain("9876");
    const rows = await server.database.db.select().from(verified_identities).where(eq(verified_identities.user_id, ada.userId));
    expect(rows).toHaveLength(1);

    // Replayed after completion: a Swedish 4xx, and nothing changes.
    const before = await digest();
    const replay = await post("status", { purpose: "verify", orderId: order.orderId }, order.cookie);
    expect(replay.status).toBe(410);
    expect(replay.body.message).toBe(IDENTITY_MESSAGES.orderFinished);
    const cancelAfter = await post("cancel", { purpose: "verify", orderId: order.orderId }, order.cookie);
    expect(cancelAfter.status).toBe(410);
    expect(await digest()).toBe(before);
  });

  it("the page shows the verified identity masked and never the personnummer", async () => {
    const page = await fetch(`${server.url}/profile`, { headers: { cookie: ada.cookie } });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).not.toMatch(/198112189876|8112189876|811218-9876/);
  });

  it("on the same device, a cancel in the app reads 'Åtgärden avbruten.'", async () => {
    const order = await startVerify(bea, "this_device");
    expect(fake.autostart(order.orderRef, order.autoStartToken)).toEqual({ ok: true });
    fake.fail(order.orderRef, "userCancel");
    const done = await pollUntilDone({ purpose: "verify", orderId: order.orderId }, order.cookie);
    expect(done.body).toMatchObject({ ok: true, status: "failed", hintCode: "userCancel", message: "Åtgärden avbruten." });
  });

  it("an expired order reads RFA8", async () => {
    const order = await startVerify(bea);
    fake.fail(order.orderRef, "expiredTransaction");
    const done = await pollUntilDone({ purpose: "verify", orderId: order.orderId }, order.cookie);
    expect(done.body).toMatchObject({ status: "failed", message: BANKID_RFA.RFA8 });
  });

  it("a second account with the same personnummer is refused, with an audit row and nothing stored", async () => {
    const order = await startVerify(bea);
    fake.complete(order.orderRef, ADA);
    const done = await pollUntilDone({ purpose: "verify", orderId: order.orderId }, order.cookie);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(IDENTITY_MESSAGES.alreadyVerifiedElsewhere);
    expect(await server.database.db.select().from(verified_identities).where(eq(verified_identities.user_id, bea.userId))).toHaveLength(0);
    const audits = await server.database.db.select().from(audit_log).where(eq(audit_log.actor_user_id, bea.userId));
    expect(audits.map((row) => row.action)).toContain("identity.duplicate_refused");
    expect(JSON.stringify(audits)).not.toContain("9876");
  });

  it("cancelling ends the order at BankID too", async () => {
    const order = await startVerify(bea);
    const cancelled = await post("cancel", { purpose: "verify", orderId: order.orderId }, order.cookie);
    expect(cancelled.status).toBe(200);
    expect(fake.order(order.orderRef)).toMatchObject({ cancelledByRp: true });
  });
});

describe("hostile input changes nothing", () => {
  it("another member's order, another browser, a missing binding cookie, an anonymous verify", async () => {
    const order = await startVerify(bea);
    const before = await digest();
    const body = { purpose: "verify", orderId: order.orderId };

    // Ada with her own browser binding (from an order of her own) asks for Bea's order.
    const own = await startVerify(ada);
    const afterOwn = await digest();
    const other = await post("status", body, own.cookie);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(IDENTITY_MESSAGES.orderUnknown);
    // Bea's session in another browser (no binding cookie, or another one).
    const noBinding = await post("status", body, bea.cookie);
    expect(noBinding.status).toBe(403);
    expect(noBinding.body.message).toBe(IDENTITY_MESSAGES.bindingMissing);
    const foreignBinding = await post("status", body, `${bea.cookie}; ${own.cookie.split("; ").at(-1)}`);
    expect(foreignBinding.status).toBe(404);
    // Signed out, as a verification.
    const anonymous = await post("status", body, order.cookie.split("; ").at(-1));
    expect(anonymous.status).toBe(401);
    // As a sign-in order, which it is not.
    const asSignIn = await post("status", { purpose: "signin", orderId: order.orderId }, order.cookie);
    expect(asSignIn.status).toBe(404);
    expect(await digest()).toBe(afterOwn);
    expect(before).not.toBe(afterOwn);
  });

  it("NUL bytes, wrong types and malformed bodies are Swedish 400s", async () => {
    const order = await startVerify(bea);
    const before = await digest();
    const cases: Array<[unknown, string | undefined]> = [
      [{ purpose: "verify", orderId: `${order.orderId}\u0000` }, undefined],
      [{ purpose: "verify\u0000", orderId: order.orderId }, undefined],
      [{ purpose: 5, orderId: [order.orderId] }, undefined],
      [{ purpose: "verify", orderId: { $ne: null } }, undefined],
      [{ purpose: "verify", orderId: "finns-inte" }, undefined],
      [null, "{not json"],
      [null, "[]"],
    ];
    for (const [body, raw] of cases) {
      for (const route of ["status", "cancel"] as const) {
        const answer = await post(route, body, order.cookie, raw);
        expect(answer.status, `${route} ${raw ?? JSON.stringify(body)}`).toBe(400);
        expect(answer.body.message).toMatch(/[a-zåäö]/i);
        expect(answer.body.message).not.toMatch(/expected|invalid|required/i);
      }
    }
    const badStart = await post("start", { purpose: "verify", flow: "telepati" }, bea.cookie);
    expect(badStart.status).toBe(400);
    expect(badStart.body.message).toBe("Välj BankID på den här enheten eller på en annan enhet.");
    expect(await digest()).toBe(before);
  });

  it("GET is refused", async () => {
    const response = await fetch(`${server.url}/api/bankid/status`);
    expect(response.status).toBe(405);
  });
});

describe("signing in with BankID", () => {
  it("signs the verified member in to the same account; an unverified person is refused", async () => {
    const started = await post("start", { purpose: "signin", flow: "qr" });
    expect(started.status).toBe(200);
    const binding = bindingFrom(started);
    fake.complete(fake.latest()!.orderRef, ADA);
    const done = await pollUntilDone({ purpose: "signin", orderId: started.body.orderId }, binding);
    expect(done.body).toMatchObject({ ok: true, status: "complete" });
    const session = done.setCookies.find((value) => value.startsWith("skinhamnen.session_token="));
    expect(session).toBeTruthy();
    const token = decodeURIComponent(/skinhamnen\.session_token=([^;.]+)/.exec(session!)![1]!);
    const [row] = await server.database.db.select({ userId: sessionTable.userId }).from(sessionTable).where(eq(sessionTable.token, token));
    expect(row?.userId).toBe(ada.userId);
    const profile = await fetch(`${server.url}/profile`, { headers: { cookie: session!.split(";")[0]! }, redirect: "manual" });
    expect(profile.status).toBe(200);

    const stranger = await post("start", { purpose: "signin", flow: "qr" });
    fake.complete(fake.latest()!.orderRef, { personalNumber: "200001012384", givenName: "Ny", surname: "Person" });
    const refused = await pollUntilDone({ purpose: "signin", orderId: stranger.body.orderId }, bindingFrom(stranger));
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(IDENTITY_MESSAGES.notVerifiedSignIn);
    expect(refused.setCookies.some((value) => value.startsWith("skinhamnen.session_token="))).toBe(false);
  });
});

describe("confirming with BankID (step-up, decision 046)", () => {
  const stepUpOf = async (member: TestMember) => {
    const token = /session_token=([^.;]+)/.exec(decodeURIComponent(member.cookie))?.[1];
    const [own] = await server.database.db.select({ id: sessionTable.id }).from(sessionTable).where(eq(sessionTable.token, token!));
    const [row] = await server.database.db.select().from(session_step_ups).where(eq(session_step_ups.session_id, own!.id));
    return row ?? null;
  };

  it("needs a verified member; another person's BankID is refused; the member's own makes this session's step-up", async () => {
    const unverified = await createMember(server, "cai-bankid@example.se");
    const refused = await post("start", { purpose: "stepup", flow: "qr" }, unverified.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(IDENTITY_MESSAGES.stepUpNotVerified);
    expect((await post("start", { purpose: "stepup", flow: "qr" })).status).toBe(401);

    // Ada verified above: someone else's BankID does not confirm her.
    const other = await post("start", { purpose: "stepup", flow: "qr" }, ada.cookie);
    expect(other.status).toBe(200);
    fake.complete(fake.latest()!.orderRef, { personalNumber: "200001012384", givenName: "Ny", surname: "Person" });
    const wrong = await pollUntilDone({ purpose: "stepup", orderId: other.body.orderId }, `${ada.cookie}; ${bindingFrom(other)}`);
    expect(wrong.body).toMatchObject({ ok: true, status: "failed", message: IDENTITY_MESSAGES.stepUpOtherPerson });
    expect((await stepUpOf(ada))?.step_up_method ?? null).not.toBe("bankid");

    const own = await post("start", { purpose: "stepup", flow: "this_device" }, ada.cookie);
    fake.complete(fake.latest()!.orderRef, ADA);
    const done = await pollUntilDone({ purpose: "stepup", orderId: own.body.orderId }, `${ada.cookie}; ${bindingFrom(own)}`);
    expect(done.body).toMatchObject({ ok: true, status: "complete", message: IDENTITY_MESSAGES.stepUpDone });
    const recorded = await stepUpOf(ada);
    expect(recorded).toMatchObject({ step_up_method: "bankid", second_factor_at: null });
    expect(Date.now() - recorded!.step_up_at.getTime()).toBeLessThan(60_000);

    // Another member cannot poll Ada's order.
    const third = await post("start", { purpose: "stepup", flow: "qr" }, ada.cookie);
    const foreign = await post("status", { purpose: "stepup", orderId: third.body.orderId }, `${bea.cookie}; ${bindingFrom(third)}`);
    expect(foreign.status).toBe(404);
  });
});

describe("an order from before the BankID rule", () => {
  it("says on the order page that the payout waits until the seller verified, and not once they have", async () => {
    const dan = await createMember(server, "dan-bankid@example.se");
    const database = server.database.db;
    const quoteId = await createQuote(database, dan.userId, { prices: [25_000] });
    const [order] = await database
      .insert(sell_orders)
      .values({
        user_id: dan.userId,
        quote_id: quoteId,
        status: "payout_scheduled",
        security_code: "ABCDEF",
        level_at_quote: "bronze",
        base_total_ore: 25_000,
        level_bonus_percent: 0,
        level_bonus_ore: 0,
        bulk_bonus_percent: 0,
        bulk_bonus_ore: 0,
        total_ore: 25_000,
        points: 500,
        xp: 500,
        payout_method: "swish",
        payout_due_at: new Date(),
      })
      .returning({ id: sell_orders.id });
    const page = async () => {
      const response = await fetch(`${server.url}/mina-affarer/${order!.id}`, { headers: { cookie: dan.cookie } });
      expect(response.status).toBe(200);
      return response.text();
    };
    expect(await page()).toContain(IDENTITY_MESSAGES.payoutAwaitsVerification);
    // Only the row's presence counts here, so any key will do.
    await verifyForTest(database, createPayoutKeyring(Buffer.alloc(32, 7).toString("base64")), dan.userId);
    expect(await page()).not.toContain(IDENTITY_MESSAGES.payoutAwaitsVerification);
  });
});
