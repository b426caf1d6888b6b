/**
 * Payout details at rest (docs/rules/selling.md#encryption, decision 024): AES-256-GCM with a
 * fresh 12-byte IV per write and the member's id as additional data, so a ciphertext copied to
 * another member's row does not open. The key id (the first 8 bytes of the key's SHA-256, hex)
 * is stored beside the ciphertext; old keys stay readable after a rotation. A ciphertext that
 * fails authentication is an error, never garbage.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { config } from "~/platform/config.server";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Format version inside the ciphertext: `v1.<iv>.<tag>.<data>` (base64url). */
const VERSION = "v1";

export interface PayoutKeyring {
  /** Writes use this key. */
  current: { id: string; key: Buffer };
  /** Every key that may be read, the current one included. */
  byId: ReadonlyMap<string, Buffer>;
}

export interface SealedPayoutDetails {
  keyId: string;
  ciphertext: string;
}

export class PayoutDecryptionError extends Error {
  override name = "PayoutDecryptionError";
}

function payoutKeyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

function decodeKey(value: string): Buffer {
  const key = Buffer.from(value.trim(), "base64");
  if (key.length !== 32) throw new Error("a payout key must be 32 bytes");
  return key;
}

/** A keyring from base64 keys: the current one and any older ones still to be read. */
export function createPayoutKeyring(currentKey: string, oldKeys: readonly string[] = []): PayoutKeyring {
  const current = decodeKey(currentKey);
  const byId = new Map<string, Buffer>();
  for (const key of [currentKey, ...oldKeys]) {
    const decoded = decodeKey(key);
    byId.set(payoutKeyId(decoded), decoded);
  }
  return { current: { id: payoutKeyId(current), key: current }, byId };
}

let cached: { source: string; keyring: PayoutKeyring } | undefined;

/** The process's keyring, from PAYOUT_DETAILS_KEY and PAYOUT_DETAILS_OLD_KEYS. */
export function payoutKeyring(): PayoutKeyring {
  const cfg = config();
  const source = `${cfg.PAYOUT_DETAILS_KEY}|${cfg.PAYOUT_DETAILS_OLD_KEYS ?? ""}`;
  if (cached?.source !== source) {
    const old = (cfg.PAYOUT_DETAILS_OLD_KEYS ?? "").split(",").filter((key) => key.trim());
    cached = { source, keyring: createPayoutKeyring(cfg.PAYOUT_DETAILS_KEY, old) };
  }
  return cached.keyring;
}

/** The keyring when PAYOUT_DETAILS_KEY is set, else none (reading details is then impossible anyway). */
export function optionalPayoutKeyring(): PayoutKeyring | undefined {
  return config().PAYOUT_DETAILS_KEY ? payoutKeyring() : undefined;
}

export function sealPayoutDetails(keyring: PayoutKeyring, userId: string, plaintext: string): SealedPayoutDetails {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return {
    keyId: keyring.current.id,
    ciphertext: [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join("."),
  };
}

export function openPayoutDetails(keyring: PayoutKeyring, userId: string, sealed: SealedPayoutDetails): string {
  const key = keyring.byId.get(sealed.keyId);
  if (!key) throw new PayoutDecryptionError(`unknown payout key ${sealed.keyId}`);
  const parts = sealed.ciphertext.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new PayoutDecryptionError("malformed payout ciphertext");
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new PayoutDecryptionError("malformed payout ciphertext");
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(userId, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(dataText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new PayoutDecryptionError("payout details failed authentication");
  }
}
