/**
 * The animated QR code of BankID's "other device" flow: every second the relying party shows
 * `bankid.<qrStartToken>.<seconds>.<qrAuthCode>`, where `seconds` is the whole number of seconds
 * since `/auth` or `/sign` answered and `qrAuthCode` is HMAC-SHA256 of that number (as decimal
 * text) keyed by `qrStartSecret`, in lower-case hex. The secret never leaves the server; only
 * this derived text does. Pure, so the fake's "scan" and the app compute it alike.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

const BANKID_QR_PREFIX = "bankid";

/** HMAC-SHA256 of the seconds as text, keyed by qrStartSecret, hex. */
export function qrAuthCode(qrStartSecret: string, secondsSinceOrder: number): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(qrStartSecret), utf8ToBytes(String(wholeSeconds(secondsSinceOrder)))));
}

/** The text to draw as the QR code for this second of the order. */
export function qrData(qrStartToken: string, qrStartSecret: string, secondsSinceOrder: number): string {
  const seconds = wholeSeconds(secondsSinceOrder);
  return `${BANKID_QR_PREFIX}.${qrStartToken}.${seconds}.${qrAuthCode(qrStartSecret, seconds)}`;
}

export interface ParsedQrData {
  qrStartToken: string;
  seconds: number;
  qrAuthCode: string;
}

/** Splits QR text into its parts; null when it is not in BankID's form. */
export function parseQrData(text: string): ParsedQrData | null {
  const match = /^bankid\.([0-9a-f-]{36})\.(0|[1-9]\d{0,5})\.([0-9a-f]{64})$/.exec(text);
  if (!match) return null;
  return { qrStartToken: match[1]!, seconds: Number(match[2]), qrAuthCode: match[3]! };
}

function wholeSeconds(value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError("secondsSinceOrder must be a finite number ≥ 0");
  return Math.floor(value);
}
