import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { request } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSwishPayoutClient,
  swishPayoutClientFromConfig,
  type SwishPayoutClient,
  type SwishPayoutInstruction,
} from "../../app/modules/selling/swish-payout-client.server";
import { buildConfig, parseEnv } from "../../app/platform/config.server";
import { swishPayoutInstructionUuid } from "../../app/modules/selling/swish-payouts";
import { SWISH_PAYOUT_CALLBACK_PATH } from "../../app/modules/selling/selling-constants";
import { createTestCa, issueCertificate } from "./test-certificates";
import { startFakeSwishPayouts, type FakeSwishPayouts } from "./swish-payouts";

let fake: FakeSwishPayouts;
let swish: SwishPayoutClient;
let callbackServer: Server;
const callbacks: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  fake = await startFakeSwishPayouts(0, 0, { stepMs: 20 });
  callbackServer = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += String(chunk)));
    req.on("end", () => {
      callbacks.push(JSON.parse(raw) as Record<string, unknown>);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
  swish = client(fake.signing.key);
});

afterAll(async () => {
  swish.close();
  await fake.stop();
  await new Promise((resolve) => callbackServer.close(resolve));
});

function client(signingKey: string): SwishPayoutClient {
  return createSwishPayoutClient({
    url: fake.url,
    ...fake.clientTls,
    signingKey,
    signingCertificateSerialNumber: fake.signing.serialNumber,
    payerAlias: fake.payerAlias,
    callbackUrl: `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}${SWISH_PAYOUT_CALLBACK_PATH}`,
  });
}

function instruction(orderId: string, payeeAlias = "46701234567"): SwishPayoutInstruction {
  return {
    payoutInstructionUUID: swishPayoutInstructionUuid(orderId, 1),
    reference: orderId.replaceAll("-", ""),
    payeeAlias,
    payeeSSN: "199001011239",
    amountOre: 45_000,
    message: "Skinhamnen",
    instructionDate: new Date(),
  };
}

async function until<T>(read: () => T | undefined, timeoutMs = 2000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function rawGet(options: { cert?: string; key?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${fake.url}/api/v1/payouts/${"A".repeat(32)}`, { ca: fake.clientTls.ca, ...options, agent: false });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the fake Swish payouts API's mutual TLS", () => {
  it("refuses a client without a certificate, and one with a certificate from another CA, in the handshake", async () => {
    await expect(rawGet({})).rejects.toThrow();
    const stranger = issueCertificate(createTestCa("Other CA"), { commonName: "Stranger", usage: "client" });
    await expect(rawGet(stranger)).rejects.toThrow();
    expect(await rawGet(fake.clientTls)).toBe(404);
  });
});

describe("a payout through the client against the fake", () => {
  it("is created once, calls back CREATED → DEBITED → PAID, and reads PAID", async () => {
    const order = instruction("11111111-aaaa-bbbb-cccc-000000000001");
    expect(await swish.status(order.payoutInstructionUUID)).toBeNull();
    expect(await swish.create(order)).toEqual({ kind: "created" });
    const seen = await until(() => {
      const mine = callbacks.filter((c) => c.payoutInstructionUUID === order.payoutInstructionUUID);
      return mine.length === 3 ? mine : undefined;
    });
    expect(seen.map((c) => c.status)).toEqual(["CREATED", "DEBITED", "PAID"]);
    expect(seen[2]).toMatchObject({ amount: "450.00", currency: "SEK", payeeAlias: "46701234567", payeeSSN: "199001011239" });
    expect(await swish.status(order.payoutInstructionUUID)).toMatchObject({ status: "PAID", amount: "450.00" });
    // The same id again is Swish's idempotency: nothing new is created.
    expect(await swish.create(order)).toEqual({ kind: "duplicate" });
    expect([...fake.payouts.values()].filter((p) => p.payoutInstructionUUID === order.payoutInstructionUUID)).toHaveLength(1);
  });

  it("ends in ERROR with the code chosen for the payee", async () => {
    fake.setOutcome("46709999999", "VR01");
    const order = instruction("11111111-aaaa-bbbb-cccc-000000000002", "46709999999");
    expect(await swish.create(order)).toEqual({ kind: "created" });
    const last = await until(() => callbacks.find((c) => c.payoutInstructionUUID === order.payoutInstructionUUID && c.status === "ERROR"));
    expect(last.errorCode).toBe("VR01");
    expect(await swish.status(order.payoutInstructionUUID)).toMatchObject({ status: "ERROR", errorCode: "VR01" });
  });

  it("refuses an instruction signed with another key, and documented field errors, creating nothing", async () => {
    const forger = client(issueCertificate(createTestCa("Forger"), { commonName: "Forger", usage: "client" }).key);
    try {
      const order = instruction("11111111-aaaa-bbbb-cccc-000000000003");
      expect(await forger.create(order)).toMatchObject({ kind: "rejected", errorCode: "PA01" });
      expect(fake.payouts.has(order.payoutInstructionUUID)).toBe(false);
    } finally {
      forger.close();
    }
    const badNumber = instruction("11111111-aaaa-bbbb-cccc-000000000004", "0701234567");
    expect(await swish.create(badNumber)).toMatchObject({ kind: "rejected", errorCode: "BE18" });
    expect(fake.payouts.has(badNumber.payoutInstructionUUID)).toBe(false);
  });
});

describe("configuration", () => {
  it("is off without SWISH_PAYOUTS_URL, refuses a half configuration, and talks to the fake from the files it writes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "swish-config-"));
    try {
      expect(swishPayoutClientFromConfig(buildConfig(parseEnv({ DATA_DIR: dir })))).toBeNull();
      const env = fake.env(path.join(dir, "certs"));
      expect(() => parseEnv({ ...env, SWISH_SIGNING_KEY: "" })).toThrow(/SWISH_SIGNING_KEY must be set/);
      expect(() => parseEnv({ ...env, SWISH_PAYOUTS_URL: "http://127.0.0.1/x" })).toThrow(/SWISH_PAYOUTS_URL/);
      const configured = swishPayoutClientFromConfig(buildConfig(parseEnv({ ...env, DATA_DIR: dir })))!;
      try {
        expect(await configured.status(swishPayoutInstructionUuid("never-sent", 1))).toBeNull();
      } finally {
        configured.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
