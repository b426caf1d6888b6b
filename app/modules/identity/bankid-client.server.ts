/**
 * The BankID relying-party API v6.0 over HTTPS with mutual TLS (docs/decisions/043-bankid-transport-and-fake.md):
 * POST JSON to `{BANKID_URL}/auth|sign|collect|cancel`, our client certificate presented, and only
 * the configured CA trusted for the server's certificate. Error answers become
 * `BankIdError(errorCode, details, status)`; no answer, a time-out or an answer we cannot read
 * becomes errorCode "transport". Node's own https: no dependency (the `bankid` package hard-codes
 * BankID's hosts, so it cannot reach the local fake).
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { z } from "~/lib/zod";
import type { Config } from "~/platform/config.server";
import { BANKID_DEFAULT_TIMEOUT_MS } from "./bankid-constants";
import { config } from "~/platform/config.server";
import {
  BankIdError,
  type BankIdAuthRequest,
  type BankIdCollect,
  type BankIdGateway,
  type BankIdOrder,
  type BankIdSignRequest,
} from "./bankid-gateway.server";

export interface BankIdClientConfig {
  /** The API base, including `/rp/v6.0`. */
  url: string;
  /** The CA that signs BankID's server certificate (PEM); the only one trusted. */
  ca: string | Buffer;
  /** Our client certificate and key (PEM)… */
  cert?: string | Buffer;
  key?: string | Buffer;
  /** …or both in a PKCS#12 file with its passphrase. */
  pfx?: Buffer;
  passphrase?: string;
  /** Per call, connection and answer together. */
  timeoutMs?: number;
}

export interface BankIdClient extends BankIdGateway {
  /** Closes kept-alive connections (tests, shutdown). */
  close(): void;
}

const orderSchema = z.object({
  orderRef: z.string().min(1),
  autoStartToken: z.string().min(1),
  qrStartToken: z.string().min(1),
  qrStartSecret: z.string().min(1),
});

const collectSchema = z.discriminatedUnion("status", [
  z.object({ orderRef: z.string(), status: z.literal("pending"), hintCode: z.string() }),
  z.object({ orderRef: z.string(), status: z.literal("failed"), hintCode: z.string() }),
  z.object({
    orderRef: z.string(),
    status: z.literal("complete"),
    completionData: z.object({
      user: z.object({ personalNumber: z.string(), name: z.string(), givenName: z.string(), surname: z.string() }),
      device: z.object({ ipAddress: z.string(), uhi: z.string().optional() }),
      bankIdIssueDate: z.string(),
      stepUp: z.object({ mrtd: z.boolean() }).optional(),
      signature: z.string(),
      ocspResponse: z.string(),
    }),
  }),
]);

const errorSchema = z.object({ errorCode: z.string().min(1), details: z.string().optional() });

const MAX_ANSWER_BYTES = 1_000_000;

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

export function createBankIdClient(options: BankIdClientConfig): BankIdClient {
  const base = options.url.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? BANKID_DEFAULT_TIMEOUT_MS;
  const agent = new Agent({
    keepAlive: true,
    ca: options.ca,
    ...(options.pfx ? { pfx: options.pfx, passphrase: options.passphrase } : { cert: options.cert, key: options.key }),
    minVersion: "TLSv1.2",
  });

  function call(method: string, body: Record<string, unknown>): Promise<unknown> {
    const payload = Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const transport = (details: string) => reject(new BankIdError("transport", details, 0));
      let req: ReturnType<typeof request>;
      try {
        req = request(`${base}/${method}`, {
          method: "POST",
          agent,
          // Exactly this type: BankID answers 415 to a charset parameter.
          headers: { "content-type": "application/json", "content-length": payload.length, accept: "application/json" },
        });
      } catch (error) {
        return transport(error instanceof Error ? error.message : String(error));
      }
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      req.on("error", (error) => {
        clearTimeout(timer);
        transport(error.message);
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          // BankID's answers are small (a signature is a few kB); anything huge is not BankID.
          if (size > MAX_ANSWER_BYTES) return req.destroy(new Error("the answer is too large"));
          chunks.push(chunk);
        });
        res.on("error", (error) => {
          clearTimeout(timer);
          transport(error.message);
        });
        res.on("end", () => {
          clearTimeout(timer);
          const status = res.statusCode ?? 0;
          let json: unknown;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            json = undefined;
          }
          if (status >= 200 && status < 300) {
            if (json === undefined) return reject(new BankIdError("transport", "the answer is not JSON", status));
            return resolve(json);
          }
          const error = errorSchema.safeParse(json);
          if (error.success) return reject(new BankIdError(error.data.errorCode, error.data.details ?? "", status));
          reject(new BankIdError("transport", `HTTP ${status} without an error code`, status));
        });
      });
      req.end(payload);
    });
  }

  async function parsed<T>(schema: z.ZodType<T>, method: string, body: Record<string, unknown>): Promise<T> {
    const answer = await call(method, body);
    const result = schema.safeParse(answer);
    if (!result.success) throw new BankIdError("transport", `unexpected ${method} answer`, 200);
    return result.data;
  }

  function orderBody(request: BankIdAuthRequest): Record<string, unknown> {
    return {
      endUserIp: request.endUserIp,
      ...(request.userVisibleData !== undefined ? { userVisibleData: base64(request.userVisibleData) } : {}),
      ...(request.userNonVisibleData !== undefined ? { userNonVisibleData: base64(request.userNonVisibleData) } : {}),
    };
  }

  return {
    auth: (request: BankIdAuthRequest): Promise<BankIdOrder> => parsed(orderSchema, "auth", orderBody(request)),
    sign: (request: BankIdSignRequest): Promise<BankIdOrder> => parsed(orderSchema, "sign", orderBody(request)),
    collect: (orderRef: string): Promise<BankIdCollect> => parsed(collectSchema, "collect", { orderRef }) as Promise<BankIdCollect>,
    async cancel(orderRef: string): Promise<void> {
      await call("cancel", { orderRef });
    },
    close: () => agent.destroy(),
  };
}

/** The client for the configured BankID, reading the certificate files; null when BANKID_URL is unset. */
export function bankIdClientFromConfig(cfg: Config): BankIdClient | null {
  if (!cfg.BANKID_URL || !cfg.BANKID_CA) return null;
  const read = (file: string) => readFileSync(file);
  return createBankIdClient({
    url: cfg.BANKID_URL,
    ca: read(cfg.BANKID_CA),
    ...(cfg.BANKID_PFX
      ? { pfx: read(cfg.BANKID_PFX), ...(cfg.BANKID_PASSPHRASE !== undefined ? { passphrase: cfg.BANKID_PASSPHRASE } : {}) }
      : { cert: read(cfg.BANKID_CLIENT_CERT!), key: read(cfg.BANKID_CLIENT_KEY!) }),
    timeoutMs: cfg.BANKID_TIMEOUT_MS,
  });
}

let cached: BankIdClient | null | undefined;

/** @public This process's BankID gateway, or null when BankID is not configured (the feature is off); the identity service's entry. */
export function bankIdGateway(): BankIdGateway | null {
  if (cached === undefined) cached = bankIdClientFromConfig(config());
  return cached;
}
