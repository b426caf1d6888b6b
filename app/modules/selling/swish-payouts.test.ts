import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  payloadText,
  signSwishPayload,
  SWISH_PAYOUT_ERRORS,
  swishAmount,
  swishPayoutErrorMessage,
  swishPayoutInstructionUuid,
  verifySwishPayloadSignature,
  type SwishPayoutPayload,
} from "./swish-payouts";

const payload: SwishPayoutPayload = {
  payoutInstructionUUID: swishPayoutInstructionUuid("order-1", 1),
  payerPaymentReference: "order1",
  payerAlias: "1231234567",
  payeeAlias: "46701234567",
  payeeSSN: "199001011239",
  amount: "123.45",
  currency: "SEK",
  payoutType: "PAYOUT",
  message: "Skinhamnen order 1",
  instructionDate: "2026-11-28T06:00:00.000Z",
  signingCertificateSerialNumber: "01",
};

describe("the Swish payout signature", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const other = generateKeyPairSync("rsa", { modulusLength: 2048 });

  it("is Base64 of a SHA-512 signature that verifies against the signing key only for the exact text", () => {
    const text = payloadText(payload);
    const signature = signSwishPayload(text, privateKey);
    expect(signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(signature, "base64")).toHaveLength(256);
    expect(verifySwishPayloadSignature(text, signature, publicKey)).toBe(true);
    expect(verifySwishPayloadSignature(payloadText({ ...payload, amount: "1234.50" }), signature, publicKey)).toBe(false);
    expect(verifySwishPayloadSignature(text, signature, other.publicKey)).toBe(false);
    expect(verifySwishPayloadSignature(text, "inte base64!", publicKey)).toBe(false);
    expect(verifySwishPayloadSignature(text, signSwishPayload(text, other.privateKey), publicKey)).toBe(false);
  });
});

describe("the instruction id and amount", () => {
  it("derives one 32-hex id per order and attempt, the same on every send of it", () => {
    expect(swishPayoutInstructionUuid("order-1", 1)).toMatch(/^[0-9A-F]{32}$/);
    expect(swishPayoutInstructionUuid("order-1", 1)).toBe(swishPayoutInstructionUuid("order-1", 1));
    expect(swishPayoutInstructionUuid("order-2", 1)).not.toBe(swishPayoutInstructionUuid("order-1", 1));
    expect(swishPayoutInstructionUuid("order-1", 2)).not.toBe(swishPayoutInstructionUuid("order-1", 1));
  });

  it("writes öre as kronor with two decimals and refuses nonsense", () => {
    expect(swishAmount(12345)).toBe("123.45");
    expect(swishAmount(100)).toBe("1.00");
    expect(swishAmount(7)).toBe("0.07");
    expect(() => swishAmount(0)).toThrow();
    expect(() => swishAmount(1.5)).toThrow();
  });
});

describe("the Swish error codes", () => {
  it("map every documented code to a Swedish staff message and a member message", () => {
    const documented = ["FF08", "RP01", "RP02", "RP03", "RP06", "PA01", "PA02", "AM02", "AM03", "AM04", "AM06", "AM21", "BE18", "RF07", "ACMT01", "ACMT03", "ACMT07", "VR01", "VR02", "DS0A", "TM01", "BANKIDCL", "MSISDN"];
    for (const code of documented) {
      const message = swishPayoutErrorMessage(code);
      expect(message.code).toBe(code);
      expect(message.staff).not.toMatch(/Okänt fel/);
      expect(message.member.length).toBeGreaterThan(20);
    }
    expect(Object.keys(SWISH_PAYOUT_ERRORS).sort()).toEqual([...documented].sort());
  });

  it("tell the member what to fix when it is theirs, and nothing internal otherwise", () => {
    expect(swishPayoutErrorMessage("VR01").member).toMatch(/BankID-verifierade personnummer/);
    expect(swishPayoutErrorMessage("BE18").member).toMatch(/Mobilnumret/);
    expect(swishPayoutErrorMessage("AM04").member).not.toMatch(/saldo/);
    expect(swishPayoutErrorMessage("AM04").staff).toMatch(/saldo/);
  });

  it("give an undocumented or missing code a general message that keeps the code for staff", () => {
    expect(swishPayoutErrorMessage("XX99")).toMatchObject({ code: "XX99", staff: expect.stringContaining("XX99") as string });
    expect(swishPayoutErrorMessage(null).code).toBeNull();
    expect(swishPayoutErrorMessage("toString").staff).toMatch(/Okänt fel/);
  });
});
