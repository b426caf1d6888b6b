import { describe, expect, it } from "vitest";
import { parseQrData, qrAuthCode, qrData } from "./bankid-qr";

// The example order of BankID's relying-party documentation (/auth example answer, QR guide).
const qrStartToken = "67df3917-fa0d-44e5-b327-edcc928297f8";
const qrStartSecret = "d28db9a7-4cde-429e-a983-359be676944c";

describe("BankID QR data", () => {
  it("matches the documented example at second 0", () => {
    expect(qrData(qrStartToken, qrStartSecret, 0)).toBe(
      "bankid.67df3917-fa0d-44e5-b327-edcc928297f8.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8",
    );
  });

  it("is HMAC-SHA256 of the seconds as text, so every second gives a new code", async () => {
    const { createHmac } = await import("node:crypto");
    for (const seconds of [1, 2, 29, 30, 179]) {
      expect(qrAuthCode(qrStartSecret, seconds)).toBe(createHmac("sha256", qrStartSecret).update(String(seconds)).digest("hex"));
    }
    expect(qrData(qrStartToken, qrStartSecret, 1)).not.toBe(qrData(qrStartToken, qrStartSecret, 2));
  });

  it("counts whole seconds since the order", () => {
    expect(qrData(qrStartToken, qrStartSecret, 1.999)).toBe(qrData(qrStartToken, qrStartSecret, 1));
    expect(() => qrData(qrStartToken, qrStartSecret, -1)).toThrow(RangeError);
    expect(() => qrData(qrStartToken, qrStartSecret, Number.NaN)).toThrow(RangeError);
  });

  it("parses its own output and refuses anything else", () => {
    const text = qrData(qrStartToken, qrStartSecret, 7);
    expect(parseQrData(text)).toEqual({ qrStartToken, seconds: 7, qrAuthCode: qrAuthCode(qrStartSecret, 7) });
    for (const bad of ["", "bankid", `${text}x`, text.replace("bankid.", "bankld."), text.replace(".7.", ".07."), text.replace(".7.", ".-7."), text.toUpperCase()]) {
      expect(parseQrData(bad)).toBeNull();
    }
  });
});
