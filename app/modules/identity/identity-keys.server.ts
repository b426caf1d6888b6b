/**
 * The keys of verified identities (decision 044). The personnummer and name are sealed with the
 * payout keyring (payout-encryption.server.ts) exactly like payout details. The unique column
 * holds HMAC-SHA256 of the twelve digits under a key derived from each payout key by HKDF, so
 * no further secret is configured and a rotated payout key rotates it too: lookups try every
 * key of the ring, writes use the current one.
 */
import { createHmac, hkdfSync } from "node:crypto";
import type { PayoutKeyring } from "~/modules/selling/payout-encryption.server";

const HKDF_INFO = "skinhamnen personnummer hmac v1";

export interface PersonnummerHmac {
  keyId: string;
  hmac: string;
}

function derive(key: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), HKDF_INFO, 32));
}

function hmacWith(key: Buffer, personnummer: string): string {
  return createHmac("sha256", derive(key)).update(personnummer, "utf8").digest("base64url");
}

/** The HMAC to store: under the current key. */
export function personnummerHmac(keyring: PayoutKeyring, personnummer: string): PersonnummerHmac {
  return { keyId: keyring.current.id, hmac: hmacWith(keyring.current.key, personnummer) };
}

/** The HMACs to look for: one under every key still readable, the current one first. */
export function personnummerHmacs(keyring: PayoutKeyring, personnummer: string): string[] {
  const current = hmacWith(keyring.current.key, personnummer);
  const others = [...keyring.byId.entries()].filter(([id]) => id !== keyring.current.id).map(([, key]) => hmacWith(key, personnummer));
  return [current, ...others];
}
