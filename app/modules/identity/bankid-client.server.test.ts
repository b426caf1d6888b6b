import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeBankId, startFakeBankId } from "../../../server/fakes/bankid";
import { buildConfig, parseEnv } from "~/platform/config.server";
import { bankIdClientFromConfig, createBankIdClient, type BankIdClient } from "./bankid-client.server";
import { BankIdError } from "./bankid-gateway.server";
import { qrData } from "./bankid-qr";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const anna = { personalNumber: "199001011239", givenName: "Anna", surname: "Andersson" };

let fake: FakeBankId;
let bankId: BankIdClient;
const opened: BankIdClient[] = [];

function client(overrides: Partial<Parameters<typeof createBankIdClient>[0]> = {}): BankIdClient {
  const made = createBankIdClient({ url: fake.url, ...fake.clientTls, timeoutMs: 5_000, ...overrides });
  opened.push(made);
  return made;
}

async function refusal(promise: Promise<unknown>): Promise<BankIdError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BankIdError);
  return error as BankIdError;
}

beforeAll(async () => {
  fake = await startFakeBankId();
  bankId = client();
});

afterEach(() => {
  // Nothing injected may leak into the next test.
  expect(fake["injected"]).toHaveLength(0);
});

afterAll(async () => {
  for (const made of opened) made.close();
  await fake.stop();
});

describe("BankID client against the local fake (mutual TLS)", () => {
  it("starts an auth order with four UUIDs and sends the texts base64-encoded", async () => {
    const order = await bankId.auth({ endUserIp: "203.0.113.7", userVisibleData: "Verifiera dig hos Skinhamnen – åäö", userNonVisibleData: "member:42" });
    for (const value of Object.values(order)) expect(value).toMatch(UUID);
    expect(new Set(Object.values(order)).size).toBe(4);
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe("auth");
    expect(call.body).toEqual({
      endUserIp: "203.0.113.7",
      userVisibleData: Buffer.from("Verifiera dig hos Skinhamnen – åäö").toString("base64"),
      userNonVisibleData: Buffer.from("member:42").toString("base64"),
    });
    expect(fake.latest()).toMatchObject({
      orderRef: order.orderRef,
      kind: "auth",
      endUserIp: "203.0.113.7",
      userVisibleData: "Verifiera dig hos Skinhamnen – åäö",
      status: "pending",
      hintCode: "outstandingTransaction",
    });
  });

  it("collects pending → started (after a valid QR scan) → userSign → complete with completionData, then the order is gone", async () => {
    const order = await bankId.sign({ endUserIp: "198.51.100.23", userVisibleData: "Jag godkänner försäljningen" });
    expect(await bankId.collect(order.orderRef)).toEqual({ orderRef: order.orderRef, status: "pending", hintCode: "outstandingTransaction" });
    expect(fake.scan(order.orderRef, qrData(order.qrStartToken, order.qrStartSecret, 0))).toEqual({ ok: true });
    expect(await bankId.collect(order.orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
    expect(await bankId.collect(order.orderRef)).toMatchObject({ status: "pending", hintCode: "userSign" });
    expect(fake.complete(order.orderRef, anna)).toEqual({ ok: true });
    const done = await bankId.collect(order.orderRef);
    expect(done.status).toBe("complete");
    if (done.status !== "complete") return;
    expect(done.completionData.user).toEqual({ ...anna, name: "Anna Andersson" });
    expect(done.completionData.device.ipAddress).toBe("198.51.100.23");
    expect(done.completionData.bankIdIssueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const signature = Buffer.from(done.completionData.signature, "base64").toString("utf8");
    expect(signature).toContain("<bankIdSignedData");
    expect(signature).toContain(Buffer.from("Jag godkänner försäljningen").toString("base64"));
    expect(Buffer.from(done.completionData.ocspResponse, "base64").length).toBeGreaterThan(0);
    // Collected once: BankID no longer knows the order.
    const again = await refusal(bankId.collect(order.orderRef));
    expect([again.errorCode, again.status]).toEqual(["invalidParameters", 400]);
    expect(fake.order(order.orderRef)).toMatchObject({ status: "complete", gone: true });
  });

  it("reports each failure hintCode once, then refuses the orderRef", async () => {
    for (const hintCode of ["userCancel", "certificateErr", "startFailed", "expiredTransaction"]) {
      const { orderRef } = await bankId.auth({ endUserIp: "192.0.2.1" });
      expect(fake.fail(orderRef, hintCode)).toEqual({ ok: true });
      expect(await bankId.collect(orderRef)).toEqual({ orderRef, status: "failed", hintCode });
      expect((await refusal(bankId.collect(orderRef))).errorCode).toBe("invalidParameters");
    }
  });

  it("expires an order nobody picks up, and a picked-up order at the end of its lifetime", async () => {
    // Wide margins: the machine may be busy, and only the order of the deadlines matters here.
    const quick = await startFakeBankId(0, 0, { startWindowMs: 300, orderLifetimeMs: 1_500 });
    const quickClient = createBankIdClient({ url: quick.url, ...quick.clientTls });
    opened.push(quickClient);
    try {
      const idle = await quickClient.auth({ endUserIp: "192.0.2.2" });
      const scanned = await quickClient.auth({ endUserIp: "192.0.2.3" });
      expect(quick.autostart(scanned.orderRef, scanned.autoStartToken)).toEqual({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await quickClient.collect(idle.orderRef)).toMatchObject({ status: "failed", hintCode: "expiredTransaction" });
      expect(await quickClient.collect(scanned.orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await quickClient.collect(scanned.orderRef)).toMatchObject({ status: "failed", hintCode: "expiredTransaction" });
    } finally {
      await quick.stop();
    }
  });

  it("cancels a pending order; collect and a second cancel then answer invalidParameters", async () => {
    const { orderRef } = await bankId.auth({ endUserIp: "2001:db8::1" });
    await bankId.cancel(orderRef);
    expect(fake.order(orderRef)).toMatchObject({ status: "failed", hintCode: "cancelled", cancelledByRp: true, gone: true });
    expect((await refusal(bankId.collect(orderRef))).errorCode).toBe("invalidParameters");
    expect((await refusal(bankId.cancel(orderRef))).errorCode).toBe("invalidParameters");
  });

  it("answers alreadyInProgress for a second order for the same person and cancels the first", async () => {
    const body = { endUserIp: "192.0.2.9", requirement: { personalNumber: anna.personalNumber } };
    const first = await rawPost("auth", body);
    expect(first.status).toBe(200);
    const second = await rawPost("auth", body);
    expect(second).toMatchObject({ status: 400, body: { errorCode: "alreadyInProgress" } });
    const orderRef = (first.body as { orderRef: string }).orderRef;
    expect(await bankId.collect(orderRef)).toEqual({ orderRef, status: "failed", hintCode: "cancelled" });
  });

  it("refuses bad input with invalidParameters", async () => {
    for (const endUserIp of ["", "localhost", "999.1.1.1", "1.2.3.4\u0000"]) {
      const error = await refusal(bankId.auth({ endUserIp }));
      expect([error.errorCode, error.status]).toEqual(["invalidParameters", 400]);
    }
    expect((await refusal(bankId.collect("00000000-0000-4000-8000-000000000000"))).errorCode).toBe("invalidParameters");
    expect((await refusal(bankId.cancel("not-an-order"))).errorCode).toBe("invalidParameters");
    expect((await refusal(bankId.sign({ endUserIp: "192.0.2.1", userVisibleData: "x".repeat(30_001) }))).errorCode).toBe("invalidParameters");
    for (const body of [
      {},
      { endUserIp: "192.0.2.1", userVisibleData: "not base64!" },
      { endUserIp: "192.0.2.1", userVisibleData: "" },
      { endUserIp: "192.0.2.1", userVisibleData: "//79" }, // base64 of bytes that are not UTF-8
      { endUserIp: "192.0.2.1", userVisibleData: Buffer.from("x".repeat(1_200)).toString("base64") }, // > 1 500 for auth
      { endUserIp: "192.0.2.1", requirement: { personalNumber: "19900101" } },
      { endUserIp: 192 },
    ]) {
      expect(await rawPost("auth", body)).toMatchObject({ status: 400, body: { errorCode: "invalidParameters" } });
    }
    expect(await rawPost("sign", { endUserIp: "192.0.2.1" })).toMatchObject({ status: 400, body: { errorCode: "invalidParameters" } });
  });

  it("answers the documented HTTP errors: 404 path, 405 method, 415 content type", async () => {
    expect(await rawPost("nope", {})).toMatchObject({ status: 404, body: { errorCode: "notFound" } });
    expect(await rawPost("auth", {}, { method: "GET" })).toMatchObject({ status: 405, body: { errorCode: "methodNotAllowed" } });
    for (const type of ["application/json; charset=utf-8", "text/plain"]) {
      expect(await rawPost("auth", { endUserIp: "192.0.2.1" }, { contentType: type })).toMatchObject({
        status: 415,
        body: { errorCode: "unsupportedMediaType" },
      });
    }
  });

  it("maps every error answer to BankIdError(errorCode, details, status)", async () => {
    const answers = [
      [400, "alreadyInProgress"],
      [400, "invalidParameters"],
      [400, "someNewCode"],
      [401, "unauthorized"],
      [403, "unauthorized"],
      [404, "notFound"],
      [405, "methodNotAllowed"],
      [408, "requestTimeout"],
      [415, "unsupportedMediaType"],
      [429, "tooManyRequests"],
      [500, "internalError"],
      [503, "maintenance"],
    ] as const;
    for (const [status, errorCode] of answers) {
      fake.injectNext({ status, errorCode, details: `details of ${errorCode}` });
      const error = await refusal(bankId.auth({ endUserIp: "192.0.2.1" }));
      expect([error.errorCode, error.details, error.status]).toEqual([errorCode, `details of ${errorCode}`, status]);
    }
  });

  it("turns a time-out, a refused connection and an unreadable answer into errorCode transport", async () => {
    fake.injectNext({ delayMs: 600 });
    const slow = await refusal(client({ timeoutMs: 150 }).auth({ endUserIp: "192.0.2.1" }));
    expect(slow.errorCode).toBe("transport");
    const closed = await refusal(client({ url: "https://127.0.0.1:1/rp/v6.0" }).collect("x"));
    expect(closed.errorCode).toBe("transport");
    // A well-formed order, but far larger than any BankID answer.
    const hugeOrder = JSON.stringify({ orderRef: "x".repeat(1_100_000), autoStartToken: "a", qrStartToken: "q", qrStartSecret: "s" });
    fake.injectNext({ status: 502, rawBody: "<html>Bad gateway</html>" });
    const gateway = await refusal(bankId.auth({ endUserIp: "192.0.2.1" }));
    expect([gateway.errorCode, gateway.status]).toEqual(["transport", 502]);
    for (const rawBody of ["not json", JSON.stringify({ orderRef: "x" }), JSON.stringify({ errorCode: "x" }), hugeOrder]) {
      fake.injectNext({ rawBody });
      expect((await refusal(bankId.auth({ endUserIp: "192.0.2.1" }))).errorCode).toBe("transport");
    }
    fake.injectNext({ rawBody: JSON.stringify({ orderRef: "x", status: "complete", completionData: { user: {} } }) });
    expect((await refusal(bankId.collect("x"))).errorCode).toBe("transport");
  });

  it("is refused without a client certificate, or with one from another CA", async () => {
    const anonymous = await refusal(client({ cert: undefined, key: undefined }).auth({ endUserIp: "192.0.2.1" }));
    expect([anonymous.errorCode, anonymous.status]).toEqual(["unauthorized", 401]);
    const stranger = await refusal(client({ ...fake.foreignClientTls }).auth({ endUserIp: "192.0.2.1" }));
    expect([stranger.errorCode, stranger.status]).toEqual(["unauthorized", 401]);
  });

  it("refuses a server whose certificate the configured CA did not sign", async () => {
    const other = await startFakeBankId();
    try {
      // Our client certificate, but the other fake's CA is not ours.
      const error = await refusal(client({ url: other.url }).auth({ endUserIp: "192.0.2.1" }));
      expect(error.errorCode).toBe("transport");
      expect(error.details).toMatch(/certificate/i);
    } finally {
      await other.stop();
    }
  });

  it("reads its certificates from configuration: PEM files or a PKCS#12 file (made with openssl)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bankid-client-"));
    try {
      const env = fake.env(dir);
      const pemClient = bankIdClientFromConfig(buildConfig(parseEnv({ ...env, DATA_DIR: dir })))!;
      opened.push(pemClient);
      expect((await pemClient.auth({ endUserIp: "192.0.2.1" })).orderRef).toMatch(UUID);

      const pfx = path.join(dir, "client.p12");
      execFileSync("openssl", ["pkcs12", "-export", "-in", env.BANKID_CLIENT_CERT!, "-inkey", env.BANKID_CLIENT_KEY!, "-out", pfx, "-passout", "pass:hemligt"]);
      const pfxEnv = { BANKID_URL: env.BANKID_URL, BANKID_CA: env.BANKID_CA, BANKID_PFX: pfx, BANKID_PASSPHRASE: "hemligt", DATA_DIR: dir };
      const pfxClient = bankIdClientFromConfig(buildConfig(parseEnv(pfxEnv)))!;
      opened.push(pfxClient);
      expect((await pfxClient.auth({ endUserIp: "192.0.2.1" })).orderRef).toMatch(UUID);
      expect(readFileSync(env.BANKID_CA!, "utf8")).toBe(fake.clientTls.ca);

      expect(bankIdClientFromConfig(buildConfig(parseEnv({ DATA_DIR: dir })))).toBeNull();
      expect(() => parseEnv({ BANKID_URL: env.BANKID_URL, BANKID_CA: env.BANKID_CA })).toThrow(/BANKID_CLIENT_CERT/);
      expect(() => parseEnv({ BANKID_URL: env.BANKID_URL, BANKID_CLIENT_CERT: "a", BANKID_CLIENT_KEY: "b" })).toThrow(/BANKID_CA/);
      expect(() => parseEnv({ ...env, BANKID_URL: "http://127.0.0.1/rp/v6.0" })).toThrow(/BANKID_URL/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A request the client would never send, with the fake's client certificate. */
function rawPost(
  method: string,
  body: unknown,
  options: { method?: string; contentType?: string } = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${fake.url}/${method}`, {
      method: options.method ?? "POST",
      ...fake.clientTls,
      headers: { "content-type": options.contentType ?? "application/json" },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += String(chunk)));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.end(options.method === "GET" ? undefined : JSON.stringify(body));
  });
}
