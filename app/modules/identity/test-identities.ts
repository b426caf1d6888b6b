/**
 * Verified identities for tests and the offline demo seller, stored as a completed BankID order
 * would store them (sealed, masked, the unique HMAC) without going through BankID.
 */
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { sealPayoutDetails, type PayoutKeyring } from "~/modules/selling/payout-encryption.server";
import type { Db } from "~/platform/db/client.server";
import { verified_identities } from "~/platform/db/schema";
import { personnummerHmac } from "./identity-keys.server";
import { luhnValid, maskPersonnummer } from "./personnummer";

const pad = (value: number, length: number) => String(value).padStart(length, "0");

/** A valid twelve-digit personnummer born on `birthDate` (YYYY-MM-DD; default a random day of the 1980s). */
export function testPersonnummer(birthDate?: string): string {
  const date = birthDate ?? `${1980 + randomInt(10)}-${pad(1 + randomInt(12), 2)}-${pad(1 + randomInt(28), 2)}`;
  const digits = date.replace(/-/g, "");
  const serial = pad(randomInt(1000), 3);
  for (let check = 0; check < 10; check++) {
    if (luhnValid(`${digits.slice(2)}${serial}${check}`)) return `${digits}${serial}${check}`;
  }
  throw new Error("no check digit");
}

/** Stores `personnummer` (default a fresh one) as the member's BankID identity; returns it. */
export async function verifyForTest(
  db: Db,
  keyring: PayoutKeyring,
  userId: string,
  personnummer: string = testPersonnummer(),
  name = "Test Medlem",
): Promise<string> {
  const sealed = sealPayoutDetails(keyring, userId, JSON.stringify({ personalNumber: personnummer, givenName: "Test", surname: "Medlem", name }));
  const digest = personnummerHmac(keyring, personnummer);
  const birthDate = `${personnummer.slice(0, 4)}-${personnummer.slice(4, 6)}-${pad(Number(personnummer.slice(6, 8)) % 60, 2)}`;
  await db
    .insert(verified_identities)
    .values({
      user_id: userId,
      personnummer_hmac: digest.hmac,
      hmac_key_id: digest.keyId,
      key_id: sealed.keyId,
      ciphertext: sealed.ciphertext,
      masked_personnummer: maskPersonnummer(personnummer),
      birth_date: birthDate,
      verified_at: sql`now()`,
    })
    .onConflictDoNothing();
  return personnummer;
}
