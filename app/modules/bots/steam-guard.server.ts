/**
 * Steam Guard's mobile-authenticator arithmetic for our bot accounts (decision 057), on
 * `node:crypto` alone: the five-character sign-in code from the shared secret (RFC 6238 with a
 * 30-second step and Steam's own 26-character alphabet) and the identity-secret key that signs
 * every mobile-confirmation request. Both secrets are base64, as Steam's authenticator files hold them.
 */
import { createHash, createHmac } from "node:crypto";

const CODE_ALPHABET = "23456789BCDFGHJKMNPQRTVWXY";
const CODE_LENGTH = 5;
const STEP_SECONDS = 30;

/** An 8-byte big-endian counter, as HOTP and the confirmation key both start from. */
function counterBytes(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(Math.max(0, Math.floor(value))));
  return bytes;
}

/** The Steam Guard code valid at `timeSeconds` (Unix seconds). */
export function steamGuardCode(sharedSecret: string, timeSeconds: number): string {
  const digest = createHmac("sha1", Buffer.from(sharedSecret, "base64"))
    .update(counterBytes(timeSeconds / STEP_SECONDS))
    .digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  let value = digest.readUInt32BE(offset) & 0x7fffffff;
  let code = "";
  for (let index = 0; index < CODE_LENGTH; index += 1) {
    code += CODE_ALPHABET[value % CODE_ALPHABET.length];
    value = Math.floor(value / CODE_ALPHABET.length);
  }
  return code;
}

/** The `k` of a mobile-confirmation request: HMAC-SHA1 over the time and the request's tag, base64. */
export function confirmationKey(identitySecret: string, timeSeconds: number, tag: string): string {
  return createHmac("sha1", Buffer.from(identitySecret, "base64"))
    .update(Buffer.concat([counterBytes(timeSeconds), Buffer.from(tag, "utf8")]))
    .digest("base64");
}

/** The `p` of a mobile-confirmation request: the Android device id Steam's app derives from the SteamID64. */
export function mobileDeviceId(steamId: string): string {
  const hex = createHash("sha1").update(steamId, "utf8").digest("hex");
  return `android:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
