import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createPayoutKeyring,
  openPayoutDetails,
  PayoutDecryptionError,
  sealPayoutDetails,
} from "./payout-encryption.server";

const key = () => randomBytes(32).toString("base64");
const USER = "0b9f4c1e-3f1a-4a57-9d57-1c7e1a2b3c4d";
const OTHER = "5d2e8f70-1111-4a57-9d57-1c7e1a2b3c4d";
const PLAIN = JSON.stringify({ method: "swish", phone: "0701234567", personnummer: "191212121212" });

describe("payout details encryption (docs/rules/selling.md#encryption)", () => {
  it("round-trips, with a fresh IV each time and no plain text in the ciphertext", () => {
    const keyring = createPayoutKeyring(key());
    const a = sealPayoutDetails(keyring, USER, PLAIN);
    const b = sealPayoutDetails(keyring, USER, PLAIN);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.keyId).toBe(keyring.current.id);
    expect(a.ciphertext).not.toContain("0701234567");
    expect(Buffer.from(a.ciphertext.split(".")[3]!, "base64url").toString("latin1")).not.toContain("191212");
    expect(openPayoutDetails(keyring, USER, a)).toBe(PLAIN);
  });

  it("detects tampering: a changed byte, a swapped tag or another member's row is an error, never garbage", () => {
    const keyring = createPayoutKeyring(key());
    const sealed = sealPayoutDetails(keyring, USER, PLAIN);
    const [version, iv, tag, data] = sealed.ciphertext.split(".") as [string, string, string, string];
    const bytes = Buffer.from(data, "base64url");
    bytes[0] = bytes[0]! ^ 0x01;
    const flipped = { ...sealed, ciphertext: [version, iv, tag, bytes.toString("base64url")].join(".") };
    expect(() => openPayoutDetails(keyring, USER, flipped)).toThrow(PayoutDecryptionError);
    const otherTag = sealPayoutDetails(keyring, USER, PLAIN).ciphertext.split(".")[2]!;
    expect(() => openPayoutDetails(keyring, USER, { ...sealed, ciphertext: [version, iv, otherTag, data].join(".") })).toThrow(
      PayoutDecryptionError,
    );
    expect(() => openPayoutDetails(keyring, OTHER, sealed)).toThrow(PayoutDecryptionError);
    expect(() => openPayoutDetails(keyring, USER, { ...sealed, ciphertext: "v1.x" })).toThrow(PayoutDecryptionError);
    expect(() => openPayoutDetails(createPayoutKeyring(key()), USER, sealed)).toThrow(/unknown payout key/);
  });

  it("reads details sealed with an old key after a rotation, and writes with the new one", () => {
    const oldKey = key();
    const before = createPayoutKeyring(oldKey);
    const sealed = sealPayoutDetails(before, USER, PLAIN);
    const after = createPayoutKeyring(key(), [oldKey]);
    expect(after.current.id).not.toBe(before.current.id);
    expect(openPayoutDetails(after, USER, sealed)).toBe(PLAIN);
    expect(sealPayoutDetails(after, USER, PLAIN).keyId).toBe(after.current.id);
    // Without the old key the old row cannot be read.
    expect(() => openPayoutDetails(createPayoutKeyring(key()), USER, sealed)).toThrow(PayoutDecryptionError);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => createPayoutKeyring(randomBytes(16).toString("base64"))).toThrow();
  });
});
