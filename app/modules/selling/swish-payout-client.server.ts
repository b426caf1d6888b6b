/**
 * The Swish payouts API client (docs/decisions/051-swish-payouts.md): mutual TLS with our
 * communication certificate, every instruction signed with the signing certificate, and a status
 * read by `payoutInstructionUUID` for reconciliation and for checking a callback before it is
 * trusted. `create` with an id Swish already has is answered 409 and never pays twice; the
 * caller then reads the status.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { config, type Config } from "~/platform/config.server";
import { SWISH_PAYOUT_CALLBACK_PATH } from "./selling-constants";
import { z } from "~/lib/zod";
import {
  payloadText,
  signSwishPayload,
  SWISH_PAYOUT_STATUSES,
  swishAmount,
  type SwishPayoutPayload,
} from "./swish-payouts";

export interface SwishPayoutClientConfig {
  /** Base URL, e.g. https://cpc.getswish.net/swish-cpcapi (no trailing /api/v1). */
  url: string;
  cert: string;
  key: string;
  /** The CA that signed Swish's server certificate. */
  ca: string;
  signingKey: string;
  signingCertificateSerialNumber: string;
  payerAlias: string;
  callbackUrl: string;
  timeoutMs?: number;
}

export interface SwishPayoutInstruction {
  payoutInstructionUUID: string;
  /** Our reference (the order id without dashes, at most 35 characters). */
  reference: string;
  payeeAlias: string;
  payeeSSN: string;
  amountOre: number;
  message: string;
  instructionDate: Date;
}

export type SwishCreateAnswer = { kind: "created" } | { kind: "duplicate" } | { kind: "rejected"; errorCode: string; errorMessage: string };

const statusSchema = z.object({
  payoutInstructionUUID: z.string(),
  status: z.enum(SWISH_PAYOUT_STATUSES),
  amount: z.string().optional(),
  payeeAlias: z.string().optional(),
  errorCode: z.string().nullable().optional(),
  errorMessage: z.string().nullable().optional(),
  datePaid: z.string().nullable().optional(),
});
export type SwishPayoutStatusView = z.infer<typeof statusSchema>;

const errorsSchema = z.array(z.object({ errorCode: z.string().nullable().optional(), errorMessage: z.string().nullable().optional() }));

class SwishTransportError extends Error {}

export interface SwishPayoutClient {
  create(instruction: SwishPayoutInstruction): Promise<SwishCreateAnswer>;
  /** The payout's status, or null when Swish does not know the id (it was never created). */
  status(payoutInstructionUUID: string): Promise<SwishPayoutStatusView | null>;
  close(): void;
}

export function createSwishPayoutClient(config: SwishPayoutClientConfig): SwishPayoutClient {
  const base = config.url.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 10_000;
  const agent = new Agent({ keepAlive: true, cert: config.cert, key: config.key, ca: config.ca, minVersion: "TLSv1.2" });

  function call(method: "GET" | "POST", path: string, body?: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, {
        method,
        agent,
        headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      req.on("error", (error) => {
        clearTimeout(timer);
        reject(new SwishTransportError(error.message));
      });
      req.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
          if (text.length > 100_000) req.destroy(new Error("the answer is too large"));
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text });
        });
      });
      req.end(body);
    });
  }

  return {
    async create(instruction) {
      const payload: SwishPayoutPayload = {
        payoutInstructionUUID: instruction.payoutInstructionUUID,
        payerPaymentReference: instruction.reference,
        payerAlias: config.payerAlias,
        payeeAlias: instruction.payeeAlias,
        payeeSSN: instruction.payeeSSN,
        amount: swishAmount(instruction.amountOre),
        currency: "SEK",
        payoutType: "PAYOUT",
        message: instruction.message.slice(0, 50),
        instructionDate: instruction.instructionDate.toISOString(),
        signingCertificateSerialNumber: config.signingCertificateSerialNumber,
      };
      const text = payloadText(payload);
      const signature = signSwishPayload(text, config.signingKey);
      // The envelope is written by hand so the payload inside is byte for byte the signed text.
      const body = `{"payload":${text},"callbackUrl":${JSON.stringify(config.callbackUrl)},"signature":${JSON.stringify(signature)}}`;
      const answer = await call("POST", "/api/v1/payouts/", body);
      if (answer.status === 201) return { kind: "created" };
      if (answer.status === 409) return { kind: "duplicate" };
      if (answer.status >= 500 || answer.status === 0) throw new SwishTransportError(`Swish answered ${answer.status}`);
      const parsed = errorsSchema.safeParse(safeJson(answer.text));
      const first = parsed.success ? parsed.data[0] : undefined;
      return { kind: "rejected", errorCode: first?.errorCode || `HTTP${answer.status}`, errorMessage: first?.errorMessage ?? "" };
    },
    async status(payoutInstructionUUID) {
      if (!/^[0-9A-F]{32}$/.test(payoutInstructionUUID)) throw new Error("not a payoutInstructionUUID");
      const answer = await call("GET", `/api/v1/payouts/${payoutInstructionUUID}`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw new SwishTransportError(`Swish answered ${answer.status}`);
      const parsed = statusSchema.safeParse(safeJson(answer.text));
      if (!parsed.success || parsed.data.payoutInstructionUUID !== payoutInstructionUUID) throw new SwishTransportError("Swish's status answer has an unexpected shape");
      return parsed.data;
    },
    close() {
      agent.destroy();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}


/**
 * The secret in the callback URL's query (`?t=`): only Swish, which is given the URL, knows it. It
 * keeps strangers from making us read statuses; what a callback changes comes from the status read.
 */
export function swishCallbackToken(secret: string = config().BETTER_AUTH_SECRET): string {
  return createHmac("sha256", secret).update("skinhamnen:swish-payout-callback:v1").digest("base64url");
}

export function isSwishCallbackToken(candidate: string | null): boolean {
  if (!candidate) return false;
  const expected = Buffer.from(swishCallbackToken());
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The client for the configured Swish payouts API, reading the certificate files; null when SWISH_PAYOUTS_URL is unset (Swish payouts are manual). */
export function swishPayoutClientFromConfig(cfg: Config): SwishPayoutClient | null {
  if (!cfg.SWISH_PAYOUTS_URL || !cfg.SWISH_CA || !cfg.SWISH_CLIENT_CERT || !cfg.SWISH_CLIENT_KEY || !cfg.SWISH_SIGNING_KEY) return null;
  const read = (file: string) => readFileSync(file, "utf8");
  return createSwishPayoutClient({
    url: cfg.SWISH_PAYOUTS_URL,
    cert: read(cfg.SWISH_CLIENT_CERT),
    key: read(cfg.SWISH_CLIENT_KEY),
    ca: read(cfg.SWISH_CA),
    signingKey: read(cfg.SWISH_SIGNING_KEY),
    signingCertificateSerialNumber: cfg.SWISH_SIGNING_SERIAL ?? "",
    payerAlias: cfg.SWISH_PAYER_ALIAS ?? "",
    callbackUrl: `${cfg.PUBLIC_URL}${SWISH_PAYOUT_CALLBACK_PATH}?t=${swishCallbackToken(cfg.BETTER_AUTH_SECRET)}`,
  });
}
