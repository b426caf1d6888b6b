import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBankIdClient, type BankIdClient } from "../../app/modules/identity/bankid-client.server";
import { qrData } from "../../app/modules/identity/bankid-qr";
import { startFakeBankId, type FakeBankId } from "./bankid";

let fake: FakeBankId;
let bankId: BankIdClient;

beforeAll(async () => {
  fake = await startFakeBankId();
  bankId = createBankIdClient({ url: fake.url, ...fake.clientTls });
});

afterAll(async () => {
  bankId.close();
  await fake.stop();
});

async function control(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${fake.controlUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("the fake BankID's control API (plain HTTP, no certificate)", () => {
  it("serves only loopback HTTP apart from the API, and says 404 before any order", async () => {
    expect(fake.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/rp\/v6\.0$/);
    const fresh = await startFakeBankId();
    try {
      expect((await fetch(`${fresh.controlUrl}/orders/latest`)).status).toBe(404);
    } finally {
      await fresh.stop();
    }
  });

  it("shows the newest order and completes it", async () => {
    await bankId.auth({ endUserIp: "192.0.2.10" });
    const order = await bankId.sign({ endUserIp: "192.0.2.11", userVisibleData: "Godkänn" });
    const latest = await control("/orders/latest");
    expect(latest).toMatchObject({
      status: 200,
      body: { orderRef: order.orderRef, kind: "sign", endUserIp: "192.0.2.11", userVisibleData: "Godkänn", status: "pending", hintCode: "outstandingTransaction" },
    });
    expect(latest.body).not.toHaveProperty("qrStartSecret");
    const user = { personalNumber: "200001019801", givenName: "Sara", surname: "Svensson" };
    expect(await control(`/orders/${order.orderRef}`, { status: "complete", user })).toEqual({ status: 200, body: { ok: true } });
    const done = await bankId.collect(order.orderRef);
    expect(done).toMatchObject({ status: "complete", completionData: { user: { ...user, name: "Sara Svensson" }, device: { ipAddress: "192.0.2.11" } } });
    expect((await control(`/orders/${order.orderRef}`)).body).toMatchObject({ status: "complete", gone: true });
    // A finished order cannot be changed again.
    expect((await control(`/orders/${order.orderRef}`, { status: "failed", hintCode: "userCancel" })).status).toBe(404);
  });

  it("sets pending and failed hint codes, and refuses unknown ones", async () => {
    const { orderRef } = await bankId.auth({ endUserIp: "192.0.2.12" });
    expect((await control(`/orders/${orderRef}`, { status: "pending", hintCode: "noClient" })).status).toBe(200);
    expect(await bankId.collect(orderRef)).toMatchObject({ status: "pending", hintCode: "noClient" });
    expect((await control(`/orders/${orderRef}`, { status: "pending", hintCode: "userCancel" })).body).toMatchObject({ ok: false });
    expect((await control(`/orders/${orderRef}`, { status: "failed", hintCode: "bogus" })).status).toBe(400);
    expect((await control(`/orders/${orderRef}`, { status: "complete", user: { personalNumber: "1990" } })).status).toBe(400);
    expect((await control(`/orders/${orderRef}`, "not json")).status).toBe(400);
    expect((await control(`/orders/${orderRef}`, { status: "failed", hintCode: "userCancel" })).status).toBe(200);
    expect(await bankId.collect(orderRef)).toEqual({ orderRef, status: "failed", hintCode: "userCancel" });
    expect((await control("/orders/00000000-0000-4000-8000-000000000000", { status: "failed", hintCode: "userCancel" })).status).toBe(404);
  });

  it("accepts a QR scan only with this order's token, the right HMAC and a current time", async () => {
    const order = await bankId.auth({ endUserIp: "192.0.2.13" });
    const other = await bankId.auth({ endUserIp: "192.0.2.14" });
    const scan = (text: string) => control(`/orders/${order.orderRef}/scan`, { qrData: text });
    expect(await scan(qrData(order.qrStartToken, order.qrStartSecret, 5))).toMatchObject({ status: 400, body: { ok: false, reason: expect.stringMatching(/later/) } });
    expect(await scan(qrData(order.qrStartToken, other.qrStartSecret, 0))).toMatchObject({ status: 400, body: { reason: expect.stringMatching(/qrAuthCode/) } });
    expect(await scan(qrData(other.qrStartToken, other.qrStartSecret, 0))).toMatchObject({ status: 400, body: { reason: expect.stringMatching(/qrStartToken/) } });
    expect(await scan("https://example.com")).toMatchObject({ status: 400 });
    expect((await control(`/orders/${order.orderRef}/scan`, {})).status).toBe(400);
    expect(await scan(qrData(order.qrStartToken, order.qrStartSecret, 0))).toEqual({ status: 200, body: { ok: true } });
    expect((await control(`/orders/${order.orderRef}`)).body).toMatchObject({ status: "pending", hintCode: "started" });
    // Picked up once only.
    expect(await scan(qrData(order.qrStartToken, order.qrStartSecret, 0))).toMatchObject({ status: 400 });
  });

  it("refuses a stale QR code", async () => {
    const lagging = await startFakeBankId(0, 0, { qrMaxLagSeconds: 0 });
    const client = createBankIdClient({ url: lagging.url, ...lagging.clientTls });
    try {
      const order = await client.auth({ endUserIp: "192.0.2.15" });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const age = Math.floor((Date.now() - Date.parse(lagging.order(order.orderRef)!.createdAt)) / 1000);
      expect(age).toBeGreaterThanOrEqual(1);
      expect(lagging.scan(order.orderRef, qrData(order.qrStartToken, order.qrStartSecret, age - 1))).toEqual({ ok: false, reason: "QR code is stale" });
      expect(lagging.scan(order.orderRef, qrData(order.qrStartToken, order.qrStartSecret, age))).toEqual({ ok: true });
    } finally {
      client.close();
      await lagging.stop();
    }
  });

  it("waits for the next order a page starts", async () => {
    const before = fake.latest()?.orderRef ?? null;
    const waiting = fake.waitForOrder(before);
    const order = await bankId.auth({ endUserIp: "192.0.2.19" });
    expect((await waiting).orderRef).toBe(order.orderRef);
    await expect(fake.waitForOrder(order.orderRef, 100)).rejects.toThrow(/no new BankID order/);
  });

  it("starts the same-device path with the order's autoStartToken only", async () => {
    const order = await bankId.auth({ endUserIp: "192.0.2.16" });
    const other = await bankId.auth({ endUserIp: "192.0.2.17" });
    expect((await control(`/orders/${order.orderRef}/autostart`, { autoStartToken: other.autoStartToken })).status).toBe(400);
    expect(await control(`/orders/${order.orderRef}/autostart`, { autoStartToken: order.autoStartToken })).toEqual({ status: 200, body: { ok: true } });
    expect(await bankId.collect(order.orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
  });

  it("injects the next API error over HTTP", async () => {
    expect((await control("/next-error", { status: 200 })).status).toBe(400);
    expect((await control("/next-error", { status: 503, errorCode: "maintenance", details: "Service unavailable" })).status).toBe(200);
    await expect(bankId.auth({ endUserIp: "192.0.2.18" })).rejects.toMatchObject({ errorCode: "maintenance", status: 503 });
    expect((await bankId.auth({ endUserIp: "192.0.2.18" })).orderRef).toBeTruthy();
  });

  it("gives developers a page that plays the user's part", async () => {
    const order = await bankId.auth({ endUserIp: "192.0.2.20", userVisibleData: "<b>Hej</b>" });
    const page = await fetch(`${fake.controlUrl}/`);
    const html = await page.text();
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(html).toContain(order.orderRef);
    expect(html).toContain("&#60;b&#62;Hej&#60;/b&#62;");
    expect(html).not.toContain("<b>Hej</b>");
    const post = (action: string) =>
      fetch(`${fake.controlUrl}/dev/${order.orderRef}`, { method: "POST", body: new URLSearchParams({ action }), redirect: "manual" });
    expect((await post("pickup")).status).toBe(303);
    expect(await bankId.collect(order.orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
    await post("complete");
    expect(await bankId.collect(order.orderRef)).toMatchObject({ status: "complete", completionData: { user: { personalNumber: "199001011239" } } });
  });

  it("answers 404 to anything else", async () => {
    expect((await control("/nope")).status).toBe(404);
    expect((await control("/orders/latest/scan")).status).toBe(404);
    expect((await control("/orders/x/y", {})).status).toBe(404);
  });
});
