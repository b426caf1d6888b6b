/**
 * A local stand-in for BankID's relying-party API v6.0 (`BANKID_URL`, which includes `/rp/v6.0`)
 * for tests and offline development (`npm run fakes`). It speaks HTTPS with mutual TLS using
 * certificates generated when it starts (a throwaway CA, a server certificate for
 * 127.0.0.1/localhost and a client certificate: `fake.clientTls`, `fake.writeClientTls(dir)`).
 * docs/decisions/043-bankid-transport-and-fake.md lists which documented behaviours it covers.
 *
 * The API (POST, `Content-Type: application/json` exactly, else 415 `unsupportedMediaType`):
 * - `/rp/v6.0/auth`, `/rp/v6.0/sign` → `{ orderRef, autoStartToken, qrStartToken, qrStartSecret }`;
 *   `endUserIp` required; `userVisibleData` (required for sign) and `userNonVisibleData` base64;
 *   `requirement.personalNumber` while that person has a pending order → 400 `alreadyInProgress`
 *   and the pending order fails with `cancelled`.
 * - `/rp/v6.0/collect` `{ orderRef }` → `pending` (`outstandingTransaction`; after a scan or an
 *   autostart `started`, then `userSign`), `failed` (a hintCode; `expiredTransaction` when nobody
 *   picked the order up within `startWindowMs`, or it was not finished within `orderLifetimeMs`)
 *   or `complete` with `completionData`. A finished order is answered once; after that, and after
 *   `/cancel`, the order is gone: 400 `invalidParameters`.
 * - `/rp/v6.0/cancel` `{ orderRef }` → `{}`; an unknown or finished order → 400 `invalidParameters`.
 * - No client certificate, or one from another CA → 401 `unauthorized`; other paths → 404
 *   `notFound`; other methods → 405 `methodNotAllowed`; bad input → 400 `invalidParameters`.
 *
 * Test control, plain HTTP on another loopback port (`fake.controlUrl`), no certificate needed:
 * - `GET  /orders/latest` → `{ orderRef, endUserIp, kind, userVisibleData, status, hintCode, … }`, 404 when none;
 * - `GET  /orders/{orderRef}` → the same for one order;
 * - `POST /orders/{orderRef}` `{ "status": "pending", "hintCode": "userSign" }` |
 *   `{ "status": "failed", "hintCode": "userCancel" }` |
 *   `{ "status": "complete", "user": { "personalNumber": "YYYYMMDDNNNC", "givenName": "…", "surname": "…" } }`;
 * - `POST /orders/{orderRef}/scan` `{ "qrData": "bankid.<qrStartToken>.<seconds>.<hmac>" }` → `{ ok: true }`
 *   and the order is `started`, or 400 `{ ok: false, reason }`, checked as BankID's app would;
 * - `POST /orders/{orderRef}/autostart` `{ "autoStartToken": "…" }` → the same-device path, likewise;
 * - `POST /next-error` `{ "status": 503, "errorCode": "maintenance", "details": "…", "delayMs": 0 }`
 *   → the next API call answers that (or only waits `delayMs` when no status is given).
 * The same operations exist on the object: `latest()`, `waitForOrder()`, `order()`, `setPending()`,
 * `fail()`, `complete()`, `scan()`, `autostart()`, `injectNext()`. For offline development,
 * `GET /` on the control port is a page listing the latest orders with buttons that play the user.
 */
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { isIP, type AddressInfo } from "node:net";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import type { BankIdCompletionData } from "../../app/modules/identity/bankid-gateway.server";
import { parseQrData, qrAuthCode } from "../../app/modules/identity/bankid-qr";
import { createTestCa, issueCertificate } from "./test-certificates";

const BANKID_API_PATH = "/rp/v6.0";

const PENDING_HINT_CODES = ["outstandingTransaction", "noClient", "started", "userMrtd", "userCallConfirm", "userSign"] as const;
const FAILED_HINT_CODES = [
  "expiredTransaction",
  "certificateErr",
  "userCancel",
  "cancelled",
  "startFailed",
  "userDeclinedCall",
  "notSupportedByUserApp",
  "transactionRiskBlocked",
] as const;

/** Limits of the v6.0 API on the base64 text of each field. */
const LIMITS = { authVisible: 1_500, signVisible: 40_000, nonVisible: 200_000 } as const;

export interface FakeBankIdOptions {
  /** An order nobody picks up (scan or autostart) fails with expiredTransaction after this long. Default 30 s. */
  startWindowMs?: number;
  /** A picked-up order not finished this long after it was created fails with expiredTransaction. Default 180 s. */
  orderLifetimeMs?: number;
  /** How many seconds behind the order's age a scanned QR code may be. Default 10. */
  qrMaxLagSeconds?: number;
}

export interface FakeBankIdUser {
  personalNumber: string;
  givenName: string;
  surname: string;
  name?: string;
  /** YYYY-MM-DD; default a fixed date. */
  bankIdIssueDate?: string;
}

type FakeOrderStatus = "pending" | "failed" | "complete";

export interface FakeBankIdOrderView {
  orderRef: string;
  kind: "auth" | "sign";
  endUserIp: string;
  /** Decoded from base64; null when none was sent. */
  userVisibleData: string | null;
  userNonVisibleData: string | null;
  /** requirement.personalNumber, when the RP sent one. */
  personalNumber: string | null;
  status: FakeOrderStatus;
  hintCode: string | null;
  /** The finished answer has been collected, or the RP cancelled: the API no longer knows the order. */
  gone: boolean;
  cancelledByRp: boolean;
  createdAt: string;
}

export interface ClientTls {
  cert: string;
  key: string;
  /** The CA that signed the fake's server certificate (what the client trusts). */
  ca: string;
}

interface FakeOrder extends Omit<FakeBankIdOrderView, "createdAt"> {
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  createdAt: number;
  pickedUp: boolean;
  collectsSincePickup: number;
  completionData: BankIdCompletionData | null;
}

interface InjectedAnswer {
  status?: number;
  errorCode?: string;
  details?: string;
  delayMs?: number;
  /** Answer exactly this body (with `status`, default 200) instead of BankID's error shape. */
  rawBody?: string;
}

type Result = { ok: true } | { ok: false; reason: string };

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly details: string,
  ) {
    super(errorCode);
  }
}

export class FakeBankId {
  /** `https://127.0.0.1:<port>/rp/v6.0`, what BANKID_URL is set to. */
  url = "";
  controlUrl = "";
  readonly clientTls: ClientTls;
  /** A client certificate from another CA, for tests of refusal. */
  readonly foreignClientTls: ClientTls;
  /** Every API call, oldest first: path and the parsed body. */
  readonly calls: Array<{ path: string; body: unknown }> = [];
  private readonly orders = new Map<string, FakeOrder>();
  private readonly injected: InjectedAnswer[] = [];
  private readonly api: Server;
  private readonly control: Server;
  private readonly startWindowMs: number;
  private readonly orderLifetimeMs: number;
  private readonly qrMaxLagSeconds: number;

  constructor(options: FakeBankIdOptions = {}) {
    this.startWindowMs = options.startWindowMs ?? 30_000;
    this.orderLifetimeMs = options.orderLifetimeMs ?? 180_000;
    this.qrMaxLagSeconds = options.qrMaxLagSeconds ?? 10;
    const ca = createTestCa("Fake BankID test CA");
    const server = issueCertificate(ca, { commonName: "localhost", usage: "server", names: ["127.0.0.1", "localhost"] });
    const client = issueCertificate(ca, { commonName: "Skinhamnen test RP", usage: "client" });
    this.clientTls = { ...client, ca: ca.cert };
    const otherCa = createTestCa("Some other CA");
    this.foreignClientTls = { ...issueCertificate(otherCa, { commonName: "Stranger", usage: "client" }), ca: ca.cert };
    // The client certificate is checked per request, so a refused one gets BankID's 401 answer.
    this.api = createHttpsServer(
      { cert: server.cert, key: server.key, ca: ca.cert, requestCert: true, rejectUnauthorized: false },
      (req, res) => void this.handleApi(req, res),
    );
    this.control = createHttpServer((req, res) => void this.handleControl(req, res));
  }

  async start(port = 0, controlPort = 0): Promise<this> {
    await new Promise<void>((resolve) => this.api.listen(port, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => this.control.listen(controlPort, "127.0.0.1", resolve));
    this.url = `https://127.0.0.1:${(this.api.address() as AddressInfo).port}${BANKID_API_PATH}`;
    this.controlUrl = `http://127.0.0.1:${(this.control.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.api.closeAllConnections();
    this.control.closeAllConnections();
    await Promise.all([
      new Promise<void>((resolve) => this.api.close(() => resolve())),
      new Promise<void>((resolve) => this.control.close(() => resolve())),
    ]);
  }

  /** Writes client.crt, client.key and ca.crt into `dir`; returns their paths (BANKID_CLIENT_CERT, BANKID_CLIENT_KEY, BANKID_CA). */
  writeClientTls(dir: string): { cert: string; key: string; ca: string } {
    mkdirSync(dir, { recursive: true });
    const files = { cert: path.join(dir, "client.crt"), key: path.join(dir, "client.key"), ca: path.join(dir, "ca.crt") };
    writeFileSync(files.cert, this.clientTls.cert);
    writeFileSync(files.key, this.clientTls.key, { mode: 0o600 });
    writeFileSync(files.ca, this.clientTls.ca);
    return files;
  }

  /** The environment that points the app at this fake, with the certificate files written into `dir`. */
  env(dir: string): Record<string, string> {
    const files = this.writeClientTls(dir);
    return { BANKID_URL: this.url, BANKID_CLIENT_CERT: files.cert, BANKID_CLIENT_KEY: files.key, BANKID_CA: files.ca };
  }

  // --- control --------------------------------------------------------------------------------

  latest(): FakeBankIdOrderView | null {
    const newest = [...this.orders.values()].at(-1);
    return newest ? this.view(newest) : null;
  }

  /** Waits for an order newer than `after` (an orderRef, or none: any order); for tests whose page starts it (a loaded machine can take seconds to hydrate the page that does). */
  async waitForOrder(after: string | null = null, timeoutMs = 20_000): Promise<FakeBankIdOrderView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const newest = this.latest();
      if (newest && newest.orderRef !== after) return newest;
      if (Date.now() > deadline) throw new Error(`no new BankID order within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  order(orderRef: string): FakeBankIdOrderView | null {
    const order = this.orders.get(orderRef);
    return order ? this.view(order) : null;
  }

  /** The QR text BankID's app would read at `secondsSinceOrder` (for tests that do not render a page). */
  orderSecrets(orderRef: string): { qrStartToken: string; qrStartSecret: string; autoStartToken: string } | null {
    const order = this.orders.get(orderRef);
    return order ? { qrStartToken: order.qrStartToken, qrStartSecret: order.qrStartSecret, autoStartToken: order.autoStartToken } : null;
  }

  setPending(orderRef: string, hintCode: string): Result {
    if (!(PENDING_HINT_CODES as readonly string[]).includes(hintCode)) return { ok: false, reason: "unknown pending hintCode" };
    const order = this.live(orderRef);
    if ("reason" in order) return order;
    order.hintCode = hintCode;
    if (hintCode !== "outstandingTransaction" && hintCode !== "noClient") order.pickedUp = true;
    return { ok: true };
  }

  fail(orderRef: string, hintCode: string): Result {
    if (!(FAILED_HINT_CODES as readonly string[]).includes(hintCode)) return { ok: false, reason: "unknown failed hintCode" };
    const order = this.live(orderRef);
    if ("reason" in order) return order;
    order.status = "failed";
    order.hintCode = hintCode;
    return { ok: true };
  }

  complete(orderRef: string, user: FakeBankIdUser): Result {
    if (!/^\d{12}$/.test(user.personalNumber)) return { ok: false, reason: "personalNumber must be 12 digits" };
    if (!user.givenName.trim() || !user.surname.trim()) return { ok: false, reason: "givenName and surname are required" };
    if (user.bankIdIssueDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(user.bankIdIssueDate)) {
      return { ok: false, reason: "bankIdIssueDate must be YYYY-MM-DD" };
    }
    const order = this.live(orderRef);
    if ("reason" in order) return order;
    if (order.personalNumber && order.personalNumber !== user.personalNumber) {
      return { ok: false, reason: "the order requires another personalNumber" };
    }
    const name = user.name ?? `${user.givenName} ${user.surname}`;
    order.status = "complete";
    order.hintCode = null;
    order.completionData = {
      user: { personalNumber: user.personalNumber, name, givenName: user.givenName, surname: user.surname },
      device: { ipAddress: order.endUserIp, uhi: randomBytes(18).toString("base64url") },
      bankIdIssueDate: user.bankIdIssueDate ?? "2024-01-15",
      signature: Buffer.from(fakeSignatureXml(order, user.personalNumber, name)).toString("base64"),
      ocspResponse: randomBytes(96).toString("base64"),
    };
    return { ok: true };
  }

  /** BankID's app reading the QR code: token, HMAC and time must fit this order. */
  scan(orderRef: string, qrData: string): Result {
    const order = this.live(orderRef);
    if ("reason" in order) return order;
    const parsed = parseQrData(qrData);
    if (!parsed) return { ok: false, reason: "not BankID QR data" };
    if (parsed.qrStartToken !== order.qrStartToken) return { ok: false, reason: "qrStartToken does not belong to this order" };
    const age = (Date.now() - order.createdAt) / 1000;
    if (parsed.seconds > Math.ceil(age)) return { ok: false, reason: "time is later than the order's age" };
    if (parsed.seconds < Math.floor(age) - this.qrMaxLagSeconds) return { ok: false, reason: "QR code is stale" };
    if (!equalText(parsed.qrAuthCode, qrAuthCode(order.qrStartSecret, parsed.seconds))) return { ok: false, reason: "qrAuthCode does not match" };
    return this.pickUp(order);
  }

  /** The same-device path: the app started with the order's autoStartToken. */
  autostart(orderRef: string, autoStartToken: string): Result {
    const order = this.live(orderRef);
    if ("reason" in order) return order;
    if (!equalText(autoStartToken, order.autoStartToken)) return { ok: false, reason: "autoStartToken does not belong to this order" };
    return this.pickUp(order);
  }

  /** The next API call answers this error (or, with only delayMs, waits first). */
  injectNext(answer: InjectedAnswer): void {
    this.injected.push(answer);
  }

  private pickUp(order: FakeOrder): Result {
    if (order.pickedUp) return { ok: false, reason: "the order was already picked up" };
    order.pickedUp = true;
    order.hintCode = "started";
    order.collectsSincePickup = 0;
    return { ok: true };
  }

  /** A pending order the API still knows, with its expiry applied. */
  private live(orderRef: string): FakeOrder | { ok: false; reason: string } {
    const order = this.orders.get(orderRef);
    if (!order || order.gone) return { ok: false, reason: "no such order" };
    this.applyExpiry(order);
    if (order.status !== "pending") return { ok: false, reason: `the order is already ${order.status}` };
    return order;
  }

  private applyExpiry(order: FakeOrder): void {
    if (order.status !== "pending") return;
    const age = Date.now() - order.createdAt;
    if ((!order.pickedUp && age >= this.startWindowMs) || age >= this.orderLifetimeMs) {
      order.status = "failed";
      order.hintCode = "expiredTransaction";
    }
  }

  private view(order: FakeOrder): FakeBankIdOrderView {
    this.applyExpiry(order);
    const { autoStartToken: _a, qrStartToken: _q, qrStartSecret: _s, pickedUp: _p, collectsSincePickup: _c, completionData: _d, ...view } = order;
    return { ...view, createdAt: new Date(order.createdAt).toISOString() };
  }

  // --- the API --------------------------------------------------------------------------------

  private async handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    try {
      if (!(req.socket as TLSSocket).authorized) {
        throw new ApiError(401, "unauthorized", "A client certificate issued to this RP is required.");
      }
      const injected = this.injected.shift();
      if (injected?.delayMs) await new Promise((resolve) => setTimeout(resolve, injected.delayMs));
      if (injected?.rawBody !== undefined) {
        res.writeHead(injected.status ?? 200, { "content-type": "application/json" }).end(injected.rawBody);
        return;
      }
      if (injected?.status) throw new ApiError(injected.status, injected.errorCode ?? "internalError", injected.details ?? "");
      const url = new URL(req.url ?? "/", "https://127.0.0.1");
      const method = url.pathname.startsWith(`${BANKID_API_PATH}/`) ? url.pathname.slice(BANKID_API_PATH.length + 1) : "";
      if (!["auth", "sign", "collect", "cancel"].includes(method)) throw new ApiError(404, "notFound", "No such method.");
      if (req.method !== "POST") throw new ApiError(405, "methodNotAllowed", "Only POST is allowed.");
      if (req.headers["content-type"] !== "application/json") {
        throw new ApiError(415, "unsupportedMediaType", "Content-Type must be application/json, without parameters.");
      }
      const body = await readJsonObject(req);
      this.calls.push({ path: method, body });
      switch (method) {
        case "auth":
        case "sign":
          return send(200, this.createOrder(method, body));
        case "collect":
          return send(200, this.collect(body));
        default:
          this.cancel(body);
          return send(200, {});
      }
    } catch (error) {
      if (error instanceof ApiError) return send(error.status, { errorCode: error.errorCode, details: error.details });
      send(500, { errorCode: "internalError", details: "Internal error." });
    }
  }

  private createOrder(kind: "auth" | "sign", body: Record<string, unknown>) {
    const endUserIp = body.endUserIp;
    if (typeof endUserIp !== "string" || isIP(endUserIp) === 0) throw invalid("Invalid endUserIp.");
    const userVisibleData = optionalBase64(body.userVisibleData, "userVisibleData", kind === "auth" ? LIMITS.authVisible : LIMITS.signVisible);
    if (kind === "sign" && userVisibleData === null) throw invalid("Missing userVisibleData.");
    const userNonVisibleData = optionalBase64(body.userNonVisibleData, "userNonVisibleData", LIMITS.nonVisible);
    if (body.userVisibleDataFormat !== undefined && body.userVisibleDataFormat !== "simpleMarkdownV1") {
      throw invalid("Invalid userVisibleDataFormat.");
    }
    let personalNumber: string | null = null;
    if (body.requirement !== undefined) {
      if (!isObject(body.requirement)) throw invalid("Invalid requirement.");
      const wanted = body.requirement.personalNumber;
      if (wanted !== undefined) {
        if (typeof wanted !== "string" || !/^\d{12}$/.test(wanted)) throw invalid("Invalid personalNumber.");
        personalNumber = wanted;
      }
    }
    if (personalNumber) {
      const running = [...this.orders.values()].find((order) => {
        this.applyExpiry(order);
        return !order.gone && order.status === "pending" && order.personalNumber === personalNumber;
      });
      if (running) {
        // The documented outcome: no new order, and the one in progress is cancelled.
        running.status = "failed";
        running.hintCode = "cancelled";
        throw new ApiError(400, "alreadyInProgress", "Order already in progress for pno.");
      }
    }
    const order: FakeOrder = {
      orderRef: randomUUID(),
      kind,
      endUserIp,
      userVisibleData,
      userNonVisibleData,
      personalNumber,
      autoStartToken: randomUUID(),
      qrStartToken: randomUUID(),
      qrStartSecret: randomUUID(),
      createdAt: Date.now(),
      pickedUp: false,
      collectsSincePickup: 0,
      status: "pending",
      hintCode: "outstandingTransaction",
      completionData: null,
      gone: false,
      cancelledByRp: false,
    };
    this.orders.set(order.orderRef, order);
    return { orderRef: order.orderRef, autoStartToken: order.autoStartToken, qrStartToken: order.qrStartToken, qrStartSecret: order.qrStartSecret };
  }

  private known(body: Record<string, unknown>): FakeOrder {
    const orderRef = body.orderRef;
    if (typeof orderRef !== "string" || !orderRef) throw invalid("Missing orderRef.");
    const order = this.orders.get(orderRef);
    if (!order || order.gone) throw invalid("No such order.");
    return order;
  }

  private collect(body: Record<string, unknown>) {
    const order = this.known(body);
    this.applyExpiry(order);
    if (order.status === "pending") {
      if (order.pickedUp && order.hintCode === "started" && order.collectsSincePickup++ > 0) order.hintCode = "userSign";
      return { orderRef: order.orderRef, status: "pending", hintCode: order.hintCode };
    }
    // A finished order is answered once; then BankID no longer knows it.
    order.gone = true;
    if (order.status === "failed") return { orderRef: order.orderRef, status: "failed", hintCode: order.hintCode };
    return { orderRef: order.orderRef, status: "complete", completionData: order.completionData };
  }

  private cancel(body: Record<string, unknown>): void {
    const order = this.known(body);
    this.applyExpiry(order);
    if (order.status === "pending") {
      order.status = "failed";
      order.hintCode = "cancelled";
    }
    order.cancelledByRp = true;
    order.gone = true;
  }

  // --- the control port -----------------------------------------------------------------------

  /** `GET /` for offline development: the latest orders, each with buttons playing the user's part. */
  private developerPage(): string {
    const rows = [...this.orders.values()]
      .slice(-10)
      .reverse()
      .map((order) => {
        const view = this.view(order);
        const actions =
          view.status === "pending" && !view.gone
            ? [
                ["pickup", "Öppna i appen (started)"],
                ["complete", "Slutför som testperson"],
                ["userCancel", "Avbryt (userCancel)"],
                ["expiredTransaction", "Låt gå ut (expiredTransaction)"],
              ]
                .map(([action, label]) => `<button name="action" value="${action}">${label}</button>`)
                .join(" ")
            : "";
        return `<tr><td><code>${escapeXml(view.orderRef)}</code></td><td>${view.kind}</td><td>${escapeXml(view.endUserIp)}</td>
<td>${escapeXml(view.userVisibleData ?? "")}</td><td>${view.status}${view.hintCode ? ` / ${view.hintCode}` : ""}${view.gone ? " (hämtad)" : ""}</td>
<td><form method="post" action="/dev/${encodeURIComponent(view.orderRef)}">${actions}</form></td></tr>`;
      })
      .join("\n");
    return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fejk-BankID</title>
<style>body{font:14px system-ui;margin:1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.4rem;text-align:left}</style></head>
<body><main><h1>Fejk-BankID: ordrar</h1><p>API: <code>${escapeXml(this.url)}</code>. Testpersonen är ${DEVELOPER_USER.givenName} ${DEVELOPER_USER.surname}
(${DEVELOPER_USER.personalNumber}). <a href="/">Ladda om</a></p>
<div style="overflow-x:auto"><table><tr><th>orderRef</th><th>typ</th><th>endUserIp</th><th>text</th><th>status</th><th></th></tr>${rows || '<tr><td colspan="6">Inga ordrar än.</td></tr>'}</table></div></main></body></html>`;
  }

  private async developerAction(req: IncomingMessage, res: ServerResponse, orderRef: string): Promise<void> {
    let raw = "";
    for await (const chunk of req) {
      raw += String(chunk);
      if (raw.length > 1_000) break;
    }
    const action = new URLSearchParams(raw).get("action");
    const order = this.orders.get(orderRef);
    if (order && action === "pickup") this.autostart(orderRef, order.autoStartToken);
    else if (action === "complete") this.complete(orderRef, DEVELOPER_USER);
    else if (action === "userCancel" || action === "expiredTransaction") this.fail(orderRef, action);
    res.writeHead(303, { location: "/" }).end();
  }

  private async handleControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const parts = url.pathname.split("/").filter(Boolean);
    if (req.method === "GET" && parts[0] === "orders" && parts.length === 2) {
      const view = parts[1] === "latest" ? this.latest() : this.order(parts[1]!);
      return view ? send(200, view) : send(404, { error: "no such order" });
    }
    if (req.method === "GET" && parts.length === 0) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(this.developerPage());
      return;
    }
    if (req.method === "POST" && parts[0] === "dev" && parts.length === 2) return this.developerAction(req, res, parts[1]!);
    if (req.method !== "POST") return send(404, { error: "not found" });
    let body: Record<string, unknown>;
    try {
      body = await readJsonObject(req);
    } catch {
      return send(400, { ok: false, reason: "a JSON object is expected" });
    }
    if (parts[0] === "next-error" && parts.length === 1) {
      const status = body.status;
      if (status !== undefined && (typeof status !== "number" || status < 400 || status > 599)) {
        return send(400, { ok: false, reason: "status must be 400-599" });
      }
      this.injectNext({
        ...(typeof status === "number" ? { status } : {}),
        ...(typeof body.errorCode === "string" ? { errorCode: body.errorCode } : {}),
        ...(typeof body.details === "string" ? { details: body.details } : {}),
        ...(typeof body.delayMs === "number" ? { delayMs: Math.min(Math.max(body.delayMs, 0), 60_000) } : {}),
      });
      return send(200, { ok: true });
    }
    if (parts[0] !== "orders" || parts.length < 2 || parts.length > 3) return send(404, { error: "not found" });
    const orderRef = parts[1]!;
    let result: Result;
    if (parts[2] === "scan") {
      result = typeof body.qrData === "string" ? this.scan(orderRef, body.qrData) : { ok: false, reason: "qrData is required" };
    } else if (parts[2] === "autostart") {
      result =
        typeof body.autoStartToken === "string" ? this.autostart(orderRef, body.autoStartToken) : { ok: false, reason: "autoStartToken is required" };
    } else if (parts.length === 3) {
      return send(404, { error: "not found" });
    } else if (body.status === "pending" && typeof body.hintCode === "string") {
      result = this.setPending(orderRef, body.hintCode);
    } else if (body.status === "failed" && typeof body.hintCode === "string") {
      result = this.fail(orderRef, body.hintCode);
    } else if (body.status === "complete" && isObject(body.user)) {
      const user = body.user;
      result =
        typeof user.personalNumber === "string" && typeof user.givenName === "string" && typeof user.surname === "string"
          ? this.complete(orderRef, {
              personalNumber: user.personalNumber,
              givenName: user.givenName,
              surname: user.surname,
              ...(typeof user.name === "string" ? { name: user.name } : {}),
              ...(typeof user.bankIdIssueDate === "string" ? { bankIdIssueDate: user.bankIdIssueDate } : {}),
            })
          : { ok: false, reason: "user needs personalNumber, givenName and surname" };
    } else {
      result = { ok: false, reason: 'expected {"status":"pending"|"failed","hintCode":…} or {"status":"complete","user":{…}}' };
    }
    if (!result.ok && result.reason === "no such order") return send(404, result);
    send(result.ok ? 200 : 400, result);
  }
}

/** Starts a fake BankID on 127.0.0.1 (port 0: any free port). */
export function startFakeBankId(port = 0, controlPort = 0, options: FakeBankIdOptions = {}): Promise<FakeBankId> {
  return new FakeBankId(options).start(port, controlPort);
}

/** The person the developer page answers as (a test personnummer, over 18). */
const DEVELOPER_USER: FakeBankIdUser = { personalNumber: "199001011239", givenName: "Anna", surname: "Andersson" };

function invalid(details: string): ApiError {
  return new ApiError(400, "invalidParameters", details);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Decodes a base64 field; throws invalidParameters when it is not strict base64 of UTF-8 text or too long. */
function optionalBase64(value: unknown, field: string, maxLength: number): string | null {
  if (value === undefined) return null;
  if (typeof value !== "string" || value.length === 0 || value.length > maxLength || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
    throw invalid(`Invalid ${field}.`);
  }
  const bytes = Buffer.from(value, "base64");
  if (bytes.toString("base64") !== value) throw invalid(`Invalid ${field}.`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalid(`Invalid ${field}.`);
  }
}

async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = "";
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > 512_000) throw invalid("Request too large.");
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid("Invalid JSON.");
  }
  if (!isObject(value)) throw invalid("A JSON object is expected.");
  return value;
}

/** A stand-in for the signed XML BankID returns: the shape of the real thing, no real signature. */
function fakeSignatureXml(order: FakeOrder, personalNumber: string, name: string): string {
  const visible = order.userVisibleData === null ? "" : Buffer.from(order.userVisibleData).toString("base64");
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/><SignatureValue>FAKE</SignatureValue>',
    `<Object><bankIdSignedData xmlns="http://www.bankid.com/signature/v1.0.0/types" Id="bidSignedData">`,
    `<usrVisibleData>${visible}</usrVisibleData><srvInfo><nonce>${randomBytes(16).toString("base64")}</nonce></srvInfo>`,
    `<clientInfo><funcId>${order.kind === "auth" ? "Identification" : "Signing"}</funcId></clientInfo>`,
    `<env><ai><type>FAKE</type><deviceInfo>${order.endUserIp}</deviceInfo></ai></env>`,
    `<subject personalNumber="${personalNumber}" name="${escapeXml(name)}"/>`,
    "</bankIdSignedData></Object></Signature>",
  ].join("");
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
