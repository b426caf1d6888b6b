/**
 * A local Swish payouts API (Swish Utbetalning) following its public description, for tests and
 * offline development (docs/decisions/051-swish-payouts.md):
 *
 * - HTTPS with mutual TLS: a client without a certificate from the fake's CA is refused in the
 *   handshake (`clientTls` is what our adapter is configured with);
 * - `POST /api/v1/payouts/` takes `{ payload, callbackUrl, signature }`, checks the signature
 *   (SHA-512, Base64) against the configured signing certificate and its serial number, checks
 *   the fields, answers 201 with a Location, or 422 with `[{ errorCode, errorMessage }]`; a
 *   repeated `payoutInstructionUUID` is answered 409 (RP06) and creates nothing;
 * - `GET /api/v1/payouts/{payoutInstructionUUID}`: the status (CREATED, DEBITED, PAID, ERROR);
 * - callbacks, asynchronously: CREATED → DEBITED → PAID, or ERROR with a code chosen per payee
 *   number through the control API (`POST /outcomes { payeeAlias, errorCode }`);
 * - control API on plain loopback HTTP: `GET /payouts`, `POST /outcomes`, `POST /reset`, and
 *   `POST /hold { ms }`, which keeps each create's answer back that long after the payout exists
 *   (the moment between "Swish said yes" and our write, for crash tests).
 */
import { X509Certificate } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import {
  SWISH_PAYOUT_ERRORS,
  verifySwishPayloadSignature,
  type SwishPayoutPayload,
  type SwishPayoutStatus,
} from "../../app/modules/selling/swish-payouts";
import { createTestCa, issueCertificate, type TestKeyPair } from "./test-certificates";

const SWISH_PAYOUTS_PATH = "/api/v1/payouts";

export interface FakeSwishPayoutsOptions {
  /** Milliseconds between the steps CREATED → DEBITED → PAID/ERROR (default 30). */
  stepMs?: number;
  /** Our payer alias (the Swish number on the payout agreement). */
  payerAlias?: string;
}

export interface FakeSwishPayout extends SwishPayoutPayload {
  callbackUrl: string;
  status: SwishPayoutStatus;
  dateCreated: string;
  datePaid: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** Callbacks delivered (or tried), in order. */
  callbacks: SwishPayoutStatus[];
}

export interface SwishClientTls {
  cert: string;
  key: string;
  ca: string;
}

type ApiError = { status: number; errorCode: string; errorMessage: string };

const MAX_BODY = 64 * 1024;

export class FakeSwishPayouts {
  /** `https://127.0.0.1:<port>`, what SWISH_PAYOUTS_URL is set to. */
  url = "";
  controlUrl = "";
  readonly clientTls: SwishClientTls;
  /** The signing certificate (PEM), its key and serial number: what our adapter signs with. */
  readonly signing: TestKeyPair & { serialNumber: string };
  readonly payerAlias: string;
  readonly payouts = new Map<string, FakeSwishPayout>();
  private readonly outcomes = new Map<string, string>();
  /** The payoutInstructionUUID of every create call received, duplicates and refusals included. */
  readonly createCalls: string[] = [];
  /** How long each create's answer is held back after the payout exists. */
  holdAnswersMs = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stepMs: number;
  private readonly api: Server;
  private readonly control: Server;

  constructor(options: FakeSwishPayoutsOptions = {}) {
    this.stepMs = options.stepMs ?? 30;
    this.payerAlias = options.payerAlias ?? "1231234567";
    const ca = createTestCa("Fake Swish test CA");
    const server = issueCertificate(ca, { commonName: "localhost", usage: "server", names: ["127.0.0.1", "localhost"] });
    const client = issueCertificate(ca, { commonName: "Skinhamnen Swish client", usage: "client" });
    this.clientTls = { ...client, ca: ca.cert };
    const signing = issueCertificate(ca, { commonName: "Skinhamnen Swish signing", usage: "client" });
    this.signing = { ...signing, serialNumber: new X509Certificate(signing.cert).serialNumber };
    this.api = createHttpsServer(
      { cert: server.cert, key: server.key, ca: ca.cert, requestCert: true, rejectUnauthorized: true, minVersion: "TLSv1.2" },
      (req, res) => void this.handleApi(req, res),
    );
    this.control = createHttpServer((req, res) => void this.handleControl(req, res));
  }

  async start(port = 0, controlPort = 0): Promise<this> {
    await listen(this.api, port);
    await listen(this.control, controlPort);
    this.url = `https://127.0.0.1:${(this.api.address() as AddressInfo).port}`;
    this.controlUrl = `http://127.0.0.1:${(this.control.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.api.closeAllConnections();
    this.control.closeAllConnections();
    await Promise.all([close(this.api), close(this.control)]);
  }

  /** The environment that points the app at this fake, with the certificate and signing key files written into `dir`. */
  env(dir: string): Record<string, string> {
    mkdirSync(dir, { recursive: true });
    const file = (name: string, text: string, secret = false) => {
      const full = path.join(dir, name);
      writeFileSync(full, text, secret ? { mode: 0o600 } : {});
      return full;
    };
    return {
      SWISH_PAYOUTS_URL: this.url,
      SWISH_CLIENT_CERT: file("client.crt", this.clientTls.cert),
      SWISH_CLIENT_KEY: file("client.key", this.clientTls.key, true),
      SWISH_CA: file("ca.crt", this.clientTls.ca),
      SWISH_SIGNING_KEY: file("signing.key", this.signing.key, true),
      SWISH_SIGNING_SERIAL: this.signing.serialNumber,
      SWISH_PAYER_ALIAS: this.payerAlias,
    };
  }

  /** Payouts to `payeeAlias` end in ERROR with `errorCode` (null: PAID again). */
  setOutcome(payeeAlias: string, errorCode: string | null): void {
    if (errorCode) this.outcomes.set(payeeAlias, errorCode);
    else this.outcomes.delete(payeeAlias);
  }

  /** What `GET /api/v1/payouts/{id}` and the callbacks carry. */
  view(payout: FakeSwishPayout): Record<string, unknown> {
    const { callbacks: _callbacks, signingCertificateSerialNumber: _serial, ...rest } = payout;
    return { ...rest, additionalInformation: null };
  }

  private async handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const socket = req.socket as TLSSocket;
    if (!socket.authorized) return json(res, 401, [{ errorCode: "", errorMessage: "Client certificate required." }]);
    const url = new URL(req.url ?? "/", "https://127.0.0.1");
    try {
      if (req.method === "POST" && (url.pathname === SWISH_PAYOUTS_PATH || url.pathname === `${SWISH_PAYOUTS_PATH}/`)) {
        const body = await readJson(req);
        const payload = isObject(body) && isObject(body.payload) ? body.payload : {};
        this.createCalls.push(typeof payload.payoutInstructionUUID === "string" ? payload.payoutInstructionUUID : "");
        const payout = this.create(body);
        if (this.holdAnswersMs > 0) await new Promise((resolve) => setTimeout(resolve, this.holdAnswersMs));
        res.setHeader("location", `${this.url}${SWISH_PAYOUTS_PATH}/${payout.payoutInstructionUUID}`);
        res.writeHead(201).end();
        return;
      }
      const match = /^\/api\/v1\/payouts\/([0-9A-Fa-f]{32})$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const payout = this.payouts.get(match[1]!);
        if (!payout) return json(res, 404, [{ errorCode: "RP04", errorMessage: "No payout found for this id." }]);
        return json(res, 200, this.view(payout));
      }
      json(res, 404, [{ errorCode: "", errorMessage: "Not found." }]);
    } catch (error) {
      const api = error as Partial<ApiError>;
      if (typeof api.status === "number") return json(res, api.status, [{ errorCode: api.errorCode, errorMessage: api.errorMessage }]);
      json(res, 500, [{ errorCode: "", errorMessage: "Internal error." }]);
    }
  }

  private create(body: unknown): FakeSwishPayout {
    if (!isObject(body) || !isObject(body.payload)) throw fail(400, "PA01", "payload is missing.");
    if (typeof body.signature !== "string" || body.signature.length === 0) throw fail(422, "PA01", "signature is missing.");
    const payload = body.payload;
    // The signature covers the payload exactly as sent; we get it back by serialising the parsed
    // object in the received key order, which JSON.parse keeps.
    if (!verifySwishPayloadSignature(JSON.stringify(payload), body.signature, this.signing.cert)) {
      throw fail(422, "PA01", "The signature does not match the payload and the signing certificate.");
    }
    if (payload.signingCertificateSerialNumber !== this.signing.serialNumber) throw fail(422, "PA01", "Unknown signing certificate serial number.");
    const uuid = payload.payoutInstructionUUID;
    if (typeof uuid !== "string" || !/^[0-9A-F]{32}$/.test(uuid)) throw fail(422, "PA01", "payoutInstructionUUID must be 32 upper-case hex characters.");
    if (this.payouts.has(uuid)) throw fail(409, "RP06", "A payout with this payoutInstructionUUID already exists.");
    if (typeof body.callbackUrl !== "string" || !callbackAllowed(body.callbackUrl)) throw fail(422, "RP03", "callbackUrl is missing or not HTTPS.");
    if (payload.payerAlias !== this.payerAlias) throw fail(422, "RP01", "payerAlias is missing or not ours.");
    if (typeof payload.payerPaymentReference !== "string" || !/^[A-Za-z0-9]{1,35}$/.test(payload.payerPaymentReference)) {
      throw fail(422, "FF08", "payerPaymentReference is invalid.");
    }
    if (typeof payload.payeeAlias !== "string" || !/^467\d{8}$/.test(payload.payeeAlias)) throw fail(422, "BE18", "payeeAlias is invalid.");
    if (typeof payload.payeeSSN !== "string" || !/^(19|20)\d{10}$/.test(payload.payeeSSN)) throw fail(422, "PA01", "payeeSSN is invalid.");
    if (payload.currency !== "SEK") throw fail(422, "AM03", "Currency must be SEK.");
    if (typeof payload.amount !== "string" || !/^\d{1,10}\.\d{2}$/.test(payload.amount) || Number(payload.amount) < 1) {
      throw fail(422, "PA02", "amount is invalid.");
    }
    if (payload.payoutType !== "PAYOUT") throw fail(422, "PA01", "payoutType must be PAYOUT.");
    if (typeof payload.message !== "string" || payload.message.length > 50) throw fail(422, "RP02", "message is too long.");
    if (typeof payload.instructionDate !== "string" || Number.isNaN(Date.parse(payload.instructionDate))) throw fail(422, "PA01", "instructionDate is invalid.");
    const payout: FakeSwishPayout = {
      ...(payload as unknown as SwishPayoutPayload),
      callbackUrl: body.callbackUrl,
      status: "CREATED",
      dateCreated: new Date().toISOString(),
      datePaid: null,
      errorCode: null,
      errorMessage: null,
      callbacks: [],
    };
    this.payouts.set(uuid, payout);
    this.schedule(payout);
    return payout;
  }

  private schedule(payout: FakeSwishPayout): void {
    const errorCode = this.outcomes.get(payout.payeeAlias) ?? null;
    const steps: SwishPayoutStatus[] = errorCode ? ["CREATED", "ERROR"] : ["CREATED", "DEBITED", "PAID"];
    steps.forEach((status, index) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        payout.status = status;
        if (status === "ERROR") {
          payout.errorCode = errorCode;
          payout.errorMessage = errorCode && Object.hasOwn(SWISH_PAYOUT_ERRORS, errorCode) ? errorCode : "Unknown error";
        }
        if (status === "PAID") payout.datePaid = new Date().toISOString();
        void this.callBack(payout);
      }, this.stepMs * (index + 1));
      this.timers.add(timer);
    });
  }

  private async callBack(payout: FakeSwishPayout): Promise<void> {
    payout.callbacks.push(payout.status);
    try {
      await fetch(payout.callbackUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(this.view(payout)),
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      // Swish does not promise delivery; our side reconciles by reading the status.
    }
  }

  private async handleControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    try {
      if (req.method === "GET" && url.pathname === "/payouts") return json(res, 200, [...this.payouts.values()]);
      if (req.method === "POST" && url.pathname === "/outcomes") {
        const body = await readJson(req);
        if (!isObject(body) || typeof body.payeeAlias !== "string") return json(res, 400, { error: "payeeAlias is required" });
        this.setOutcome(body.payeeAlias, typeof body.errorCode === "string" ? body.errorCode : null);
        return json(res, 200, { ok: true });
      }
      if (req.method === "POST" && url.pathname === "/hold") {
        const body = await readJson(req);
        this.holdAnswersMs = isObject(body) && typeof body.ms === "number" && body.ms >= 0 ? body.ms : 0;
        return json(res, 200, { ok: true });
      }
      if (req.method === "POST" && url.pathname === "/reset") {
        this.payouts.clear();
        this.outcomes.clear();
        this.createCalls.length = 0;
        this.holdAnswersMs = 0;
        return json(res, 200, { ok: true });
      }
      json(res, 404, { error: "not found" });
    } catch {
      json(res, 400, { error: "invalid request" });
    }
  }
}

/** Starts a fake Swish payouts API on 127.0.0.1 (port 0: any free port). */
export function startFakeSwishPayouts(port = 0, controlPort = 0, options: FakeSwishPayoutsOptions = {}): Promise<FakeSwishPayouts> {
  return new FakeSwishPayouts(options).start(port, controlPort);
}

/** Swish calls back over HTTPS only; the fake also allows plain HTTP to loopback for local servers. */
function callbackAllowed(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost"));
  } catch {
    return false;
  }
}

function fail(status: number, errorCode: string, errorMessage: string): ApiError {
  return { status, errorCode, errorMessage };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let raw = "";
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > MAX_BODY) throw fail(413, "PA01", "Request too large.");
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw fail(400, "PA01", "Body is not JSON.");
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
